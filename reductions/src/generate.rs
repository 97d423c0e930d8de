//! What the puzzle generators share: a seeded random number generator that gives the same
//! numbers on every machine, random solved boards drawn by the engine, and the engine's
//! verdict on how many solutions a puzzle has.
//!
//! Every generator works the same way (each puzzle's `generate` module): draw a solved
//! board at random ([`random_solution`]: the empty puzzle's options shuffled, then the first
//! solution of the search; binairo's with its line reasoning at every node,
//! [`random_solution_reasoning`]), give every clue that board implies, then take the clues away
//! in a random order, putting one back whenever the puzzle would lose what the difficulty
//! asks for (solvable by the rules of that grade, or, at the top grade, a unique solution
//! as the engine counts it: [`solutions`]). What is left is minimal: no clue can be taken
//! away. A puzzle that comes out easier than asked is drawn again.
//!
//! ```
//! use reductions::generate::Rng;
//!
//! let mut rng = Rng::new(7);
//! let mut cards: Vec<u32> = (0..10).collect();
//! rng.shuffle(&mut cards);
//! let mut again = Rng::new(7);
//! let mut same: Vec<u32> = (0..10).collect();
//! again.shuffle(&mut same);
//! assert_eq!(cards, same);
//! assert!(rng.below(6) < 6);
//! ```

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::logic::Deduction;
pub(crate) use crate::stop::{bounded, stopped, stopping};
use crate::{Encoding, Reduction};

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny generator of 64-bit numbers, defined by
/// integer arithmetic alone, so a seed gives the same puzzles on every machine and with
/// any number of threads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator started from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number from 0 to `n - 1`, each equally likely (Lemire's method, with rejection).
    ///
    /// # Panics
    /// If `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "no number lies below 0");
        let n = n as u64;
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(n);
            if (product as u64) >= threshold {
                return (product >> 64) as usize;
            }
        }
    }

    /// Puts a slice in a random order, each order equally likely (Fisher and Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for k in (1..items.len()).rev() {
            items.swap(k, self.below(k + 1));
        }
    }
}

/// Runs `f` (a generator, say) so that it stops soon after `cancel` is set from another
/// thread, as when its deadline passes: a generator then gives [`OutOfTime`]. For servers
/// whose client may leave before the puzzle is made.
///
/// ```
/// use reductions::futoshiki::{generate_before, Difficulty};
/// use reductions::generate::{cancellable, OutOfTime, Rng};
/// use std::sync::{atomic::AtomicBool, Arc};
///
/// let cancelled = Arc::new(AtomicBool::new(true)); // set before the generator starts
/// let made = cancellable(cancelled, || {
///     generate_before(6, Difficulty::Extreme, &mut Rng::new(1), None)
/// });
/// assert_eq!(made, Err(OutOfTime));
/// ```
pub fn cancellable<T>(cancel: Arc<AtomicBool>, f: impl FnOnce() -> T) -> T {
    stopping(None, Some(cancel), f)
}

/// How many solutions a puzzle has, as far as a generator cares.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Solutions {
    /// None.
    None,
    /// Exactly one.
    One,
    /// Two or more.
    Several,
}

/// How many solutions the engine finds for a puzzle: none, one, or several (it stops at the
/// second).
///
/// ```
/// use reductions::generate::{solutions, Solutions};
/// use reductions::{sudoku::Sudoku, Reduction};
///
/// let sudoku = Sudoku::default();
/// let open = sudoku.parse("1...\n....\n....\n....\n")?;
/// assert_eq!(solutions(&sudoku, &open)?, Solutions::Several);
/// let closed = sudoku.parse("1.3.\n.4..\n..4.\n.3.1\n")?;
/// assert_eq!(solutions(&sudoku, &closed)?, Solutions::One);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solutions<R: Reduction>(
    reduction: &R,
    puzzle: &R::Puzzle,
) -> Result<Solutions, dlx::BuildError> {
    Ok(settle(reduction, puzzle)?.0)
}

/// How many solutions a puzzle has (see [`solutions`]), and the size of the search that
/// settles it: the nodes the engine visits to count them up to two, with the puzzle's own
/// reasoning at every node ([`Reduction::propagation`], [`Reduction::propagator`]).
pub fn settle<R: Reduction>(
    reduction: &R,
    puzzle: &R::Puzzle,
) -> Result<(Solutions, u64), dlx::BuildError> {
    let encoding = reduction.encode(puzzle)?;
    let mut solver = bounded(dlx::Solver::new(&encoding.problem))
        .propagation(reduction.propagation_for(puzzle))
        .limit(2);
    if let Some(propagator) = reduction.propagator(puzzle, &encoding) {
        solver = solver.propagator(propagator);
    }
    let outcome = solver.count();
    let solutions = match outcome.solutions {
        0 => Solutions::None,
        1 => Solutions::One,
        _ => Solutions::Several,
    };
    Ok((solutions, outcome.stats.nodes))
}

