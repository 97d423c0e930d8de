//! Many puzzles in one run: a file of puzzles one per line (sudoku's one-line grids, Tatham's
//! game IDs), each solved in turn, or several at once over `--threads`, the answers printed
//! one line per puzzle in the order of the input.
//!
//! Each puzzle's search runs on one thread: puzzles, not subtrees, are what the threads share
//! ([`crate::workers::in_order`]), a chunk at a time, so that answers go out while later
//! puzzles are solved and memory stays bounded by the chunk.

use std::cell::RefCell;
use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use anyhow::{Context, Result};
use dlx::kernel::{Kernel, KernelScratch};
use dlx::StopReason;
use draw::{write_json, Board, Head};
use reductions::drawing::Draw;
use reductions::{Encoding, Reduction};

use crate::args::Mode;
use crate::args::{Format, SolveFlags};
use crate::input::{Line, Lines, Puzzles};
use crate::process::{note, Found};

/// What a game prints of each puzzle of a file of many instead of solving it (`--grade`,
/// `--id`): the answer line, given the JSON fields that start it, and whether the puzzle has
/// no solution.
pub type PerLine<'a, P> = dyn Fn(&P, &[(&'static str, u128)]) -> Result<(String, bool)> + Sync + 'a;

/// What one puzzle's search gave (beside its answer line): its figures.
struct Answer {
    solutions: u128,
    nodes: u64,
    /// The tree its nodes are of, by name.
    tree: &'static str,
    stopped: Option<StopReason>,
    /// Why the line is not a puzzle, if it is not.
    error: Option<String>,
}

/// The puzzle of `file` (standard input for `None` or `-`), or, when the file holds one
/// puzzle per line, all of them solved by [`solve_lines`] and what they found.
pub fn one_or_lines<R>(
    reduction: &R,
    file: Option<&std::path::Path>,
    make: &crate::args::MakeFlags,
    flags: &SolveFlags,
    per_line: Option<&PerLine<'_, R::Puzzle>>,
) -> Result<ControlFlow<Found, R::Puzzle>>
where
    R: Draw + Sync,
    R::Choice: Send + Sync,
{
    match crate::input::read_puzzles(file, |text| reduction.parse(text))? {
        Puzzles::One(puzzle) => Ok(ControlFlow::Continue(puzzle)),
        Puzzles::Lines(lines) => match per_line {
            Some(answer) => answer_lines(reduction, &lines, flags, answer).map(ControlFlow::Break),
            None => {
                crate::args::refusals::refuse_grade_of_lines(make)?;
                solve_lines(reduction, &lines, flags).map(ControlFlow::Break)
            }
        },
    }
}

/// `--grade` or `--id` of a file of puzzles one per line: a grade (or an ID) per line, in
/// order (`not a puzzle` where a line is not one), over the threads. Exit status 1 when some
/// puzzle has no solution, 2 when some line is not a puzzle.
fn answer_lines<R: Reduction + Sync>(
    reduction: &R,
    lines: &Lines,
    flags: &SolveFlags,
    answer: &PerLine<'_, R::Puzzle>,
) -> Result<Found> {
    let (name, spans) = (&lines.name, lines.spans());
    let threads = flags.workers().min(spans.len().max(1));
    let mut out = BufWriter::new(crate::output::stdout());
    let (mut bad, mut unsolved) = (0usize, 0usize);
    crate::workers::in_order(
        threads,
        spans,
        |index, span, out| {
            let line = lines.read(span, |text| reduction.parse(text));
            Ok(match &line.puzzle {
                Ok(puzzle) => {
                    let head = [("puzzle", index as u128 + 1), ("line", line.number as u128)];
                    let (text, none) = answer(puzzle, &head)?;
                    out.extend_from_slice(text.as_bytes());
                    (none, None)
                }
                Err(error) => {
                    let answer = not_a_puzzle(index + 1, line.number, error, flags, out);
                    (false, answer.error)
                }
            })
        },
        |(none, error), text| {
            out.write_all(text).context(crate::output::write_error())?;
            unsolved += usize::from(none);
            if let Some(error) = error {
                out.flush().context(crate::output::write_error())?;
                eprintln!("dlx: error: {error}");
                bad += 1;
            }
            Ok(())
        },
    )?;
    out.flush().context(crate::output::write_error())?;
    if bad > 0 {
        anyhow::bail!(
            "{bad} of {} lines of {name} are not puzzles (each said above); the others were \
             answered",
            spans.len()
        );
    }
    Ok(if unsolved > 0 {
        Found::None
    } else {
        Found::Some
    })
}

