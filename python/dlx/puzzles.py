"""The puzzles of the library by name, as plain Python objects.

Each puzzle is a function of its text (its own format, or a Tatham game ID where it has one)
that returns a `Puzzle`: solved with the library's plan (the answers and speed of the `dlx`
command), counted exactly, graded, explained step by step, and made anew with
`generate(size, difficulty=, seed=)`. Boards are `Board`s: their cells as lists of lists,
`str()` the command's text, and a drawing that Jupyter shows.

>>> from dlx import puzzles
>>> grid = puzzles.sudoku("1.3.\\n.4..\\n..4.\\n.3.1\\n")
>>> print(grid.solve())
1234
3412
2143
4321
>>> grid.solve().rows[0]
[1, 2, 3, 4]
>>> grid.hint()["text"]
'r1c4 is 4: the only place for 4 in row 1 (hidden single)'
>>> puzzles.queens(8).count()
92
>>> made = puzzles.futoshiki.generate(5, difficulty="tricky", seed=3)
>>> made.unique() == made.solution, made.grade()
(True, 'tricky')
"""

from __future__ import annotations

import datetime
import html
import json
from typing import Any, Callable, Optional, Union

from . import _dlx

__all__ = [
    "Board",
    "Kind",
    "Puzzle",
    "arrows",
    "binairo",
    "calendar",
    "futoshiki",
    "latin",
    "pack",
    "queens",
    "sudoku",
    "tile",
    "tromino",
]



class Board:
    """A puzzle's board, as given or solved.

    `rows`: the cells, row by row: digits as ints and blanks as `None` (sudoku, latin,
    binairo, futoshiki, towers, keen; dominosa's numbers), `True` where a queen stands (queens), the arrow (arrows), the piece's
    letter or tile number (calendar, pack, tromino, tile; `"#"` or `0` off the board, `"."`
    uncovered). `given`: which cells the puzzle gave, where it has givens. `regions`: a jigsaw
    sudoku's region of each cell (numbered from 0). `diagonals`: a sudoku-X. `cages` and `sums`: a killer
    sudoku's cage of each cell (numbered from 0) and the sum written in each cell
    (a cage's in its first cell, 0 elsewhere). `adjacent` and `bars`: Unequal's adjacent
    mode, whose bars join pairs of cells (from 0) that hold consecutive digits. `less`: futoshiki's inequalities,
    as pairs of (row, column) cells from 0, the smaller first. `clues`: a towers grid's counts
    of towers seen, `top`, `bottom` (by column), `left` and `right` (by row), `None` where
    there is none. `cages` and `cage_clues`: a keen grid's cage of each cell (numbered from 0)
    and each cage's clue (`"6+"`, `"2/"`) in its first cell, `""` elsewhere. `dominoes` and
    `given_dominoes`: a dominosa grid's dominoes laid on the board and those the puzzle laid,
    each as a pair of (row, column) cells from 0, the top or left one first. `str()` is the text that the
    `dlx` command prints; `drawing` is the board as the library draws it for every front end,
    whose `svg()` is the picture of `dlx ... --format svg` and which Jupyter shows
    (`_repr_svg_`).
    """

    def __init__(
        self,
        kind: str,
        text: str,
        drawing: "_dlx.Drawing",
    ) -> None:
        self.kind = kind
        self.text = text.rstrip("\n")
        self.drawing = drawing
        # The library's model of the board: the same data for every puzzle, read by name.
        model = json.loads(drawing.model())
        self.rows: list[list[Any]] = model["cells"]
        self.given: Optional[list[list[bool]]] = model.get("given")
        self.diagonals: bool = model.get("diagonals", False)
        self.regions: Optional[list[list[int]]] = model.get("regions")
        self.cages: Optional[list[list[int]]] = model.get("cages")
        self.sums: Optional[list[list[int]]] = model.get("sums")
        self.adjacent: bool = model.get("adjacent", False)
        self.less = [(tuple(a), tuple(b)) for a, b in model.get("less", [])]
        self.bars = [(tuple(a), tuple(b)) for a, b in model.get("bars", [])]
        self.clues: Optional[dict[str, list[Optional[int]]]] = model.get("clues")
        self.cage_clues: Optional[list[list[str]]] = model.get("cage_clues")
        self.dominoes = [(tuple(a), tuple(b)) for a, b in model.get("dominoes", [])]
        self.given_dominoes = [(tuple(a), tuple(b)) for a, b in model.get("given_dominoes", [])]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<dlx.puzzles.Board {self.kind} {len(self.rows)}x{self._cols()}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and (self.kind, self.text) == (other.kind, other.text)

    def __hash__(self) -> int:
        return hash((self.kind, self.text))

    def _cols(self) -> int:
        return max((len(row) for row in self.rows), default=0)

    def _repr_svg_(self) -> str:
        return self.drawing.svg()

    def _repr_html_(self) -> str:
        return f'<div title="{html.escape(self.kind)}">{self.drawing.svg()}</div>'


