//! Hints that explain: the next deduction a person can follow, and the whole path of them.
//!
//! A hint is one step of the graders' rules (the same rules that grade sudoku and
//! futoshiki), the cheapest rule that makes progress where the grid stands: which rule, where
//! it looked, and what it placed or ruled out. [`Explanation`] is every step from the grid as
//! given (a player's entries are givens too) until it is solved, or until no rule applies
//! (then only search makes progress, or the puzzle has no unique solution).
//!
//! ```
//! use reductions::sudoku::{explain, Sudoku};
//! use reductions::hint::End;
//! use reductions::Reduction;
//!
//! let grid = Sudoku::default().parse("1.3.\n.4..\n..4.\n.3.1\n")?;
//! let explanation = explain(&grid);
//! assert_eq!(explanation.end, End::Solved);
//! let first = &explanation.steps[0];
//! println!("{first}"); // r1c4 is 4: the only place for 4 in row 1 (hidden single)
//! assert_eq!(first.placed.len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::logic::{Grid, Houses, OwnRule, Rules, Step, Why, RULES};

mod words;

/// The rule a hint applies, cheapest first (the grid puzzles of houses, then binairo's).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// A value with one place left in a row, column or box goes there.
    HiddenSingle,
    /// A cell with one value left holds it.
    NakedSingle,
    /// Futoshiki's inequalities: a cell greater than another holds more than the other's
    /// least value, a smaller one less than the other's most.
    Inequality,
    /// Unequal's adjacent mode: beside a bar a cell keeps the values consecutive to its
    /// neighbour's, without one those that are not.
    Bars,
    /// Killer sudoku's cages: a cell keeps the values that some filling of its cage (all
    /// different, adding up to the cage's sum) gives it; so does a part of a house whose sum
    /// the whole cages in the rest of the house tell.
    CageSum,
    /// Towers: what a clue's count of towers seen leaves the cells of its line.
    Clues,
    /// Keen's cages: a cell keeps the values that some filling of its cage (making its
    /// target) gives it, and a value that every filling puts in a row or column leaves the
    /// rest of it.
    Arithmetic,
    /// A value that one house can place only where it crosses a second house leaves the rest
    /// of the second (pointing and claiming).
    Intersection,
    /// k cells of a house that together hold k values keep them from the house's other
    /// cells, or k values that fit only k cells take those cells (pairs, triples, quads).
    Subset,
    /// A value that k rows place only in the same k columns leaves the rest of those columns,
    /// and the other way round (X-wing, swordfish, jellyfish).
    Fish,
    /// A chain of cells of two values each, where either end holding the value rules it out
    /// of the cells that see both ends.
    Chain,
    /// Binairo: two equal digits of three cells side by side leave the third the other
    /// digit.
    Trio,
    /// Binairo: a line's last blank takes the digit the line lacks.
    LastBlank,
    /// Binairo: a line with all of one digit takes the other in its blanks.
    FullLine,
    /// Binairo: a digit that would make a line equal to a full line of its kind is ruled
    /// out.
    DistinctLines,
    /// Binairo: a line with one of a digit left, whose last one must go among three cells
    /// side by side, takes the other digit everywhere else (Unruly's nearly full line).
    NearlyFullLine,
    /// Binairo: every legal completion of the line puts this digit here.
    WholeLine,
    /// Dominosa: a domino with one place left lies there.
    DominoPlace,
    /// Dominosa: a cell with one placement left takes it, and its domino leaves every other
    /// place.
    CellPlace,
    /// Dominosa: a cell whose placements left are all one domino keeps that domino from
    /// everywhere else.
    CellDomino,
    /// Dominosa: a placement that every place left of one domino overlaps is ruled out.
    Overlap,
    /// Dominosa: a placement that would force a second copy of a domino is ruled out.
    Duplicate,
    /// Dominosa: a placement that would cut off an area of odd size is ruled out.
    Parity,
    /// Dominosa: k cells of one number that can hold only k dominoes between them keep those
    /// dominoes from everywhere else.
    DominoSet,
    /// Dominosa: placements that lie together or not at all (each cell between two of them
    /// has those two left), ruled out when they would place a domino twice or leave a cell
    /// no domino.
    PlacementChain,
    /// Dominosa: a domino with a place in each of two opposite chains, one of which lies,
    /// leaves its other places.
    ChainPair,
}

