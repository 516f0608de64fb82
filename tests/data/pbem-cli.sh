#!/bin/sh
# kessel-cli pbem: two players, each with a data folder of his own, start a
# game, answer each other's turn files with random players, and check the
# chain with verify; a wrong password, an old file and an edited earlier
# turn are refused with exit status 1 and their reason. A short game played
# to its end gives its after-action report from its last turn file. The
# dice mode and standing orders are given on the command line; bad orders
# and an unknown mode are refused. Messages to the opponent go with the turns.
#
#   pbem-cli.sh KESSEL-CLI SCENARIO
set -eu
cli=$1
scenario=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export KESSEL_PBEM_KDF_COST=test
echo "Ostwall" > "$dir/german.pw"
echo "Proskurov" > "$dir/soviet.pw"

"$cli" pbem new "$scenario" --side german --password-file "$dir/german.pw" -o "$dir/t1.kesselpbem" \
  --data-dir "$dir/german" --message "Viel Glück." | grep -q "to the Soviet player"
previous="$dir/t1.kesselpbem"
for n in 2 3 4 5 6 7 8; do
  if [ $((n % 2)) -eq 0 ]; then side=soviet; else side=german; fi
  [ $n -ne 8 ] || cp -r "$dir/soviet" "$dir/soviet-before-8"   # for the kills below
  "$cli" pbem open "$previous" --password-file "$dir/$side.pw" -o "$dir/t$n.kesselpbem" \
    --data-dir "$dir/$side" --seed "$n" --message "Turn file $n." --message "Your move." >"$dir/open$n.out"
  previous="$dir/t$n.kesselpbem"
done
"$cli" pbem verify "$previous" --scenario "$scenario" >"$dir/verify.out"
grep -q "turns 1 to 8 of game" "$dir/verify.out"
# Messages go with the turn files: each side is shown the other's lines when
# it opens a turn, and the chain keeps them all.
grep -q "Message from the German player: Viel Glück." "$dir/open2.out"
grep -q "Message from the Soviet player: Turn file 2." "$dir/open3.out"
grep -q "Message from the Soviet player: Your move." "$dir/open3.out"
! grep -q "Turn file 2" "$dir/open5.out"
[ "$(grep -c "^Chat in turn" "$dir/verify.out")" -eq 15 ]

refused() {
  if "$cli" "$@" >/dev/null 2>"$dir/err"; then
    echo "not refused: $*" >&2
    exit 1
  fi
}
# An empty message is refused, and nothing is written.
refused pbem new "$scenario" --side german --password-file "$dir/german.pw" -o "$dir/y.kesselpbem" \
  --data-dir "$dir/y" --message ""
grep -q "a --message is 1 to 500 characters" "$dir/err"
[ ! -e "$dir/y.kesselpbem" ]
# The wrong password.
refused pbem open "$previous" --password-file "$dir/soviet.pw" -o "$dir/x.kesselpbem" --data-dir "$dir/german"
grep -q "password for the German side is wrong" "$dir/err"
# An old file, opened again.
refused pbem open "$dir/t3.kesselpbem" --password-file "$dir/soviet.pw" -o "$dir/x.kesselpbem" --data-dir "$dir/soviet"
grep -q "holds nothing new" "$dir/err"
# The last turn's file lost (as a kill after its copy was kept leaves it):
# opening what it answered says so, and "pbem again" writes it once more.
mv "$dir/t8.kesselpbem" "$dir/t8.lost"
refused pbem open "$dir/t7.kesselpbem" --password-file "$dir/soviet.pw" -o "$dir/x.kesselpbem" --data-dir "$dir/soviet"
grep -q "Save the Turn File Again" "$dir/err"
"$cli" pbem again "$dir/t7.kesselpbem" -o "$dir/t8.kesselpbem" --data-dir "$dir/soviet" | grep -q "Turn 8 is written again"
cmp "$dir/t8.kesselpbem" "$dir/t8.lost"
# An earlier turn edited: verify finds the broken link, the opponent his copy.
sed 's|<action>|<action>end</action><action>|' "$previous" > "$dir/edited.kesselpbem"
refused pbem verify "$dir/edited.kesselpbem" --scenario "$scenario"
grep -q "does not follow the turn before it" "$dir/err"
refused pbem open "$dir/edited.kesselpbem" --password-file "$dir/german.pw" -o "$dir/x.kesselpbem" --data-dir "$dir/german"
grep -q "was changed after" "$dir/err"

