"""Exact cover by Dancing Links (Knuth's Algorithms X, C and M), and the puzzles it solves.

`covers(options, primary=, secondary=, colored=)`, `covers_bool(matrix)`, `covers_zdd` and
`covers_bool_zdd` have the meaning and argument names of Python's `xcover`, so that code
written for it ports by changing the import; `Problem` reads Knuth's text format or lists and counts exactly at any size;
`dlx.puzzles` solves, makes, grades and draws the puzzles by name.
"""

from typing import Any, Iterable

from ._dlx import (
    __version__,
    ParseError,
    Problem,
    Solutions,
    count,
    covers,
    covers_zdd,
    explain_puzzle,
    generate_puzzle,
    grade_puzzle,
    has_cover,
    puzzle_given,
    puzzle_infos,
    puzzle_names,
    solve_puzzle,
)

__all__ = [
    "__version__",
    "ParseError",
    "Problem",
    "Solutions",
    "count",
    "covers",
    "covers_bool",
    "covers_bool_zdd",
    "covers_zdd",
    "explain_puzzle",
    "generate_puzzle",
    "grade_puzzle",
    "has_cover",
    "puzzle_given",
    "puzzle_infos",
    "puzzle_names",
    "solve_puzzle",
]


def covers_bool(matrix: Iterable[Iterable[Any]]) -> Solutions:
    """The solutions of a 0-1 matrix, lazily, as lists of row indices (xcover's `covers_bool`).

    Rows are the options, columns the items (all primary); a nonzero entry puts the item in
    the option. A numpy array, or any rows of equal length, will do.

    >>> list(covers_bool([[1, 0, 0], [0, 1, 1], [1, 1, 0], [0, 0, 1]]))
    [[0, 1], [2, 3]]
    """
    options, width = _rows(matrix)
    return covers(options, primary=range(width))


def _rows(matrix: Iterable[Iterable[Any]]) -> tuple[list[list[int]], int]:
    """The options of a 0-1 matrix (each row's columns with a nonzero entry), and its width."""
    rows = [list(row) for row in matrix]
    width = len(rows[0]) if rows else 0
    for index, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(
                f"row {index} of the matrix has {len(row)} entries, expected {width} as row 0"
            )
    return [[column for column, entry in enumerate(row) if entry] for row in rows], width


def covers_bool_zdd(
    matrix: Iterable[Iterable[Any]], use_memo_cache: bool = False, choose_heuristic: str = "MRV"
) -> list[tuple[int, int, int, int]]:
    """The ZDD of every solution of a 0-1 matrix, as `covers_zdd` gives it (xcover's
    `covers_bool_zdd`): rows are the options, columns the items, all primary.

    >>> covers_bool_zdd([[1, 0], [0, 1], [1, 1]])[-1][0]
    4
    """
    options, width = _rows(matrix)
    return covers_zdd(
        options,
        primary=range(width),
        use_memo_cache=use_memo_cache,
        choose_heuristic=choose_heuristic,
    )