/// Solves every puzzle of `lines` and prints a line for each, in order: the first solution
/// in the form of its line (a game ID for a game ID, else the grid on one line), `no
/// solution`, or with `--count` the count.
pub fn solve_lines<R>(reduction: &R, lines: &Lines, flags: &SolveFlags) -> Result<Found>
where
    R: Draw + Sync,
    R::Choice: Send + Sync,
{
    crate::args::refusals::refuse_for_lines(flags)?;
    let (name, spans) = (&lines.name, lines.spans());
    let mode = flags.mode();
    let threads = flags.workers().min(spans.len().max(1));
    let start = Instant::now();
    let mut out = BufWriter::new(crate::output::stdout());
    let (mut unsolved, mut cut_short, mut nodes, mut bad) = (0usize, 0usize, 0u64, 0usize);
    // The trees the puzzles walked (`auto` may walk the bit sets on some, the links on
    // others), in the order first met: the nodes are a sum over them.
    let mut trees: Vec<&str> = Vec::new();
    // Searches from given options walk the links, so a run on another tree encodes each
    // puzzle.
    let tree = flags.tree_or(reduction.tree());
    let blanks = (tree == dlx::Tree::Links).then(Blanks::default);
    crate::workers::in_order(
        threads,
        spans,
        |index, span, out| {
            let line = lines.read(span, |text| reduction.parse(text));
            match &line.puzzle {
                Ok(puzzle) => solve_one(
                    reduction,
                    blanks.as_ref(),
                    index + 1,
                    &line,
                    puzzle,
                    flags,
                    out,
                )
                .with_context(|| format!("{name}:{}", line.number)),
                Err(error) => Ok(not_a_puzzle(index + 1, line.number, error, flags, out)),
            }
        },
        |answer, text| {
            out.write_all(text).context(crate::output::write_error())?;
            if let Some(error) = answer.error {
                // In its place among the answers on a terminal, where both streams show.
                out.flush().context(crate::output::write_error())?;
                eprintln!("dlx: error: {error}");
                bad += 1;
                return Ok(());
            }
            nodes += answer.nodes;
            if !trees.contains(&answer.tree) {
                trees.push(answer.tree);
            }
            unsolved += usize::from(answer.solutions == 0);
            cut_short += usize::from(
                matches!(
                    answer.stopped,
                    Some(StopReason::NodeLimit | StopReason::Timeout)
                ) || (mode == Mode::Count && answer.stopped == Some(StopReason::SolutionLimit)),
            );
            Ok(())
        },
    )?;
    out.flush().context(crate::output::write_error())?;
    drop(out);
    let elapsed = start.elapsed().as_secs_f64();
    if flags.stats() {
        use crate::stats::Figure::{Count, Rate, Seconds, Text};
        crate::stats::print(
            flags,
            &[
                ("puzzles", Count(spans.len() as u128)),
                ("tree", Text(trees.join(", "))),
                ("without a solution", Count(unsolved as u128)),
                ("nodes", Count(nodes.into())),
                ("threads", Count(threads as u128)),
                ("time", Seconds(elapsed)),
                (
                    "puzzles per second",
                    Rate(spans.len() as f64 / elapsed.max(1e-9)),
                ),
            ],
        );
    }
    if cut_short > 0 {
        let why = match mode {
            Mode::Count => "their counts are lower bounds",
            _ => "they may have a solution",
        };
        note(format_args!(
            "dlx: note: {cut_short} of {} searches stopped at a limit: {why}",
            spans.len()
        ));
    }
    if bad > 0 {
        anyhow::bail!(
            "{bad} of {} lines of {name} are not puzzles (each said above); the others were \
             solved",
            spans.len()
        );
    }
    if unsolved > 0 {
        if mode != Mode::Count {
            note(format_args!(
                "dlx: {unsolved} of {} puzzles have no solution",
                spans.len()
            ));
        }
        return Ok(Found::None);
    }
    Ok(Found::Some)
}

/// The blank puzzle of a shape ([`Reduction::givens`]): its encoding, and the engine's kernel
/// of it where it has one.
struct Blank<C> {
    encoding: Encoding<C>,
    kernel: Option<Kernel>,
}

/// The blank puzzles of a run, by shape, each built once and shared by the threads.
struct Blanks<C> {
    /// The first shape met and its blank (none if it has no encoding): most runs have one
    /// shape, which the workers then read without a lock or a shared count.
    first: OnceLock<(u64, Option<Blank<C>>)>,
    /// The other shapes'.
    others: Mutex<Vec<(u64, Arc<Blank<C>>)>>,
}

impl<C> Default for Blanks<C> {
    fn default() -> Self {
        Blanks {
            first: OnceLock::new(),
            others: Mutex::new(Vec::new()),
        }
    }
}

/// A blank of [`Blanks`]: the first shape's, borrowed, or another's.
enum BlankOf<'a, C> {
    First(&'a Blank<C>),
    Other(Arc<Blank<C>>),
}

