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

# The puzzles whose cells hold digits, blank until solved; those whose cells name pieces.
_DIGITS = ("sudoku", "latin", "binairo", "futoshiki")
_PIECES = ("calendar", "pack", "tromino", "tile")

# Region colors: the `dlx` command's palette (light, so that black text stays legible).
_PALETTE = (
    "#ffafaf", "#afd7af", "#ffd787", "#87afff", "#d7afff", "#87d7d7",
    "#ffaf87", "#d7d7af", "#ffafd7", "#afafff", "#afd787", "#d7af87",
)  # fmt: skip
_CELL = 40
_GAP = 16  # between futoshiki's cells, where the signs stand
_FOUND = "#1f5fbf"
_DIAGONAL = "#f4ecd2"


class Board:
    """A puzzle's board, as given or solved.

    `rows`: the cells, row by row: digits as ints and blanks as `None` (sudoku, latin,
    binairo, futoshiki), `True` where a queen stands (queens), the arrow (arrows), the piece's
    letter or tile number (calendar, pack, tromino, tile; `"#"` or `0` off the board, `"."`
    uncovered). `given`: which cells the puzzle gave, where it has givens. `regions`: a jigsaw
    sudoku's region of each cell. `diagonals`: a sudoku-X. `cages` and `sums`: a killer
    sudoku's cage of each cell (numbered in reading order) and the sum written in each cell
    (a cage's in its first cell, 0 elsewhere). `adjacent` and `bars`: Unequal's adjacent
    mode, whose bars join pairs of cells (from 0) that hold consecutive digits. `less`: futoshiki's inequalities,
    as pairs of (row, column) cells from 0, the smaller first. `str()` is the text that the
    `dlx` command prints; Jupyter draws the board (`_repr_svg_`).
    """

    def __init__(self, kind: str, text: str, given: Optional["Board"] = None) -> None:
        self.kind = kind
        self.text = text.rstrip("\n")
        self.diagonals = False
        self.regions: Optional[list[list[str]]] = None
        self.cages: Optional[list[list[int]]] = None
        self.sums: Optional[list[list[int]]] = None
        self.less: list[tuple[tuple[int, int], tuple[int, int]]] = []
        self.bars: list[tuple[tuple[int, int], tuple[int, int]]] = []
        self.adjacent = False
        self.rows: list[list[Any]] = _READERS.get(kind, _characters)(self)
        self.given: Optional[list[list[bool]]] = None
        if kind in _DIGITS:
            source = given if given is not None else self
            self.given = [[cell is not None for cell in row] for row in source.rows]

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
        return _draw(self)

    def _repr_html_(self) -> str:
        return f'<div title="{html.escape(self.kind)}">{_draw(self)}</div>'