class Puzzle:
    """A puzzle of one kind, read from its text; `given` is its board before solving.

    A `Puzzle` made by `Kind.generate` also has its `solution` (a `Board`), its `difficulty`
    and whether that difficulty was `reached`.
    """

    def __init__(self, kind: str, text: str, board: Optional[str] = None) -> None:
        self.kind = kind
        self.text = text
        self.board = board
        self.given = Board(
            kind,
            _dlx.puzzle_given(kind, text, board=board),
            _dlx.given_drawing(kind, text, board=board),
        )
        self.solution: Optional[Board] = None
        self.difficulty: Optional[str] = None
        self.reached: Optional[bool] = None

    def _solve(
        self,
        task: str,
        timeout: Optional[float],
        limit: Optional[int],
        up_to_symmetry: bool = False,
        **plan: Any,
    ) -> dict[str, Any]:
        return _dlx.solve_puzzle(
            self.kind,
            self.text,
            task,
            timeout=timeout,
            limit=limit,
            board=self.board,
            up_to_symmetry=up_to_symmetry,
            **plan,
        )

    def _boards(self, answer: dict[str, Any]) -> list[Board]:
        return [
            Board(self.kind, text, drawing)
            for text, drawing in zip(answer["boards"], answer["drawings"])
        ]

    def solve(self, timeout: Optional[float] = None) -> Optional[Board]:
        """The first solution the search finds, or `None` if there is none.

        Raises `TimeoutError` if `timeout` (seconds) ran out before the search ended."""
        answer = self._solve("first", timeout, None)
        if not answer["complete"]:
            raise TimeoutError(f"no solution found within {timeout} s")
        boards = self._boards(answer)
        return boards[0] if boards else None

    def unique(self, timeout: Optional[float] = None) -> Optional[Board]:
        """The solution if there is exactly one, else `None` (none, or several)."""
        answer = self._solve("unique", timeout, None)
        if not answer["complete"]:
            raise TimeoutError(f"uniqueness not settled within {timeout} s")
        boards = self._boards(answer)
        return boards[0] if len(boards) == 1 else None

    def solutions(
        self,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        up_to_symmetry: bool = False,
    ) -> list[Board]:
        """Every solution, or the first `limit` of them, in the search's order; as many as
        were found when `timeout` (seconds) ran out. With `up_to_symmetry=True`, the least
        solution of each class of solutions that the board's symmetries map onto each other."""
        return self._boards(self._solve("all", timeout, limit, up_to_symmetry))

    def random(
        self, n: int = 1, seed: int = 0, timeout: Optional[float] = None
    ) -> list[Board]:
        """`n` solutions drawn uniformly at random, each draw independent, the same for the
        same `seed` (an empty 9 x 9 sudoku's grids by bands, dominoes on an Aztec diamond by
        domino shuffling, the others from the graph of all solutions).

        Raises `TimeoutError` if `timeout` (seconds) ran out before the `n` were drawn."""
        answer = self._solve("random", timeout, n, seed=seed)
        if not answer["complete"]:
            raise TimeoutError(f"{len(answer['boards'])} of {n} drawn within {timeout} s")
        return self._boards(answer)

    def count(
        self,
        timeout: Optional[float] = None,
        up_to_symmetry: bool = False,
        tree: Optional[str] = None,
        propagation: Optional[str] = None,
        memo: Optional[bool] = None,
    ) -> int:
        """The number of solutions, exactly (memoized where the library's plan says so);
        with `up_to_symmetry=True`, of classes of solutions that the symmetries of the
        puzzle's encoding (a board's rotations and reflections) map onto each other.
        `tree`, `propagation` and `memo` change the plan as `dlx`'s `--tree`, `--propagate`
        and `--memo`/`--no-memo` do (`solve_puzzle`).

        Raises `TimeoutError` if `timeout` (seconds) ran out: a count cut short is never
        returned as if it were whole."""
        answer = self._solve(
            "count",
            timeout,
            None,
            up_to_symmetry,
            tree=tree,
            propagation=propagation,
            memo=memo,
        )
        if not answer["complete"]:
            raise TimeoutError(f"the count was not finished within {timeout} s")
        return answer["solutions"]

    def grade(self) -> str:
        """The easiest rung of the puzzle's ladder that solves it (the games:
        sudoku, futoshiki, binairo, towers, keen, dominosa): `NAME (needs search: N nodes)` at the top, `several solutions`, or
        `no solution`."""
        return _dlx.grade_puzzle(self.kind, self.text)

    def explain(self) -> dict[str, Any]:
        """Every step of deduction from the puzzle as given (the games): `steps`
        (each with `rule`, `placed` and `removed` as (row, column, value) from 1, and `text`)
        and `end` (`solved`, `stuck`, `contradiction` or `no solution`)."""
        return _dlx.explain_puzzle(self.kind, self.text)

    def hint(self) -> Optional[dict[str, Any]]:
        """The next step of deduction (as a step of `explain`), or `None` where none is left
        (the puzzle is solved, or only search goes on).

        Raises `ValueError` if the grid as given has no solution: a hint would lead on."""
        explained = self.explain()
        if explained["end"] in ("contradiction", "no solution"):
            raise ValueError(f"the grid has no solution ({explained['end']})")
        steps = explained["steps"]
        return steps[0] if steps else None

    def __str__(self) -> str:
        return str(self.given)

    def __repr__(self) -> str:
        return f"<dlx.puzzles.Puzzle {self.kind}>"

    def _repr_svg_(self) -> str:
        return self.given._repr_svg_()

    def _repr_html_(self) -> str:
        return self.given._repr_html_()


