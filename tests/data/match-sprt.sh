#!/bin/sh
# kessel-cli match --sprt stops on the right side for players of known
# difference, and stops at the same pair with the same verdict however many
# games it plays at once.
#
#   match-sprt.sh KESSEL-CLI SCENARIO
set -eu
cli=$1
scenario=$2
failures=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# The JSON of a test without its thinking times, which alone vary.
sprt() {
    "$cli" match "$scenario" --sprt --json "$@" | sed -e 's/, "thinking".*//'
}

expect() {
    what=$1
    pattern=$2
    shift 2
    out=$(sprt "$@")
    echo "$what: $out" | cut -c1-400
    case $out in
        *$pattern*) ;;
        *) fail "$what: expected $pattern" ;;
    esac
}

# The Soviet computer at Easy takes some 3 VP a game more than random play
# against random Germans: H1.
expect "better Soviet" '"verdict": "h1"' \
    --soviet ai:easy --baseline-soviet random --german random --jobs 2
# The same player on both sides of each pair plays the same games: H0 at the
# eighth pair, the least the test takes.
expect "same Soviet" '"pairs": 8, "counted": 8, "failed": 0, "difference": {"mean": 0.0000' \
    --soviet ai:easy --baseline-soviet ai:easy --german random --jobs 2
expect "same Soviet verdict" '"verdict": "h0"' \
    --soviet ai:easy --baseline-soviet ai:easy --german random --jobs 2
# The German seat counts Soviet VP kept down: the computer German at Easy
# keeps about 0.9 VP a game more from the computer's Soviets than random
# play does on this small map, so the test asks for half a VP: H1.
expect "better German" '"verdict": "h1"' \
    --german ai:easy --baseline-german random --soviet ai:easy --sprt-bounds 0,0.5 --jobs 2
# Greedy Soviets gain some 0.7 VP a game here (1.06 against 0.33 over 300
# games of each), nearer 0 than 2: H0, after more pairs than the least.
expect "slightly better Soviet" '"verdict": "h0"' \
    --soviet greedy --baseline-soviet random --german random --jobs 2
# Too few pairs to decide.
expect "out of games" '"pairs": 5, "counted": 5, "failed": 0' \
    --soviet ai:easy --baseline-soviet random --german random --games 5 --jobs 2
expect "out of games verdict" '"verdict": "inconclusive"' \
    --soviet ai:easy --baseline-soviet random --german random --games 5 --jobs 2

# The longer test stops at the same pair with the same figures on one job as
# on two and three.
one=$(sprt --soviet greedy --baseline-soviet random --german random --jobs 1)
two=$(sprt --soviet greedy --baseline-soviet random --german random --jobs 2)
three=$(sprt --soviet greedy --baseline-soviet random --german random --jobs 3)
[ "$one" = "$two" ] || fail "one job and two jobs differ"
[ "$one" = "$three" ] || fail "one job and three jobs differ"
case $one in
    *'"pairs": 8,'*) fail "the longer test stopped at the least number of pairs" ;;
esac

# Usage errors.
usage() {
    what=$1
    shift
    status=0
    "$cli" match "$scenario" --games 8 "$@" >/dev/null 2>&1 || status=$?
    [ "$status" -eq 2 ] || fail "$what: exit status $status, not 2"
}
usage "--sprt without a baseline" --sprt --soviet ai:easy
usage "--sprt with two baselines" --sprt --baseline-german random --baseline-soviet random
usage "a baseline without --sprt" --baseline-soviet random
usage "bounds without --sprt" --sprt-bounds 0,1
usage "bounds the wrong way round" --sprt --baseline-soviet random --sprt-bounds 2,0
usage "bounds not numbers" --sprt --baseline-soviet random --sprt-bounds 0,x
usage "alpha out of range" --sprt --baseline-soviet random --alpha 1.5
usage "alpha and beta too big" --sprt --baseline-soviet random --alpha 0.6 --beta 0.5

[ "$failures" -eq 0 ]
