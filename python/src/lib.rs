//! The `dlx` Python module: the engine and the puzzles from Python.
//!
//! `covers(options, primary=, secondary=, colored=)` has the meaning and argument names of
//! Python's `xcover`, so that code written for it ports by changing the import; `Problem`
//! reads Knuth's text format or lists, and counts exactly at any size (a Python int); the
//! puzzles are solved by name through the library's registry, with its plan. Searches release
//! the GIL. Items are any hashable Python objects; a colored secondary item is `"item:color"`
//! or the pair `(item, color)`.

#![deny(unsafe_code)]

mod puzzles;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

pyo3::create_exception!(
    dlx,
    ParseError,
    PyValueError,
    "Input that is not what was expected; `line` and `column` (from 1) say where, when known."
);

/// A `ParseError` with the line and column of `err`, where it has them.
fn parse_error(
    py: Python<'_>,
    message: String,
    line: Option<usize>,
    column: Option<usize>,
) -> PyErr {
    let err = ParseError::new_err(message);
    let value = err.value(py);
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    err
}

fn from_parse(py: Python<'_>, err: &dlx::ParseError) -> PyErr {
    parse_error(py, err.to_string(), Some(err.line()), Some(err.column()))
}

/// An exact-cover problem built from Python lists, with the Python items it names.
fn build(
    py: Python<'_>,
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
    multiplicities: Option<&Bound<'_, PyAny>>,
) -> PyResult<(dlx::Problem, Numbering)> {
    // Each option as (item, color) pairs, items as Python objects compared by hash and ==.
    let mut rows: Vec<Vec<(Py<PyAny>, Option<String>)>> = Vec::new();
    for option in options.try_iter()? {
        let option = option?;
        let mut row = Vec::new();
        for entry in option.try_iter()? {
            let entry = entry?;
            row.push(split_color(&entry, colored)?);
        }
        rows.push(row);
    }
    let list = |items: Option<&Bound<'_, PyAny>>| -> PyResult<Option<Vec<Py<PyAny>>>> {
        items
            .map(|items| items.try_iter()?.map(|item| Ok(item?.unbind())).collect())
            .transpose()
    };
    let (mut primary, mut secondary) = (list(primary)?, list(secondary)?);
    // Items in order of first appearance, for the lists left to infer.
    let keyed = PyDict::new(py);
    let mut seen = Vec::new();
    for row in &rows {
        for (item, _) in row {
            let item = item.bind(py);
            if !keyed.contains(item)? {
                keyed.set_item(item, seen.len())?;
                seen.push(item.clone().unbind());
            }
        }
    }
    let member = |items: &[Py<PyAny>], item: &Bound<'_, PyAny>| -> PyResult<bool> {
        for other in items {
            if other.bind(py).eq(item)? {
                return Ok(true);
            }
        }
        Ok(false)
    };
    match (&primary, &secondary) {
        (None, None) => primary = Some(seen.iter().map(|item| item.clone_ref(py)).collect()),
        (None, Some(second)) => {
            let mut first = Vec::new();
            for item in &seen {
                if !member(second, item.bind(py))? {
                    first.push(item.clone_ref(py));
                }
            }
            primary = Some(first);
        }
        (Some(first), None) => {
            let mut second = Vec::new();
            for item in &seen {
                if !member(first, item.bind(py))? {
                    second.push(item.clone_ref(py));
                }
            }
            secondary = Some(second);
        }
        (Some(_), Some(_)) => {}
    }
    let (primary, secondary) = (primary.unwrap_or_default(), secondary.unwrap_or_default());
    let mut builder = dlx::ProblemBuilder::new();
    let index = PyDict::new(py);
    let mut handles: Vec<Handle> = Vec::new();
    let mut bounded = 0;
    for (k, item) in primary.iter().enumerate() {
        index.set_item(item.bind(py), handles.len())?;
        let bounds = match multiplicities {
            Some(bounds) => bounds.get_item(item.bind(py)).ok(),
            None => None,
        };
        let handle =
            match bounds {
                Some(bounds) => {
                    bounded += 1;
                    let (min, max) =
                        match bounds.extract::<u32>() {
                            Ok(exactly) => (exactly, exactly),
                            Err(_) => bounds.extract::<(u32, u32)>().map_err(|_| {
                                PyValueError::new_err(format!(
                            "multiplicities: expected a count or a pair (least, most) for {}",
                            item.bind(py).repr().map(|r| r.to_string()).unwrap_or_default()
                        ))
                            })?,
                        };
                    if min > max || max == 0 {
                        return Err(PyValueError::new_err(format!(
                        "multiplicities: {} is to be covered from {min} to {max} times: expected \
                         least <= most and most >= 1",
                        item.bind(py).repr()?
                    )));
                    }
                    builder.primary_bounded(format!("p{k}"), min, max)
                }
                None => builder.primary(format!("p{k}")),
            };
        handles.push(Handle::Primary(handle));
    }
    if let Some(bounds) = multiplicities {
        if bounds.len()? != bounded {
            return Err(PyKeyError::new_err(
                "multiplicities: only primary items have them, and every one named must be",
            ));
        }
    }
    for (k, item) in secondary.iter().enumerate() {
        index.set_item(item.bind(py), handles.len())?;
        handles.push(Handle::Secondary(builder.secondary(format!("s{k}"))));
    }
    let mut colors: HashMap<String, dlx::Color> = HashMap::new();
    let mut kept = Vec::with_capacity(rows.len());
    for (number, row) in rows.iter().enumerate() {
        let mut entries = Vec::with_capacity(row.len());
        let mut has_primary = false;
        for (item, color) in row {
            let item = item.bind(py);
            let Some(at) = index.get_item(item)? else {
                return Err(PyKeyError::new_err(format!(
                    "option {number}: item {} is neither primary nor secondary",
                    item.repr()?
                )));
            };
            let handle = handles[at.extract::<usize>()?];
            has_primary |= matches!(handle, Handle::Primary(_));
            entries.push(match (handle, color) {
                (Handle::Primary(p), None) => dlx::OptionItem::from(p),
                (Handle::Primary(_), Some(_)) => {
                    return Err(PyValueError::new_err(format!(
                        "option {number}: the primary item {} cannot have a color",
                        item.repr()?
                    )))
                }
                (Handle::Secondary(s), None) => dlx::OptionItem::from(s),
                (Handle::Secondary(s), Some(color)) => {
                    let next = colors.len();
                    let color = *colors
                        .entry(color.clone())
                        .or_insert_with(|| builder.color(format!("c{next}")));
                    s.with_color(color)
                }
            });
        }
        // An option without a primary item is never chosen (xcover never chooses one, and
        // Knuth's programs skip it): left out, the others keep their numbers.
        if has_primary {
            builder.option(entries);
            kept.push(number);
        }
    }
    let numbering = Numbering((kept.len() < rows.len()).then(|| kept.into()));
    builder
        .build()
        .map(|problem| (problem, numbering))
        .map_err(|err| {
            // The builder names items `p3` and `s0`: the message names them as given.
            let name = |items: &[Py<PyAny>], k: &str| {
                k.parse::<usize>()
                    .ok()
                    .and_then(|k| items.get(k))
                    .and_then(|item| item.bind(py).repr().ok())
                    .map(|repr| repr.to_string())
            };
            let message = err.to_string();
            let mut shown = String::new();
            let mut rest = message.as_str();
            while let Some(at) = rest.find('\'') {
                shown.push_str(&rest[..at]);
                let quoted = &rest[at + 1..];
                let Some(end) = quoted.find('\'') else {
                    rest = &rest[at..];
                    break;
                };
                let internal = &quoted[..end];
                let given = match internal.split_at_checked(1) {
                    Some(("p", k)) => name(&primary, k),
                    Some(("s", k)) => name(&secondary, k),
                    _ => None,
                };
                shown.push_str(&given.unwrap_or_else(|| format!("'{internal}'")));
                rest = &quoted[end + 1..];
            }
            shown.push_str(rest);
            PyValueError::new_err(shown)
        })
}

