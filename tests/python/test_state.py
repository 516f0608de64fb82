"""test_state.py: a game in play from Python: legal actions, checking and
applying them, undo, snapshots, the state of pieces and the map, supply,
combat odds, the log, and saved games read back from text."""

import unittest

from kesseltest import Kessel, load_scenario

SEED = 5
RANDOM_SEED = 99


class StateTest(unittest.TestCase):
    def setUp(self):
        self.scenario = load_scenario('first-panzer-army')
        self.game = Kessel.Game.new(self.scenario, SEED)
        self.dice = Kessel.Dice.new(RANDOM_SEED)

    def play_random_until(self, done, limit=5000):
        for _ in range(limit):
            if done(self.game):
                return
            chosen, action = self.game.random_action(self.dice)
            self.assertTrue(chosen)
            self.game.apply(action)
        self.fail('never reached')

    def test_starts_in_set_up(self):
        game = self.game
        self.assertEqual(game.get_turn(), 1)
        self.assertEqual(game.get_phase(), Kessel.Phase.SETUP)
        self.assertFalse(game.is_over())
        self.assertEqual(game.get_verdict(), Kessel.Verdict.NONE)
        actions = game.list_actions()
        self.assertTrue(actions)
        self.assertTrue(all(a.type == Kessel.ActionType.PLACE for a in actions))

    def test_actions_as_text_check_apply_and_undo(self):
        game = self.game
        first = game.list_actions()[0]
        text = game.action_to_string(first)
        parsed = game.action_from_string(text)
        self.assertTrue(parsed.equal(first))
        self.assertTrue(game.check(parsed))
        self.assertIn(game.get_piece_unit(first.units[0]).get_title(), game.describe_action(first))
        game.apply(parsed)
        self.assertEqual(game.get_n_actions(), 1)
        self.assertEqual(game.get_piece_hex(first.units[0]), first.hex)
        self.assertTrue(game.can_undo())
        self.assertTrue(game.undo())
        self.assertEqual(game.get_n_actions(), 0)
        self.assertTrue(game.can_redo())

    def test_an_illegal_action_is_refused_with_the_rule(self):
        action = Kessel.Action.new(Kessel.ActionType.MOVE)
        action.add_unit(0)
        action.add_step(0)
        with self.assertRaises(Exception) as caught:
            self.game.apply(action)
        self.assertTrue(caught.exception.matches(Kessel.game_error_quark(), Kessel.GameError.ILLEGAL))
        self.assertTrue(caught.exception.message.startswith('12.0:'), caught.exception.message)
        self.assertEqual(self.game.get_n_actions(), 0)

    def test_snapshot_restores_the_position(self):
        self.play_random_until(lambda game: game.get_phase() != Kessel.Phase.SETUP)
        before = self.game.copy()
        snapshot = self.game.snapshot()
        self.play_random_until(lambda game: game.get_turn() >= 2)
        self.assertFalse(self.game.equal(before))
        self.game.restore(snapshot.copy())
        self.assertTrue(self.game.equal(before))

    def test_pieces_places_and_supply(self):
        self.play_random_until(lambda game: game.get_phase() == Kessel.Phase.SOVIET_1)
        game = self.game
        grid = self.scenario.get_map().get_grid()
        on_map = [p for p in range(game.get_n_pieces())
                  if game.get_piece_status(p) == Kessel.PieceStatus.ON_MAP]
        self.assertTrue(on_map)
        for piece in on_map:
            hex_ = game.get_piece_hex(piece)
            self.assertIn(piece, game.get_pieces_at(hex_))
            self.assertEqual(game.get_hex_occupant(hex_), game.get_piece_side(piece))
            self.assertGreater(game.get_piece_steps(piece), 0)
        soviet = next(p for p in on_map if game.get_piece_side(p) == Kessel.Side.SOVIET)
        self.assertTrue(game.piece_in_supply(soviet))
        path = game.trace_path(game.get_piece_hex(soviet), Kessel.Side.SOVIET)
        self.assertEqual(path[0], game.get_piece_hex(soviet))
        self.assertTrue(all(grid.adjacent(a, b) for a, b in zip(path, path[1:])))

        the_map = self.scenario.get_map()
        places = [the_map.get_place(i) for i in range(the_map.get_n_places())]
        soviet_towns = [p for p in places if game.get_control(p.hex) == Kessel.Side.SOVIET]
        self.assertGreaterEqual(game.get_vp_places(), 0)
        self.assertLessEqual(game.get_vp_places(), len(soviet_towns) * 10)

    def test_reachable_hexes_hold_every_move(self):
        self.play_random_until(lambda game: any(a.type == Kessel.ActionType.MOVE for a in game.list_actions()))
        game = self.game
        move = next(a for a in game.list_actions() if a.type == Kessel.ActionType.MOVE)
        pieces = move.units[:move.n_units]
        costs = game.reachable_costs(pieces)
        self.assertEqual(len(costs), self.scenario.get_map().get_hex_count())
        self.assertEqual(costs[game.get_piece_hex(pieces[0])], 0)
        for action in game.list_actions():
            if action.type == Kessel.ActionType.MOVE and action.units[:action.n_units] == pieces:
                self.assertGreaterEqual(costs[action.hex], 0)
                self.assertLessEqual(costs[action.hex], game.get_piece_mp(pieces[0]))

    def test_odds_of_an_attack_and_its_report(self):
        def an_attack(game):
            return any(a.type == Kessel.ActionType.ATTACK for a in game.list_actions())
        self.play_random_until(an_attack)
        game = self.game
        attack = next(a for a in game.list_actions() if a.type == Kessel.ActionType.ATTACK)
        odds = game.get_odds(attack)
        self.assertGreater(odds.attack, 0)
        self.assertGreater(odds.defence, 0)
        self.assertEqual(odds.n_attackers, attack.n_units)
        attackers = [odds.get_attacker(i).piece for i in range(odds.n_attackers)]
        self.assertEqual(sorted(attackers), sorted(attack.units[:attack.n_units]))
        self.assertEqual(sum(odds.get_attacker(i).factor for i in range(odds.n_attackers))
                         + odds.attack_cas + odds.attack_support, odds.attack)
        self.assertTrue(all(odds.get_shift(i).rule for i in range(odds.n_shifts)))
        self.assertIn(Kessel.odds_to_string(odds.final), [Kessel.odds_to_string(Kessel.Odds(i)) for i in range(10)])
        defence, supported = game.get_supported_defence_odds(attack)
        self.assertEqual(defence.type, Kessel.ActionType.DEFEND)
        self.assertGreaterEqual(supported.defence, odds.defence)
        game.apply(attack)
        self.play_random_until(lambda g: g.get_last_combat()[0])
        found, report = game.get_last_combat()
        self.assertTrue(found)
        self.assertEqual(report.attack.hex, attack.hex)
        fates = [report.get_defender(i) for i in range(report.n_defenders)]
        self.assertEqual({fate.piece for fate in fates}, set(game.get_pieces_at(attack.hex)) | {f.piece for f in fates})

    def test_log_and_saved_game_text(self):
        self.play_random_until(lambda game: game.get_turn() >= 2)
        game = self.game
        entries = [game.get_log(i) for i in range(game.get_n_log())]
        self.assertTrue(entries)
        self.assertTrue(all(entry.text for entry in entries))
        self.assertEqual(entries[-1].turn, game.get_turn())
        self.assertGreater(game.get_dice_rolled(), 0)
        text, length = game.to_xml()
        loaded = Kessel.Game.load_data(text.encode(), 'memory.kessel-game', self.scenario)
        self.assertTrue(loaded.equal(game))


if __name__ == '__main__':
    unittest.main(verbosity=2)
