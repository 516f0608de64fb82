#!/bin/sh
# kessel-cli speaks German when the system language is German, with the
# translations of the build tree ($KESSEL_LOCALEDIR).
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

exit $failed