impl Rule {
    /// The rule's name, as players call it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::HiddenSingle => "hidden single",
            Rule::NakedSingle => "naked single",
            Rule::Inequality => "inequalities",
            Rule::CageSum => "cage sums",
            Rule::Bars => "bars",
            Rule::Intersection => "intersection",
            Rule::Subset => "subset",
            Rule::Fish => "fish",
            Rule::Chain => "forcing chain",
            Rule::Trio => "three in a row",
            Rule::LastBlank => "last blank",
            Rule::FullLine => "full line",
            Rule::DistinctLines => "distinct lines",
            Rule::NearlyFullLine => "nearly full line",
            Rule::WholeLine => "whole line",
            Rule::Clues => "clues",
            Rule::Arithmetic => "cage arithmetic",
            Rule::DominoPlace => "only place",
            Rule::CellPlace => "only placement",
            Rule::CellDomino => "one domino",
            Rule::Overlap => "overlap",
            Rule::Duplicate => "duplicate",
            Rule::Parity => "parity",
            Rule::DominoSet => "domino set",
            Rule::PlacementChain => "placement chain",
            Rule::ChainPair => "two chains",
        }
    }

    /// The rules in [`RULES`]' order.
    const ORDER: [Rule; 7] = [
        Rule::HiddenSingle,
        Rule::NakedSingle,
        Rule::Inequality,
        Rule::Intersection,
        Rule::Subset,
        Rule::Fish,
        Rule::Chain,
    ];
}

/// A row, column or box of the grid, numbered from 1 as players number them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum House {
    /// Row `n`, from the top.
    Row(usize),
    /// Column `n`, from the left.
    Column(usize),
    /// Box `n`, in reading order.
    Box(usize),
    /// A long diagonal of sudoku-X: 1 from the top left corner, 2 from the top right.
    Diagonal(usize),
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(n) => write!(f, "row {n}"),
            House::Column(n) => write!(f, "column {n}"),
            House::Box(n) => write!(f, "box {n}"),
            House::Diagonal(1) => f.write_str("the diagonal from the top left"),
            House::Diagonal(_) => f.write_str("the diagonal from the top right"),
        }
    }
}

/// A cell and a value: row and column from 1, the value as the puzzle writes it (from 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mark {
    /// The row, from 1.
    pub row: usize,
    /// The column, from 1.
    pub column: usize,
    /// The value.
    pub value: usize,
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{} {}", self.row, self.column, self.value)
    }
}

/// One step of deduction: the rule, where it looked, and what it placed or ruled out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The rule applied.
    pub rule: Rule,
    /// The house a single or a subset was found in.
    pub house: Option<House>,
    /// Where a pattern was found, besides `house`: the houses of an intersection (the one
    /// whose value lies only where it crosses the other, then the other), of a fish (its
    /// base lines, then its cover lines); else empty.
    pub houses: Vec<House>,
    /// The cells of the pattern, as (row, column) from 1: a subset's cells, a chain's from
    /// one end to the other; else empty.
    pub cells: Vec<(usize, usize)>,
    /// The values of the pattern: a subset's, the value of an intersection, a fish or a
    /// chain; else empty.
    pub values: Vec<usize>,
    /// The values placed.
    pub placed: Vec<Mark>,
    /// The candidates ruled out (besides those that a placed value rules out of its row,
    /// column and box).
    pub removed: Vec<Mark>,
}

/// Where a path of deduction ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// Every cell placed.
    Solved,
    /// No rule makes progress: only search does (or the puzzle has more than one solution).
    Stuck,
    /// A cell or a value of a house ran out of room: the grid as given has no solution.
    Contradiction,
    /// The rules were stuck, and the engine's search found that the grid as given has no
    /// solution (a player's entry, or a given, is wrong).
    NoSolution,
}

impl End {
    /// The end as one word, as JSON and Python give it: `solved`, `stuck`, `contradiction`
    /// or `no solution`.
    pub fn word(self) -> &'static str {
        match self {
            End::Solved => "solved",
            End::Stuck => "stuck",
            End::Contradiction => "contradiction",
            End::NoSolution => "no solution",
        }
    }

    /// Whether the grid as given has no solution.
    pub fn unsolvable(self) -> bool {
        matches!(self, End::Contradiction | End::NoSolution)
    }
}

/// The end as a sentence: `the grid is solved`.
impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::Solved => "the grid is solved",
            End::Stuck => {
                "no rule makes progress from here: only search does (or the puzzle has several \
                 solutions)"
            }
            End::Contradiction => {
                "the grid has no solution: deduction from it ends in a contradiction"
            }
            End::NoSolution => {
                "the grid has no solution: no rule finds the mistake, but a search finds no way \
                 to complete it (check the entries)"
            }
        })
    }
}

