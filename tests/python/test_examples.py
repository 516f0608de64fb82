"""test_examples.py: the example scripts of examples/python run as the guide
shows them (docs/python.md), and what they print and write holds."""

import os
import subprocess
import sys
import tempfile
import unittest

from kesseltest import EXAMPLES, Kessel, run_example, scenario_path


class ExamplesTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)

    def path(self, name):
        return os.path.join(self.folder.name, name)

    def test_variant(self):
        output = run_example('variant.py', scenario_path('first-panzer-army'), self.path('short.kessel'),
                             '--turns', '6', '--soviet-wins-at', '15', '--weather', 'frost')
        self.assertIn('6 turns, Soviet victory at 15 VP, draw from 11, first turn frost', output)
        variant = Kessel.Scenario.load_file(self.path('short.kessel'))
        self.assertEqual(variant.get_turns(), 6)
        self.assertEqual(variant.get_title(), 'First Panzer Army (variant)')
        self.assertEqual(variant.get_start().weather, Kessel.Weather.FROST)

    def test_variant_refuses_an_unknown_weather(self):
        result = subprocess.run([sys.executable, os.path.join(EXAMPLES, 'variant.py'),
                                 scenario_path('first-panzer-army'), self.path('x.kessel'), '--weather', 'fog'],
                                capture_output=True, text=True)
        self.assertEqual(result.returncode, 1)
        self.assertIn('unknown weather "fog"', result.stderr)
        self.assertFalse(os.path.exists(self.path('x.kessel')))

    def test_own_player_then_game_summary(self):
        output = run_example('own-player.py', scenario_path('crossing-the-prut'), '--side', 'german',
                             '--opponent', 'ai:easy', '--games', '2', '--seed', '3',
                             '--save', self.path('last.kessel-game'))
        lines = output.splitlines()
        self.assertEqual(len(lines), 3)
        self.assertTrue(lines[0].startswith('seed 3: '))
        self.assertTrue(lines[2].startswith('the Python player won '))

        summary = run_example('game-summary.py', self.path('last.kessel-game')).splitlines()
        game = Kessel.Game.load_file(self.path('last.kessel-game'))
        self.assertEqual(summary[0], 'Crossing the Prut, seed 4: %s with %d VP after %d actions' % (
            Kessel.verdict_to_string(game.get_verdict()), game.get_vp(), game.get_n_actions()))
        self.assertEqual(summary[1], 'turn  VP  weather')
        self.assertEqual([line.split()[0] for line in summary[2:5]], ['1', '2', '3'])
        self.assertEqual(summary[4].split()[1], str(game.get_vp()))
        self.assertIn('combats:', summary)


if __name__ == '__main__':
    unittest.main(verbosity=2)
