#!/bin/sh
# tools/tune-evaluator on Crossing the Prut, a few steps against simple
# opponents: every step is recorded, a stopped run goes on where it stopped
# instead of starting again, the same options give the same steps, and the
# tuned weights make a player; a run starts from the weights of a file.
#
#   tune-evaluator.sh KESSEL-CLI SCENARIO TUNE-SCRIPT
set -eu
cli=$1
scenario=$2
tune=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

tune() {
    python3 "$tune" --cli "$cli" --scenario "$scenario" --opponents "greedy;random" "$@"
}

tune --steps 2 "$dir/a"
tune --steps 3 "$dir/a"
tune --steps 3 "$dir/b"
cat "$dir/a/steps.csv"
[ "$(wc -l < "$dir/a/steps.csv")" -eq 4 ] || { echo "expected a header and three steps"; exit 1; }
cmp "$dir/a/steps.csv" "$dir/b/steps.csv" || { echo "the same options gave other steps"; exit 1; }
grep -q '^step,seed,opponent,vp_plus,vp_minus,places,forces,exposure,exit,isolation,frailty,own-threats,enemy-threats$' "$dir/a/steps.csv"
grep -q '^\[Evaluator\]$' "$dir/a/tuned.weights"
grep -q '^\[Evaluator\]$' "$dir/a/averaged.weights"
"$cli" match "$scenario" --german "ai:easy:$dir/a/averaged.weights" --soviet random --games 1 --jobs 1 > "$dir/match.txt"
cat "$dir/match.txt"
printf '[Evaluator]\nplaces=2.5\nforces=0.75\n' > "$dir/start.weights"
tune --steps 1 --weights forces --start "$dir/start.weights" "$dir/d"
grep -q '^places=2.5000$' "$dir/d/tuned.weights" || { echo "a weight not tuned left its start"; exit 1; }
awk -F= '$1 == "forces" && ($2 < 0.6 || $2 > 0.9) { exit 1 }' "$dir/d/tuned.weights" ||
    { echo "the tuned weight did not start from the file"; exit 1; }
printf '[Evaluator]\nplaces=high\n' > "$dir/bad.weights"
if tune --steps 1 --start "$dir/bad.weights" "$dir/e" 2> "$dir/err.txt"; then
    echo "a bad start was accepted"
    exit 1
fi
grep -q 'bad.weights: not a weights file' "$dir/err.txt"
printf '[Evaluator]\nplaces=nan\n' > "$dir/nan.weights"
if tune --steps 1 --start "$dir/nan.weights" "$dir/f" 2> "$dir/err.txt"; then
    echo "a weight that is not a number was accepted"
    exit 1
fi
grep -q 'nan.weights: places is not a number from 0 to 10' "$dir/err.txt"
if python3 "$tune" --cli "$cli" --scenario "$scenario" --weights places,bogus "$dir/c" 2> "$dir/err.txt"; then
    echo "an unknown weight was accepted"
    exit 1
fi
grep -q 'unknown weights: bogus' "$dir/err.txt"
