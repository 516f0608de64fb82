"""kesseltest.py: what the Python tests share: the bindings, the shipped
scenarios and kessel-cli, all from the build tree (tests/python/meson.build)."""

import json
import os
import subprocess
import sys

import gi

gi.require_version('Kessel', '1.0')
gi.require_version('KesselAi', '1.0')
from gi.repository import Kessel, KesselAi  # noqa: E402

__all__ = ['Kessel', 'KesselAi', 'EXAMPLES', 'scenario_path', 'load_scenario', 'run_example', 'cli_play']

SCENARIOS = os.path.join(os.environ.get('KESSEL_DATADIR', 'data'), 'scenarios')
EXAMPLES = os.environ.get('KESSEL_EXAMPLES', 'examples/python')


def scenario_path(name):
    return os.path.join(SCENARIOS, name + '.kessel')


def load_scenario(name):
    return Kessel.Scenario.load_file(scenario_path(name))


def run_example(name, *arguments):
    """Runs a script of examples/python; returns what it printed."""
    command = [sys.executable, os.path.join(EXAMPLES, name), *arguments]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def cli_play(path, seed, *options):
    """The result of kessel-cli play as a dict (its --json line)."""
    command = [os.environ['KESSEL_CLI'], 'play', path, '--seed', str(seed), '--json', *options]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(output.splitlines()[-1])