/// The nodes, and the time, the engine's search may spend to tell whether a grid where the
/// rules are stuck has a solution: a grid of a few hundred cells takes a few hundred nodes
/// either way; past these, the grid is taken as solvable (a hint is still sound then: every
/// step holds in every solution).
const SOLVABLE_NODES: u64 = 200_000;
/// The time of that search (see [`SOLVABLE_NODES`]).
const SOLVABLE_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// Every step from a grid as given, and where they ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The steps, in order: each the cheapest rule that made progress.
    pub steps: Vec<Hint>,
    /// Where they ended.
    pub end: End,
}

impl Explanation {
    /// The steps up to the first that places a value, or where the path ends without one.
    /// A path that ends with no solution gives no step: a hint on a grid that cannot be
    /// solved would lead the player on.
    pub fn to_next_placement(self) -> Result<Vec<Hint>, End> {
        if self.end.unsolvable() {
            return Err(self.end);
        }
        let Some(at) = self.steps.iter().position(|step| !step.placed.is_empty()) else {
            return Err(self.end);
        };
        let mut steps = self.steps;
        steps.truncate(at + 1);
        Ok(steps)
    }
}

/// `explanation` of `puzzle`, whose end is [`End::NoSolution`] instead of [`End::Stuck`]
/// when the engine's search (within [`SOLVABLE_NODES`] and [`SOLVABLE_TIME`], with the
/// puzzle's own reasoning) finds that the grid has no solution.
pub(crate) fn settled<R: crate::Reduction>(
    mut explanation: Explanation,
    reduction: &R,
    puzzle: &R::Puzzle,
) -> Explanation {
    if explanation.end == End::Stuck
        && crate::stop::solvable(reduction, puzzle, SOLVABLE_NODES, SOLVABLE_TIME) == Some(false)
    {
        explanation.end = End::NoSolution;
    }
    explanation
}

/// The path of deduction from `givens` under `grader`'s rules, a step at a time, each the
/// cheapest of `rules` that makes progress: the puzzle's own rule named by what it is (cage
/// sums, adjacency bars, inequalities).
pub(crate) fn explain_graded(
    grader: &crate::logic::Grader,
    givens: &[usize],
    pairs: &[crate::logic::Pair],
    rules: Rules,
) -> Explanation {
    let bars = pairs
        .iter()
        .any(|pair| matches!(pair, crate::logic::Pair::Bar { .. }));
    let own_rule = match (grader.has_cages(), bars) {
        (true, _) => Rule::CageSum,
        (false, true) => Rule::Bars,
        (false, false) => Rule::Inequality,
    };
    grader.run(givens, pairs, |houses, grid, own| {
        walk(houses, grid, rules, own, own_rule)
    })
}

/// The steps from `grid` to where the rules end.
/// `own_rule` names the puzzle's own rule in the steps it takes.
pub(crate) fn walk(
    houses: &Houses,
    grid: &mut Grid,
    rules: Rules,
    own: OwnRule,
    own_rule: Rule,
) -> Explanation {
    let mut steps = Vec::new();
    loop {
        match next(houses, grid, rules, own, own_rule) {
            Ok(hint) => steps.push(hint),
            Err(end) => return Explanation { steps, end },
        }
    }
}

/// The cell `cell` and value bit `bit` as a [`Mark`].
fn mark(houses: &Houses, cell: usize, bit: u64) -> Mark {
    let side = houses.side.max(1);
    Mark {
        row: cell / side + 1,
        column: cell % side + 1,
        value: bit.trailing_zeros() as usize + 1,
    }
}

/// House number `h` of a square grid's houses (rows and columns alternate, boxes after, then
/// the diagonals of sudoku-X).
fn house(houses: &Houses, h: usize) -> House {
    let side = houses.side;
    let boxes = houses.is_box.iter().filter(|&&is_box| is_box).count();
    match h {
        h if h >= 2 * side + boxes => House::Diagonal(h - 2 * side - boxes + 1),
        h if h >= 2 * side => House::Box(h - 2 * side + 1),
        h if h % 2 == 0 => House::Row(h / 2 + 1),
        h => House::Column(h / 2 + 1),
    }
}

