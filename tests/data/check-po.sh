#!/bin/sh
# Check that every translation listed in po/LINGUAS is complete: msgfmt's
# format and header checks pass, and no message is untranslated or fuzzy.
#
#   check-po.sh PO-DIRECTORY
#
# Exit status: 0 all complete, 1 a translation has a problem,
# 77 (skipped) if msgfmt is missing.

set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 PO-DIRECTORY" >&2
    exit 2
fi
podir=$1

if ! command -v msgfmt >/dev/null 2>&1; then
    echo "msgfmt not found (Debian package gettext); skipping"
    exit 77
fi
if [ ! -f "$podir/LINGUAS" ]; then
    echo "no LINGUAS in $podir" >&2
    exit 1
fi

checked=0
failed=0
for lang in $(sed -e 's/#.*//' "$podir/LINGUAS"); do
    checked=$((checked + 1))
    po="$podir/$lang.po"
    if [ ! -f "$po" ]; then
        echo "FAIL: $lang is listed in LINGUAS but $po is missing" >&2
        failed=$((failed + 1))
        continue
    fi
    # msgfmt prints its statistics on standard error, after any problem.
    if ! stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$po" 2>&1); then
        echo "FAIL: msgfmt --check rejects $po:" >&2
        echo "$stats" >&2
        failed=$((failed + 1))
        continue
    fi
    echo "$lang: $stats"
    case "$stats" in
        *untranslated*|*fuzzy*)
            echo "FAIL: $po is incomplete; run 'meson compile -C BUILD kessel-update-po'" >&2
            echo "and translate the untranslated and fuzzy messages" >&2
            failed=$((failed + 1))
            ;;
    esac
done

echo "$checked translation(s) checked, $failed incomplete or invalid"
[ "$checked" -gt 0 ] && [ "$failed" -eq 0 ]
