"""test_scenario.py: scenarios from Python: load the shipped one, look at
its map and counters, check it, edit it, write it back and read it again."""

import os
import tempfile
import unittest

from kesseltest import Kessel, load_scenario, scenario_path


class ScenarioTest(unittest.TestCase):
    def setUp(self):
        self.scenario = load_scenario('first-panzer-army')

    def test_shipped_scenario_loads(self):
        scenario = self.scenario
        self.assertEqual(scenario.get_title(), 'First Panzer Army')
        self.assertEqual(scenario.get_turns(), 8)
        self.assertEqual(scenario.get_n_units(), 101)
        grid = scenario.get_map().get_grid()
        self.assertEqual((grid.columns, grid.rows), (47, 29))
        self.assertEqual(len(scenario.checksum()), 64)

    def test_units_and_places(self):
        scenario = self.scenario
        unit = scenario.find_unit('ger-16pz')
        self.assertIsNotNone(unit)
        self.assertEqual(unit.get_side(), Kessel.Side.GERMAN)
        self.assertEqual(unit.get_unit_type(), Kessel.UnitType.ARMOUR)
        self.assertGreater(unit.get_step(0).attack, 0)
        self.assertIsNone(scenario.find_unit('no-such-unit'))
        arrivals = [u.get_id() for turn in range(1, 9) for u in scenario.get_arrivals(turn)]
        self.assertIn('ger-9ss', arrivals)

        the_map = scenario.get_map()
        grid = the_map.get_grid()
        places = [the_map.get_place(i) for i in range(the_map.get_n_places())]
        names = {place.name: place for place in places}
        self.assertIn('Kamenets-Podolsky', names)
        hex_ = names['Kamenets-Podolsky'].hex
        self.assertEqual(the_map.get_place_at(hex_).name, 'Kamenets-Podolsky')
        self.assertEqual(grid.parse_hex(grid.format_hex(hex_)), hex_)
        self.assertEqual(len([h for h in grid.neighbours(hex_)[1] if h >= 0]), 6)

    def test_check_finds_no_error(self):
        problems = self.scenario.check()
        self.assertEqual(Kessel.Scenario.count_problems(problems, Kessel.ProblemSeverity.ERROR), 0)

    def test_check_names_a_broken_unit(self):
        unit = self.scenario.find_unit('ger-16pz')
        unit.set_substitute('no-such-counter')
        problems = self.scenario.check()
        errors = [p for p in problems if p.severity == Kessel.ProblemSeverity.ERROR]
        self.assertTrue(any(p.unit_id == 'ger-16pz' for p in errors), [p.message for p in errors])

    def test_edit_write_and_read_again(self):
        scenario = self.scenario.copy()
        scenario.set_title('First Panzer Army, harder')
        victory = scenario.get_victory()
        victory.soviet_wins_at -= 4
        victory.draw_from -= 4
        scenario.set_victory(victory)
        the_map = scenario.get_map()
        hex_ = the_map.get_grid().parse_hex('1010')
        the_map.set_terrain(hex_, Kessel.Terrain.FOREST)
        the_map.set_label(hex_, 'Nowhere')
        unit = scenario.find_unit('ger-16pz').copy()
        unit.set_id('ger-16pz-bis')
        unit.set_setup_hex(Kessel.HEX_NONE)
        unit.set_arrival_turn(2)
        unit.set_substitute(None)
        scenario.add_unit(unit)
        self.assertFalse(scenario.equal(self.scenario))

        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, 'short.kessel')
            self.assertTrue(scenario.save_file(path))
            again = Kessel.Scenario.load_file(path)
        self.assertTrue(again.equal(scenario))
        self.assertEqual(again.get_title(), 'First Panzer Army, harder')
        self.assertEqual(again.get_victory().soviet_wins_at, victory.soviet_wins_at)
        self.assertEqual(again.get_map().get_terrain(hex_), Kessel.Terrain.FOREST)
        self.assertEqual(again.get_map().get_label(hex_), 'Nowhere')
        self.assertEqual(again.find_unit('ger-16pz-bis').get_arrival_turn(), 2)

    def test_text_round_trip(self):
        text, length = self.scenario.to_xml()
        self.assertEqual(len(text.encode()), length)
        again = Kessel.Scenario.load_data(text.encode(), 'memory.kessel')
        self.assertTrue(again.equal(self.scenario))

    def test_errors_name_file_and_line(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, 'broken.kessel')
            with open(scenario_path('first-panzer-army'), encoding='utf-8') as source:
                lines = source.read().splitlines()
            lines[5] = lines[5] + '<oops'
            with open(path, 'w', encoding='utf-8') as broken:
                broken.write('\n'.join(lines))
            with self.assertRaises(Exception) as caught:
                Kessel.Scenario.load_file(path)
        self.assertTrue(caught.exception.matches(Kessel.scenario_error_quark(),
                                                 Kessel.ScenarioError.PARSE))
        self.assertIn('broken.kessel:', caught.exception.message)

    def test_editing_keeps_what_the_checks_refuse(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, 'edit.kessel')
            scenario = self.scenario.copy()
            scenario.find_unit('ger-16pz').set_substitute('no-such-counter')
            self.assertTrue(scenario.save_file_for_editing(path))
            with self.assertRaises(Exception):
                Kessel.Scenario.load_file(path)
            again, dropped = Kessel.Scenario.load_file_for_editing(path)
        self.assertEqual(dropped, [])
        self.assertEqual(again.find_unit('ger-16pz').get_substitute(), 'no-such-counter')

    def test_edit_history(self):
        history = Kessel.EditHistory.new(self.scenario.copy())
        history.get_scenario().set_turns(5)
        self.assertTrue(history.commit('Five turns'))
        self.assertEqual(history.get_undo_name(), 'Five turns')
        self.assertTrue(history.undo())
        self.assertEqual(history.get_scenario().get_turns(), 8)
        self.assertTrue(history.redo())
        self.assertEqual(history.get_scenario().get_turns(), 5)


if __name__ == '__main__':
    unittest.main(verbosity=2)
