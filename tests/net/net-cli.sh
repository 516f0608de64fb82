#!/bin/sh
# kessel-cli net: two computer players, each with a data folder of his own,
# play a whole game on localhost over TLS and chat; both games' files must
# be the same and check as a chain. A joining side with the wrong password
# is refused, and the host carries on waiting for the right one. A game on
# a changed copy of the scenario is joined only with --accept-scenario.
#
#   net-cli.sh KESSEL-CLI SCENARIO
set -eu
cli=$1
scenario=$2
dir=$(mktemp -d)
host_pid=
cleanup() {
  [ -z "$host_pid" ] || kill "$host_pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
export KESSEL_PBEM_KDF_COST=test
echo "Kamenets-Podolsky 1944" > "$dir/game.pw"
echo "Kamenets-Podolsky 1945" > "$dir/wrong.pw"

"$cli" net host "$dir/german.kesselpbem" --scenario "$scenario" --side german --port 0 \
  --password-file "$dir/game.pw" --data-dir "$dir/german" --chat "Guten Tag" >"$dir/host.log" 2>&1 &
host_pid=$!
port=
for _ in $(seq 100); do
  port=$(sed -n 's/.* on port \([0-9]*\).*/\1/p' "$dir/host.log" | head -n 1)
  [ -z "$port" ] || break
  sleep 0.1
done
[ -n "$port" ] || { cat "$dir/host.log" >&2; exit 1; }

# The wrong password: refused, and nothing of the game reaches that side.
if "$cli" net join "$dir/stranger.kesselpbem" --address 127.0.0.1 --port "$port" --side soviet \
     --password-file "$dir/wrong.pw" --data-dir "$dir/stranger" >"$dir/stranger.log" 2>&1; then
  echo "a wrong password was not refused" >&2
  exit 1
fi
grep -q "refused the game's password" "$dir/stranger.log"
[ ! -e "$dir/stranger.kesselpbem" ]
[ ! -d "$dir/stranger/kessel/pbem" ]

# The right one plays the whole game.
timeout 120 "$cli" net join "$dir/soviet.kesselpbem" --address 127.0.0.1 --port "$port" --side soviet \
  --password-file "$dir/game.pw" --data-dir "$dir/soviet" --chat "Zdravstvuyte" >"$dir/join.log" 2>&1 \
  || { cat "$dir/join.log" "$dir/host.log" >&2; exit 1; }
wait "$host_pid" || { cat "$dir/host.log" >&2; exit 1; }
host_pid=
grep -q "did not know the game's password" "$dir/host.log"
grep -q "Chat from the Soviet player: Zdravstvuyte" "$dir/host.log"
grep -q "Chat from the German player: Guten Tag" "$dir/join.log"
grep -q "The game is over" "$dir/join.log"
cmp "$dir/german.kesselpbem" "$dir/soviet.kesselpbem"
# Live, every die is verified by both programs and no standing order
# answers for a player: each side chose for itself.
"$cli" pbem verify "$dir/german.kesselpbem" --scenario "$scenario" | grep -q "The dice are verified"
! grep -q "by-order" "$dir/german.kesselpbem"
# Both keep the chat, and the game's file holds it, each line in the turns
# of the side that wrote it.
"$cli" pbem verify "$dir/german.kesselpbem" --scenario "$scenario" >"$dir/verify.txt"
grep -q "from the German player: Guten Tag" "$dir/verify.txt"
grep -q "from the Soviet player: Zdravstvuyte" "$dir/verify.txt"
for side in german soviet; do
  grep -q "Zdravstvuyte" "$dir/$side"/kessel/net/*/"$side"/chat.txt
  grep -q "Guten Tag" "$dir/$side"/kessel/net/*/"$side"/chat.txt
done
echo "whole game: $(grep -o 'its [0-9]* turns' "$dir/join.log")"

# start_host FILE SCENARIO DATA: a host on any free port, its port in $port.
start_host() {
  "$cli" net host "$1" --scenario "$2" --side german --port 0 --password-file "$dir/game.pw" \
    --data-dir "$3" >"$dir/host2.log" 2>&1 &
  host_pid=$!
  port=
  for _ in $(seq 100); do
    port=$(sed -n 's/.* on port \([0-9]*\).*/\1/p' "$dir/host2.log" | head -n 1)
    [ -z "$port" ] || return 0
    sleep 0.1
  done
  cat "$dir/host2.log" >&2
  exit 1
}

# The same file name, another title: the joining side sees what differs.
mkdir "$dir/changed"
sed 's|<title>Crossing the Prut</title>|<title>Crossing the Prut, changed</title>|' "$scenario" \
  >"$dir/changed/$(basename "$scenario")"
start_host "$dir/changed.kesselpbem" "$dir/changed/$(basename "$scenario")" "$dir/german2"
if "$cli" net join "$dir/soviet2.kesselpbem" --address 127.0.0.1 --port "$port" --side soviet \
     --password-file "$dir/game.pw" --data-dir "$dir/soviet2" >"$dir/refuse.log" 2>&1; then
  echo "a changed scenario was joined without --accept-scenario" >&2
  exit 1
fi
grep -q "differs from your copy" "$dir/refuse.log"
grep -q "Crossing the Prut, changed" "$dir/refuse.log"
[ ! -e "$dir/soviet2.kesselpbem" ]
timeout 120 "$cli" net join "$dir/soviet2.kesselpbem" --address 127.0.0.1 --port "$port" --side soviet \
  --password-file "$dir/game.pw" --data-dir "$dir/soviet2" --accept-scenario >"$dir/accept.log" 2>&1 \
  || { cat "$dir/accept.log" "$dir/host2.log" >&2; exit 1; }
wait "$host_pid"
host_pid=
cmp "$dir/changed.kesselpbem" "$dir/soviet2.kesselpbem"
