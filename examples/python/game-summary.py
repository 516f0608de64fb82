#!/usr/bin/env python3
"""game-summary.py: a saved game turn by turn: the victory points and the
weather at the end of each turn, and every combat with its odds, die and
result, read by replaying the game's actions.

    examples/python/game-summary.py last.kessel-game

A saved game names its scenario file; --scenario gives another one of the
same content (say, when the game was saved on another machine)."""

import argparse
import sys

import gi

gi.require_version('Kessel', '1.0')
from gi.repository import GLib, Kessel  # noqa: E402


def load(arguments):
    if arguments.scenario:
        scenario = Kessel.Scenario.load_file(arguments.scenario)
        return Kessel.Game.load_file_with_scenario(arguments.game, scenario)
    return Kessel.Game.load_file(arguments.game)


def turn_ends(replay):
    """The position at the end of each turn played."""
    position = 0
    while position < replay.get_n_steps():
        following = replay.next_turn(position)
        yield replay.get_turn_at(position), following
        position = following


def print_turns(replay):
    print('turn  VP  weather')
    for turn, end in turn_ends(replay):
        replay.seek(end)
        game = replay.get_game()
        weather = game.get_turn_weather(turn)
        print('%4d %3d  %s' % (turn, game.get_vp(),
                               Kessel.weather_to_string(Kessel.Weather(weather)) if weather >= 0 else '-'))


def print_combats(game):
    grid = game.get_scenario().get_map().get_grid()
    print('combats:')
    for index in range(game.get_n_actions()):
        action = game.get_action(index)
        if action.type not in (Kessel.ActionType.ATTACK, Kessel.ActionType.PROBE):
            continue
        dice = game.get_action_dice(index)
        print('  %s on %s: %s' % (Kessel.action_type_to_string(action.type), grid.format_hex(action.hex),
                                  ' '.join(str(face) for face in dice) or 'no roll'))


def main():
    parser = argparse.ArgumentParser(description='Summarise a saved Kessel game.')
    parser.add_argument('game')
    parser.add_argument('--scenario')
    arguments = parser.parse_args()
    try:
        game = load(arguments)
        replay = Kessel.Replay.new(game)
    except GLib.Error as error:
        sys.exit(error.message)
    scenario = game.get_scenario()
    print('%s, seed %d: %s with %d VP after %d actions' % (
        scenario.get_title(), game.get_seed(), Kessel.verdict_to_string(game.get_verdict()),
        game.get_vp(), game.get_n_actions()))
    print_turns(replay)
    print_combats(game)


if __name__ == '__main__':
    main()