impl<C> std::ops::Deref for BlankOf<'_, C> {
    type Target = Blank<C>;

    fn deref(&self) -> &Blank<C> {
        match self {
            BlankOf::First(blank) => blank,
            BlankOf::Other(blank) => blank,
        }
    }
}

impl<C> Blank<C> {
    fn new(encoding: Encoding<C>) -> Blank<C> {
        let kernel = Kernel::new(&encoding.problem).ok();
        Blank { encoding, kernel }
    }
}

impl<C> Blanks<C> {
    /// The encoding of the blank of `shape`, built by `encode` the first time (another shape
    /// than the first outside the lock, so a thread may build one that another kept first);
    /// none if that fails.
    fn get(
        &self,
        shape: u64,
        encode: impl FnOnce() -> Option<Encoding<C>>,
    ) -> Option<BlankOf<'_, C>> {
        let mut encode = Some(encode);
        let (first, blank) = self.first.get_or_init(|| {
            let encode = encode.take().expect("not called yet");
            (shape, encode().map(Blank::new))
        });
        if *first == shape {
            return blank.as_ref().map(BlankOf::First);
        }
        let encode = encode.expect("the first shape is another");
        let find = |kept: &[(u64, Arc<Blank<C>>)]| {
            kept.iter()
                .find(|(kept, _)| *kept == shape)
                .map(|(_, encoding)| encoding.clone())
        };
        if let Some(encoding) = find(&self.others.lock().expect("no worker panicked")) {
            return Some(BlankOf::Other(encoding));
        }
        let encoding = Arc::new(Blank::new(encode()?));
        let mut kept = self.others.lock().expect("no worker panicked");
        Some(BlankOf::Other(find(&kept).unwrap_or_else(|| {
            kept.push((shape, encoding.clone()));
            encoding
        })))
    }
}

/// One puzzle: encoded (or, given `blanks`, split into the blank of its shape and its
/// givens, where the reduction can: Knuth's tree either way), searched on this thread, and
/// its answer line appended to `out`.
fn solve_one<R: Draw>(
    reduction: &R,
    blanks: Option<&Blanks<R::Choice>>,
    index: usize,
    line: &Line<R::Puzzle>,
    puzzle: &R::Puzzle,
    flags: &SolveFlags,
    out: &mut Vec<u8>,
) -> Result<Answer> {
    let (task, mode) = (flags.task(), flags.mode());
    let tuned = reduction.for_task(puzzle, task);
    let reduction = tuned.as_ref().unwrap_or(reduction);

    // Probing's budget grows with the problem: on the blank's larger problem it could probe
    // further, and walk another tree.
    let probing =
        flags.propagation_or(reduction.propagation_for(puzzle)) == dlx::Propagation::Probing;
    let shared = blanks.filter(|_| !probing).and_then(|blanks| {
        let givens = reduction.givens(puzzle)?;
        let blank = blanks.get(givens.shape, || reduction.encode(&givens.blank).ok())?;
        Some((blank, givens.options))
    });
    // On the blank from the givens, unless they clash: the puzzle's own encoding then.
    let on_blank = match &shared {
        Some((blank, given)) => {
            let plan = reductions::plan::plan(reduction, puzzle, &blank.encoding, task);
            let searched = match blank.kernel.as_ref().filter(|_| flags.takes_kernel(&plan)) {
                Some(kernel) => search_kernel(kernel, given, flags, mode)?,
                None => search(&blank.encoding.problem, given, &plan, flags, mode)?,
            };
            searched.map(|searched| (&blank.encoding, searched))
        }
        None => None,
    };
    let own;
    let (encoding, searched) = match on_blank {
        Some(found) => found,
        None => {
            own = reduction
                .encode(puzzle)
                .context("cannot build the exact-cover problem")?;
            let plan = reductions::plan::plan(reduction, puzzle, &own, task);
            let searched =
                search(&own.problem, &[], &plan, flags, mode)?.expect("no given options to clash");
            (&own, searched)
        }
    };
    // Each JSON line starts with the puzzle's number and its line in the input.
    let head = [("puzzle", index as u128), ("line", line.number as u128)];
    let answer = Answer {
        solutions: searched.solutions,
        nodes: searched.nodes,
        tree: searched.tree,
        stopped: searched.stopped,
        error: None,
    };
    if mode == Mode::Count {
        match flags.format() {
            Format::Json => {
                #[derive(serde::Serialize)]
                struct Count {
                    count: u128,
                    complete: bool,
                }
                let count = Count {
                    count: searched.solutions,
                    complete: searched.stopped.is_none(),
                };
                write_json(out, &Head(&head), &count)?;
            }
            _ => writeln!(out, "{}", searched.solutions)?,
        }
        return Ok(answer);
    }
    let Some(options) = &searched.first else {
        match flags.format() {
            Format::Json => {
                #[derive(serde::Serialize)]
                struct NoSolution {
                    solutions: u8,
                }
                write_json(out, &Head(&head), &NoSolution { solutions: 0 })?;
            }
            _ => out.extend_from_slice(b"no solution\n"),
        }
        return Ok(answer);
    };
    let board = reduction.drawing(
        puzzle,
        reduction.decode(puzzle, &encoding.choices_of(options)),
    );
    match flags.format() {
        Format::Json => board.json(&Head(&head), out)?,
        Format::Tatham => writeln!(out, "{}", board.tatham().unwrap_or_default())?,
        _ if line.game_id => writeln!(out, "{}", board.tatham().unwrap_or_default())?,
        _ => out.extend_from_slice(board.plain_line()?.as_bytes()),
    }
    Ok(Answer {
        stopped: None,
        ..answer
    })
}

