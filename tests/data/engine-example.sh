#!/bin/sh
# The example engine in Python (tools/engine-example.py) plays whole games
# through exec:, with kessel-cli engine as its rules, and Kessel takes its
# every action: docs/engine-protocol.md, "Writing an engine in another
# language".
#
#   engine-example.sh KESSEL-CLI SCENARIO ENGINE-EXAMPLE
set -eu
KESSEL_CLI=$1
export KESSEL_CLI
out=$("$1" match "$2" --german random --soviet "exec:python3 $3" --games 3 --jobs 2 --json)
echo "$out"
case $out in
    *'"games": 3, "failed": 0'*) ;;
    *) echo "FAIL: the example engine did not play 3 games without failure" >&2; exit 1 ;;
esac