# A short game by e-mail (Crossing the Prut) played to its end: its last
# file gives the after-action report, a file of the game under way does not.
prut="$(dirname "$scenario")/crossing-the-prut.kessel"
mkdir "$dir/prut"
"$cli" pbem new "$prut" --side german --password-file "$dir/german.pw" -o "$dir/prut/t1.kesselpbem" \
  --data-dir "$dir/prut/german" >/dev/null
n=2
previous="$dir/prut/t1.kesselpbem"
while [ $n -lt 200 ]; do
  if [ $((n % 2)) -eq 0 ]; then side=soviet; else side=german; fi
  "$cli" pbem open "$previous" --password-file "$dir/$side.pw" -o "$dir/prut/t$n.kesselpbem" \
    --data-dir "$dir/prut/$side" --seed "$n" >/dev/null
  [ -f "$dir/prut/t$n.kesselpbem" ] || break
  previous="$dir/prut/t$n.kesselpbem"
  n=$((n + 1))
done
"$cli" report "$previous" | grep -q "^The game is over after turn"
# With the mover's dice a game turn takes about two files.
[ "$n" -lt 20 ]

# The dice mode and the standing orders, from a file, are the maker's
# choice; bad orders and an unknown mode are refused.
printf 'losses=weakest-first\nretreat=ask   # I choose my retreats\n' > "$dir/orders"
"$cli" pbem new "$prut" --side soviet --dice verified --orders "$dir/orders" --password-file "$dir/soviet.pw" \
  -o "$dir/v1.kesselpbem" --data-dir "$dir/v/soviet" | grep -q "The dice are verified"
grep -q 'dice="mover"' "$dir/v1.kesselpbem" && exit 1
grep -q "losses=weakest-first.*retreat=ask" "$dir/v1.kesselpbem"
"$cli" pbem open "$dir/v1.kesselpbem" --password-file "$dir/german.pw" -o "$dir/v2.kesselpbem" \
  --data-dir "$dir/v/german" --orders "$dir/orders" >/dev/null
"$cli" pbem verify "$dir/v2.kesselpbem" | grep -q "The dice are verified"
printf 'losses=sometimes\n' > "$dir/bad-orders"
refused pbem new "$prut" --side german --orders "$dir/bad-orders" --password-file "$dir/german.pw" \
  -o "$dir/x.kesselpbem" --data-dir "$dir/x"
grep -q "bad-orders: line 1: .losses=sometimes. is not a value" "$dir/err"
refused pbem new "$prut" --side german --dice loaded --password-file "$dir/german.pw" -o "$dir/x.kesselpbem" \
  --data-dir "$dir/x"

