"""test_games.py: whole games played through the bindings, a random one and
one between two computer players at Easy, end as kessel-cli play ends the
same games: same verdict, VP, actions and dice."""

import os
import tempfile
import unittest

from kesseltest import Kessel, KesselAi, cli_play, load_scenario, run_example, scenario_path

# kessel-cli play without players draws random actions with dice seeded from
# the game's seed and this salt ("kessel" in ASCII), not the game's own dice.
RANDOM_PLAYER_SALT = 0x6b657373656c
MAX_ACTIONS = 200000


def play_random(scenario, seed):
    game = Kessel.Game.new(scenario, seed)
    dice = Kessel.Dice.new(seed ^ RANDOM_PLAYER_SALT)
    while not game.is_over() and game.get_n_actions() < MAX_ACTIONS:
        chosen, action = game.random_action(dice)
        assert chosen, 'no legal action'
        game.apply(action)
    return game


def play_computers(scenario, seed, spec):
    game = Kessel.Game.new(scenario, seed)
    players = {side: KesselAi.Player.new_for_game(spec, seed, side)
               for side in (Kessel.Side.GERMAN, Kessel.Side.SOVIET)}
    while not game.is_over():
        side = game.get_active_side()
        player = players[Kessel.Side.SOVIET if side == Kessel.Side.SOVIET else Kessel.Side.GERMAN]
        chosen, action = player.choose(game)
        assert chosen, player.get_failure()
        game.apply(action)
    return game


def combats(game):
    return sum(1 for i in range(game.get_n_actions())
               if game.get_action(i).type in (Kessel.ActionType.ATTACK, Kessel.ActionType.PROBE))


class GamesTest(unittest.TestCase):
    def assert_same_as_cli(self, game, cli):
        self.assertTrue(game.is_over())
        self.assertTrue(cli['over'])
        mine = {
            'turns': game.get_turn(),
            'vp': game.get_vp(),
            'vp_places': game.get_vp_places(),
            'vp_exits': game.get_vp_exits(),
            'vp_destroyed': game.get_vp_destroyed(),
            'vp_out_of_command': game.get_vp_out_of_command(),
            'verdict': Kessel.verdict_to_string(game.get_verdict()),
            'actions': game.get_n_actions(),
            'combats': combats(game),
            'dice': game.get_dice_rolled(),
        }
        self.assertEqual(mine, {key: cli[key] for key in mine})

    def test_random_games_match_the_command_line(self):
        scenario = load_scenario('first-panzer-army')
        for seed in (1, 2, 3):
            with self.subTest(seed=seed):
                game = play_random(scenario, seed)
                self.assert_same_as_cli(game, cli_play(scenario_path('first-panzer-army'), seed))

    def test_easy_games_match_the_command_line(self):
        for name, seed in (('crossing-the-prut', 4), ('crossing-the-prut', 5)):
            with self.subTest(scenario=name, seed=seed):
                game = play_computers(load_scenario(name), seed, 'ai:easy')
                cli = cli_play(scenario_path(name), seed, '--german', 'ai:easy', '--soviet', 'ai:easy')
                self.assert_same_as_cli(game, cli)

    @unittest.skipIf(os.environ.get('KESSEL_SANITIZED'),
                     'takes a minute under AddressSanitizer; the plain build plays it')
    def test_easy_game_on_the_shipped_scenario_cut_short(self):
        # One turn of the whole map: the computer players at Easy against
        # each other, on a variant written for the command line.
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, 'one-turn.kessel')
            run_example('variant.py', scenario_path('first-panzer-army'), path, '--turns', '1')
            game = play_computers(Kessel.Scenario.load_file(path), 7, 'ai:easy')
            cli = cli_play(path, 7, '--german', 'ai:easy', '--soviet', 'ai:easy')
        self.assertEqual(game.get_turn(), 1)
        self.assert_same_as_cli(game, cli)

    def test_a_played_game_saves_loads_and_replays(self):
        scenario = load_scenario('first-panzer-army')
        game = play_random(scenario, 11)
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, 'game.kessel-game')
            self.assertTrue(game.save_file(path))
            loaded = Kessel.Game.load_file_with_scenario(path, scenario)
        self.assertTrue(loaded.equal(game))
        replay = Kessel.Replay.new(loaded)
        self.assertEqual(replay.get_n_steps(), game.get_n_actions())
        replay.seek(0)
        self.assertEqual(replay.get_game().get_n_actions(), 0)
        middle = replay.get_n_steps() // 2
        replay.seek(middle)
        self.assertEqual(replay.get_game().get_turn(), replay.get_turn_at(middle))
        replay.seek(replay.get_n_steps())
        self.assertEqual(replay.get_game().get_vp(), game.get_vp())


if __name__ == '__main__':
    unittest.main(verbosity=2)