/// A solution of a puzzle drawn by the engine: the options are shuffled, and the first
/// solution of the search in that order is the answer. The search of each draw stops after
/// `node_limit` nodes and another order is drawn, up to `tries` times; `Ok(None)` when no
/// draw found a solution (the puzzle has none, or none within the limits).
///
/// Not uniform: solutions that the search reaches by more orders come more often. It is what
/// a generator needs from any grid size, where a uniform draw would need a count of every
/// solution.
pub fn random_solution<R: Reduction>(
    reduction: &R,
    puzzle: &R::Puzzle,
    rng: &mut Rng,
    node_limit: u64,
    tries: usize,
) -> Result<Option<R::Board>, dlx::BuildError> {
    draw(reduction, puzzle, rng, node_limit, tries, |_, _, _| {
        (dlx::Propagation::None, None)
    })
}

/// [`random_solution`], searched with the puzzle's own reasoning at every node
/// ([`Reduction::propagation_for`], [`Reduction::propagator`]), as [`settle`] searches: for a
/// puzzle whose plain search of an empty grid wanders into dead ends that the reasoning sees
/// at once. Each draw builds the propagator again, for the options in their shuffled order.
///
/// ```
/// use reductions::binairo::{Binairo, Grid, Strategy};
/// use reductions::generate::{random_solution_reasoning, Rng};
///
/// let cells = Binairo { strategy: Strategy::Cells };
/// let mut empty = Grid::with_size(12, 12).unwrap();
/// empty.set_distinct(false);
/// let full = random_solution_reasoning(&cells, &empty, &mut Rng::new(7), 1_000, 10)?;
/// let full = full.expect("a 12 x 12 grid within ten draws");
/// assert!(full.is_complete() && full.violation().is_none());
/// # Ok::<(), dlx::BuildError>(())
/// ```
pub fn random_solution_reasoning<R: Reduction>(
    reduction: &R,
    puzzle: &R::Puzzle,
    rng: &mut Rng,
    node_limit: u64,
    tries: usize,
) -> Result<Option<R::Board>, dlx::BuildError>
where
    R::Choice: Clone,
{
    draw(
        reduction,
        puzzle,
        rng,
        node_limit,
        tries,
        |encoding, shuffled, order| {
            let choices = order.iter().map(|&o| encoding.choice(o).clone()).collect();
            let reasoning = reduction.propagator(puzzle, &Encoding::new(shuffled.clone(), choices));
            (reduction.propagation_for(puzzle), reasoning)
        },
    )
}

/// The draws of [`random_solution`] and [`random_solution_reasoning`]: `reasoning` gives the
/// rules and propagator for the encoding's problem with its options in the order given.
fn draw<R: Reduction, F>(
    reduction: &R,
    puzzle: &R::Puzzle,
    rng: &mut Rng,
    node_limit: u64,
    tries: usize,
    reasoning: F,
) -> Result<Option<R::Board>, dlx::BuildError>
where
    F: Fn(
        &Encoding<R::Choice>,
        &dlx::Problem,
        &[dlx::OptionId],
    ) -> (
        dlx::Propagation,
        Option<Arc<dyn dlx::propagate::Propagator>>,
    ),
{
    let encoding = reduction.encode(puzzle)?;
    let mut order: Vec<dlx::OptionId> = encoding.problem.options().collect();
    for _ in 0..tries {
        rng.shuffle(&mut order);
        let shuffled = encoding.problem.with_option_order(&order);
        let mut solver = bounded(dlx::Solver::new(&shuffled)).node_limit(node_limit);
        let (level, propagator) = reasoning(&encoding, &shuffled, &order);
        solver = solver.propagation(level);
        if let Some(propagator) = propagator {
            solver = solver.propagator(propagator);
        }
        let mut run = solver.solutions();
        if let Some(solution) = run.next() {
            let options: Vec<dlx::OptionId> = solution
                .options()
                .iter()
                .map(|o| order[o.index()])
                .collect();
            return Ok(Some(
                reduction.decode(puzzle, &encoding.choices_of(&options)),
            ));
        }
        if run.outcome().is_complete() {
            return Ok(None);
        }
    }
    Ok(None)
}