# pbem open killed at random moments: the answer is never stuck. Either it
# was not sent (no copy: opening again answers), or its copy was kept and
# "pbem again" writes it when the file is missing.
mkdir "$dir/kill"
unsent=0 kept=0 written=0
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
  rm -rf "$dir/kill/soviet" "$dir/kill/t8.kesselpbem"
  cp -r "$dir/soviet-before-8" "$dir/kill/soviet"
  "$cli" pbem open "$dir/t7.kesselpbem" --password-file "$dir/soviet.pw" -o "$dir/kill/t8.kesselpbem" \
    --data-dir "$dir/kill/soviet" --seed 8 >/dev/null 2>&1 &
  sleep "0.0$(od -An -N1 -tu1 /dev/urandom | tr -d ' ' | cut -c1)"
  kill -9 $! 2>/dev/null || true
  wait $! 2>/dev/null || true
  if [ -e "$dir/kill/t8.kesselpbem" ]; then
    written=$((written + 1))
  elif ls "$dir"/kill/soviet/kessel/pbem/*/soviet/sent/turn-0008.kesselpbem >/dev/null 2>&1; then
    kept=$((kept + 1))
    refused pbem open "$dir/t7.kesselpbem" --password-file "$dir/soviet.pw" -o "$dir/kill/t8.kesselpbem" \
      --data-dir "$dir/kill/soviet"
    "$cli" pbem again "$dir/t7.kesselpbem" -o "$dir/kill/t8.kesselpbem" --data-dir "$dir/kill/soviet" >/dev/null
  else
    unsent=$((unsent + 1))
    "$cli" pbem open "$dir/t7.kesselpbem" --password-file "$dir/soviet.pw" -o "$dir/kill/t8.kesselpbem" \
      --data-dir "$dir/kill/soviet" --seed 8 >/dev/null
  fi
  "$cli" pbem verify "$dir/kill/t8.kesselpbem" --scenario "$scenario" | grep -q "turns 1 to 8 of game"
done
echo "12 kills of pbem open: $unsent before the copy, $kept between the copy and the file, $written after both"

# A doctored scenario beside the first turn file, under the shipped one's
# file name and title: the joining player sees what differs from his copy
# and must accept it.
mkdir "$dir/doctored"
sed -e 's|soviet-wins-at="32"|soviet-wins-at="99"|' \
  -e '/id="ger-16pz" /,/<\/unit>/s|attack="4" defence="4"|attack="40" defence="40"|' \
  "$scenario" > "$dir/doctored/first-panzer-army.kessel"
"$cli" pbem new "$dir/doctored/first-panzer-army.kessel" --side german --password-file "$dir/german.pw" \
  -o "$dir/doctored/t1.kesselpbem" --data-dir "$dir/doctored/german" >/dev/null
refused pbem open "$dir/doctored/t1.kesselpbem" --password-file "$dir/soviet.pw" -o "$dir/doctored/t2.kesselpbem" \
  --data-dir "$dir/doctored/soviet"
grep -q "differs from your copy" "$dir/err"
grep -q "16 Pz.*40-40.*4-4" "$dir/err"
grep -q "99 VP.*32" "$dir/err"
grep -q -- "--accept-scenario" "$dir/err"
[ ! -e "$dir/doctored/soviet" ]
"$cli" pbem open "$dir/doctored/t1.kesselpbem" --password-file "$dir/soviet.pw" -o "$dir/doctored/t2.kesselpbem" \
  --data-dir "$dir/doctored/soviet" --accept-scenario >/dev/null
# A scenario the joining player does not have at all is named as such.
sed -e 's|<title>First Panzer Army</title>|<title>Kamenets Pocket</title>|' "$scenario" > "$dir/doctored/kamenets.kessel"
"$cli" pbem new "$dir/doctored/kamenets.kessel" --side german --password-file "$dir/german.pw" \
  -o "$dir/doctored/k1.kesselpbem" --data-dir "$dir/doctored/german" >/dev/null
refused pbem open "$dir/doctored/k1.kesselpbem" --password-file "$dir/soviet.pw" -o "$dir/doctored/k2.kesselpbem" \
  --data-dir "$dir/doctored/soviet"
grep -q "which you do not have" "$dir/err"

# One password from a file and from standard input: a trailing space
# counts in both, only the line's end is dropped.
mkdir "$dir/pw"
printf 'Kamenets \n' > "$dir/pw/spaced.pw"
"$cli" pbem new "$scenario" --side german --password-file "$dir/pw/spaced.pw" -o "$dir/pw/t1.kesselpbem" \
  --data-dir "$dir/pw/german" >/dev/null
"$cli" pbem open "$dir/pw/t1.kesselpbem" --password-file "$dir/soviet.pw" -o "$dir/pw/t2.kesselpbem" \
  --data-dir "$dir/pw/soviet" >/dev/null
printf 'Kamenets \n' | "$cli" pbem open "$dir/pw/t2.kesselpbem" --password-file - -o "$dir/pw/t3.kesselpbem" \
  --data-dir "$dir/pw/german" >/dev/null
# An empty password and one with a NUL byte are refused.
printf '\n' > "$dir/pw/empty.pw"
refused pbem new "$scenario" --side german --password-file "$dir/pw/empty.pw" -o "$dir/pw/x.kesselpbem" \
  --data-dir "$dir/pw/x"
grep -q "password is empty" "$dir/err"
printf 'Kamen\000ets\n' > "$dir/pw/nul.pw"
refused pbem new "$scenario" --side german --password-file "$dir/pw/nul.pw" -o "$dir/pw/x.kesselpbem" \
  --data-dir "$dir/pw/x"
grep -q "NUL" "$dir/err"
"$cli" report "$previous" -o "$dir/prut/report.pdf"
head -c 4 "$dir/prut/report.pdf" | grep -q "%PDF"
refused report "$dir/prut/t4.kesselpbem"
grep -q "the game is under way" "$dir/err"