/// The number, among the options given, of each option of a built problem, where some were
/// left out (`None`: all are there, in order).
#[derive(Clone, Default)]
struct Numbering(Option<Arc<[usize]>>);

impl Numbering {
    /// The options of a solution as Python ints, numbered as given.
    fn indices(&self, options: &[dlx::OptionId]) -> Vec<usize> {
        match &self.0 {
            None => options.iter().map(|option| option.index()).collect(),
            Some(given) => options.iter().map(|option| given[option.index()]).collect(),
        }
    }
}

#[derive(Copy, Clone)]
enum Handle {
    Primary(dlx::Primary),
    Secondary(dlx::Secondary),
}

/// An option's entry as (item, color): with `colored`, `"item:color"` (split at the last
/// colon) or `(item, color)`; otherwise the entry itself.
fn split_color(entry: &Bound<'_, PyAny>, colored: bool) -> PyResult<(Py<PyAny>, Option<String>)> {
    if colored {
        if let Ok(text) = entry.downcast::<PyString>() {
            let text: String = text.extract()?;
            if let Some((item, color)) = text.rsplit_once(':') {
                let item = PyString::new(entry.py(), item).into_any().unbind();
                return Ok((item, Some(color.to_owned())));
            }
        }
        if let Ok(pair) = entry.downcast::<PyTuple>() {
            if pair.len() == 2 {
                let color: String = pair.get_item(1)?.str()?.extract()?;
                return Ok((pair.get_item(0)?.unbind(), Some(color)));
            }
        }
    }
    if entry.hash().is_err() {
        return Err(PyTypeError::new_err(format!(
            "items must be hashable, found {}",
            entry.repr()?
        )));
    }
    Ok((entry.clone().unbind(), None))
}

