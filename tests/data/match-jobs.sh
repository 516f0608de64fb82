#!/bin/sh
# kessel-cli match gives the same results however many games it plays at
# once: each game's players take their seeds from the game's own seed.
#
#   match-jobs.sh KESSEL-CLI SCENARIO
set -eu
cli=$1
scenario=$2

# The thinking times differ from run to run; nothing else may, neither the
# results of each game nor the failures counted in it.
results() {
    "$cli" match "$scenario" --german random --soviet ai:easy --games 8 --seed 3 --jobs "$1" --json \
        | sed -e 's/, "thinking": {"german": {[^}]*}, "soviet": {[^}]*}}//'
}

one=$(results 1)
three=$(results 3)
echo "one job:    $one"
echo "three jobs: $three"
case $one in
    *'"thinking"'*) echo "FAIL: the thinking times were not taken out" >&2; exit 1 ;;
esac
case $one in
    *'"games": 8, "failed": 0'*'"failures": {"german": {'*'"results": [{"seed": 3,'*) ;;
    *) echo "FAIL: the match did not play 8 games without failure, or printed no failures counted" >&2; exit 1 ;;
esac
if [ "$one" != "$three" ]; then
    echo "FAIL: the results depend on the number of jobs" >&2
    exit 1
fi