/// A ladder of difficulties: the grades of one puzzle, easiest first, the last one the grade
/// of puzzles that need search.
pub trait Ladder: Copy + Ord + fmt::Debug + fmt::Display + 'static {
    /// Every rung, easiest first.
    const ALL: &'static [Self];

    /// Its name in lower case, as the command line writes it.
    fn name(self) -> &'static str;

    /// The rung of a name, or an error that lists the names.
    fn from_name(name: &str) -> Result<Self, String> {
        Self::ALL
            .iter()
            .copied()
            .find(|rung| rung.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Self::ALL.iter().map(|rung| rung.name()).collect();
                format!("expected one of {}, found '{name}'", names.join(", "))
            })
    }

    /// The rung just below, if any.
    fn easier(self) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .take_while(|&rung| rung < self)
            .last()
    }

    /// The top rung: search.
    fn top() -> Self {
        Self::ALL[Self::ALL.len() - 1]
    }
}

/// `Display` (the rung's name) and `FromStr` (by name) for a [`Ladder`].
macro_rules! ladder_text {
    ($ladder:ty) => {
        impl std::fmt::Display for $ladder {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::generate::Ladder::name(*self))
            }
        }

        impl std::str::FromStr for $ladder {
            type Err = String;

            fn from_str(s: &str) -> Result<Self, String> {
                <$ladder as $crate::generate::Ladder>::from_name(s)
            }
        }
    };
}
pub(crate) use ladder_text;

/// A puzzle's grade on a [`Ladder`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Grade<D> {
    /// One solution, which the rules of this difficulty (and of none easier) find; at the top
    /// rung, `search_nodes` is the size of the engine's search.
    Unique {
        /// The difficulty.
        difficulty: D,
        /// The nodes of the engine's search that proves the solution unique (0 when the rules
        /// solve it).
        search_nodes: u64,
    },
    /// No solution.
    NoSolution,
    /// Two or more solutions: not a puzzle.
    Several,
}

impl<D: Ladder> Grade<D> {
    /// The nodes of the engine's search when the puzzle needs search (its grade is the
    /// top rung), `None` otherwise.
    pub fn search(&self) -> Option<u64> {
        match *self {
            Grade::Unique {
                difficulty,
                search_nodes,
            } if difficulty == D::top() => Some(search_nodes),
            _ => None,
        }
    }
}

/// The grade of a puzzle: the first rung whose rules (`deduce`) solve it, or, past them all,
/// the engine's verdict.
pub(crate) fn grade_by<D: Ladder, R: Reduction>(
    reduction: &R,
    puzzle: &R::Puzzle,
    deduce: impl Fn(D) -> Deduction,
) -> Grade<D> {
    for &difficulty in &D::ALL[..D::ALL.len() - 1] {
        match deduce(difficulty) {
            Deduction::Solved => {
                return Grade::Unique {
                    difficulty,
                    search_nodes: 0,
                }
            }
            Deduction::Contradiction => return Grade::NoSolution,
            Deduction::Stuck => {}
        }
    }
    match settle(reduction, puzzle) {
        Ok((Solutions::One, search_nodes)) => Grade::Unique {
            difficulty: D::top(),
            search_nodes,
        },
        Ok((Solutions::Several, _)) => Grade::Several,
        _ => Grade::NoSolution,
    }
}

/// A puzzle made by a generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated<G, D> {
    /// The puzzle: the clues left.
    pub puzzle: G,
    /// Its one solution (with every clue).
    pub solution: G,
    /// Its difficulty: the one asked for, unless [`reached`](Self::reached) is false.
    pub difficulty: D,
    /// Whether the difficulty asked for was reached; when not, the puzzle came from the first
    /// grid drawn, and is easier.
    pub reached: bool,
    /// Solved grids drawn (all of them when the difficulty was not reached).
    pub tries: usize,
}

/// Gives back `count` clues of a made puzzle's solution, in cells drawn at random among its
/// `blank` ones (all of them, when fewer are blank); `cells` is a grid's cells, row by row.
pub(crate) fn give_back<G, D>(
    made: &mut Generated<G, D>,
    count: usize,
    rng: &mut Rng,
    blank: u8,
    cells: fn(&mut G) -> &mut [u8],
) {
    let solution = cells(&mut made.solution).to_vec();
    let puzzle = cells(&mut made.puzzle);
    let mut places: Vec<usize> = (0..puzzle.len()).filter(|&k| puzzle[k] == blank).collect();
    rng.shuffle(&mut places);
    for &place in places.iter().take(count) {
        puzzle[place] = solution[place];
    }
}

/// What a generator needs to know of its puzzle.
pub(crate) trait Maker {
    type Grid: Clone;
    type Difficulty: Ladder;
    /// What taking a clue away removed.
    type Taken;

