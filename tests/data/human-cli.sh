#!/bin/sh
# What a person playing from the command line reads and types, on the
# rule-case map (tests/rules/fixtures/rules.kessel), both sides scripted:
#
#   human-cli.sh KESSEL-CLI SCENARIO part-stacks|defence-support|advance
#
# part-stacks      query actions lists the moves of part of a stack, and
#                  such a move typed is played;
# defence-support  query odds shows what the defender may add once the
#                  attack is declared, and the odds then;
# advance          play tells the player when an advance after combat has
#                  closed by itself, and what "end" does next.
set -eu

if [ $# -ne 3 ]; then
    echo "usage: $0 KESSEL-CLI SCENARIO CHECK" >&2
    exit 2
fi
cli=$1
scenario=$2
check=$3
unset LANGUAGE
LC_ALL=C
export LC_ALL

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The German set-up on the printed hexes; then the Soviet 1st phase of
# turn 1 (Move/Fight), the Soviets with air superiority.
setup="place ger-16pz 0506;place ger-509 0506;place ger-19pz 0507;place ger-371 0508"
setup="$setup;place ger-18ad 0509;place ger-bn 0609;end"
# 6G next to the battle group in 0609, which the 18th AD may support.
to_0710="move sov-6g 1003 1004 1005 1006 1007 1008 1009 0910 0810 0710"

failed=0
expect() {
    # expect WHAT OUTPUT LINE: OUTPUT must hold LINE.
    if printf '%s\n' "$2" | grep -qxF -- "$3"; then
        echo "ok: $1: $3"
    else
        echo "FAIL: $1: no line \"$3\" in:" >&2
        printf '%s\n' "$2" >&2
        failed=1
    fi
}
expect_match() {
    # expect_match WHAT OUTPUT PATTERN: a line of OUTPUT matches PATTERN.
    if printf '%s\n' "$2" | grep -qE -- "$3"; then
        echo "ok: $1: /$3/"
    else
        echo "FAIL: $1: no line matches /$3/ in:" >&2
        printf '%s\n' "$2" | head -40 >&2
        failed=1
    fi
}

save() {
    # save NAME ACTIONS: the game after ACTIONS in $dir/NAME.
    "$cli" play "$scenario" --actions "$2" --save "$dir/$1" >/dev/null
}

typed_setup() {
    # The set-up's actions, one a line, as a player types them.
    printf '%s\n' "$setup" | tr ';' '\n'
}
play_typed() {
    # play_typed FILE [OPTION...]: both seats typed from FILE; each prompt
    # ends its own line, as on a terminal.
    file=$1
    shift
    "$cli" play "$scenario" --german human --soviet human "$@" <"$file" 2>&1 | sed 's/): /):\n/g'
}

case $check in
part-stacks)
    # 60 R and the support unit join 61 R: a stack of three.
    save stack "$setup;move sov-60r 1003;move sov-sup 1003"
    actions=$("$cli" query "$dir/stack" actions)
    expect "query actions" "$actions" \
        '# Any units of one stack may move together: join their ids with "+" and name each hex of the path, as in "move UNIT+UNIT HEX HEX".'
    expect "query actions" "$actions" "move sov-61r+sov-sup 1004"
    expect_match "query actions" "$actions" '^move sov-60r\+sov-61r [0-9]{4}'
    expect_match "query actions" "$actions" '^move sov-60r\+sov-61r\+sov-sup [0-9]{4}'
    expect "query actions, last" "$(printf '%s\n' "$actions" | tail -1)" "end"
    json=$("$cli" query "$dir/stack" actions --json)
    expect "query actions --json" "$json" '  "move sov-61r+sov-sup 1004",'
    if printf '%s\n' "$json" | grep -q '#'; then
        echo "FAIL: query actions --json holds a comment" >&2
        failed=1
    fi
    # Typed, the pair moves and 60 R stays.
    save moved "$setup;move sov-60r 1003;move sov-sup 1003;move sov-61r+sov-sup 1004"
    state=$("$cli" query "$dir/moved" state)
    expect_match "a pair moved" "$state" '^sov-61r +soviet +1004 '
    expect_match "a pair moved" "$state" '^sov-sup +soviet +1004 '
    expect_match "a pair moved" "$state" '^sov-60r +soviet +1003 '
    typed_setup >"$dir/typed"
    printf '%s\n' "move sov-60r 1003" "move sov-sup 1003" "?" "move sov-61r+sov-sup 1004" >>"$dir/typed"
    played=$(play_typed "$dir/typed" --save "$dir/human")
    expect "play, ?" "$played" "  move sov-61r+sov-sup 1004"
    state=$("$cli" query "$dir/human" state)
    expect_match "play: a pair moved" "$state" '^sov-61r +soviet +1004 '
    expect_match "play: a pair moved" "$state" '^sov-60r +soviet +1003 '
    ;;
defence-support)
    save odds "$setup;$to_0710;end"
    odds=$("$cli" query "$dir/odds" odds "attack sov-6g 0609")
    expect "query odds" "$odds" "8 to 1: >7:1"
    expect "query odds" "$odds" "Once the attack is declared, the defender may still add (13.1, 13.3):"
    expect "query odds" "$odds" "  ranged support of ger-18ad: defence +4"
    expect "query odds" "$odds" "8 to 5: 1:1"
    expect "query odds" "$odds" "final 1:1: 1=DR 2=DR 3=AS 4=AL1 5=AL1 6=EX"
    json=$("$cli" query "$dir/odds" odds "attack sov-6g 0609" --json)
    expect_match "query odds --json" "$json" '^\{"attack": 8, "defence": 1, "raw": ">7:1", .*"final": ">7:1", "defence_support": \{"cas": 0, "support": "ger-18ad", "support_factor": 4, "added": 4, "attack": 8, "defence": 5, "raw": "1:1", "shifts": \[\], "final": "1:1"\}\}$'
    # The garrison of Alpha (0808), three hexes from the 18th AD, with no
    # German air: nothing to add.
    save far "$setup;move sov-6g 0903 0803 0804 0805 0706 0707 0708;end"
    odds=$("$cli" query "$dir/far" odds "attack sov-6g 0808")
    expect "query odds" "$odds" "The defender may add no support to this defence (13.1, 13.3)."
    json=$("$cli" query "$dir/far" odds "attack sov-6g 0808" --json)
    expect_match "query odds --json" "$json" '"defence_support": null\}$'
    ;;
advance)
    # Both seats typed: the German set-up, 6G's move and its attack on the
    # battle group (an automatic DL1+DR), the defence without support, and
    # the advance of 6G, the only unit that may.
    typed_setup >"$dir/typed"
    printf '%s\n' "$to_0710" end "attack sov-6g 0609" defend "advance sov-6g" >>"$dir/typed"
    played=$(play_typed "$dir/typed")
    expect "play" "$played" \
        'Turn 1, Soviet 1st phase, advance after combat: soviet to act ("?" lists the legal actions):'
    expect "play" "$played" \
        'No other unit may advance, so the advance after combat is over: "end" now ends the combat part.'
    expect "play" "$played" \
        'Turn 1, Soviet 1st phase, combat: soviet to act ("?" lists the legal actions):'
    ;;
*)
    echo "unknown check $check" >&2
    exit 2
    ;;
esac
exit $failed
