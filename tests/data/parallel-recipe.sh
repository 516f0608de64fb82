#!/bin/sh
# The GNU parallel recipe of docs/many-machines.md, on this machine as its
# only "host" (":"), gives the figures of the run on one machine.
#
#   parallel-recipe.sh KESSEL-CLI SCENARIO
set -eu
cli=$1
scenario=$2
if ! command -v parallel > /dev/null; then
    echo "GNU parallel is not installed (tools/install-deps installs it)"
    exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$scenario" "$dir/scenario.kessel"
cd "$dir"
PATH=$(dirname "$cli"):$PATH
export PATH

without_times() {
    sed -E 's/"cpu_seconds_per_game": [0-9.]+/"cpu_seconds_per_game": T/'
}

# The recipe: two shards at a time on the one host, four in all.
echo "2/:" > hosts
seq 4 | parallel --sshloginfile hosts --basefile scenario.kessel \
    --return balance-shard-{}-of-4.json --cleanup \
    kessel-cli balance scenario.kessel --german random --soviet ai:easy --games 20 --jobs 1 --shard {}/4
kessel-cli merge balance-shard-*-of-4.json --json | without_times > merged.json

kessel-cli balance scenario.kessel --german random --soviet ai:easy --games 20 --json | without_times > whole.json
if ! cmp -s whole.json merged.json; then
    echo "FAIL: the merged shards differ from the run on one machine" >&2
    diff whole.json merged.json | cut -c1-300 >&2
    exit 1
fi
echo "4 shards through GNU parallel: the same figures as on one machine"
