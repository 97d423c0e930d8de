"""The `dlx` module from Python: xcover's interface, exact counts, the puzzles."""

import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import dlx

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "corpus"


def expected_counts():
    counts = {}
    for line in (CORPUS / "expected_counts.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, count = line.split()[:2]
            counts[name] = int(count)
    return counts


def test_covers_as_xcover_documents_it():
    # xcover's README example: options as lists of items, solutions as option indices.
    options = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
    assert list(dlx.covers(options)) == [[1, 3, 5]]
    # Secondary items and colors, as "item:color" or (item, color).
    options = [["a", "x:1"], ["b", "x:1"], ["b", ("x", "2")]]
    found = sorted(dlx.covers(options, primary=["a", "b"], secondary=["x"], colored=True))
    assert found == [[0, 1]]


def test_covers_is_lazy_and_can_be_dropped():
    # 8 queens: 92 solutions; taking two leaves the rest unsearched.
    problem = dlx.Problem.from_dlx((CORPUS / "queens8.dlx").read_text())
    iterator = problem.solutions()
    first, second = next(iterator), next(iterator)
    assert first != second
    del iterator
    assert len(list(problem.solutions(limit=5))) == 5


@pytest.mark.parametrize("name", ["queens8.dlx", "queens10.dlx", "langford11.dlx", "queens10-pd.dlx"])
def test_counts_equal_the_corpus(name):
    problem = dlx.Problem.from_dlx((CORPUS / name).read_text())
    expected = expected_counts()[name]
    assert problem.count() == expected
    assert problem.count(threads=2) == expected
    assert problem.count(memo=True) == expected


def test_big_counts_are_exact_python_ints():
    # The domino tilings of a 16 x 16 board (OEIS A004003), past 2^64.
    options = []
    for r in range(16):
        for c in range(16):
            if c + 1 < 16:
                options.append([(r, c), (r, c + 1)])
            if r + 1 < 16:
                options.append([(r, c), (r + 1, c)])
    assert dlx.Problem(options).count(memo=True) == 2444888770250892795802079170816


def test_bad_input_names_line_and_column():
    with pytest.raises(dlx.ParseError) as caught:
        dlx.Problem.from_dlx("A B\nA\nA C\n")
    assert isinstance(caught.value, ValueError)
    assert (caught.value.line, caught.value.column) == (3, 3)
    with pytest.raises(KeyError):
        dlx.count([[1, 2]], primary=[1], secondary=[])
    with pytest.raises(TypeError):
        dlx.count([[[1], 2]])


def test_random_solutions_are_solutions():
    problem = dlx.Problem.from_dlx((CORPUS / "queens8.dlx").read_text())
    all_solutions = {tuple(sorted(s)) for s in problem.solutions()}
    drawn = problem.random(20, seed=7)
    assert len(drawn) == 20
    assert all(tuple(sorted(s)) in all_solutions for s in drawn)
    assert problem.random(20, seed=7) == drawn


def test_threads_count_at_once():
    problem = dlx.Problem.from_dlx((CORPUS / "queens10.dlx").read_text())
    results = []
    threads = [threading.Thread(target=lambda: results.append(problem.count())) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [724] * 4


def test_puzzles_by_name():
    assert "sudoku" in dlx.puzzle_names()
    assert dlx.solve_puzzle("queens", "8", "count")["solutions"] == 92
    answer = dlx.solve_puzzle("sudoku", "1.3.\n.4..\n..4.\n.3.1\n", "unique")
    assert answer["boards"] == ["1234\n3412\n2143\n4321"]
    assert answer["solutions"] == 1 and answer["complete"]
    # An empty 6 x 6 binairo: 4,140 grids (OEIS A253316).
    empty = "6\n" + "______\n" * 6
    assert dlx.solve_puzzle("binairo", empty, "count")["solutions"] == 4140
    with pytest.raises(dlx.ParseError) as caught:
        dlx.solve_puzzle("sudoku", "1.3.\n.4x.\n..4.\n.3.1\n")
    assert caught.value.line == 2
    # A list cut at `limit`, and a count cut by `timeout`, say they are incomplete.
    three = dlx.solve_puzzle("queens", "8", "all", limit=3)
    assert len(three["boards"]) == 3 and not three["complete"]
    stopped = dlx.solve_puzzle("queens", "14", "count", timeout=0.01)
    assert not stopped["complete"]
    # A puzzle added to the registry is solved by name: Latin squares of order 5 (A002860).
    assert "latin" in dlx.puzzle_names()
    assert dlx.solve_puzzle("latin", ".....\n" * 5, "count")["solutions"] == 161280


def test_docstring_examples_run():
    import doctest

    import dlx.puzzles

    # The examples of the package, its classes and methods (the native module's included),
    # and of dlx.puzzles.
    for module, least in [(dlx, 1), (dlx._dlx, 10), (dlx.puzzles, 8)]:
        results = doctest.testmod(module, extraglobs=vars(dlx), report=True)
        assert results.failed == 0 and results.attempted >= least, module


def test_puzzles_made_graded_and_explained():
    for name, size, difficulty in [("sudoku", "9", "advanced"), ("futoshiki", "6", "tricky"),
                                   ("binairo", "10", "easy")]:
        made = dlx.generate_puzzle(name, size, difficulty, seed=4)
        assert made["reached"] and made["difficulty"] == difficulty
        assert dlx.generate_puzzle(name, size, difficulty, seed=4) == made
        answer = dlx.solve_puzzle(name, made["puzzle"], "unique")
        assert answer["boards"] == [made["solution"]] and answer["solutions"] == 1
        assert dlx.grade_puzzle(name, made["puzzle"]) == difficulty
    explained = dlx.explain_puzzle("futoshiki", dlx.generate_puzzle("futoshiki", "5", seed=2)["puzzle"])
    assert explained["end"] == "solved" and explained["steps"]
    explained = dlx.explain_puzzle("binairo", dlx.generate_puzzle("binairo", "6", seed=3)["puzzle"])
    assert explained["end"] == "solved" and explained["steps"][0]["rule"] == "three in a row"
    with pytest.raises(ValueError):
        dlx.explain_puzzle("queens", "8")
    with pytest.raises(dlx.ParseError):
        dlx.generate_puzzle("sudoku", "9", "impossible")


def test_a_timeout_stops_a_long_count():
    problem = dlx.Problem.from_dlx((CORPUS / "pento6x10.dlx").read_text())
    with pytest.raises(TimeoutError):
        problem.count(timeout=0.05)


def test_ctrl_c_interrupts_a_long_count():
    # A count of many seconds in a child process (the 14,772,512 solutions of 16 queens),
    # SIGINT after half a second: it ends with KeyboardInterrupt within a second of the signal.
    program = (
        "import dlx, sys\n"
        "n = 16\n"
        "options = [[f'r{r}', f'c{c}', f'a{r + c}', f'b{r - c + n}'] for r in range(n) for c in range(n)]\n"
        "primary = [f'r{k}' for k in range(n)] + [f'c{k}' for k in range(n)]\n"
        "problem = dlx.Problem(options, primary=primary)\n"
        "print('counting', flush=True)\n"
        "try:\n"
        "    problem.count()\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", program], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "counting"
    import time

    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    sent = time.monotonic()
    out, _ = child.communicate(timeout=10)
    assert out.strip() == "interrupted"
    assert time.monotonic() - sent < 1.0


def test_count_takes_a_tree_propagation_and_progress():
    queens = dlx.Problem.from_dlx(open(CORPUS / "queens8.dlx").read())
    for tree in ["auto", "links", "sparse-sets", "bitsets"]:
        for propagate in ["none", "forcing", "probing"]:
            assert queens.count(tree=tree, propagate=propagate) == 92
    reports = []
    assert queens.count(tree="links", progress=reports.append, every=0.0) == 92
    assert reports and all(r["nodes"] >= 0 and 0 <= r["estimate"] <= 1 for r in reports)
    with pytest.raises(ValueError):
        queens.count(tree="roots")

    def stop(report):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        queens.count(tree="links", progress=stop, every=0.0)


def test_estimate_and_zdd():
    queens = dlx.Problem.from_dlx(open(CORPUS / "queens8.dlx").read())
    estimate = queens.estimate(2000, seed=3)
    assert estimate == queens.estimate(2000, seed=3)
    assert 0 < estimate["solutions"] and estimate["samples"] == 2000
    # Within ten standard errors of the 92 solutions.
    assert abs(estimate["solutions"] - 92) < 10 * estimate["solutions_error"] + 1
    zdd = queens.zdd()
    assert zdd.strip() and len(zdd.splitlines()) > 8


def test_the_readmes_python_examples_run(monkeypatch, capsys):
    # Every ```python block of the READMEs, run from the repository's root as a reader would;
    # a print marked `# VALUE` must print VALUE.
    root = Path(__file__).resolve().parents[2]
    monkeypatch.chdir(root)
    blocks = []
    for readme in [root / "README.md", root / "python" / "README.md"]:
        blocks += readme.read_text().split("```python\n")[1:]
    assert len(blocks) >= 3
    for block in blocks:
        code = block.split("```")[0]
        exec(compile(code, "README", "exec"), {})
        printed = capsys.readouterr().out.splitlines()
        marked = [line.split("#")[-1].strip() for line in code.splitlines()
                  if line.startswith("print(") and "#" in line]
        for value in marked:
            assert value in printed, (value, printed)


def test_multiplicities_and_solve():
    def same(solutions):
        return sorted(sorted(solution) for solution in solutions)

    # Knuth's u:v: item a covered once or twice, as in the text format.
    options = [["a", "b"], ["a", "c"], ["a"], ["b", "c"]]
    listed = dlx.Problem(options, multiplicities={"a": (1, 2)})
    text = dlx.Problem.from_dlx("1:2|a b c\na b\na c\na\nb c\n")
    assert listed.count() == text.count() == 2
    assert same(listed.solve()) == same(text.solve()) == [[0, 1], [2, 3]]
    assert dlx.Problem(options, multiplicities={"a": 2}).solve() == [[0, 1]]
    with pytest.raises(KeyError):
        dlx.Problem(options, multiplicities={"z": 1})
    with pytest.raises(ValueError, match="least <= most"):
        dlx.Problem(options, multiplicities={"a": (2, 1)})
    queens = dlx.Problem.from_dlx((CORPUS / "queens8.dlx").read_text())
    assert len(queens.solve()) == 92 and len(queens.solve(limit=5)) == 5
    assert same(queens.solve(threads=2)) == same(queens.solve()) == same(queens.solutions())
    with pytest.raises(TimeoutError):
        dlx.Problem.from_dlx((CORPUS / "pento6x10.dlx").read_text()).solve(timeout=0.05)


def test_random_refuses_a_list_past_its_memory():
    # 10**9 draws once asked for the whole list's memory up front and aborted the interpreter.
    problem = dlx.Problem([[0, 1], [1], [0]])
    with pytest.raises(ValueError, match="GiB"):
        problem.random(10**9)
    assert len(problem.random(1000)) == 1000


def test_version_and_repr_say_what_they_are():
    import importlib.metadata

    assert dlx.__version__ == importlib.metadata.version("dlx-exact-cover")
    problem = dlx.Problem([[0, 1], [1, 2], [0]], secondary=[2])
    assert repr(problem) == "<dlx.Problem: 3 items (2 primary), 3 options>"


def test_options_without_a_primary_item_are_never_chosen_as_in_xcover():
    # xcover yields [[0]] here (the example), where the engine alone refuses option 2.
    assert list(dlx.covers([[0, 1], [1, 2], [2]], primary=[0, 1])) == [[0]]
    # The other options keep the numbers they were given.
    options = [[2], [0, 1], [1, 2], [0], [1]]
    found = sorted(sorted(s) for s in dlx.covers(options, primary=[0, 1]))
    assert found == [[1], [2, 3], [3, 4]]
    problem = dlx.Problem(options, primary=[0, 1])
    assert problem.option_count == 4
    assert sorted(sorted(s) for s in problem.solutions()) == found
    assert dlx.count(options, primary=[0, 1]) == 3


def test_errors_name_the_items_as_given():
    with pytest.raises(ValueError, match="option 0 names item 1 twice"):
        list(dlx.covers([[1, 1], [2]]))
    with pytest.raises(ValueError, match="names item 'b' twice"):
        dlx.Problem([["a", "b", "b"]])


def zdd_families(nodes):
    """The solutions a ZDD of `covers_zdd`'s form holds, as frozensets of options."""
    if not nodes:
        return set()
    table = {node[0]: node for node in nodes}
    assert all(lo < index and hi < index for index, _, lo, hi in nodes)

    def below(index):
        if index <= 1:
            return [frozenset()] if index == 1 else []
        _, option, lo, hi = table[index]
        return below(lo) + [family | {option} for family in below(hi)]

    return set(below(nodes[-1][0]))


def test_covers_zdd_as_xcover_documents_it():
    # xcover's README example of covers_zdd: one solution, options 1, 3 and 5.
    options = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
    for heuristic in ("MRV", "leftmost"):
        nodes = dlx.covers_zdd(options, choose_heuristic=heuristic)
        assert zdd_families(nodes) == {frozenset({1, 3, 5})}
    matrix = [[1, 0, 0], [0, 1, 1], [1, 1, 0], [0, 0, 1]]
    assert zdd_families(dlx.covers_bool_zdd(matrix)) == {frozenset({0, 1}), frozenset({2, 3})}
    assert dlx.covers_zdd([[1], [2]], primary=[1, 2, 3]) == []
    with pytest.raises(ValueError, match="choose_heuristic"):
        dlx.covers_zdd(options, choose_heuristic="random")


def random_problem(rng):
    """A small random problem as xcover takes it: primary items 'p0' to 'p5' (xcover's colors
    need names), secondary ones 'x', 'y' (colored one time in two), some options with only
    secondary items."""
    colored = rng.random() < 0.5
    options = []
    for _ in range(rng.randrange(4, 14)):
        option = [f"p{k}" for k in rng.sample(range(6), rng.randrange(0, 4))]
        for item in ("x", "y"):
            if rng.random() < 0.3:
                option.append(f"{item}:{rng.choice('AB')}" if colored else item)
        if option:
            options.append(option)
    return options, colored


def test_covers_and_covers_zdd_agree_with_xcover_on_random_problems():
    # A differential test: the same solutions as xcover's covers and covers_zdd, option for
    # option, on 300 random problems with secondary items, colors, and options with only
    # secondary items.
    xcover = pytest.importorskip("xcover", reason="xcover is not installed (pip install xcover)")
    import random

    rng = random.Random(7)
    solved = 0
    for _ in range(300):
        options, colored = random_problem(rng)
        kwargs = dict(primary=[f"p{k}" for k in range(6)], secondary=["x", "y"], colored=colored)
        theirs = {frozenset(s) for s in xcover.covers(options, **kwargs)}
        ours = {frozenset(s) for s in dlx.covers(options, **kwargs)}
        assert ours == theirs, options
        their_zdd = zdd_families(list(xcover.covers_zdd(options, **kwargs)))
        assert zdd_families(dlx.covers_zdd(options, **kwargs)) == their_zdd == theirs, options
        solved += bool(theirs)
    assert solved > 30


@pytest.mark.parametrize(
    "name,order,classes",
    [
        ("queens8.dlx", 8, 12),
        ("queens10-pd.dlx", 8, 92),
        ("pento6x10.dlx", 4, 2339),
        ("langford11.dlx", 2, 17792),
    ],
)
def test_counts_up_to_symmetry(name, order, classes):
    # The symmetries come from the matrix alone; the figures are OEIS A002562, the
    # Haselgroves' 2,339 pentomino rectangles and A014552.
    problem = dlx.Problem.from_dlx((CORPUS / name).read_text())
    group = problem.symmetry()
    assert group["order"] == order
    assert all(cycle for generator in group["generators"] for cycle in generator)
    assert problem.count(up_to_symmetry=True) == classes
    assert problem.count(up_to_symmetry=True, threads=2) == classes


def test_one_solution_a_class_and_the_refusals():
    problem = dlx.Problem.from_dlx((CORPUS / "queens8.dlx").read_text())
    listed = problem.solve(up_to_symmetry=True)
    assert len(listed) == 12
    assert len({tuple(sorted(s)) for s in listed}) == 12
    assert len(problem.solve(limit=5, up_to_symmetry=True)) == 5
    assert problem.count(memo=True, up_to_symmetry=True) == 12
    # The 8 x 8 board's 12,988,816 domino tilings, by memoization over its 8 symmetries.
    cells = [(r, c) for r in range(8) for c in range(8)]
    dominoes = [[(r, c), (r + dr, c + dc)] for r, c in cells for dr, dc in ((0, 1), (1, 0))
                if r + dr < 8 and c + dc < 8]
    board = dlx.Problem(dominoes)
    assert board.count(memo=True) == 12988816
    assert board.symmetry()["order"] == 8
    assert board.count(memo=True, up_to_symmetry=True) == 1629189
    with pytest.raises(ValueError, match="symmetries"):
        empty_sudoku = "".join(
            f"p{r}{c} " for r in range(9) for c in range(9)) + "\n"
        dlx.Problem.from_dlx(empty_sudoku + "\n".join(
            f"p{r}{c}" for r in range(9) for c in range(9))).count(up_to_symmetry=True)
