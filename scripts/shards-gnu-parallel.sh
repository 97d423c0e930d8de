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
# RESULTS belongs to one count: the first run writes RESULTS/count (the problem's path and
# SHA-256, N and the dlx that runs), and a later run for another problem, an edited problem
# file, another N or another dlx is refused (GNU parallel's joblog knows jobs by number only,
# and would take the old records for the new count). The total is merged with
# `dlx merge --expect PROBLEM --shards N`, which refuses records of any other count.
#
# DLX is the dlx binary (default: `dlx` on PATH); THREADS the threads of each shard (default
# 1, with one shard per core). Over ssh every host needs that binary and the problem file at
# the same absolute path (a relative PROBLEM is made absolute here); each record comes back
# on the shard's standard output through ssh (GNU parallel's --results), so the hosts share
# no folder.
set -euo pipefail
if (($# < 3)); then
    echo "usage: $0 PROBLEM.dlx N RESULTS [GNU PARALLEL OPTIONS...]" >&2
    exit 2
fi
problem=$(realpath -- "$1")
shards=$2
results=$3
shift 3
dlx=${DLX:-dlx}
threads=${THREADS:-1}
if ! [[ $shards =~ ^[1-9][0-9]*$ ]]; then
    echo "$0: N: expected a number of shards, found '$shards'" >&2
    exit 2
fi
if ! [[ -f $problem && -r $problem ]]; then
    echo "$0: $problem: cannot read the problem file" >&2
    exit 2
fi
mkdir -p -- "$results"

# The count this folder holds.
key=$(printf 'problem: %s\nsha256: %s\nshards: %s\ndlx: %s\n' \
    "$problem" "$(sha256sum -- "$problem" | cut -d' ' -f1)" "$shards" \
    "$("$dlx" --version | head -n 1)")
if [[ -e $results/count ]]; then
    if [[ $(cat -- "$results/count") != "$key" ]]; then
        {
            echo "$0: $results holds the records of another count:"
            sed 's/^/  /' -- "$results/count"
            echo "not of this one:"
            printf '%s\n' "$key" | sed 's/^/  /'
            echo "give another RESULTS folder (or remove this one)"
        } >&2
        exit 2
    fi
elif [[ -n $(find "$results" -mindepth 1 -maxdepth 1 -print -quit) ]]; then
    echo "$0: $results is not empty and holds no count file: give an empty or new folder" >&2
    exit 2
else
    printf '%s\n' "$key" >"$results/count"
fi

# --quote: the problem's path reaches dlx as one word, whatever it holds (spaces, `$(...)`).
status=0
parallel --quote --joblog "$results/joblog" --resume-failed --halt never "$@" \
    --results "$results/shard-{}-of-$shards.out" \
    "$dlx" solve "$problem" --count --threads "$threads" --shard "{}/$shards" \
    ::: $(seq 0 $((shards - 1))) || status=$?
if ((status > 0)); then
    if ((status <= 253)); then
        echo "$0: $status shards did not finish (see $results/joblog); run this again to run them" >&2
    else
        echo "$0: GNU parallel stopped (exit status $status); run this again to run the shards left" >&2
    fi
    "$dlx" merge --status --expect "$problem" --shards "$shards" \
        "$results"/shard-*-of-"$shards".out >&2 || true
    exit 1
fi
"$dlx" merge --expect "$problem" --shards "$shards" "$results"/shard-*-of-"$shards".out
