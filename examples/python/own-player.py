#!/usr/bin/env python3
"""own-player.py: a player written in Python against the computer player.

The Python player looks at the legal actions the rules core lists. It makes
the attack with the best final odds when one is at 2:1 or better, and
otherwise plays a legal action drawn at random with its own seed. The
computer player (random, greedy or ai:easy|normal|hard) takes the other side.

    examples/python/own-player.py data/scenarios/crossing-the-prut.kessel \
        --side german --opponent ai:easy --games 3 --save last.kessel-game
"""

import argparse
import random
import sys

import gi

gi.require_version('Kessel', '1.0')
gi.require_version('KesselAi', '1.0')
from gi.repository import GLib, Kessel, KesselAi  # noqa: E402

GOOD_ODDS = Kessel.odds_from_string('2:1')[1]


class OddsPlayer:
    """Attacks at the best odds it can find, plays at random otherwise."""

    def __init__(self, seed):
        self.random = random.Random(seed)

    def choose(self, game):
        actions = game.list_actions()
        attacks = [(game.get_odds(action).final, action)
                   for action in actions if action.type == Kessel.ActionType.ATTACK]
        if attacks:
            odds, best = max(attacks, key=lambda pair: int(pair[0]))
            if int(odds) >= int(GOOD_ODDS):
                return best
        return self.random.choice(actions)


def play(scenario, seed, side, opponent_spec):
    game = Kessel.Game.new(scenario, seed)
    mine = OddsPlayer(seed)
    opponent = KesselAi.Player.new_for_game(opponent_spec, seed, Kessel.side_enemy(side))
    while not game.is_over():
        # Whatever no side does (the weather, say) is the German player's to start.
        acting = Kessel.Side.SOVIET if game.get_active_side() == Kessel.Side.SOVIET else Kessel.Side.GERMAN
        if acting == side:
            action = mine.choose(game)
        else:
            chosen, action = opponent.choose(game)
            if not chosen:
                sys.exit('own-player.py: the computer player found no action: %s' % opponent.get_failure())
        game.apply(action)
    return game


def main():
    parser = argparse.ArgumentParser(description='Play a Python player against the computer player.')
    parser.add_argument('scenario')
    parser.add_argument('--side', default='german', help='the side of the Python player')
    parser.add_argument('--opponent', default='ai:easy', help='the computer player of the other side')
    parser.add_argument('--games', type=int, default=1)
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--save', help='save the last game to this file')
    arguments = parser.parse_args()

    known, side = Kessel.side_from_string(arguments.side)
    if not known or side == Kessel.Side.NONE:
        sys.exit('own-player.py: the side is german or soviet')
    try:
        scenario = Kessel.Scenario.load_file(arguments.scenario)
        wins = 0
        for seed in range(arguments.seed, arguments.seed + arguments.games):
            game = play(scenario, seed, side, arguments.opponent)
            verdict = game.get_verdict()
            wins += (verdict == Kessel.Verdict.GERMAN) == (side == Kessel.Side.GERMAN) \
                and verdict != Kessel.Verdict.DRAW
            print('seed %d: %s, %d VP, %d actions' % (
                seed, Kessel.verdict_to_string(verdict), game.get_vp(), game.get_n_actions()))
        print('the Python player won %d of %d' % (wins, arguments.games))
        if arguments.save:
            game.save_file(arguments.save)
    except GLib.Error as error:
        sys.exit(error.message)


if __name__ == '__main__':
    main()