/// Runs `search` on a helper thread without the GIL, given the flag that cancels it, and looks
/// at Python's signals every 50 ms meanwhile: Ctrl-C (or any handler that raises) cancels the
/// search and raises its exception here, within a checkpoint of the search.
fn interruptible<T: Send>(
    py: Python<'_>,
    search: impl FnOnce(Arc<AtomicBool>) -> T + Send,
) -> PyResult<T> {
    let flag = Arc::new(AtomicBool::new(false));
    std::thread::scope(|scope| {
        let cancel = Arc::clone(&flag);
        let worker = scope.spawn(move || search(cancel));
        loop {
            let finished = py.allow_threads(|| {
                let until = Instant::now() + Duration::from_millis(50);
                while !worker.is_finished() && Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(1));
                }
                worker.is_finished()
            });
            if finished {
                return Ok(worker.join().expect("the search's thread"));
            }
            if let Err(err) = py.check_signals() {
                flag.store(true, Ordering::Relaxed);
                // Without the GIL: a progress callback on the worker may be waiting for it.
                let _ = py.allow_threads(|| worker.join());
                return Err(err);
            }
        }
    })
}

/// `value` seconds as a duration, or a `ValueError` naming `what`.
fn seconds(value: Option<f64>, what: &str) -> PyResult<Option<Duration>> {
    value
        .map(|seconds| {
            Duration::try_from_secs_f64(seconds)
                .map_err(|err| PyValueError::new_err(format!("{what}: {err}")))
        })
        .transpose()
}

/// A count as a Python int of any size.
fn py_count(py: Python<'_>, count: &dlx::Count) -> PyResult<Py<PyAny>> {
    let int = py.get_type::<pyo3::types::PyInt>();
    Ok(int.call1((count.to_string(),))?.unbind())
}

/// The solutions of a problem, one at a time: the search pauses between them, and an
/// iterator dropped midway frees its search.
#[pyclass(unsendable, module = "dlx")]
struct Solutions {
    // Declared before the problem it borrows, so dropped first.
    iter: dlx::Solutions<'static>,
    left: Option<u64>,
    numbering: Numbering,
    _problem: Box<dlx::Problem>,
}

