"""The `dlx` module beside xcover, in one run: the same problems counted by both, the times
and their ratio (wall seconds, medians of RUNS runs, in this one process; xcover's first call
also compiles its numba code, which a warm-up run takes out).

Needs: `pip install ./python xcover`. Usage: python python/bench.py [RUNS]
"""

import statistics
import sys
import time
from pathlib import Path

import dlx
import xcover

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "corpus"


def read(name):
    """The options, primary and secondary items of a corpus file (no colors)."""
    lines = [line.split() for line in (CORPUS / name).read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("|")]
    head = lines[0]
    cut = head.index("|") if "|" in head else len(head)
    primary, secondary = head[:cut], head[cut + 1:]
    options = [option for option in lines[1:] if any(item in primary for item in option)]
    return options, primary, secondary


def timed(count, runs):
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = count()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print("| problem | solutions | dlx | xcover | xcover / dlx |")
    print("|---|---|---|---|---|")
    for name in ["queens10.dlx", "queens12.dlx", "langford11.dlx", "pento6x10-sym.dlx",
                 "sudoku-inkala2012.dlx"]:
        options, primary, secondary = read(name)
        # Warm-up: numba compiles xcover's solver on its first call.
        sum(1 for _ in xcover.covers(options[:1], primary=primary, secondary=secondary))
        ours, n = timed(lambda: dlx.count(options, primary=primary, secondary=secondary), runs)
        theirs, m = timed(lambda: sum(1 for _ in xcover.covers(
            options, primary=primary, secondary=secondary)), runs)
        assert n == m, (name, n, m)
        print(f"| {name} | {n:,} | {ours:.4f} s | {theirs:.4f} s | {theirs / ours:.1f} |",
              flush=True)


if __name__ == "__main__":
    main()
