"""kesseltest.py: what the Python tests share: the bindings, the shipped
scenarios and kessel-cli, all from the build tree (tests/python/meson.build)."""

import json
import os
import subprocess

import gi

gi.require_version('Kessel', '1.0')
gi.require_version('KesselAi', '1.0')
from gi.repository import Kessel, KesselAi  # noqa: E402

__all__ = ['Kessel', 'KesselAi', 'scenario_path', 'load_scenario', 'shorten', 'cli_play']

SCENARIOS = os.path.join(os.environ.get('KESSEL_DATADIR', 'data'), 'scenarios')


def scenario_path(name):
    return os.path.join(SCENARIOS, name + '.kessel')


def load_scenario(name):
    return Kessel.Scenario.load_file(scenario_path(name))


def shorten(scenario, turns):
    """Cuts the scenario to its first turns; later reinforcements come on the last."""
    scenario.set_turns(turns)
    for index in range(scenario.get_n_units()):
        unit = scenario.get_unit(index)
        if unit.get_arrival_turn() > turns:
            unit.set_arrival_turn(turns)


def cli_play(path, seed, *options):
    """The result of kessel-cli play as a dict (its --json line)."""
    command = [os.environ['KESSEL_CLI'], 'play', path, '--seed', str(seed), '--json', *options]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(output.splitlines()[-1])