impl Solutions {
    fn new(problem: dlx::Problem, numbering: Numbering, limit: Option<u64>) -> Solutions {
        let problem = Box::new(problem);
        // SAFETY: the problem lives in its box, which `Solutions` owns and never moves out of
        // or replaces, and the iterator that borrows it is dropped before it (field order),
        // so the reference outlives neither; `dlx::Problem` is immutable once built.
        #[allow(unsafe_code)]
        let borrowed: &'static dlx::Problem =
            unsafe { &*(problem.as_ref() as *const dlx::Problem) };
        Solutions {
            iter: dlx::Solver::new(borrowed).tree(dlx::Tree::Auto).solutions(),
            left: limit,
            numbering,
            _problem: problem,
        }
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<Vec<usize>> {
        if self.left == Some(0) {
            return None;
        }
        let solution = self.iter.next()?;
        self.left = self.left.map(|left| left - 1);
        Some(self.numbering.indices(solution.options()))
    }
}

/// The solutions of an exact-cover problem, lazily, as lists of option indices (xcover's
/// `covers`).
///
/// >>> sorted(covers([[1, 2], [3], [1], [2, 3]]))
/// [[0, 1], [2, 3]]
#[pyfunction]
#[pyo3(signature = (options, primary=None, secondary=None, colored=false))]
fn covers(
    py: Python<'_>,
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
) -> PyResult<Solutions> {
    let (problem, numbering) = build(py, options, primary, secondary, colored, None)?;
    Ok(Solutions::new(problem, numbering, None))
}

/// The zero-suppressed decision diagram of every solution, as xcover's `covers_zdd` gives it:
/// a list of nodes `(index, option, lo, hi)`, each after the nodes it leads to, numbered from
/// 2 (0 and 1 are the sinks: no solution, and a solution complete), the top last; empty when
/// there is no solution. A path from the top to 1 is a solution, the options of its `hi`
/// branches. The diagram is built by memoization (`use_memo_cache` is always so), branching
/// on the item with the fewest options (`"MRV"`) or the first (`"leftmost"`).
///
/// >>> nodes = covers_zdd([[1, 2], [3], [1], [2, 3]])
/// >>> len(nodes), nodes[-1][0]
/// (4, 5)
#[pyfunction]
#[pyo3(signature = (options, primary=None, secondary=None, colored=false, use_memo_cache=false, choose_heuristic="MRV"))]
fn covers_zdd(
    py: Python<'_>,
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
    use_memo_cache: bool,
    choose_heuristic: &str,
) -> PyResult<Vec<(u64, usize, u64, u64)>> {
    let _ = use_memo_cache;
    let branching = match choose_heuristic {
        "MRV" => dlx::memo::Branching::FewestOptions,
        "leftmost" => dlx::memo::Branching::FirstItem,
        other => {
            return Err(PyValueError::new_err(format!(
                "choose_heuristic '{other}': expected 'MRV' or 'leftmost'"
            )))
        }
    };
    let (problem, numbering) = build(py, options, primary, secondary, colored, None)?;
    let graph = interruptible(py, |cancel| {
        dlx::Solver::new(&problem)
            .branching(branching)
            .cancel_on(cancel)
            .memo_graph()
    })?
    .map_err(|err| PyValueError::new_err(err.to_string()))?;
    let mut nodes = Vec::new();
    graph.zdd(|node| {
        let option = numbering.indices(&[node.option])[0];
        nodes.push((node.id, option, node.lo, node.hi));
    });
    Ok(nodes)
}

/// Whether the problem has a solution (xcover's `covers_bool` answers this for a matrix).
#[pyfunction]
#[pyo3(signature = (options, primary=None, secondary=None, colored=false))]
fn has_cover(
    py: Python<'_>,
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
) -> PyResult<bool> {
    let (problem, _) = build(py, options, primary, secondary, colored, None)?;
    Ok(py.allow_threads(|| {
        dlx::Solver::new(&problem)
            .tree(dlx::Tree::Auto)
            .first()
            .is_some()
    }))
}

/// The number of solutions, exactly (a Python int).
///
/// >>> count([[1, 2], [3], [1], [2, 3]])
/// 2
#[pyfunction]
#[pyo3(signature = (options, primary=None, secondary=None, colored=false))]
fn count(
    py: Python<'_>,
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
) -> PyResult<Py<PyAny>> {
    let (problem, _) = build(py, options, primary, secondary, colored, None)?;
    let outcome = interruptible(py, |cancel| {
        dlx::Solver::new(&problem)
            .tree(dlx::Tree::Auto)
            .cancel_on(cancel)
            .count()
    })?;
    py_count(py, &dlx::Count::from(outcome.solutions))
}

/// An exact-cover problem: from lists (as `covers` takes them) or from Knuth's text format
/// (`Problem.from_dlx`).
#[pyclass(module = "dlx", frozen)]
struct Problem {
    problem: dlx::Problem,
    /// The options' numbers as given (options without a primary item are left out).
    numbering: Numbering,
}

impl Problem {
    /// The problem's symmetry group, found without the GIL; Ctrl-C stops the search.
    fn group(&self, py: Python<'_>) -> PyResult<dlx::symmetry::Group> {
        interruptible(py, |cancel| {
            let limits = dlx::symmetry::GroupLimits {
                cancel: Some(cancel),
                ..dlx::symmetry::GroupLimits::default()
            };
            dlx::symmetry::Group::within(&self.problem, &limits)
        })?
        .map_err(|err| PyValueError::new_err(err.to_string()))
    }
}

#[pymethods]
impl Problem {
    /// The problem of `covers`' arguments; `multiplicities` maps primary items to how often
    /// they are covered: a count, or a pair (least, most), as Knuth's `u:v|item`
    /// (Algorithm M).
    ///
    /// >>> Problem([["a", "b"], ["a"], ["b"]], multiplicities={"a": (1, 2)}).count()
    /// 2
    #[new]
    #[pyo3(signature = (options, primary=None, secondary=None, colored=false, multiplicities=None))]
    fn new(
        py: Python<'_>,
        options: &Bound<'_, PyAny>,
        primary: Option<&Bound<'_, PyAny>>,
        secondary: Option<&Bound<'_, PyAny>>,
        colored: bool,
        multiplicities: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Problem> {
        let (problem, numbering) = build(py, options, primary, secondary, colored, multiplicities)?;
        Ok(Problem { problem, numbering })
    }

    /// A problem in Knuth's text format (items on the first line, `|` before the secondary
    /// ones, `u:v|item` for multiplicities, then an option a line). Raises `ParseError` with
    /// the line and column of a mistake.
    #[staticmethod]
    fn from_dlx(py: Python<'_>, text: &str) -> PyResult<Problem> {
        dlx::Problem::from_dlx(text)
            .map(|problem| Problem {
                problem,
                numbering: Numbering::default(),
            })
            .map_err(|err| from_parse(py, &err))
    }

    /// The problem in Knuth's text format.
    fn to_dlx(&self) -> String {
        self.problem.to_dlx()
    }

    /// The number of options searched: those given, less any without a primary item (which
    /// no solution takes).
    #[getter]
    fn option_count(&self) -> usize {
        self.problem.option_count()
    }

    /// The number of solutions, exactly (a Python int of any size): by enumeration on
    /// `threads` threads (0: one per core), or by memoization with `memo=True`, which counts
    /// what no enumeration could. `tree` is `"auto"` (the default), `"links"`,
    /// `"sparse-sets"` or `"bitsets"`; `propagate` is `"none"` (the default), `"forcing"` or
    /// `"probing"`. `progress`, if given, is called about every `every` seconds with a dict
    /// of `nodes`, `solutions`, `level`, `estimate` (the fraction of the tree done) and
    /// `seconds`; an exception it raises stops the count and is raised here. `timeout`
    /// (seconds) raises `TimeoutError` when it runs out; Ctrl-C raises `KeyboardInterrupt`
    /// within a fraction of a second.
    ///
    /// With `up_to_symmetry=True`, the number of classes of solutions that the problem's
    /// symmetries (see `symmetry`) map onto each other, exactly (with `memo`, Burnside's
    /// lemma over every symmetry, each one's fixed solutions memoized).
    ///
    /// >>> p = Problem.from_dlx("a b c\na\nb\nc\na b\nb c\n")
    /// >>> seen = []
    /// >>> p.count(tree="links", propagate="forcing", progress=seen.append, every=0.0)
    /// 3
    /// >>> p.count(up_to_symmetry=True)
    /// 2
    #[pyo3(signature = (memo=false, threads=1, timeout=None, tree=None, propagate=None, progress=None, every=1.0, up_to_symmetry=false))]
    #[allow(clippy::too_many_arguments)]
    fn count(
        &self,
        py: Python<'_>,
        memo: bool,
        threads: usize,
        timeout: Option<f64>,
        tree: Option<&str>,
        propagate: Option<&str>,
        progress: Option<Py<PyAny>>,
        every: f64,
        up_to_symmetry: bool,
    ) -> PyResult<Py<PyAny>> {
        let limit = seconds(timeout, "timeout")?;
        let every = seconds(Some(every), "every")?.unwrap_or_default();
        let group = if up_to_symmetry {
            Some(self.group(py)?)
        } else {
            None
        };
        let tree = match tree.unwrap_or("auto") {
            "auto" => dlx::Tree::Auto,
            "links" => dlx::Tree::Links,
            "sparse-sets" => dlx::Tree::SparseSets,
            "bitsets" => dlx::Tree::Bitsets,
            other => {
                return Err(PyValueError::new_err(format!(
                    "tree '{other}': expected auto, links, sparse-sets or bitsets"
                )))
            }
        };
        let propagation = match propagate.unwrap_or("none") {
            "none" => dlx::Propagation::None,
            "forcing" => dlx::Propagation::Forcing,
            "probing" => dlx::Propagation::Probing,
            other => {
                return Err(PyValueError::new_err(format!(
                    "propagate '{other}': expected none, forcing or probing"
                )))
            }
        };
        // The first error the callback raised; the search is cancelled then.
        let raised: std::sync::Mutex<Option<PyErr>> = std::sync::Mutex::new(None);
        let raised = &raised;
        let progress = progress.as_ref();
        let solver = |cancel: Arc<AtomicBool>| {
            let mut solver = dlx::Solver::new(&self.problem)
                .tree(tree)
                .propagation(propagation)
                .threads(threads)
                .cancel_on(cancel.clone());
            if let Some(limit) = limit {
                solver = solver.timeout(limit);
            }
            if let Some(callback) = progress {
                solver = solver.on_progress(every, move |report: &dlx::Progress| {
                    Python::with_gil(|py| {
                        let call = || -> PyResult<()> {
                            let dict = PyDict::new(py);
                            dict.set_item("nodes", report.nodes)?;
                            dict.set_item("solutions", report.solutions)?;
                            dict.set_item("level", report.level)?;
                            dict.set_item("estimate", report.estimate)?;
                            dict.set_item("seconds", report.elapsed.as_secs_f64())?;
                            callback.call1(py, (dict,))?;
                            Ok(())
                        };
                        if let Err(err) = call() {
                            cancel.store(true, Ordering::Relaxed);
                            raised.lock().expect("not poisoned").get_or_insert(err);
                        }
                    });
                });
            }
            solver
        };
        let check = || match raised.lock().expect("not poisoned").take() {
            Some(err) => Err(err),
            None => Ok(()),
        };
        if let (true, Some(group)) = (memo, &group) {
            let outcome =
                interruptible(py, |cancel| solver(cancel).memo_count_up_to_symmetry(group))?;
            check()?;
            let outcome = outcome.map_err(|err| PyValueError::new_err(err.to_string()))?;
            return py_count(py, &outcome.count);
        }
        if memo {
            let outcome = interruptible(py, |cancel| solver(cancel).memo_count())?;
            check()?;
            let outcome = outcome.map_err(|err| PyValueError::new_err(err.to_string()))?;
            return py_count(py, &outcome.count);
        }
        let outcome = interruptible(py, |cancel| match &group {
            Some(group) => solver(cancel).count_up_to_symmetry(group),
            None => Ok(solver(cancel).count()),
        })?
        .map_err(|err| PyValueError::new_err(err.to_string()))?;
        check()?;
        if let Some(reason) = outcome.stopped {
            return Err(pyo3::exceptions::PyTimeoutError::new_err(format!(
                "the count stopped ({reason}) after {} solutions",
                outcome.solutions
            )));
        }
        py_count(py, &dlx::Count::from(outcome.solutions))
    }

    /// Knuth's estimate of the numbers of solutions and of nodes from `samples` random paths
    /// down the search tree (the same `seed`, the same figures): a dict of `solutions`,
    /// `solutions_error`, `nodes`, `nodes_error` (standard errors) and `samples`.
    ///
    /// >>> e = Problem.from_dlx("a b\na\nb\na b\n").estimate(100, seed=1)
    /// >>> e["solutions"]
    /// 2.0
    #[pyo3(signature = (samples=1000, seed=0))]
    fn estimate<'py>(
        &self,
        py: Python<'py>,
        samples: u64,
        seed: u64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let estimate = interruptible(py, |cancel| {
            dlx::Solver::new(&self.problem)
                .cancel_on(cancel)
                .estimate(samples, seed)
        })?
        .map_err(|err| PyValueError::new_err(err.to_string()))?;
        let dict = PyDict::new(py);
        dict.set_item("solutions", estimate.solutions)?;
        dict.set_item("solutions_error", estimate.solutions_error)?;
        dict.set_item("nodes", estimate.nodes)?;
        dict.set_item("nodes_error", estimate.nodes_error)?;
        dict.set_item("samples", estimate.probes)?;
        Ok(dict)
    }

