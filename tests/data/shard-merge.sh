#!/bin/sh
# A run of kessel-cli match or balance split into shards and merged prints
# what the whole run on one machine prints, byte for byte but for the CPU
# times, which differ from run to run; merge refuses shards of other runs,
# repeated or damaged, and names missing ones.
#
#   shard-merge.sh KESSEL-CLI SCENARIO
set -eu
cli=$1
scenario=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
failures=0
# A GLib critical, as from reading a member of the wrong type, is a failure.
G_DEBUG=fatal-criticals
export G_DEBUG

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# The CPU times a game and a phase, which alone vary between runs.
without_times() {
    sed -E 's/"(median_s|max_s|cpu_seconds_per_game)": [0-9.]+/"\1": T/g'
}

# same WHAT FILE FILE: the two outputs are the same.
same() {
    if cmp -s "$2" "$3"; then
        echo "$1: the same"
    else
        fail "$1 differs"
        diff "$2" "$3" | cut -c1-300 >&2 || true
    fi
}

# expect_refusal WHAT PATTERN COMMAND...: the command fails saying PATTERN.
expect_refusal() {
    what=$1
    pattern=$2
    shift 2
    if "$@" > out.txt 2> err.txt; then
        fail "$what: not refused"
    fi
    echo "$what: $(cat err.txt)"
    grep -q -- "$pattern" err.txt || fail "$what: expected \"$pattern\""
}

match="match $scenario --german random --soviet ai:easy --games 9 --seed 4"
# shellcheck disable=SC2086
"$cli" $match --json | without_times > match-whole.json
# shellcheck disable=SC2086
"$cli" $match --shard 1/1 --shard-file match-1.json > /dev/null
"$cli" merge match-1.json --json | without_times > match-one-shard.json
for k in 1 2 3 4; do
    # shellcheck disable=SC2086
    "$cli" $match --shard $k/4 > /dev/null
done
"$cli" merge match-shard-4-of-4.json match-shard-2-of-4.json match-shard-1-of-4.json match-shard-3-of-4.json \
    --json | without_times > match-four-shards.json
grep -q '"games": 9, "failed": 0' match-whole.json || fail "the match did not play 9 games"
same "match: whole run and 1 shard (JSON)" match-whole.json match-one-shard.json
same "match: 1 shard and 4 shards (JSON)" match-one-shard.json match-four-shards.json
# shellcheck disable=SC2086
"$cli" $match | grep -v thinking > match-whole.txt
"$cli" merge match-shard-*-of-4.json | grep -v thinking > match-four-shards.txt
same "match: whole run and 4 shards (text)" match-whole.txt match-four-shards.txt

# balance, with a changed copy of the scenario played on the same seeds.
sed 's/soviet-wins-at="3"/soviet-wins-at="4"/' "$scenario" > changed.kessel
balance="balance $scenario --compare changed.kessel --german random --soviet ai:easy --games 10"
# shellcheck disable=SC2086
"$cli" $balance --json | without_times > balance-whole.json
# shellcheck disable=SC2086
"$cli" $balance --shard 1/1 > /dev/null
"$cli" merge balance-shard-1-of-1.json --json | without_times > balance-one-shard.json
for k in 1 2 3 4; do
    # shellcheck disable=SC2086
    "$cli" $balance --shard $k/4 > /dev/null
done
"$cli" merge balance-shard-*-of-4.json --json -o report.pdf | without_times > balance-four-shards.json
grep -q '"other": {"games": 10, "counted": 10' balance-whole.json || fail "balance did not play 10 games of each"
same "balance: whole run and 1 shard (JSON)" balance-whole.json balance-one-shard.json
same "balance: 1 shard and 4 shards (JSON)" balance-one-shard.json balance-four-shards.json
# shellcheck disable=SC2086
"$cli" $balance | grep -v "CPU seconds" > balance-whole.txt
"$cli" merge balance-shard-*-of-4.json | grep -v "CPU seconds" > balance-four-shards.txt
same "balance: whole run and 4 shards (text)" balance-whole.txt balance-four-shards.txt
[ "$(head -c 5 report.pdf)" = "%PDF-" ] || fail "merge -o wrote no PDF"

# Missing shards are named; --allow-missing gives the figures without them.
expect_refusal "missing" "shards missing: 2/4 (seeds 6 to 7), 4/4 (seeds 10 to 12)" \
    "$cli" merge match-shard-1-of-4.json match-shard-3-of-4.json
"$cli" merge match-shard-1-of-4.json match-shard-3-of-4.json --allow-missing --json > partial.json 2> err.txt \
    || fail "--allow-missing: figures not given"
