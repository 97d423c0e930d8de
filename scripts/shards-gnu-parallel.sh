#!/usr/bin/env bash
# Counts the solutions of an exact-cover problem in N shards run by GNU parallel, on this
# machine or over ssh, keeps each shard's record in the folder RESULTS, then adds the records
# up with `dlx merge`.
#
#   scripts/shards-gnu-parallel.sh PROBLEM.dlx N RESULTS [GNU PARALLEL OPTIONS...]
#
#   scripts/shards-gnu-parallel.sh problem.dlx 64 results            # one shard per core here
#   scripts/shards-gnu-parallel.sh problem.dlx 64 results --jobs 4
#   scripts/shards-gnu-parallel.sh problem.dlx 64 results --sshlogin 8/host1,8/host2
#
# Run it again with the same arguments to run only the shards that did not finish (failed,
# stopped, interrupted or never started: GNU parallel's --joblog with --resume-failed); the
# records already made are kept. One shard that fails does not stop the others.
#
# DLX is the dlx binary (default: `dlx` on PATH); THREADS the threads of each shard (default
# 1, with one shard per core). Over ssh every host needs that binary and the problem file at
# the same path; each record comes back on the shard's standard output through ssh (GNU
# parallel's --results), so the hosts share no folder.
set -euo pipefail
if (($# < 3)); then
    echo "usage: $0 PROBLEM.dlx N RESULTS [GNU PARALLEL OPTIONS...]" >&2
    exit 2
fi
problem=$1
shards=$2
results=$3
shift 3
dlx=${DLX:-dlx}
threads=${THREADS:-1}
mkdir -p "$results"

failed=0
parallel --joblog "$results/joblog" --resume-failed --halt never "$@" \
    --results "$results/shard-{}-of-$shards.out" \
    "$dlx" solve "$problem" --count --threads "$threads" --shard {}/"$shards" \
    ::: $(seq 0 $((shards - 1))) || failed=$?
if ((failed > 0)); then
    echo "$0: $failed shards did not finish (see $results/joblog); run this again to run them" >&2
    "$dlx" merge --status "$results"/shard-*-of-"$shards".out >&2 || true
    exit 1
fi
"$dlx" merge "$results"/shard-*-of-"$shards".out