    /// The zero-suppressed decision diagram of every solution, in the text of Knuth's ZDD
    /// programs (as `dlx solve --format zdd` writes it), built by memoization.
    ///
    /// >>> print(Problem.from_dlx("a b\na\nb\na b\n").zdd().splitlines()[0])
    /// 2: (~2?0:1)
    fn zdd(&self, py: Python<'_>) -> PyResult<String> {
        let graph = interruptible(py, |cancel| {
            dlx::Solver::new(&self.problem)
                .cancel_on(cancel)
                .memo_graph()
        })?
        .map_err(|err| PyValueError::new_err(err.to_string()))?;
        let mut out = Vec::new();
        graph
            .write_zdd(&mut out)
            .map_err(|err| PyValueError::new_err(err.to_string()))?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// The first solution (a list of option indices), or None.
    fn first(&self, py: Python<'_>) -> Option<Vec<usize>> {
        py.allow_threads(|| {
            dlx::Solver::new(&self.problem)
                .tree(dlx::Tree::Auto)
                .first()
        })
        .map(|solution| self.numbering.indices(solution.options()))
    }

    /// Every solution (lists of option indices), or the first `limit` found, searched on
    /// `threads` threads (0: one per core; their order is then the workers'). `timeout`
    /// (seconds) raises `TimeoutError` when it runs out; Ctrl-C raises `KeyboardInterrupt`.
    ///
    /// With `up_to_symmetry=True`, one solution of each class of solutions that the
    /// problem's symmetries map onto each other: the least, its sorted options compared
    /// with those of its images (`limit` counts these).
    ///
    /// >>> sorted(Problem.from_dlx("a b\na\nb\na b\n").solve())
    /// [[0, 1], [2]]
    /// >>> Problem.from_dlx("a b\na\nb\n").solve(up_to_symmetry=True)
    /// [[0, 1]]
    #[pyo3(signature = (limit=None, timeout=None, threads=1, up_to_symmetry=false))]
    fn solve(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        timeout: Option<f64>,
        threads: usize,
        up_to_symmetry: bool,
    ) -> PyResult<Vec<Vec<usize>>> {
        let time = seconds(timeout, "timeout")?;
        let group = if up_to_symmetry {
            Some(self.group(py)?)
        } else {
            None
        };
        let (found, outcome) = interruptible(py, |cancel| {
            let mut solver = dlx::Solver::new(&self.problem)
                .tree(dlx::Tree::Auto)
                .threads(threads)
                .cancel_on(cancel);
            if let Some(time) = time {
                solver = solver.timeout(time);
            }
            if let Some(most) = limit {
                solver = solver.limit(u128::from(most));
            }
            let mut found = Vec::new();
            let visit = |options: &[dlx::OptionId]| {
                found.push(self.numbering.indices(options));
                std::ops::ControlFlow::Continue(())
            };
            let outcome = match &group {
                Some(group) => solver.for_each_up_to_symmetry(group, visit),
                None => Ok(solver.for_each(visit)),
            };
            (found, outcome)
        })?;
        let outcome = outcome.map_err(|err| PyValueError::new_err(err.to_string()))?;
        match outcome.stopped {
            None | Some(dlx::StopReason::SolutionLimit) => Ok(found),
            Some(reason) => Err(pyo3::exceptions::PyTimeoutError::new_err(format!(
                "the search stopped ({reason}) after {} solutions",
                found.len()
            ))),
        }
    }

    /// The problem's symmetries, found from its items and options alone: the permutations of
    /// items and options (colors renamed item by item, multiplicities kept) that map every
    /// option onto an option. A dict of `order` (how many, an int of any size) and
    /// `generators` (every symmetry is a product of them), each a list of the cycles of the
    /// item names it moves.
    ///
    /// >>> Problem.from_dlx("a b\na\nb\n").symmetry()
    /// {'order': 2, 'generators': [[['a', 'b']]]}
    fn symmetry<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let group = self.group(py)?;
        let generators: Vec<Vec<Vec<&str>>> = group
            .generators()
            .iter()
            .map(|generator| generator.named_cycles(&self.problem))
            .collect();
        let order = py
            .import("builtins")?
            .getattr("int")?
            .call1((group.order().to_string(),))?;
        let dict = PyDict::new(py);
        dict.set_item("order", order)?;
        dict.set_item("generators", generators)?;
        Ok(dict)
    }

