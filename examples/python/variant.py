#!/usr/bin/env python3
"""variant.py: makes a variant of a scenario and writes it: fewer turns,
other victory levels, other starting weather, and a checked result.

    examples/python/variant.py data/scenarios/first-panzer-army.kessel short.kessel \
        --turns 6 --soviet-wins-at 15 --weather frost

Reinforcements due after the last turn arrive on it instead. The variant is
checked as the reader checks it, and its warnings are printed; kessel-cli
and the window open it like any scenario."""

import argparse
import sys

import gi

gi.require_version('Kessel', '1.0')
from gi.repository import GLib, Kessel  # noqa: E402


def parse_arguments():
    parser = argparse.ArgumentParser(description='Write a variant of a Kessel scenario.')
    parser.add_argument('scenario')
    parser.add_argument('output')
    parser.add_argument('--title', help='title of the variant')
    parser.add_argument('--turns', type=int, help='play this many turns')
    parser.add_argument('--soviet-wins-at', type=int, help='Soviet victory at this many VP (draws move alike)')
    parser.add_argument('--weather', help='weather of the first turn: thaw, frost or storm')
    return parser.parse_args()


def shorten(scenario, turns):
    scenario.set_turns(turns)
    for index in range(scenario.get_n_units()):
        unit = scenario.get_unit(index)
        if unit.get_arrival_turn() > turns:
            unit.set_arrival_turn(turns)


def move_victory_levels(scenario, soviet_wins_at):
    victory = scenario.get_victory()
    shift = soviet_wins_at - victory.soviet_wins_at
    victory.soviet_wins_at += shift
    victory.draw_from += shift
    scenario.set_victory(victory)


def set_weather(scenario, name):
    known, weather = Kessel.weather_from_string(name)
    if not known:
        sys.exit('variant.py: unknown weather "%s"' % name)
    start = scenario.get_start()
    start.weather = weather
    scenario.set_start(start)


def main():
    arguments = parse_arguments()
    try:
        scenario = Kessel.Scenario.load_file(arguments.scenario)
    except GLib.Error as error:
        sys.exit(error.message)
    scenario.set_title(arguments.title or scenario.get_title() + ' (variant)')
    if arguments.turns:
        shorten(scenario, arguments.turns)
    if arguments.soviet_wins_at is not None:
        move_victory_levels(scenario, arguments.soviet_wins_at)
    if arguments.weather:
        set_weather(scenario, arguments.weather)

    problems = scenario.check()
    for problem in problems:
        kind = 'error' if problem.severity == Kessel.ProblemSeverity.ERROR else 'warning'
        print('%s: %s: %s' % (arguments.output, kind, problem.message), file=sys.stderr)
    if Kessel.Scenario.count_problems(problems, Kessel.ProblemSeverity.ERROR) > 0:
        sys.exit(1)
    try:
        scenario.save_file(arguments.output)
    except GLib.Error as error:
        sys.exit(error.message)
    victory = scenario.get_victory()
    print('%s: "%s", %d turns, Soviet victory at %d VP, draw from %d, first turn %s' % (
        arguments.output, scenario.get_title(), scenario.get_turns(), victory.soviet_wins_at,
        victory.draw_from, Kessel.weather_to_string(scenario.get_start().weather)))


if __name__ == '__main__':
    main()
