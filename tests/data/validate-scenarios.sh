#!/bin/sh
# Validate every scenario file (*.kessel) in a directory against the RELAX NG
# schema of scenario files.
#
#   validate-scenarios.sh SCHEMA.rng DIRECTORY
#
# Exit status: 0 all valid, 1 some invalid or the schema is broken,
# 77 (skipped) if xmllint is missing or the directory holds no scenario.

set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 SCHEMA.rng DIRECTORY" >&2
    exit 2
fi
schema=$1
dir=$2

if ! command -v xmllint >/dev/null 2>&1; then
    echo "xmllint not found (Debian package libxml2-utils); skipping"
    exit 77
fi
if [ ! -f "$schema" ]; then
    echo "schema not found: $schema" >&2
    exit 1
fi

# First make sure the schema itself compiles: validate a throw-away document
# against it. xmllint exits with 5 when the schema cannot be compiled, 3 when
# the document merely does not match (which is expected here).
probe=$(mktemp "${TMPDIR:-/tmp}/kessel-probe.XXXXXX")
trap 'rm -f "$probe"' EXIT
echo '<probe/>' > "$probe"
xmllint --noout --relaxng "$schema" "$probe" >/dev/null 2>&1
status=$?
if [ "$status" -eq 5 ]; then
    echo "FAIL: the schema $schema does not compile:" >&2
    xmllint --noout --relaxng "$schema" "$probe" >&2
    exit 1
fi

checked=0
failed=0
for file in "$dir"/*.kessel; do
    [ -e "$file" ] || continue
    checked=$((checked + 1))
    if xmllint --noout --relaxng "$schema" "$file"; then
        :
    else
        echo "FAIL: $file" >&2
        failed=$((failed + 1))
    fi
done

if [ "$checked" -eq 0 ]; then
    echo "no *.kessel files in $dir; skipping"
    exit 77
fi

echo "$checked scenario file(s) checked, $failed invalid"
[ "$failed" -eq 0 ]