class Puzzle:
    """A puzzle of one kind, read from its text; `given` is its board before solving.

    A `Puzzle` made by `Kind.generate` also has its `solution` (a `Board`), its `difficulty`
    and whether that difficulty was `reached`.
    """

    def __init__(self, kind: str, text: str, board: Optional[str] = None) -> None:
        self.kind = kind
        self.text = text
        self.board = board
        self.given = Board(kind, _dlx.puzzle_given(kind, text, board=board))
        self.solution: Optional[Board] = None
        self.difficulty: Optional[str] = None
        self.reached: Optional[bool] = None

    def _solve(self, task: str, timeout: Optional[float], limit: Optional[int]) -> dict[str, Any]:
        return _dlx.solve_puzzle(
            self.kind, self.text, task, timeout=timeout, limit=limit, board=self.board
        )

    def _boards(self, texts: list[str]) -> list[Board]:
        return [Board(self.kind, text, given=self.given) for text in texts]

    def solve(self, timeout: Optional[float] = None) -> Optional[Board]:
        """The first solution the search finds, or `None` if there is none.

        Raises `TimeoutError` if `timeout` (seconds) ran out before the search ended."""
        answer = self._solve("first", timeout, None)
        if not answer["complete"]:
            raise TimeoutError(f"no solution found within {timeout} s")
        boards = self._boards(answer["boards"])
        return boards[0] if boards else None

    def unique(self, timeout: Optional[float] = None) -> Optional[Board]:
        """The solution if there is exactly one, else `None` (none, or several)."""
        answer = self._solve("unique", timeout, None)
        if not answer["complete"]:
            raise TimeoutError(f"uniqueness not settled within {timeout} s")
        boards = self._boards(answer["boards"])
        return boards[0] if len(boards) == 1 else None

    def solutions(
        self, limit: Optional[int] = None, timeout: Optional[float] = None
    ) -> list[Board]:
        """Every solution, or the first `limit` of them, in the search's order; as many as
        were found when `timeout` (seconds) ran out."""
        return self._boards(self._solve("all", timeout, limit)["boards"])

    def count(self, timeout: Optional[float] = None) -> int:
        """The number of solutions, exactly (memoized where the library's plan says so).

        Raises `TimeoutError` if `timeout` (seconds) ran out: a count cut short is never
        returned as if it were whole."""
        answer = self._solve("count", timeout, None)
        if not answer["complete"]:
            raise TimeoutError(f"the count was not finished within {timeout} s")
        return answer["solutions"]

    def grade(self) -> str:
        """The easiest rung of the puzzle's ladder that solves it (sudoku, futoshiki,
        binairo): `NAME (needs search: N nodes)` at the top, `several solutions`, or
        `no solution`."""
        return _dlx.grade_puzzle(self.kind, self.text)

    def explain(self) -> dict[str, Any]:
        """Every step of deduction from the puzzle as given (sudoku, futoshiki, binairo): `steps`
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
        puzzle.solution = Board(self.name, made["solution"], given=puzzle.given)
        puzzle.difficulty = made["difficulty"]
        puzzle.reached = made["reached"]
        return puzzle

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


# Reading a board's text into cells.


def _digit(token: str) -> Optional[int]:
    """A cell of a grid of digits: `.` `_` and `0` blank (binairo's 0 is read apart)."""
    if token in (".", "_", "0", "-"):
        return None
    return int(token, 36) if len(token) == 1 else int(token)


def _tokens(line: str) -> list[str]:
    return line.split() if " " in line.strip() else list(line.strip())


def _sudoku(board: Board) -> list[list[Any]]:
    lines = [line for line in board.text.splitlines() if line.strip()]
    if lines and lines[0].strip() == "X":
        board.diagonals = True
        lines = lines[1:]
    if "cages" in lines:
        at, sums_at = lines.index("cages"), lines.index("sums")
        names = [list(line.strip()) for line in lines[at + 1 : sums_at]]
        board.cages = _groups(names)
        board.sums = [[0 if t == "." else int(t) for t in line.split()] for line in lines[sums_at + 1 :]]
        lines = lines[:at]
    if "regions" in lines:
        at = lines.index("regions")
        board.regions = [list(line.strip()) for line in lines[at + 1 :]]
        lines = lines[:at]
    return [[_digit(token) for token in _tokens(line)] for line in lines]


def _groups(names: list[list[str]]) -> list[list[int]]:
    """Cages numbered from 0 in reading order: side-by-side cells of one name are one cage."""
    rows, cols = len(names), len(names[0]) if names else 0
    number = [[-1] * cols for _ in range(rows)]
    count = 0
    for r in range(rows):
        for c in range(cols):
            if number[r][c] >= 0:
                continue
            number[r][c], todo = count, [(r, c)]
            while todo:
                y, x = todo.pop()
                for ny, nx in [(y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)]:
                    if 0 <= ny < rows and 0 <= nx < cols and number[ny][nx] < 0 and names[ny][nx] == names[y][x]:
                        number[ny][nx] = count
                        todo.append((ny, nx))
            count += 1
    return number


def _binairo(board: Board) -> list[list[Any]]:
    lines = board.text.splitlines()
    return [[None if c == "." else int(c) for c in line.strip()] for line in lines]


def _futoshiki(board: Board) -> list[list[Any]]:
    lines = board.text.splitlines()
    board.adjacent = lines[0].strip().endswith("adjacent")
    lines = lines[1:]
    rows = []
    for index, line in enumerate(lines):
        tokens = line.split()
        row = index // 2
        if index % 2 == 0:
            rows.append([_digit(token) for token in tokens[0::2]])
            for col, sign in enumerate(tokens[1::2]):
                if sign == "<":
                    board.less.append(((row, col), (row, col + 1)))
                elif sign == ">":
                    board.less.append(((row, col + 1), (row, col)))
                elif sign == "=":
                    board.bars.append(((row, col), (row, col + 1)))
        else:
            for col, sign in enumerate(tokens[0::2]):
                if sign == "^":
                    board.less.append(((row, col), (row + 1, col)))
                elif sign == "v":
                    board.less.append(((row + 1, col), (row, col)))
                elif sign == "=":
                    board.bars.append(((row, col), (row + 1, col)))
    return rows


def _queens(board: Board) -> list[list[Any]]:
    return [[c == "Q" for c in line.strip()] for line in board.text.splitlines()]


def _numbers(board: Board) -> list[list[Any]]:
    return [[int(token) for token in line.split()] for line in board.text.splitlines()]


def _characters(board: Board) -> list[list[Any]]:
    return [list(line) for line in board.text.splitlines()]


_READERS: dict[str, Callable[[Board], list[list[Any]]]] = {
    "sudoku": _sudoku,
    "latin": _sudoku,
    "binairo": _binairo,
    "futoshiki": _futoshiki,
    "queens": _queens,
    "tromino": _numbers,
    "tile": _numbers,
}


# Drawing a board as SVG.


def _boxes(side: int) -> tuple[int, int]:
    """A sudoku's boxes: rows and columns, the most nearly square (2 x 3 on 6, 3 x 3 on 9)."""
    rows = max(d for d in range(1, int(side**0.5) + 1) if side % d == 0)
    return rows, side // rows


def _region(board: Board, row: int, col: int) -> Optional[Any]:
    """What a cell belongs to, for the thick lines: walls stand between cells of different
    regions, and between a cell and the outside (`None`)."""
    if row < 0 or col < 0 or row >= len(board.rows) or col >= len(board.rows[row]):
        return None
    cell = board.rows[row][col]
    if board.kind in _PIECES:
        return None if cell in ("#", 0) else cell
    if board.regions is not None:
        return board.regions[row][col]
    if board.kind == "sudoku":
        box_rows, box_cols = _boxes(len(board.rows))
        return (row // box_rows, col // box_cols)
    return 0


def _draw(board: Board) -> str:
    rows, cols = len(board.rows), board._cols()
    gap = _GAP if board.kind == "futoshiki" else 0
    pitch = _CELL + gap

    def corner(row: int, col: int) -> tuple[int, int]:
        return col * pitch, row * pitch

    colors: dict[Any, str] = {}
    parts = []
    for r, row in enumerate(board.rows):
        for c, cell in enumerate(row):
            region = _region(board, r, c)
            if region is None:
                continue
            x, y = corner(r, c)
            fill = "#ffffff"
            if board.kind in _PIECES and cell != ".":
                fill = colors.setdefault(cell, _PALETTE[len(colors) % len(_PALETTE)])
            elif board.diagonals and (r == c or r + c + 1 == cols):
                fill = _DIAGONAL
            parts.append(
                f'<rect x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" fill="{fill}" '
                f'stroke="#999999"/>'
            )
            label, bold, color = _label(board, r, c)
            if label:
                parts.append(_text(x + _CELL // 2, y + _CELL // 2, label, 20, bold, color))
    for (r1, c1), (r2, c2) in board.bars:
        # A bar across the gap, as Unequal draws it.
        x1, y1 = corner(r1, c1)
        if r1 == r2:
            x = x1 + _CELL + gap // 2
            parts.append(f'<path d="M{x} {y1 + 8}V{y1 + _CELL - 8}" stroke="#000000" stroke-width="4"/>')
        else:
            y = y1 + _CELL + gap // 2
            parts.append(f'<path d="M{x1 + 8} {y}H{x1 + _CELL - 8}" stroke="#000000" stroke-width="4"/>')
    for (r1, c1), (r2, c2) in board.less:
        x1, y1 = corner(r1, c1)
        x2, y2 = corner(r2, c2)
        x, y = (x1 + x2) // 2 + _CELL // 2, (y1 + y2) // 2 + _CELL // 2
        sign = {(0, 1): "<", (0, -1): ">", (1, 0): "∧", (-1, 0): "∨"}[(r2 - r1, c2 - c1)]
        parts.append(_text(x, y, sign, 18, True, "#000000"))
    parts.append(_walls(board, rows, cols, pitch, gap))
    if board.cages is not None and board.sums is not None:
        parts.append(_cages(board.cages, board.sums))
    width, height = cols * pitch - gap, rows * pitch - gap
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 4}" height="{height + 4}" '
        f'viewBox="-2 -2 {width + 4} {height + 4}">{"".join(parts)}</svg>'
    )


def _label(board: Board, row: int, col: int) -> tuple[str, bool, str]:
    """A cell's text, whether it is bold, and its color: givens black and bold, digits found
    blue."""
    cell = board.rows[row][col]
    if board.kind in _DIGITS:
        if cell is None:
            return "", False, ""
        # As the text writes digits: letters from 10 on grids up to 35 x 35.
        text = str(cell) if cell < 10 or len(board.rows) > 35 else chr(ord("A") + cell - 10)
        given = board.given is not None and board.given[row][col]
        return text, given, "#000000" if given else _FOUND
    if board.kind == "queens":
        return ("♛" if cell else ""), False, "#000000"
    if board.kind in _PIECES:
        return "", False, ""
    return str(cell), False, "#000000"


def _text(x: int, y: int, label: str, size: int, bold: bool, fill: str) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}"{weight} '
        f'fill="{fill}" text-anchor="middle" dominant-baseline="central">'
        f"{html.escape(label)}</text>"
    )