grep -q "shards missing: 2/4" err.txt || fail "--allow-missing: the missing shards not named"
grep -q '"games": 4, "failed": 0, .*"results": \[{"seed": 4, .*{"seed": 5, .*{"seed": 8, .*{"seed": 9, [^]]*]' partial.json \
    || fail "--allow-missing: not the games of shards 1 and 3"

# Other runs, repeats and damaged files are refused, naming the file.
# shellcheck disable=SC2086
"$cli" $match --seed 5 --shard 2/4 --shard-file other-seed.json > /dev/null
expect_refusal "another seed" "other-seed.json: not a shard of the same run as match-shard-1-of-4.json: its seed is 5, not 4" \
    "$cli" merge match-shard-1-of-4.json other-seed.json
"$cli" match changed.kessel --german random --soviet ai:easy --games 9 --seed 4 --shard 2/4 --shard-file other-scenario.json > /dev/null
expect_refusal "another scenario" "other-scenario.json: not a shard of the same run .*its scenario changed.kessel is not the same file" \
    "$cli" merge match-shard-1-of-4.json other-scenario.json
expect_refusal "another command" "not a shard of the same run as match-shard-1-of-4.json: its command is \"balance\"" \
    "$cli" merge match-shard-1-of-4.json balance-shard-2-of-4.json
expect_refusal "a repeated shard" "copy.json: shard 1/4 again, already read from match-shard-1-of-4.json" \
    sh -c "cp match-shard-1-of-4.json copy.json && \"$cli\" merge match-shard-1-of-4.json copy.json"
head -c 500 match-shard-2-of-4.json > cut.json
expect_refusal "a cut file" "cut.json:1:" "$cli" merge cut.json
# edited WHAT FILE SED-SCRIPT PATTERN: shard 2/4 edited by the script into
# FILE is refused, saying PATTERN.
edited() {
    sed "$3" match-shard-2-of-4.json > "$2"
    expect_refusal "$1" "$2: $4" "$cli" merge "$2"
}
edited "a hostile number" vp.json 's/"vp":[0-9]*/"vp":-5/' \
    'games\[0\].variants\[0\].vp: expected a whole number from 0 to'
edited "a wrong checksum" checksum.json 's/"checksum":"[0-9a-f]/"checksum":"x/' 'run.checksum: does not match'
edited "a string for a time" thinking.json 's/"thinking":{"german":\[/"thinking":{"german":["x",/' \
    'games\[0\].thinking.german: expected a number'
edited "failures left out" counts.json 's/"failures":{/"failures":{"x":1}, "y":{/' \
    'games\[0\].failures.places_given_up: expected a whole number'
edited "a format of the wrong type" format.json 's/"format":"kessel-shard"/"format":{}/' 'format: not a shard file'
edited "a terminal escape" escape.json 's/"german":"random"/"german":"\\u001b[2J"/' \
    'run.german: expected a string without control characters'
echo '[1, 2]' > array.json
expect_refusal "not a shard file" "array.json: format: not a shard file" "$cli" merge array.json
# Empty files and files that are not regular files: no crash, no hang, no
# reading without end.
: > empty.json
expect_refusal "an empty file" "empty.json: empty, not a shard file" "$cli" merge empty.json
printf ' \n\t\n' > blank.json
expect_refusal "a file of white space" "blank.json: empty, not a shard file" "$cli" merge blank.json
expect_refusal "a device" "/dev/zero: this is not a regular file" "$cli" merge /dev/zero
mkfifo fifo.json
expect_refusal "a FIFO" "fifo.json: this is not a regular file" "$cli" merge fifo.json
expect_refusal "a PDF of match" "merge: --output makes the report of balance shards" \
    "$cli" merge match-shard-1-of-4.json -o x.pdf

# Usage errors.
expect_refusal "--shard with --sprt" "--shard does not go with --sprt" \
    "$cli" match "$scenario" --sprt --baseline-soviet random --shard 1/2
expect_refusal "K above N" "--shard takes K/N" "$cli" match "$scenario" --shard 3/2
expect_refusal "more shards than games" "3 shards for 2 games" "$cli" balance "$scenario" --games 2 --shard 1/3
expect_refusal "an unwritable shard file" "no-such-dir/x.json" "$cli" match "$scenario" --games 2 --shard 1/2 --shard-file no-such-dir/x.json
expect_refusal "--json with --shard" "give --json to kessel-cli merge" "$cli" match "$scenario" --shard 1/2 --json

[ "$failures" -eq 0 ] || exit 1