    /// The solutions, lazily, at most `limit` of them.
    #[pyo3(signature = (limit=None))]
    fn solutions(&self, limit: Option<u64>) -> Solutions {
        Solutions::new(self.problem.clone(), self.numbering.clone(), limit)
    }

    /// `n` solutions drawn uniformly at random (the same for the same `seed` everywhere),
    /// through the graph of all solutions, built by memoization. Ctrl-C stops the building
    /// and the drawing; the list grows as solutions are drawn, so a large `n` takes memory
    /// only for what it has drawn.
    #[pyo3(signature = (n, seed=0))]
    fn random(&self, py: Python<'_>, n: usize, seed: u64) -> PyResult<Vec<Vec<usize>>> {
        let problem = &self.problem;
        let graph = interruptible(py, |cancel| {
            dlx::Solver::new(problem)
                .tree(dlx::Tree::Auto)
                .cancel_on(cancel)
                .memo_graph()
        })?
        .map_err(|err| PyValueError::new_err(err.to_string()))?;
        let mut drawn: Vec<Vec<usize>> = Vec::new();
        for solution in graph.random_solutions(seed).take(n) {
            let options = self.numbering.indices(solution.options());
            // The list as Python holds it: a list and an int per option, a list per solution.
            let bytes = (n as f64) * (64.0 + 40.0 * options.len() as f64);
            if drawn.is_empty() && bytes > RANDOM_MEMORY {
                return Err(PyValueError::new_err(format!(
                    "random({n}): the list would take about {:.0} GiB; draw fewer at a time \
                     (another seed gives other draws)",
                    bytes / (1u64 << 30) as f64
                )));
            }
            drawn.push(options);
            if drawn.len() % 4096 == 0 {
                py.check_signals()?;
            }
        }
        Ok(drawn)
    }

