#!/usr/bin/env python3
"""A computer player for Kessel in Python, through the engine protocol.

It knows no rules itself: it starts `kessel-cli engine` beside it, passes
on every command it is sent, and asks that engine for the legal actions
when it has to choose. It then attacks when it can, and otherwise plays
a legal action drawn with its own seed. See docs/engine-protocol.md.

    kessel-cli match SCENARIO --soviet "exec:python3 tools/engine-example.py"

KESSEL_CLI names the kessel-cli to start (by default the one on PATH).
"""
import os
import random
import subprocess
import sys


def start_rules():
    cli = os.environ.get("KESSEL_CLI", "kessel-cli")
    return subprocess.Popen([cli, "engine", "--player", "random"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE)


def ask(rules, data):
    """Sends bytes to the rules engine and returns its answer line."""
    rules.stdin.write(data)
    rules.stdin.flush()
    while True:
        line = rules.stdout.readline().decode()
        if not line:
            sys.exit("the rules engine ended")
        if not line.startswith("info "):
            return line.rstrip("\n")


def legal_actions(rules):
    head = ask(rules, b"legal\n").split()
    if head[0] != "legal":
        return []
    return [rules.stdout.readline().decode().rstrip("\n") for _ in range(int(head[1]))]


def choose(rules, dice):
    actions = legal_actions(rules)
    if not actions:
        return "error no legal action"
    attacks = [a for a in actions if a.startswith("attack ")]
    return "action " + dice.choice(attacks or actions)


def main():
    rules = start_rules()
    dice = random.Random(0)
    stdin = sys.stdin.buffer
    while True:
        line = stdin.readline()
        if not line:
            break
        words = line.decode().split()
        if words[:1] == ["go"]:
            answer = choose(rules, dice)
        elif words[:1] == ["scenario"] and len(words) == 2 and words[1].isdigit():
            answer = ask(rules, line + stdin.read(int(words[1])))
        else:
            if words[:1] == ["seed"] and len(words) == 2 and words[1].isdigit():
                dice = random.Random(int(words[1]))
            answer = ask(rules, line)
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
        if answer == "bye":
            break
    rules.stdin.close()
    rules.wait()


if __name__ == "__main__":
    main()
