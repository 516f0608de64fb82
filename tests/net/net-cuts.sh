#!/bin/bash
# kessel-cli net: whole games on localhost between two computer players,
# with the line cut by killing one of the programs (kill -9) at random
# moments. Each killed program is started again with the same command and
# takes the game up from its file and data folder. Every game must end
# with both sides' files the same and a chain that checks: nothing lost,
# nothing played twice.
#
#   net-cuts.sh KESSEL-CLI SCENARIO CUTS [SEED]
#
# Games are played until CUTS kills were made. The suite makes a few; the
# hundred of docs/network.md are `net-cuts.sh build/src/cli/kessel-cli
# data/scenarios/crossing-the-prut.kessel 100`.
set -euo pipefail
cli=$1
scenario=$2
cuts=$3
RANDOM=${4:-$$}
dir=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$dir"
}
trap cleanup EXIT
export KESSEL_PBEM_KDF_COST=test
echo "Skala-Podilska" > "$dir/game.pw"

# start SIDE GAME: the side's program, in the background; its pid in pid_SIDE.
start() {
  local side=$1 game=$2 file="$dir/$2/$1.kesselpbem"
  local common=(--side "$side" --password-file "$dir/game.pw" --data-dir "$dir/$game/$side-data" --seed "$RANDOM")
  if [[ $side == german ]]; then
    local new=()
    [[ -e $file ]] || new=(--scenario "$scenario")
    "$cli" net host "$file" "${new[@]}" --port "$port" "${common[@]}" >>"$dir/$game/$side.log" 2>&1 &
  else
    "$cli" net join "$file" --address 127.0.0.1 --port "$port" "${common[@]}" >>"$dir/$game/$side.log" 2>&1 &
  fi
  printf -v "pid_$side" %s $!
  pids+=($!)
}

running() { kill -0 "$1" 2>/dev/null; }

made=0
games=0
waits=0
stalled=0
while (( made < cuts )); do
  games=$((games + 1))
  game=game-$games
  mkdir -p "$dir/$game"
  # The host takes a free port first, and keeps it when started again.
  port=0
  start german "$game"
  until grep -q "on port" "$dir/$game/german.log" 2>/dev/null; do
    running "$pid_german" || { cat "$dir/$game/german.log" >&2; exit 1; }
    sleep 0.05
  done
  port=$(sed -n 's/.* on port \([0-9]*\).*/\1/p' "$dir/$game/german.log" | head -n 1)
  start soviet "$game"
  done_german=0 done_soviet=0
  while (( !done_german || !done_soviet )); do
    sleep "0.$((RANDOM % 8))$((RANDOM % 10))"
    for side in german soviet; do
      pid_var=pid_$side done_var=done_$side
      if (( !${!done_var} )) && ! running "${!pid_var}"; then
        if wait "${!pid_var}"; then printf -v "$done_var" 1
        else echo "the $side program of $game failed:" >&2; tail -n 5 "$dir/$game/$side.log" >&2; exit 1; fi
      fi
    done
    # A program whose opponent ended waits for an answer that will not come
    # once the opponent had the last word: see docs/network.md.
    if (( done_german != done_soviet )); then
      waits=$((waits + 1))
      if (( waits > 30 )); then
        stalled=$((stalled + 1))
        for side in german soviet; do pid_var=pid_$side; kill "${!pid_var}" 2>/dev/null || true; done
        wait || true
        break
      fi
      continue
    fi
    waits=0
    (( made < cuts && !done_german && !done_soviet )) || continue
    if (( RANDOM % 2 )); then side=german; else side=soviet; fi
    pid_var=pid_$side
    kill -9 "${!pid_var}" 2>/dev/null || continue
    wait "${!pid_var}" 2>/dev/null || true
    made=$((made + 1))
    start "$side" "$game"
  done
  cmp "$dir/$game/german.kesselpbem" "$dir/$game/soviet.kesselpbem" \
    || { echo "$game: the two sides' games differ" >&2; exit 1; }
  "$cli" pbem verify "$dir/$game/german.kesselpbem" --scenario "$scenario" >/dev/null
  grep -q "The game is over" "$dir/$game/german.log" "$dir/$game/soviet.log"
done
echo "$made cuts in $games games, each resumed to the same final game ($stalled ended with one side waiting for an answer)"