/// What one puzzle's search found: its count (the first solution's options too, unless it
/// counts), its nodes and the tree they are of, and where it stopped.
struct Searched {
    solutions: u128,
    first: Option<Vec<dlx::OptionId>>,
    nodes: u64,
    tree: &'static str,
    stopped: Option<StopReason>,
}

/// The search of `problem` from the `given` options as `plan` and the flags say, on this
/// thread: what a progress bar and threads add is not wanted here. None when the given
/// options clash.
fn search(
    problem: &dlx::Problem,
    given: &[dlx::OptionId],
    plan: &reductions::plan::Plan,
    flags: &SolveFlags,
    mode: Mode,
) -> Result<Option<Searched>> {
    let mut reasoning = flags.reasoning(problem, plan)?;
    if !given.is_empty() {
        debug_assert_eq!(reasoning.tree_used(), dlx::Tree::Links);
        match reasoning.given(given) {
            Ok(from_given) => reasoning = from_given,
            Err(_) => return Ok(None),
        }
    }
    let solver = flags.limited(reasoning, mode);
    let mut first = None;
    let outcome = if mode == Mode::Count {
        solver.count()
    } else {
        solver.for_each(|options| {
            first = Some(options.to_vec());
            ControlFlow::Break(())
        })
    };
    Ok(Some(Searched {
        solutions: outcome.solutions,
        first,
        nodes: outcome.stats.nodes,
        tree: outcome.stats.tree.name(),
        stopped: outcome.stopped,
    }))
}

thread_local! {
    /// Each worker's state of the kernel's searches, kept from puzzle to puzzle.
    static SCRATCH: RefCell<KernelScratch> = RefCell::default();
}

/// [`search`] on the engine's kernel for many small problems, whose solutions come in the
/// order of the links' (`SolveFlags::takes_kernel`). None when the given options clash.
fn search_kernel(
    kernel: &Kernel,
    given: &[dlx::OptionId],
    flags: &SolveFlags,
    mode: Mode,
) -> Result<Option<Searched>> {
    let limits = flags.kernel_limits(mode);
    let mut first = None;
    let outcome = SCRATCH.with_borrow_mut(|scratch| {
        kernel.search(scratch, given, &limits, |options| {
            if mode != Mode::Count {
                first = Some(options.to_vec());
            }
            ControlFlow::Continue(())
        })
    });
    let Ok(outcome) = outcome else {
        return Ok(None);
    };
    Ok(Some(Searched {
        solutions: outcome.solutions,
        first,
        nodes: outcome.nodes,
        tree: "kernel",
        stopped: outcome.stopped,
    }))
}

/// The answer line of a line that is not a puzzle, appended to `out`: `not a puzzle`, or in
/// JSON its number, its line and the error; the error itself goes to stderr when the answer
/// is written.
fn not_a_puzzle(
    index: usize,
    number: usize,
    error: &str,
    flags: &SolveFlags,
    out: &mut Vec<u8>,
) -> Answer {
    match flags.format() {
        Format::Json => {
            #[derive(serde::Serialize)]
            struct NotAPuzzle<'a> {
                puzzle: usize,
                line: usize,
                error: &'a str,
            }
            let fields = NotAPuzzle {
                puzzle: index,
                line: number,
                error,
            };
            out.extend_from_slice(
                serde_json::to_string(&fields)
                    .unwrap_or_default()
                    .as_bytes(),
            );
            out.push(b'\n');
        }
        _ => out.extend_from_slice(b"not a puzzle\n"),
    }
    Answer {
        solutions: 0,
        nodes: 0,
        tree: dlx::Tree::Links.name(),
        stopped: None,
        error: Some(error.to_owned()),
    }
}