def _cages(cages: list[list[int]], sums: list[list[int]]) -> str:
    """Killer cages: a dashed outline inset in the cells, where the cage ends (run on to the
    next cell where it goes on), and each sum in the corner of its cage's first cell."""
    inset, far = 4, _CELL - 4
    rows, cols = len(cages), len(cages[0])

    def apart(r: int, c: int, dr: int, dc: int) -> bool:
        y, x = r + dr, c + dc
        return not (0 <= y < rows and 0 <= x < cols) or cages[y][x] != cages[r][c]

    path, labels = [], []
    for r in range(rows):
        for c in range(cols):
            x, y = c * _CELL, r * _CELL
            start = lambda turns: inset if turns else 0  # noqa: E731
            end = lambda turns: far if turns else _CELL  # noqa: E731
            if apart(r, c, -1, 0):
                path.append(f"M{x + start(apart(r, c, 0, -1))} {y + inset}H{x + end(apart(r, c, 0, 1))}")
            if apart(r, c, 1, 0):
                path.append(f"M{x + start(apart(r, c, 0, -1))} {y + far}H{x + end(apart(r, c, 0, 1))}")
            if apart(r, c, 0, -1):
                path.append(f"M{x + inset} {y + start(apart(r, c, -1, 0))}V{y + end(apart(r, c, 1, 0))}")
            if apart(r, c, 0, 1):
                path.append(f"M{x + far} {y + start(apart(r, c, -1, 0))}V{y + end(apart(r, c, 1, 0))}")
            if sums[r][c]:
                labels.append(
                    f'<text x="{x + 3}" y="{y + 8}" font-family="sans-serif" font-size="10" '
                    f'fill="#333333" dominant-baseline="central">{sums[r][c]}</text>'
                )
    dashed = f'<path d="{"".join(path)}" stroke="#555555" stroke-width="1" stroke-dasharray="3 2" fill="none"/>'
    return dashed + "".join(labels)


def _walls(board: Board, rows: int, cols: int, pitch: int, gap: int) -> str:
    """Thick lines between regions (boxes, jigsaw regions, pieces) and around the board; a
    board with gaps between its cells (futoshiki) has a frame around each cell instead."""
    path = []
    if gap:
        for r in range(rows):
            for c in range(cols):
                path.append(f"M{c * pitch} {r * pitch}h{_CELL}v{_CELL}h-{_CELL}z")
    else:
        for r in range(rows + 1):
            for c in range(cols):
                if _region(board, r - 1, c) != _region(board, r, c):
                    path.append(f"M{c * pitch} {r * pitch}h{_CELL}")
        for r in range(rows):
            for c in range(cols + 1):
                if _region(board, r, c - 1) != _region(board, r, c):
                    path.append(f"M{c * pitch} {r * pitch}v{_CELL}")
    width = 2 if gap else 3
    return f'<path d="{"".join(path)}" stroke="#222222" stroke-width="{width}" fill="none"/>'
