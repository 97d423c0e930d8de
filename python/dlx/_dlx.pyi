"""The native module of `dlx`: the engine, and the puzzles by name through the registry."""

from typing import Any, Callable, Hashable, Iterable, Iterator, Mapping, Optional, Sequence, Union

__version__: str

class ParseError(ValueError):
    """Input that is not what was expected; `line` and `column` (from 1) say where."""

    line: Optional[int]
    column: Optional[int]

class Solutions(Iterator[list[int]]):
    """The solutions of a problem, one at a time, as lists of option indices."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> list[int]: ...

def covers(
    options: Iterable[Iterable[Any]],
    primary: Optional[Iterable[Hashable]] = None,
    secondary: Optional[Iterable[Hashable]] = None,
    colored: bool = False,
) -> Solutions:
    """The solutions, lazily, as lists of option indices (xcover's `covers`)."""

def covers_zdd(
    options: Iterable[Iterable[Any]],
    primary: Optional[Iterable[Hashable]] = None,
    secondary: Optional[Iterable[Hashable]] = None,
    colored: bool = False,
    use_memo_cache: bool = False,
    choose_heuristic: str = "MRV",
) -> list[tuple[int, int, int, int]]:
    """The ZDD of every solution as nodes (index, option, lo, hi), the top last (xcover's
    `covers_zdd`)."""

def has_cover(
    options: Iterable[Iterable[Any]],
    primary: Optional[Iterable[Hashable]] = None,
    secondary: Optional[Iterable[Hashable]] = None,
    colored: bool = False,
) -> bool:
    """Whether the problem has a solution."""

def count(
    options: Iterable[Iterable[Any]],
    primary: Optional[Iterable[Hashable]] = None,
    secondary: Optional[Iterable[Hashable]] = None,
    colored: bool = False,
) -> int:
    """The number of solutions, exactly."""

class Problem:
    """An exact-cover problem, from lists (as `covers` takes them) or Knuth's text format."""

    def __init__(
        self,
        options: Iterable[Iterable[Any]],
        primary: Optional[Iterable[Hashable]] = None,
        secondary: Optional[Iterable[Hashable]] = None,
        colored: bool = False,
        multiplicities: Optional[Mapping[Hashable, Union[int, tuple[int, int]]]] = None,
    ) -> None:
        """`multiplicities`: how often primary items are covered, a count or (least, most)."""
    @staticmethod
    def from_dlx(text: str) -> "Problem":
        """A problem in Knuth's text format; raises `ParseError` with line and column."""
    def to_dlx(self) -> str: ...
    @property
    def option_count(self) -> int: ...
    def count(
        self,
        memo: bool = False,
        threads: int = 1,
        timeout: Optional[float] = None,
        tree: Optional[str] = None,
        propagate: Optional[str] = None,
        progress: Optional[Callable[[dict[str, Any]], Any]] = None,
        every: float = 1.0,
        up_to_symmetry: bool = False,
    ) -> int:
        """The number of solutions, exactly; `memo=True` counts by memoization;
        `up_to_symmetry=True` counts classes of solutions the symmetries map onto each other.

        `tree`: auto, links, sparse-sets or bitsets; `propagate`: none, forcing or probing;
        `progress` is called about every `every` seconds with `nodes`, `solutions`, `level`,
        `estimate` and `seconds`."""
    def estimate(self, samples: int = 1000, seed: int = 0) -> dict[str, float]:
        """Knuth's estimate of the solutions and nodes from random paths, with errors."""
    def zdd(self) -> str:
        """The ZDD of every solution, in the text of Knuth's ZDD programs."""
    def first(self) -> Optional[list[int]]: ...
    def solve(
        self,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        threads: int = 1,
        up_to_symmetry: bool = False,
    ) -> list[list[int]]:
        """Every solution, or the first `limit`; `TimeoutError` when `timeout` runs out;
        `up_to_symmetry=True`: the least solution of each class."""
    def symmetry(self) -> dict[str, Any]:
        """The symmetries: `order` and `generators` (cycles of item names)."""
    def solutions(self, limit: Optional[int] = None) -> Solutions: ...
    def random(self, n: int, seed: int = 0) -> list[list[int]]:
        """`n` solutions drawn uniformly at random."""

def solve_puzzle(
    name: str,
    text: str,
    task: str = "first",
    timeout: Optional[float] = None,
    limit: Optional[int] = None,
    board: Optional[str] = None,
    up_to_symmetry: bool = False,
) -> dict[str, Any]:
    """A puzzle solved by name with the library's plan: `boards`, `drawings`, `solutions`,
    `complete`; `up_to_symmetry=True` counts and lists once per class of symmetric solutions.

    `timeout` (seconds) and `limit` (the most boards of `all`) stop it early, with `complete`
    false; `pack` and `tile` take their pieces as `text` and a `board`."""

def puzzle_given(name: str, text: str, board: Optional[str] = None) -> str:
    """The puzzle as given, before solving, in a solved board's text."""

def given_drawing(name: str, text: str, board: Optional[str] = None) -> "Drawing":
    """The drawing of the puzzle as given, before solving."""

class Drawing:
    """A board as data, drawn by the renderers of the `dlx` command."""

    def svg(self) -> str:
        """The picture of `dlx ... --format svg`."""
    def json(self) -> str:
        """The board's JSON object, as `--format json` prints it (without `solution`)."""
    def pretty(self, color: bool = False) -> str:
        """The board drawn for a terminal."""
    def model(self) -> str:
        """The board as plain data (JSON text): `kind`, `rows`, `cols`, `cells`, and where the
        puzzle has them `given`, `regions`, `cages`, `sums`, `less`, `bars`, ..."""
    def plain(self) -> str:
        """The board's plain text."""
    def game_id(self) -> Optional[str]:
        """Its Tatham game ID, where it has one."""

def puzzle_names() -> list[str]: ...
def puzzle_infos() -> list[tuple[str, str, bool]]: ...
def game_offer(name: str) -> Optional[dict[str, Any]]:
    """What the game offers a player (rules, sizes, size, size_name, levels, example), or None."""
def generate_puzzle(
    name: str,
    size: str,
    difficulty: Optional[str] = None,
    seed: int = 0,
    timeout: Optional[float] = None,
) -> dict[str, Any]:
    """A new puzzle with one solution: `puzzle`, `solution`, `puzzle_drawing`,
    `solution_drawing`, `difficulty`, `reached`;
    `TimeoutError` when `timeout` (seconds) runs out first."""

def grade_puzzle(name: str, text: str) -> str:
    """The puzzle's grade on its ladder."""

def explain_puzzle(name: str, text: str) -> dict[str, Any]:
    """Every step of deduction: `steps` (rule, placed, removed, text) and `end`."""