class Kind:
    """A kind of puzzle: called with a puzzle's text (or a Tatham game ID), it gives the
    `Puzzle`; `generate` makes new ones where the library does."""

    def __init__(self, name: str, doc: str, text: Callable[..., str] = str) -> None:
        self.name = name
        self.__doc__ = doc
        self._text = text

    def __call__(self, *args: Any) -> Puzzle:
        return Puzzle(self.name, self._text(*args))

    def generate(
        self,
        size: Union[int, str],
        difficulty: Optional[str] = None,
        seed: int = 0,
        timeout: Optional[float] = None,
    ) -> Puzzle:
        """A new puzzle with exactly one solution: `size` as the command line takes it (9,
        `"9x"` for a sudoku-X, `"9j"` for a jigsaw, binairo `"8x10"`), `difficulty` a rung's
        name (the easiest by default), the same puzzle for the same `seed`.

        Raises `TimeoutError` if `timeout` (seconds) runs out before the puzzle is made."""
        made = _dlx.generate_puzzle(
            self.name, str(size), difficulty=difficulty, seed=seed, timeout=timeout
        )
        puzzle = Puzzle(self.name, made["puzzle"])
        puzzle.solution = Board(
            self.name, made["solution"], made["solution_drawing"]
        )
        puzzle.difficulty = made["difficulty"]
        puzzle.reached = made["reached"]
        return puzzle

    @property
    def offer(self) -> Optional[dict[str, Any]]:
        """What a game offers a player, as the page and `dlx NAME --help` show it: `rules`,
        `sizes` (offered to `generate`; others may be made too), `size` (the first offered),
        `size_name`, `levels` (easiest first) and `example` (a puzzle to try); `None` for a
        puzzle that is not a game."""
        return _dlx.game_offer(self.name)

    def __repr__(self) -> str:
        return f"<dlx.puzzles.{self.name}>"


class _OnBoard(Kind):
    """A packing or tiling: its board (lines of `.`, a cell, and `#`, no cell) and its
    pieces (pictures of the pieces, blank lines between them)."""

    def __call__(self, board: str, pieces: str) -> Puzzle:  # type: ignore[override]
        return Puzzle(self.name, pieces, board=board)


def _date(day: Union[str, datetime.date]) -> str:
    return day.isoformat() if isinstance(day, datetime.date) else str(day)


calendar = Kind("calendar", "The calendar puzzle of a date (`\"2026-11-27\"`, or a date).", _date)
tromino = Kind("tromino", "L-tromino tilings of a board (lines of `.` and `#`).")
tile = _OnBoard("tile", "Tilings of a board by copies of pieces, each used any number of times.")
pack = _OnBoard("pack", "Packings of pieces on a board, each piece used once.")
futoshiki = Kind("futoshiki", "Futoshiki: its text, or an Unequal game ID.")
binairo = Kind("binairo", "Binairo (Takuzu): its text, or an Unruly game ID.")
latin = Kind("latin", "A Latin square to complete.")
sudoku = Kind("sudoku", "Sudoku (also X and jigsaw): its text, or a Solo game ID.")
arrows = Kind("arrows", "The arrow board of side n (even).")
queens = Kind("queens", "The n-queens problem on an n x n board.")

# Every other puzzle of the library that its text alone describes (a game added to the
# registry) is a `Kind` of its name too, described by its line in `dlx --help`.
for _name, _summary, _from_text in _dlx.puzzle_infos():
    if _from_text and _name not in globals():
        globals()[_name] = Kind(_name, _summary + ".")
        __all__.append(_name)
