#!/usr/bin/env bash
# Counts the solutions of an exact-cover problem in N shards run side by side by GNU parallel,
# then adds up the shards' counts with `dlx merge`.
#
#   scripts/shards-gnu-parallel.sh PROBLEM.dlx N [JOBS]
#
# JOBS (default: one per core) shards run at a time, each on one thread. Over ssh, GNU
# parallel's --sshlogin runs the same shards on other machines. Set DLX to the binary to use.
set -euo pipefail
problem=$1
shards=$2
jobs=${3:-100%}
dlx=${DLX:-dlx}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
parallel --jobs "$jobs" --halt now,fail=1 \
    "$dlx" solve "$problem" --count --threads 1 --shard {}/"$shards" '>' "$out"/shard-{}.out \
    ::: $(seq 0 $((shards - 1)))
"$dlx" merge "$out"/shard-*.out
