#!/usr/bin/env python3
"""Writes large inputs near Kessel's limits, as seeds for the fuzz targets:
OUT/scenario/ and OUT/game/. Each is valid, so that the fuzzer mutates
files that reach every stage of reading.

    make-large.py OUT KESSEL-CLI
"""
import hashlib
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENARIO_LIMIT = 8 * 1024 * 1024
GAME_LIMIT = 16 * 1024 * 1024
GAME_ACTIONS = 50000


def shipped(name):
    with open(os.path.join(ROOT, "data", "scenarios", name), encoding="utf-8") as f:
        return f.read()


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def long_description(text, limit):
    """The scenario with a description that brings it just under limit."""
    filler = "A long description. "
    room = limit - len(text.encode("utf-8")) - 64
    return re.sub(r"<description>.*?</description>",
                  "<description>" + filler * (room // len(filler)) + "</description>",
                  text, count=1, flags=re.S)


def many_units(text, count):
    """Soviet corps set up on hexes of their own across the map."""
    units = []
    for i in range(count):
        column, row = 1 + i % 12, 1 + (i // 12) % 8
        units.append('    <unit id="sov-extra-%d" side="soviet" name="Rifle Corps %d" label="%d" '
                     'type="infantry" size="corps" mobility="non-mechanized" setup="%02d%02d" '
                     'exact="true"><step attack="3" defence="3"/></unit>\n' % (i, i, i, column, row))
    return text.replace("  </units>", "".join(units) + "  </units>", 1)


def place_game(out, cli):
    """A saved game of First Panzer Army that places one unit again and
    again during set-up: legal at every step, as many actions as a saved
    game may hold. kessel-cli plays and saves it, with its checksum."""
    actions = os.path.join(out, "places.txt")
    path = os.path.join(out, "game", "many-places.kesselgame")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(actions, "w", encoding="utf-8") as f:
        for i in range(GAME_ACTIONS):
            f.write("place ger-371 %s\n" % ("2308" if i % 2 else "2309"))
    subprocess.run([cli, "play", os.path.join(ROOT, "data", "scenarios", "first-panzer-army.kessel"),
                    "--actions", actions, "--save", path], check=True, stdout=subprocess.DEVNULL)
    os.unlink(actions)
    with open(path, encoding="utf-8") as f:
        return f.read()


def main():
    out, cli = sys.argv[1], sys.argv[2]
    prut = shipped("crossing-the-prut.kessel")
    write(os.path.join(out, "scenario", "long-description.kessel"), long_description(prut, SCENARIO_LIMIT))
    write(os.path.join(out, "scenario", "many-units.kessel"), many_units(prut, 1990))
    game = place_game(out, cli)
    comment = "<!--" + " " * 100000 + "-->\n"
    padded = game.replace("</game>", comment * ((GAME_LIMIT - len(game) - 16) // len(comment)) + "</game>")
    write(os.path.join(out, "game", "padded.kesselgame"), padded)


if __name__ == "__main__":
    main()
