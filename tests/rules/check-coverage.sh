#!/bin/sh
# Every case of checklist E has a test: check-coverage.sh CASES TEST-PROGRAM...
# CASES lists the case ids, one a line; each must name a test path
# /rules/<case>/... among those the test programs list with -l.
cases=$1
shift
paths=""
for program in "$@"; do
  listed=$("$program" -l) || { echo "cannot list the tests of $program"; exit 1; }
  paths="$paths
$listed"
done
total=0
missing=0
for case in $(grep -v '^#' "$cases"); do
  total=$((total + 1))
  if ! printf '%s\n' "$paths" | grep -qF "/rules/$case/"; then
    echo "case $case has no test /rules/$case/..."
    missing=$((missing + 1))
  fi
done
echo "$total cases, $((total - missing)) with a test, $missing without"
[ "$total" -gt 0 ] && [ "$missing" -eq 0 ]