/// The next step from `grid`, taken in it; or where the path ends.
fn next(
    houses: &Houses,
    grid: &mut Grid,
    rules: Rules,
    own: OwnRule,
    own_rule: Rule,
) -> Result<Hint, End> {
    if grid.candidates.contains(&0) {
        return Err(End::Contradiction);
    }
    if grid.placed.iter().all(|&p| p) {
        let mut last = grid.clone();
        return match own(houses, &mut last, rules) {
            Step::Contradiction => Err(End::Contradiction),
            _ if last.candidates.contains(&0) => Err(End::Contradiction),
            _ => Err(End::Solved),
        };
    }
    // Singles one at a time, each found in the grid as it stands.
    for (h, cells) in houses.houses.iter().enumerate() {
        if rules.singles_in_boxes_only && !houses.is_box[h] {
            continue;
        }
        let done = cells
            .iter()
            .filter(|&&c| grid.placed[c])
            .fold(0, |done, &c| done | grid.candidates[c]);
        for value in 0..houses.values {
            let bit = 1u64 << value;
            if done & bit != 0 {
                continue;
            }
            let mut places = cells.iter().filter(|&&c| grid.candidates[c] & bit != 0);
            match (places.next(), places.next()) {
                (None, _) => return Err(End::Contradiction),
                (Some(&cell), None) => {
                    if grid.place(houses, cell, bit) == Step::Contradiction {
                        return Err(End::Contradiction);
                    }
                    return Ok(Hint {
                        rule: Rule::HiddenSingle,
                        house: Some(house(houses, h)),
                        houses: Vec::new(),
                        cells: Vec::new(),
                        values: Vec::new(),
                        placed: vec![mark(houses, cell, bit)],
                        removed: Vec::new(),
                    });
                }
                _ => {}
            }
        }
    }
    if rules.naked_singles {
        let single = (0..grid.candidates.len())
            .find(|&c| !grid.placed[c] && grid.candidates[c].count_ones() == 1);
        if let Some(cell) = single {
            let bit = grid.candidates[cell];
            if grid.place(houses, cell, bit) == Step::Contradiction {
                return Err(End::Contradiction);
            }
            return Ok(Hint {
                rule: Rule::NakedSingle,
                house: None,
                houses: Vec::new(),
                cells: Vec::new(),
                values: Vec::new(),
                placed: vec![mark(houses, cell, bit)],
                removed: Vec::new(),
            });
        }
    }
    for (rule, apply) in Rule::ORDER.into_iter().zip(RULES).skip(2) {
        let rule = if rule == Rule::Inequality {
            own_rule
        } else {
            rule
        };
        let mut trial = grid.clone();
        match apply(houses, &mut trial, rules, own) {
            Step::Nothing => continue,
            Step::Contradiction => return Err(End::Contradiction),
            Step::Changed => {}
        }
        let mut placed = Vec::new();
        let mut removed = Vec::new();
        for cell in 0..trial.candidates.len() {
            if trial.placed[cell] && !grid.placed[cell] {
                placed.push(mark(houses, cell, trial.candidates[cell]));
                continue;
            }
            let mut gone = grid.candidates[cell] & !trial.candidates[cell];
            while gone != 0 {
                let bit = gone & gone.wrapping_neg();
                removed.push(mark(houses, cell, bit));
                gone &= gone - 1;
            }
        }
        let side = houses.side.max(1);
        let at = |cell: usize| (cell / side + 1, cell % side + 1);
        let value = |bits: u64| -> Vec<usize> {
            (0..64)
                .filter(|v| bits >> v & 1 == 1)
                .map(|v| v as usize + 1)
                .collect()
        };
        let (mut within, mut across, mut cells, mut values) =
            (None, Vec::new(), Vec::new(), Vec::new());
        match trial.why.take() {
            Some(Why::Subset {
                house: h,
                cells: pattern,
                values: bits,
                ..
            }) if rule == Rule::Subset => {
                within = Some(house(houses, h));
                cells = pattern.into_iter().map(at).collect();
                values = value(bits);
            }
            Some(Why::Intersection {
                from,
                to,
                values: bits,
            }) if rule == Rule::Intersection => {
                across = vec![house(houses, from), house(houses, to)];
                values = value(bits);
            }
            Some(Why::Fish {
                value: bit,
                base,
                cover,
            }) if rule == Rule::Fish => {
                across = base
                    .into_iter()
                    .chain(cover)
                    .map(|h| house(houses, h))
                    .collect();
                values = value(bit);
            }
            Some(Why::Chain {
                cells: path,
                value: bit,
            }) if rule == Rule::Chain => {
                cells = path.into_iter().map(at).collect();
                values = value(bit);
            }
            Some(Why::Cage { cells: cage }) if rule == own_rule => {
                cells = cage.into_iter().map(at).collect();
            }
            _ => {}
        }
        *grid = trial;
        return Ok(Hint {
            rule,
            house: within,
            houses: across,
            cells,
            values,
            placed,
            removed,
        });
    }
    Err(End::Stuck)
}
