#!/bin/sh
# kessel-cli speaks German when the system language is German, with the
# translations of the build tree ($KESSEL_LOCALEDIR): its own texts and those
# of the rules engine (the game log, refusals, problems of scenario files).
#
#   cli-german.sh KESSEL-CLI LOCALE-DIRECTORY SCENARIO
#
# LANGUAGE=de picks the language; LC_ALL=C.UTF-8 keeps the test independent
# of which full locales the machine has (glibc ignores LANGUAGE only under
# the plain C locale). Exit status: 0 German came out, 1 it did not,
# 77 (skipped) if the C.UTF-8 locale is missing.

set -u

if [ $# -ne 3 ]; then
    echo "usage: $0 KESSEL-CLI LOCALE-DIRECTORY SCENARIO" >&2
    exit 2
fi
cli=$1
localedir=$2
scenario=$3

if [ ! -f "$localedir/de/LC_MESSAGES/kessel.mo" ]; then
    echo "FAIL: $localedir/de/LC_MESSAGES/kessel.mo was not built" >&2
    exit 1
fi
if ! locale -a 2>/dev/null | grep -qi '^c\.utf-\{0,1\}8$'; then
    echo "the C.UTF-8 locale is missing; skipping"
    exit 77
fi

run_german() {
    env -u LC_MESSAGES -u LANG LC_ALL=C.UTF-8 LANGUAGE=de KESSEL_LOCALEDIR="$localedir" "$cli" "$@"
}

failed=0
expect() {
    # expect WHAT OUTPUT TEXT: OUTPUT must contain the line TEXT.
    if printf '%s\n' "$2" | grep -qxF -- "$3"; then
        echo "ok: $1: $3"
    else
        echo "FAIL: $1: no line \"$3\" in:" >&2
        printf '%s\n' "$2" >&2
        failed=1
    fi
}

help=$(run_german --help)
expect "kessel-cli --help" "$help" "Aufruf: kessel-cli BEFEHL [OPTIONEN]"
expect "kessel-cli --help" "$help" "Befehle:"

info=$(run_german info "$scenario")
expect "kessel-cli info" "$info" "Runden: 8"
expect "kessel-cli info" "$info" "Befestigte Orte:"

# Without a German language setting it stays English.
plain=$(env -u LANGUAGE LC_ALL=C.UTF-8 KESSEL_LOCALEDIR="$localedir" "$cli" --help)
expect "kessel-cli --help in English" "$plain" "Commands:"

contains() {
    # contains WHAT OUTPUT TEXT: some line of OUTPUT must contain TEXT.
    if printf '%s\n' "$2" | grep -qF -- "$3"; then
        echo "ok: $1: ... $3 ..."
    else
        echo "FAIL: $1: no line with \"$3\" in:" >&2
        printf '%s\n' "$2" | head -40 >&2
        failed=1
    fi
}
lacks() {
    # lacks WHAT OUTPUT TEXT: no line of OUTPUT may contain TEXT.
    if printf '%s\n' "$2" | grep -F -- "$3" >/dev/null; then
        echo "FAIL: $1: English left over, \"$3\" in:" >&2
        printf '%s\n' "$2" | grep -F -- "$3" | head -5 >&2
        failed=1
    else
        echo "ok: $1: no \"$3\""
    fi
}

# The rules engine's log of a whole game, in German: the core library
# translates through the same domain.
log=$(run_german play "$scenario" --seed 3 --log)
contains "kessel-cli play --log" "$log" "Wetter in Runde 1: Tauwetter (3.1)."
contains "kessel-cli play --log" "$log" "Luftüberlegenheit: Deutsche "
contains "kessel-cli play --log" "$log" " zieht von "
contains "kessel-cli play --log" "$log" ", Kampfverhältnis "
contains "kessel-cli play --log" "$log" "KG- und CAS-Marker entfernt; die sowjetische SP-Leiste steht auf "
contains "kessel-cli play --log" "$log" "Das Spiel endet: "
for english in " moves from " " move from " " cross the " " attacks " " attack " \
               "air superiority" "CAS markers" "Weather: die" "over-stacked" \
               " loses a step" " is eliminated" " retreats to " " advances into " \
               "probes and advances" "The game ends"; do
    lacks "kessel-cli play --log" "$log" "$english"
done
plain_log=$(env -u LANGUAGE LC_ALL=C.UTF-8 KESSEL_LOCALEDIR="$localedir" "$cli" play "$scenario" --seed 3 --log)
contains "kessel-cli play --log in English" "$plain_log" "Turn 1 weather: thaw (3.1)."

# A refusal keeps its untranslated rule case in front of the German text.
refused=$(run_german play "$scenario" --actions "end" 2>&1)
contains "kessel-cli play refusing" "$refused" ": 3.2: Zuerst müssen alle deutschen Einheiten aufgestellt sein."

# A broken scenario: FILE:LINE: and the message in German.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '<scenario><oops></scenario>\n' > "$tmp/broken.kessel"
broken=$(run_german validate "$tmp/broken.kessel" 2>&1)
broken=$(printf '%s\n' "$broken" | sed "s|^$tmp/broken.kessel:[0-9]*: |FILE:LINE: |")
contains "kessel-cli validate" "$broken" "FILE:LINE: dies ist kein wohlgeformtes XML: "

exit $failed