    fn __repr__(&self) -> String {
        let problem = &self.problem;
        format!(
            "<dlx.Problem: {} items ({} primary), {} options>",
            problem.item_count(),
            problem.primary_count(),
            problem.option_count()
        )
    }
}

/// The most memory the list of `Problem.random` may take, in bytes: 2 GiB.
const RANDOM_MEMORY: f64 = (2u64 << 30) as f64;

#[pymodule]
#[pyo3(name = "_dlx")]
fn dlx_module(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add("ParseError", module.py().get_type::<ParseError>())?;
    module.add_class::<Problem>()?;
    module.add_class::<Solutions>()?;
    module.add_function(wrap_pyfunction!(covers, module)?)?;
    module.add_function(wrap_pyfunction!(covers_zdd, module)?)?;
    module.add_function(wrap_pyfunction!(has_cover, module)?)?;
    module.add_function(wrap_pyfunction!(count, module)?)?;
    module.add_function(wrap_pyfunction!(puzzles::solve_puzzle, module)?)?;
    module.add_function(wrap_pyfunction!(puzzles::puzzle_names, module)?)?;
    module.add_function(wrap_pyfunction!(puzzles::puzzle_infos, module)?)?;
    module.add_function(wrap_pyfunction!(puzzles::game_offer, module)?)?;
    module.add_function(wrap_pyfunction!(puzzles::generate_puzzle, module)?)?;
    module.add_function(wrap_pyfunction!(puzzles::grade_puzzle, module)?)?;
    module.add_function(wrap_pyfunction!(puzzles::explain_puzzle, module)?)?;
    module.add_function(wrap_pyfunction!(puzzles::puzzle_given, module)?)?;
    module.add_function(wrap_pyfunction!(puzzles::given_drawing, module)?)?;
    module.add_class::<puzzles::Drawing>()?;
    Ok(())
}