    /// Whether the rules of a difficulty solve a grid (at the top rung: whether it has one
    /// solution).
    fn solves(&self, grid: &Self::Grid, difficulty: Self::Difficulty) -> bool;
    /// A random solved grid with every clue it implies; `None` when the puzzle's size has
    /// no solution at all.
    fn solved(&self, rng: &mut Rng) -> Option<Self::Grid>;
    /// The clues, numbered from 0, in the order they are taken away.
    fn clue_order(&self, rng: &mut Rng) -> Vec<usize>;
    fn take(&self, grid: &mut Self::Grid, clue: usize) -> Self::Taken;
    fn put(&self, grid: &mut Self::Grid, clue: usize, taken: Self::Taken);
    /// Whether the engine finds exactly one solution.
    fn proved(&self, grid: &Self::Grid) -> bool;
    /// Whether a puzzle that has one solution, `solution`, keeps it when `clue` is taken
    /// away (`grid` is the puzzle without it): by default [`solves`](Self::solves) at the
    /// top rung. A maker may ask instead whether no solution of `grid` breaks the clue: the
    /// only solutions it can have besides `solution`, and a smaller search, which ends at the
    /// first such solution.
    fn keeps_one_solution(&self, grid: &Self::Grid, clue: usize, solution: &Self::Grid) -> bool {
        let _ = (clue, solution);
        self.solves(grid, Self::Difficulty::top())
    }
}

/// A puzzle left unmade because its deadline passed (or its flag was set, [`cancellable`]).
/// Every search a generator runs, the engine's and its graders', stops at the deadline, and
/// the generator reads the clock after each, so it stops within a few milliseconds of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime;

impl fmt::Display for OutOfTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the time ran out before the puzzle was made")
    }
}

impl std::error::Error for OutOfTime {}

/// What a [`Maker`] makes.
type MadeBy<M> = Generated<<M as Maker>::Grid, <M as Maker>::Difficulty>;

/// Makes a puzzle: up to `tries` solved grids, each stripped of its clues while the puzzle
/// stays solved at `difficulty`, until one is not solved one rung lower; `None` when the
/// size has no solved grid; [`OutOfTime`] once `deadline` has passed.
pub(crate) fn make<M: Maker>(
    maker: &M,
    difficulty: M::Difficulty,
    tries: usize,
    rng: &mut Rng,
    deadline: Option<std::time::Instant>,
) -> Result<Option<MadeBy<M>>, OutOfTime> {
    stopping(deadline, None, || {
        make_within(maker, difficulty, tries, rng)
    })
}

/// [`make`], within the stop of [`stopping`]: every search stops at it, and the clock is
/// read after each, so that an answer a stopped search gave is never used.
fn make_within<M: Maker>(
    maker: &M,
    difficulty: M::Difficulty,
    tries: usize,
    rng: &mut Rng,
) -> Result<Option<MadeBy<M>>, OutOfTime> {
    let in_time = || if stopped() { Err(OutOfTime) } else { Ok(()) };
    let mut first = None;
    for k in 1..=tries {
        in_time()?;
        let solved = maker.solved(rng);
        in_time()?;
        let Some(solution) = solved else {
            return Ok(None);
        };
        let mut puzzle = solution.clone();
        for clue in maker.clue_order(rng) {
            in_time()?;
            let taken = maker.take(&mut puzzle, clue);
            let kept = if difficulty == M::Difficulty::top() {
                maker.keeps_one_solution(&puzzle, clue, &solution)
            } else {
                maker.solves(&puzzle, difficulty)
            };
            in_time()?;
            if !kept {
                maker.put(&mut puzzle, clue, taken);
            }
        }
        // The rules and the search that stripped it are this crate's own; the engine has the
        // last word on uniqueness.
        let proved = maker.proved(&puzzle);
        in_time()?;
        assert!(proved, "a puzzle made must have one solution");
        let too_easy = difficulty
            .easier()
            .is_some_and(|easier| maker.solves(&puzzle, easier));
        in_time()?;
        if !too_easy {
            return Ok(Some(Generated {
                puzzle,
                solution,
                difficulty,
                reached: true,
                tries: k,
            }));
        }
        first.get_or_insert((puzzle, solution));
    }
    let (puzzle, solution) = first.expect("at least one try");
    let found = M::Difficulty::ALL
        .iter()
        .copied()
        .find(|&d| maker.solves(&puzzle, d))
        .unwrap_or(difficulty);
    in_time()?;
    Ok(Some(Generated {
        puzzle,
        solution,
        difficulty: found,
        reached: false,
        tries,
    }))
}
