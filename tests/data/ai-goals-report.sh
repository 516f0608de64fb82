#!/bin/sh
# tools/ai-goals-report on small matches of Crossing the Prut: the goal
# table is made, paired differences are taken seed by seed (the same match
# twice differs by exactly 0), and --check tells a complete file from an
# incomplete one.
#
#   ai-goals-report.sh KESSEL-CLI SCENARIO REPORT-SCRIPT
set -eu
cli=$1
scenario=$2
report=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

run() {
    "$cli" match "$scenario" --german "$2" --soviet "$3" --games 12 --jobs 1 --json > "$dir/$1.json"
}
run baseline random random
run soviet-normal random greedy
run soviet-easy random greedy
run german-normal greedy random

python3 "$report" "$dir" > "$dir/goals.md"
cat "$dir/goals.md"
grep -q '^| Soviet Normal against baseline German: mean Soviet VP at least 28 | .* | 12 | \*\*not met\*\* |$' "$dir/goals.md"
grep -q '^| German Normal against baseline Soviet: mean Soviet VP at most 8 | .* | 12 | met |$' "$dir/goals.md"
grep -q '^| Soviet Normal beats Easy by at least 2 VP a game | 0.00 (0.00 to 0.00) | 12 | \*\*not met\*\* |$' "$dir/goals.md"
grep -q '^| soviet-normal | ' "$dir/goals.md"
python3 "$report" --check "$dir/baseline.json" 12
if python3 "$report" --check "$dir/baseline.json" 13; then
    echo "a 12-game file passed as 13 games"
    exit 1
fi
echo '{"games": 12' > "$dir/broken.json"
if python3 "$report" --check "$dir/broken.json" 12; then
    echo "a broken file passed the check"
    exit 1
fi
