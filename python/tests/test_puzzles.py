"""`dlx.puzzles`: every kind solved, counted and drawn, each board checked by the rules here."""

import datetime
import time
import xml.etree.ElementTree as ElementTree
from itertools import combinations

import pytest

import dlx
from dlx import puzzles

SUDOKU_4 = "1.3.\n.4..\n..4.\n.3.1\n"
FUTOSHIKI = "4\n2 | 0 < 0 | 0\n- - ^ - - - -\n0 | 0 | 0 > 0\n- - - - v - -\n0 | 3 | 0 | 0\n- - - - - - -\n0 | 0 | 0 | 1\n"


def houses(board):
    """The rows, columns, and boxes (or jigsaw regions) and diagonals of a grid of digits."""
    rows = board.rows
    side = len(rows)
    cells = [(r, c) for r in range(side) for c in range(side)]
    groups = [[(r, c) for c in range(side)] for r in range(side)]
    groups += [[(r, c) for r in range(side)] for c in range(side)]
    if board.kind == "sudoku":
        if board.regions is not None:
            names = {board.regions[r][c] for r, c in cells}
            groups += [[(r, c) for r, c in cells if board.regions[r][c] == n] for n in names]
        else:
            h = max(d for d in range(1, int(side**0.5) + 1) if side % d == 0)
            w = side // h
            groups += [[(r, c) for r, c in cells if (r // h, c // w) == key]
                       for key in {(r // h, c // w) for r, c in cells}]
        if board.diagonals:
            groups += [[(k, k) for k in range(side)], [(k, side - 1 - k) for k in range(side)]]
    return [[rows[r][c] for r, c in group] for group in groups]


def check_digits(board, puzzle):
    """Each house holds 1..n once; the givens kept; futoshiki's signs hold."""
    side = len(board.rows)
    for house in houses(board):
        assert sorted(house) == list(range(1, side + 1)), house
    for (r, c), given in zip([(r, c) for r in range(side) for c in range(side)],
                             [cell for row in puzzle.given.rows for cell in row]):
        assert given is None or board.rows[r][c] == given
    for (r1, c1), (r2, c2) in board.less:
        assert board.rows[r1][c1] < board.rows[r2][c2]


def check_binairo(board):
    rows = board.rows
    lines = rows + [list(column) for column in zip(*rows)]
    for line in lines:
        assert line.count(0) == line.count(1)
        assert all(not (a == b == c) for a, b, c in zip(line, line[1:], line[2:]))
    assert len({tuple(row) for row in rows}) == len(rows)
    assert len({tuple(col) for col in zip(*rows)}) == len(rows[0])


def check_queens(board):
    queens = [(r, c) for r, row in enumerate(board.rows) for c, q in enumerate(row) if q]
    assert len(queens) == len(board.rows)
    for (r1, c1), (r2, c2) in combinations(queens, 2):
        assert r1 != r2 and c1 != c2 and abs(r1 - r2) != abs(c1 - c2)


def check_pieces(board, empty):
    """Every cell of the board covered by a piece whose cells touch through their sides."""
    pieces = {}
    for r, row in enumerate(board.rows):
        for c, cell in enumerate(row):
            if cell not in empty:
                pieces.setdefault(cell, set()).add((r, c))
    for cells in pieces.values():
        start = next(iter(cells))
        seen, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for near in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]:
                if near in cells and near not in seen:
                    seen.add(near)
                    todo.append(near)
        assert seen == cells
    return pieces


def test_every_kind_solves_with_the_registry_answers():
    kinds = [
        (puzzles.sudoku(SUDOKU_4), "sudoku", SUDOKU_4),
        (puzzles.futoshiki(FUTOSHIKI), "futoshiki", FUTOSHIKI),
        (puzzles.latin(".....\n" * 5), "latin", ".....\n" * 5),
        (puzzles.queens(6), "queens", "6"),
        (puzzles.arrows(4), "arrows", "4"),
        (puzzles.calendar(datetime.date(2026, 11, 27)), "calendar", "2026-11-27"),
        (puzzles.tromino("....\n....\n...#\n....\n"), "tromino", "....\n....\n...#\n....\n"),
    ]
    for puzzle, name, text in kinds:
        direct = dlx.solve_puzzle(name, text, "all", limit=20)
        assert [str(board) for board in puzzle.solutions(limit=20)] == direct["boards"]
        assert puzzle.count() == dlx.solve_puzzle(name, text, "count")["solutions"] > 0
        assert str(puzzle.solve()) == direct["boards"][0]
    assert puzzles.latin(".....\n" * 5).count() == 161280  # OEIS A002860
    assert puzzles.queens(8).count() == 92  # OEIS A000170
    assert puzzles.tile("....\n....\n", "AA\n").count() == 5  # 2 x 4 domino tilings
    assert puzzles.pack("...\n...\n", "AAA\n\nBBB\n").count() == 2


def test_counts_and_lists_up_to_symmetry():
    # The board's rotations and reflections, found in the encoding: OEIS A002562 for the
    # queens, A003090 for the main classes of Latin squares, 2,339 pentomino rectangles.
    assert puzzles.queens(8).count(up_to_symmetry=True) == 12
    assert puzzles.latin("....\n" * 4).count(up_to_symmetry=True) == 2
    classes = puzzles.queens(8).solutions(up_to_symmetry=True)
    assert len(classes) == 12
    for board in classes:
        check_queens(board)
    # Domino tilings of 6 x 6 (6,728) by memoization over the board's 8 symmetries.
    tilings = puzzles.tile("......\n" * 6, "AA\n")
    assert tilings.count() == 6728
    assert tilings.count(up_to_symmetry=True) == len(tilings.solutions(limit=10000, up_to_symmetry=True))


def test_every_board_keeps_the_rules():
    for board in puzzles.sudoku(SUDOKU_4).solutions():
        check_digits(board, puzzles.sudoku(SUDOKU_4))
    futoshiki = puzzles.futoshiki(FUTOSHIKI)
    for board in futoshiki.solutions():
        assert len(board.less) == 4
        check_digits(board, futoshiki)
    latin = puzzles.latin("1....\n" + ".....\n" * 4)
    for board in latin.solutions(limit=50):
        check_digits(board, latin)
    for board in puzzles.queens(7).solutions():
        check_queens(board)
    for board in puzzles.calendar("2026-11-27").solutions(limit=10):
        pieces = check_pieces(board, {"#", "."})
        assert len(pieces) == 8
        assert sum(row.count(".") for row in board.rows) == 2  # the month and the day
    for board in puzzles.tromino("....\n....\n...#\n....\n").solutions():
        assert all(len(cells) == 3 for cells in check_pieces(board, {0}).values())
    for board in puzzles.tile(".....\n.....\n", "AA\n").solutions():
        assert all(len(cells) == 2 for cells in check_pieces(board, {0}).values())


def test_made_puzzles_are_unique_and_keep_their_givens():
    for kind, size, difficulty in [(puzzles.sudoku, "9x", "basic"), (puzzles.sudoku, "6j", None),
                                   (puzzles.futoshiki, 5, "easy"), (puzzles.binairo, "6x8", None)]:
        made = kind.generate(size, difficulty=difficulty, seed=5)
        assert made.reached and made.unique() == made.solution
        assert kind.generate(size, difficulty=difficulty, seed=5).text == made.text
        if kind is puzzles.binairo:
            check_binairo(made.solution)
            assert made.solution.given == made.given.given
        else:
            check_digits(made.solution, made)
        assert made.solution.diagonals == (size == "9x")
        assert (made.solution.regions is not None) == (size == "6j")
        if difficulty:
            assert made.grade() == difficulty == made.difficulty


def test_hints_lead_to_the_solution():
    made = puzzles.sudoku.generate(9, difficulty="intermediate", seed=2)
    steps = made.explain()["steps"]
    assert made.hint() == steps[0]
    grid = [row[:] for row in made.given.rows]
    for step in steps:
        for row, col, value in step["placed"]:
            assert made.solution.rows[row - 1][col - 1] == value
            grid[row - 1][col - 1] = value
    assert grid == made.solution.rows


def test_tatham_ids_come_back_in_the_own_format():
    made = puzzles.sudoku.generate(4, seed=3)
    from_id = puzzles.sudoku("2x2:2d1_3h4")
    assert str(from_id) == "2...\n.13.\n....\n...4"
    assert from_id.given.given[0] == [True, False, False, False]
    assert made.given.rows[0][0] is not None


def test_boards_draw_for_jupyter():
    made = puzzles.sudoku.generate("9j", seed=2)
    for board in [made.given, made.solution]:
        svg = ElementTree.fromstring(board._repr_svg_())
        assert svg.tag.endswith("svg")
        texts = [t for t in svg.iter() if t.tag.endswith("text")]
        bold = [t for t in texts if t.get("font-weight") == "bold"]
        givens = sum(cell for row in made.given.given for cell in row)
        assert len(bold) == givens
        assert len(texts) == (givens if board is made.given else 81)
        assert board._repr_svg_() in board._repr_html_()
    # Walls: the frame's 4 lines, and a jigsaw's one between any two neighbours of different
    # regions; or the frame and the lines between 3 x 3 boxes, 8 in all.
    def walls(board):
        path = [p for p in ElementTree.fromstring(board._repr_svg_()).iter() if p.tag.endswith("path")]
        return path[0].get("d").count("M")

    regions = made.solution.regions
    apart = sum(regions[r][c] != regions[r][c + 1] for r in range(9) for c in range(8))
    apart += sum(regions[r][c] != regions[r + 1][c] for r in range(8) for c in range(9))
    assert walls(made.solution) == 4 + apart
    assert walls(puzzles.sudoku.generate(9, seed=2).solution) == 8
    futoshiki = puzzles.futoshiki(FUTOSHIKI).solve()
    signs = [t.text for t in ElementTree.fromstring(futoshiki._repr_svg_()).iter() if (t.text or "") in list("<>∧∨")]
    assert sorted(signs) == sorted(["<", "∧", ">", "∨"])
    calendar = ElementTree.fromstring(puzzles.calendar("2026-11-27").solve()._repr_svg_())
    fills = {r.get("fill") for r in calendar.iter() if r.tag.endswith("rect")}
    assert len(fills) == 9  # eight pieces and the date's two white cells


def test_bad_input_and_limits():
    with pytest.raises(dlx.ParseError) as err:
        puzzles.sudoku("1.3.\n.4..\n..4.\n.3.x\n")
    assert (err.value.line, err.value.column) == (4, 4)
    with pytest.raises(ValueError, match="needs a board"):
        dlx.solve_puzzle("pack", "AA\n")
    with pytest.raises(ValueError, match="takes no board"):
        dlx.solve_puzzle("sudoku", SUDOKU_4, board="..\n")
    with pytest.raises(TimeoutError):
        puzzles.latin(".......\n" * 7).count(timeout=0.05)
    assert puzzles.sudoku("12..\n12..\n....\n....\n").solve() is None
    assert puzzles.sudoku("....\n" * 4).unique() is None


def test_covers_bool_as_xcover_documents_it():
    matrix = [[1, 0, 0, 1, 0, 0, 1], [1, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 1, 0, 1],
              [0, 0, 1, 0, 1, 1, 0], [0, 1, 1, 0, 0, 1, 1], [0, 1, 0, 0, 0, 0, 1]]
    assert list(dlx.covers_bool(matrix)) == [[1, 3, 5]]
    assert sorted(dlx.covers_bool([[True, False], [False, True], [True, True]])) == [[0, 1], [2]]
    with pytest.raises(ValueError, match="row 1"):
        dlx.covers_bool([[1, 0], [1]])
    numpy = pytest.importorskip("numpy")
    assert list(dlx.covers_bool(numpy.array(matrix, dtype=bool))) == [[1, 3, 5]]


def test_killer_boards_carry_and_draw_their_cages():
    made = puzzles.sudoku.generate("6k", difficulty="basic", seed=2)
    assert made.reached and made.grade() == "basic"
    board = made.solution
    assert made.given.cages == board.cages and all(cell is None for row in made.given.rows for cell in row)
    # Each cage's digits differ and add up to the sum in its first cell.
    cells = {}
    for r, row in enumerate(board.cages):
        for c, cage in enumerate(row):
            cells.setdefault(cage, []).append((r, c))
    for cage, members in cells.items():
        digits = [board.rows[r][c] for r, c in members]
        first = min(members)
        assert len(set(digits)) == len(digits)
        assert board.sums[first[0]][first[1]] == sum(digits)
    svg = ElementTree.fromstring(board._repr_svg_())
    labels = [t for t in svg.iter() if t.tag.endswith("text") and t.get("font-size") == "10"]
    assert len(labels) == len(cells)
    assert made.unique() == board
    assert puzzles.sudoku(made.given.text).count() == 1


def test_unequal_adjacent_mode():
    made = puzzles.futoshiki.generate("5a", difficulty="easy", seed=2)
    assert made.reached and made.grade() == "easy" and made.text.startswith("5 adjacent")
    board = made.unique()
    assert board == made.solution and board.adjacent and board.bars
    # A bar joins consecutive digits; neighbours without one are not consecutive.
    rows = board.rows
    barred = {frozenset(pair) for pair in board.bars}
    for r in range(5):
        for c in range(5):
            for r2, c2 in [(r, c + 1), (r + 1, c)]:
                if r2 < 5 and c2 < 5:
                    joined = frozenset([(r, c), (r2, c2)]) in barred
                    assert (abs(rows[r][c] - rows[r2][c2]) == 1) == joined
    # The bars are drawn across the gaps, one stroke each, as Unequal draws them.
    svg = ElementTree.fromstring(board._repr_svg_())
    bars = [p for p in svg.iter() if p.tag.endswith("path") and p.get("stroke-width") == "4"]
    assert len(bars) == 1 and bars[0].get("d").count("M") == len(board.bars)
    assert made.hint()["rule"] in ("bars", "naked single", "hidden single")


def test_hint_on_a_grid_without_solution_says_so():
    # A sudoku-X whose first hint was a hidden single, and a killer whose cage holds two
    # cells that share no house: no solution, so no step that leads a player on.
    for text in [
        "X\n4.1.\n2...\n1...\n...1\n",
        "1.34\n3421\n2143\n4312\ncages\naxbc\ndxxe\nfghi\njklm\nsums\n"
        ". 8 . .\n. . . .\n. . . .\n. . . .\n",
    ]:
        puzzle = puzzles.sudoku(text)
        assert puzzle.count() == 0
        assert puzzle.explain()["end"] in ("contradiction", "no solution")
        assert puzzle.grade() == "no solution"
        with pytest.raises(ValueError, match="no solution"):
            puzzle.hint()


def test_generate_stops_within_its_timeout():
    # A 12 x 12 recursive futoshiki of Unequal's adjacent mode takes far longer than this.
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        puzzles.futoshiki.generate("12a", difficulty="recursive", seed=5, timeout=0.5)
    assert time.monotonic() - started < 1.0
    # Sizes as every front end reads them (the library's reading).
    assert puzzles.binairo.generate("6X6", seed=1).given.rows
    with pytest.raises(ValueError, match="size '24k'"):
        puzzles.sudoku.generate("24k")


@pytest.mark.parametrize(
    "kind,size,made",
    [
        ("sudoku", "9X", True),
        ("sudoku", "23j", True),
        ("sudoku", "24j", False),
        ("sudoku", "9JK", True),
        ("sudoku", "12k", False),
        ("futoshiki", "5A", True),
        ("futoshiki", "13", False),
        ("binairo", "12X12", True),
        ("binairo", "30", True),
        ("binairo", "32", False),
    ],
)
def test_sizes_read_as_the_command_line_reads_them(kind, size, made):
    # The library reads sizes for every front end (the command line's test asks the same).
    try:
        getattr(puzzles, kind).generate(size, seed=1, timeout=0.3)
        accepted = True
    except TimeoutError:
        accepted = True
    except ValueError as error:
        assert f"size '{size}'" in str(error)
        accepted = False
    assert accepted == made


def _dlx_command():
    """The `dlx` command built from this checkout (`DLX_BIN`, else the newer of
    `target/release` and `target/debug`), or `None`."""
    import os
    import pathlib

    if os.environ.get("DLX_BIN"):
        return os.environ["DLX_BIN"]
    root = pathlib.Path(__file__).resolve().parents[2]
    built = [root / "target" / profile / "dlx" for profile in ("release", "debug")]
    built = [path for path in built if path.exists()]
    return str(max(built, key=lambda path: path.stat().st_mtime)) if built else None


def test_every_puzzle_draws_as_the_command_line_draws_it(tmp_path):
    """Python's picture of a board is the command's `--format svg`, for every puzzle of the
    registry and the variants whose cells draw apart (X, jigsaw, killer, adjacent)."""
    import subprocess

    command = _dlx_command()
    if command is None:
        pytest.skip("no dlx command built here (cargo build, or set DLX_BIN)")

    def written(name, text):
        path = tmp_path / name
        path.write_text(text)
        return str(path)

    killer = puzzles.sudoku.generate("9k", seed=2).text
    jigsaw = puzzles.sudoku.generate("9j", seed=2).text
    sudoku_x = puzzles.sudoku.generate("9x", seed=2).text
    adjacent = puzzles.futoshiki.generate("5a", seed=2).text
    binairo = puzzles.binairo.generate("6", seed=2).text
    cases = [
        (puzzles.calendar("2026-11-27"), ["calendar", "2026-11-27"]),
        (puzzles.tromino("....\n....\n...#\n....\n"),
         ["tromino", "--board", written("board", "....\n....\n...#\n....\n")]),
        (puzzles.tile("....\n....\n", "AA\n"),
         ["tile", written("tile-board", "....\n....\n"), written("domino", "AA\n")]),
        (puzzles.pack("...\n...\n", "AAA\n\nBBB\n"),
         ["pack", written("pack-board", "...\n...\n"), written("pieces", "AAA\n\nBBB\n")]),
        (puzzles.futoshiki(FUTOSHIKI), ["futoshiki", written("futoshiki", FUTOSHIKI)]),
        (puzzles.futoshiki(adjacent), ["futoshiki", written("adjacent", adjacent)]),
        (puzzles.binairo(binairo), ["binairo", written("binairo", binairo)]),
        (puzzles.latin(".....\n" * 5), ["latin", written("latin", ".....\n" * 5)]),
        (puzzles.sudoku(SUDOKU_4), ["sudoku", written("sudoku", SUDOKU_4)]),
        (puzzles.sudoku(sudoku_x), ["sudoku", written("sudoku-x", sudoku_x)]),
        (puzzles.sudoku(jigsaw), ["sudoku", written("jigsaw", jigsaw)]),
        (puzzles.sudoku(killer), ["sudoku", written("killer", killer)]),
        (puzzles.towers(TOWERS), ["towers", TOWERS]),
        (puzzles.keen(KEEN), ["keen", KEEN]),
        (puzzles.dominosa(DOMINOSA), ["dominosa", DOMINOSA]),
        (puzzles.arrows(4), ["arrows", "--size", "4"]),
        (puzzles.queens(6), ["queens", "6"]),
    ]
    names = {args[0] for _, args in cases}
    assert names == set(dlx.puzzle_names())
    for puzzle, args in cases:
        drawn = subprocess.run(
            [command, *args, "--format", "svg"], capture_output=True, text=True, check=True
        ).stdout
        assert puzzle.solve()._repr_svg_() == drawn, args


def test_readme_examples_run_and_print_what_they_say(monkeypatch):
    """The Python blocks of README.md and python/README.md run from the repository's root, and
    each `print(...)  # VALUE` prints its VALUE."""
    import contextlib
    import io
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[2]
    monkeypatch.chdir(root)
    blocks = []
    for name in ("README.md", "python/README.md"):
        text = (root / name).read_text()
        blocks += [(name, block) for block in re.findall(r"```python\n(.*?)```", text, re.S)]
    assert len(blocks) >= 3
    for name, block in blocks:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(block, name, "exec"), {})
        lines = printed.getvalue().splitlines()
        for said in re.findall(r"^print\(.*\)[ \t]+# (.+)$", block, re.M):
            assert said.strip() in lines, (name, said, lines)


TOWERS = "6:/4//2//3/5//2/2///2////5////3///3,u2n"


def test_towers_come_from_the_registry_alone():
    # Towers has no line in this package: a Kind from the registry, solved, made and graded.
    grid = puzzles.towers(TOWERS)
    solved = grid.solve()
    assert solved.drawing.game_id().startswith("6:/4//2//3/5//2/2")
    assert solved.clues["top"] == [None, 4, None, 2, None, 3]
    assert all(all(cell for cell in row) for row in solved.rows)
    assert grid.grade().startswith("unreasonable (needs search")
    made = puzzles.towers.generate(5, difficulty="hard", seed=3)
    assert made.grade() == "hard"
    assert dlx.solve_puzzle("towers", made.text, "count")["solutions"] == 1


KEEN = "4:_a_5a6_aa,s1a9d2d2s1m36m4"


def test_keen_comes_from_the_registry_alone():
    # Keen has no line in this package either: its cages and their clues come in the model.
    grid = puzzles.keen(KEEN)
    solved = grid.solve()
    assert solved.rows == [[4, 3, 2, 1], [3, 1, 4, 2], [1, 2, 3, 4], [2, 4, 1, 3]]
    assert solved.cages[0] == [0, 1, 1, 2]
    assert solved.cage_clues[0] == ["1-", "9+", "", "2/"]
    assert solved.drawing.game_id() == KEEN
    assert grid.grade() == "easy"
    made = puzzles.keen.generate(6, difficulty="hard", seed=3)
    assert made.grade() == "hard"
    assert dlx.solve_puzzle("keen", made.text, "count")["solutions"] == 1


def test_every_puzzle_of_the_library_is_a_kind_of_its_name():
    # A puzzle added to the library's registry needs no line here: its Kind comes from there.
    for name, summary, from_text in dlx.puzzle_infos():
        kind = getattr(puzzles, name)
        assert kind.name == name and name in puzzles.__all__
        assert from_text or name in ("tile", "pack"), name
    assert sorted(puzzles.__all__[3:]) == sorted(dlx.puzzle_names())


DOMINOSA = "2:001100212221"


def test_dominosa_comes_from_the_registry_alone():
    # Dominosa has no line in this package: its numbers are the cells, its dominoes pairs of
    # cells, and its hints' marks placements (1 across, 2 down).
    grid = puzzles.dominosa(DOMINOSA)
    solved = grid.solve()
    assert solved.rows == [[0, 0, 1, 1], [0, 0, 2, 1], [2, 2, 2, 1]]
    assert len(solved.dominoes) == 6 and ((0, 0), (1, 0)) in solved.dominoes
    assert solved.given_dominoes == []
    assert str(solved).splitlines()[0] == "0 0-1 1"
    assert solved.drawing.game_id() == DOMINOSA
    assert grid.grade() == "trivial"
    made = puzzles.dominosa.generate(5, difficulty="hard", seed=3)
    assert made.grade() == "hard"
    assert dlx.solve_puzzle("dominosa", made.text, "count")["solutions"] == 1


def test_every_game_offers_what_the_page_and_the_command_offer():
    # The library says what each game offers a player; Python shows the same: its levels
    # are those --difficulty takes, its first size makes a puzzle at the easiest level, and
    # its example has one solution.
    games = [name for name, _, _ in dlx.puzzle_infos() if puzzles.__dict__[name].offer]
    assert sorted(games) == ["binairo", "dominosa", "futoshiki", "keen", "sudoku", "towers"]
    assert puzzles.queens.offer is None
    for name in games:
        kind = getattr(puzzles, name)
        offer = kind.offer
        assert offer["size"] in offer["sizes"]
        made = kind.generate(offer["size"], difficulty=offer["levels"][0], seed=1)
        assert made.grade().split(" ")[0] in offer["levels"]
        assert dlx.solve_puzzle(name, offer["example"], "count")["solutions"] == 1
    assert puzzles.dominosa.offer["levels"] == ["trivial", "basic", "hard", "extreme", "unreasonable"]
    assert puzzles.dominosa.offer["size_name"] == "Largest number"


def _asked_of_every_door(name, offer):
    """What is asked of game `name` at every door: sizes (each offered one, in upper case too
    (`12X12`), every side from 0 to 66, so past the largest, and words that are no size), each
    at the easiest level; then each level, and levels that are none, at the first size."""
    sizes = list(offer["sizes"])
    sizes += [size.upper() for size in offer["sizes"] if size.upper() != size]
    sizes += [f"{size}{x}{size}" for size in offer["sizes"] for x in "xX" if size.isdigit()]
    sizes += [str(side) for side in range(67)]
    sizes += ["", "x", "-4", " 6", "6 ", "6x", "a6", "1e3", "99999999999999999999"]
    asked = [(size, None) for size in dict.fromkeys(sizes)]
    levels = offer["levels"] + ["nope", offer["levels"][-1].upper(), ""]
    asked += [(offer["size"], level) for level in levels]
    return asked


def test_every_door_answers_the_library_the_same_way():
    """The command line (`--generate`), the HTTP API (`/api/NAME/generate`) and Python ask the
    library the same questions of every game of the registry (sizes, the largest side and
    past it, levels, sizes and levels that are none) and give the same answers: made (or out
    of its time) or refused, refused with the library's words."""
    import json
    import subprocess
    import urllib.error
    import urllib.parse
    import urllib.request

    command = _dlx_command()
    if command is None:
        pytest.skip("no dlx command built here (cargo build, or set DLX_BIN)")
    server = subprocess.Popen(
        [command, "serve", "--time-limit", "0.01"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        address = server.stdout.readline().split("http://")[1].split("/")[0]
        games = [name for name in dlx.puzzle_names() if getattr(puzzles, name).offer]
        assert len(games) >= 6, games
        for name in games:
            for size, level in _asked_of_every_door(name, getattr(puzzles, name).offer):
                # Python: made, out of time, or refused with the library's words.
                try:
                    getattr(puzzles, name).generate(size, difficulty=level, seed=1, timeout=0.001)
                    library = None
                except TimeoutError:
                    library = None
                except ValueError as error:
                    library = str(error)
                args = [command, name, f"--generate={size}", "--timeout", "0.001", "--seed", "1"]
                if level is not None:
                    args.append(f"--difficulty={level}")
                cli = subprocess.run(args, capture_output=True, text=True)
                query = {"size": size, "seed": "1"}
                if level is not None:
                    query["difficulty"] = level
                url = f"http://{address}/api/{name}/generate?{urllib.parse.urlencode(query)}"
                try:
                    with urllib.request.urlopen(url) as reply:
                        status, body = reply.status, json.load(reply)
                except urllib.error.HTTPError as error:
                    status, body = error.code, json.load(error)
                said = (name, size, level, cli.stderr, status, body)
                if library is None:
                    assert cli.returncode in (0, 1), said
                    assert status in (200, 503), said
                else:
                    # Python names the argument in its one message, the API in `field`.
                    assert cli.returncode == 2, said
                    assert status == 400, said
                    assert library in (body["error"], f"{body['field']}: {body['error']}"), said
                    assert body["error"] in cli.stderr, said
    finally:
        server.kill()
        server.wait()


def test_the_plan_is_changed_as_the_command_line_changes_it():
    """`tree`, `propagation` and `memo` change the library's plan (the command's `--tree`,
    `--propagate`, `--memo`/`--no-memo`): every tree and level counts the same; names that
    are none, and a tree that reasons at no node asked to reason, are refused in the
    library's words."""
    queens = puzzles.queens("8")
    for tree in ("links", "sparse-sets", "bitsets", "auto"):
        assert queens.count(tree=tree, memo=False) == 92
    assert queens.count(memo=True) == 92
    futoshiki = puzzles.futoshiki(FUTOSHIKI)
    expected = futoshiki.count()
    for level in ("none", "forcing", "probing"):
        assert futoshiki.count(propagation=level) == expected
    with pytest.raises(ValueError, match="tree 'dancing': expected links, sparse-sets"):
        queens.count(tree="dancing")
    with pytest.raises(ValueError, match="propagation 'more': expected none, forcing"):
        queens.count(propagation="more")
    with pytest.raises(ValueError, match="bitsets reasons at no node: propagation forcing"):
        queens.count(tree="bitsets", propagation="forcing")
    assert dlx.solve_puzzle("queens", "10", "count", node_limit=5)["complete"] is False


def test_random_boards_are_drawn_through_the_library():
    """`random` draws through the library's door: an empty 9 x 9 sudoku by bands (each grid
    a sudoku, the same for a seed), a tiling from the graph of all its solutions."""
    empty = puzzles.sudoku(".........\n" * 9)
    grids = empty.random(3, seed=5)
    assert len(grids) == 3
    for grid in grids:
        assert all(len(set(house_digits)) == 9 for house_digits in _houses_of(grid.rows))
    assert [g.rows for g in grids] == [g.rows for g in empty.random(3, seed=5)]
    assert [g.rows for g in grids] != [g.rows for g in empty.random(3, seed=6)]
    tilings = puzzles.tromino(".....\n.....\n..#..\n.....\n.....\n").random(4, seed=1)
    assert len(tilings) == 4


def _houses_of(rows):
    """The rows, columns and boxes of a 9 x 9 grid."""
    yield from rows
    yield from ([rows[r][c] for r in range(9)] for c in range(9))
    for b in range(9):
        yield [rows[b // 3 * 3 + i // 3][b % 3 * 3 + i % 3] for i in range(9)]
