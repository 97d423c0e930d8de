//! Error types: building a problem ([`BuildError`]), reading Knuth's text format
//! ([`ParseError`]), and checking a claimed solution ([`CoverError`]).

use std::fmt;

use crate::limits::MAX_NODES;

/// The most characters of an input's text that [`shown`] gives; longer texts end in `…`.
pub const SHOWN_CHARS: usize = 64;

/// A piece of an input as error messages show it: control characters, the byte-order mark and
/// other invisible format characters (zero-width, direction and joiner marks) escaped as
/// `\u{1b}`, so that an input can never drive the terminal through a message, and at most
/// [`SHOWN_CHARS`] characters of it.
///
/// ```
/// assert_eq!(dlx::text::shown("a\u{1b}[31m"), "a\\u{1b}[31m");
/// assert_eq!(dlx::text::shown(&"x".repeat(100)).chars().count(), 65);
/// ```
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    for (k, c) in text.chars().enumerate() {
        if k == SHOWN_CHARS {
            out.push('…');
            break;
        }
        if is_invisible(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// Control characters, and format characters that change text without showing.
fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{feff}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}')
}

/// Why [`ProblemBuilder::build`](crate::ProblemBuilder::build) refused a problem.
///
/// ```
/// use dlx::{BuildErrorKind, ProblemBuilder};
/// let mut builder = ProblemBuilder::new();
/// let a = builder.primary("a");
/// builder.option([a, a]);
/// let error = builder.build().unwrap_err();
/// assert!(matches!(error.kind(), BuildErrorKind::RepeatedItem { option: 0, .. }));
/// assert_eq!(error.to_string(), "option 0 names item 'a' twice");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct BuildError {
    kind: BuildErrorKind,
}

impl BuildError {
    pub(crate) fn new(kind: BuildErrorKind) -> Self {
        BuildError { kind }
    }

    /// What exactly was wrong.
    pub fn kind(&self) -> &BuildErrorKind {
        &self.kind
    }
}

/// The kinds of [`BuildError`]. Options are numbered from 0 in the order they were added.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// Two items have the same name.
    #[error("item name '{}' is used twice", shown(name))]
    DuplicateItemName {
        /// The repeated name.
        name: String,
    },
    /// Two colors have the same name.
    #[error("color name '{}' is used twice", shown(name))]
    DuplicateColorName {
        /// The repeated name.
        name: String,
    },
    /// A name that could not be written in Knuth's text format.
    #[error("invalid {what} name '{}': {reason}", shown(name))]
    InvalidName {
        /// `"item"` or `"color"`.
        what: &'static str,
        /// The name as given.
        name: String,
        /// Why it is invalid.
        reason: &'static str,
    },
    /// A primary item's bounds with `min > max`, or `max == 0`.
    #[error(
        "item '{}' has bounds {min}:{max}; expected min <= max and max >= 1",
        shown(name)
    )]
    BadBounds {
        /// The item.
        name: String,
        /// The lower bound as given.
        min: u32,
        /// The upper bound as given.
        max: u32,
    },
    /// An option covers no primary item.
    #[error("option {option} has no primary item (every option must cover at least one)")]
    OptionWithoutPrimary {
        /// The option's number.
        option: usize,
    },
    /// An option names the same item twice.
    #[error("option {option} names item '{}' twice", shown(name))]
    RepeatedItem {
        /// The option's number.
        option: usize,
        /// The item's name.
        name: String,
    },
    /// An option uses an item or color handle that this builder did not make.
    #[error("option {option} uses an item or color from another builder")]
    ForeignHandle {
        /// The option's number.
        option: usize,
    },
    /// The problem has more nodes than `u32` links can address.
    #[error("the problem is too large: {nodes} nodes, at most {max} allowed", max = MAX_NODES)]
    TooLarge {
        /// The number of nodes (items, entries and spacers) the problem would need.
        nodes: usize,
    },
}

/// A malformed input in Knuth's text format, with the line and column (both from 1, columns
/// counted in characters) where it was found.
///
/// `Display` gives `line:column: message`; prefix the file name for a complete location.
///
/// ```
/// use dlx::{ParseErrorKind, Problem};
/// let error = Problem::from_dlx("a b\na c\n").unwrap_err();
/// assert_eq!((error.line(), error.column()), (2, 3));
/// assert!(matches!(error.kind(), ParseErrorKind::UnknownItem { name } if name == "c"));
/// assert_eq!(
///     error.to_string(),
///     "2:3: unknown item 'c': expected one of the items named in the item line"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct ParseError {
    line: usize,
    column: usize,
    kind: ParseErrorKind,
}

impl ParseError {
    pub(crate) fn new(line: usize, column: usize, kind: ParseErrorKind) -> Self {
        ParseError { line, column, kind }
    }

    /// The line of the input, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column within the line, from 1, in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What was wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }
}

/// The kinds of [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input has no line naming the items (it is empty, or only comments and blanks).
    #[error("expected a line naming the items, found the end of the input (the file is empty or has only comments)")]
    MissingItemLine,
    /// The deadline of [`parse_until`](crate::text::parse_until) passed before the problem
    /// was read whole (the error's line is where reading stopped).
    #[error("the time limit ran out while the problem was read, at this line")]
    TimeLimit,
    /// Memory for the options read so far ran out: the allocator refused `bytes` more.
    #[error(
        "out of memory: the options read so far need {bytes} more bytes, which the system refused"
    )]
    OutOfMemory {
        /// The size of the refused request.
        bytes: usize,
    },
    /// A carriage return that does not end a line (old Mac line ends).
    #[error("expected a line end (\\n or \\r\\n), found a carriage return '\\r' alone: convert the line ends to \\n, e.g. with tr '\\r' '\\n'")]
    BareCarriageReturn,
    /// A name used twice in the item line.
    #[error(
        "item name '{}' is already used at column {first_column} of this line",
        shown(name)
    )]
    DuplicateItemName {
        /// The name.
        name: String,
        /// Where it first appears.
        first_column: usize,
    },
    /// The item line has `|` twice.
    #[error("expected '|' at most once in the item line (it separates primary from secondary items), found it again")]
    SecondSeparator,
    /// A token that is not a valid name.
    #[error("expected an item name, found '{}': {reason}", shown(token))]
    InvalidName {
        /// The token as found.
        token: String,
        /// Why it is not a name.
        reason: &'static str,
    },
    /// An option names an item that is not in the item line.
    #[error(
        "unknown item '{}': expected one of the items named in the item line",
        shown(name)
    )]
    UnknownItem {
        /// The name.
        name: String,
    },
    /// An option names an item twice.
    #[error(
        "item '{}' appears twice in this option (first at column {first_column})",
        shown(name)
    )]
    RepeatedItem {
        /// The name.
        name: String,
        /// Where it first appears in the option.
        first_column: usize,
    },
    /// A color on a primary item.
    #[error(
        "primary item '{}' has a color ':{}'; only secondary items may have colors",
        shown(name),
        shown(color)
    )]
    ColorOnPrimary {
        /// The item.
        name: String,
        /// The color as written.
        color: String,
    },
    /// `item:` with nothing after the colon, or a color that is not a valid name.
    #[error(
        "expected a color name after '{}:', found '{}'",
        shown(name),
        shown(found)
    )]
    BadColor {
        /// The item.
        name: String,
        /// What followed the colon.
        found: String,
    },
    /// Bounds that are not `u:v|name` or `v|name` with `u <= v`, `v >= 1`, in decimal.
    #[error("bad bounds in '{}': {reason}", shown(token))]
    BadBounds {
        /// The token as found.
        token: String,
        /// What is wrong with them.
        reason: String,
    },
    /// Bounds on a secondary item.
    #[error(
        "bounds on secondary item '{}': only primary items (before '|') may have bounds",
        shown(token)
    )]
    BoundsOnSecondary {
        /// The token as found.
        token: String,
    },
    /// The input needs more nodes than `u32` links can address.
    #[error("the problem is too large: more than {max} nodes", max = MAX_NODES)]
    TooLarge,
    /// The problem as read was refused by the builder.
    #[error(transparent)]
    Build(BuildError),
}

/// Why a set of options is not a solution of a problem; see [`verify`](crate::verify).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CoverError {
    /// An option number that the problem does not have.
    #[error("option {0} does not exist")]
    NoSuchOption(usize),
    /// The same option twice.
    #[error("option {0} is chosen twice")]
    RepeatedOption(usize),
    /// A primary item covered fewer times than its lower bound (once, for a plain item).
    #[error(
        "primary item '{}' is covered {times} times, at least {min} needed",
        shown(name)
    )]
    Undercovered {
        /// The item.
        name: String,
        /// How often it is covered.
        times: usize,
        /// Its lower bound.
        min: u32,
    },
    /// A primary item covered more times than its upper bound (once, for a plain item).
    #[error(
        "primary item '{}' is covered {times} times, at most {max} allowed",
        shown(name)
    )]
    Overcovered {
        /// The item.
        name: String,
        /// How often it is covered.
        times: usize,
        /// Its upper bound.
        max: u32,
    },
    /// A secondary item used twice where that is not allowed: once without a color, or with
    /// two different colors.
    #[error(
        "secondary item '{}' is used by options {first} and {second} with conflicting colors",
        shown(name)
    )]
    ColorClash {
        /// The item.
        name: String,
        /// One option using it.
        first: usize,
        /// Another option using it, incompatibly.
        second: usize,
    },
}

/// Why [`Solver::within`](crate::Solver::within) refused a prefix: it is not a path of the
/// search tree.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PrefixError {
    /// An option number the problem does not have.
    #[error("option {0} does not exist")]
    NoSuchOption(usize),
    /// The option cannot be the choice at its level: the search branches on another item
    /// there, or the option was ruled out by the choices above it.
    #[error("option {option} is not a choice at level {level} of the search, which branches on item '{}' there", shown(item))]
    NotAChoice {
        /// The level, from 0.
        level: usize,
        /// The option's number.
        option: usize,
        /// The item the search branches on at that level.
        item: String,
    },
    /// The choices above this level already form a solution.
    #[error("the prefix is longer than its path: the options before level {level} are already a solution")]
    TooLong {
        /// The level, from 0.
        level: usize,
    },
}

/// Why [`Solver::given`](crate::Solver::given) refused its options: they cannot all be in
/// one solution, whatever else is chosen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GivenError {
    /// An option number the problem does not have.
    #[error("option {0} does not exist")]
    NoSuchOption(usize),
    /// The same option given twice (a solution holds each option at most once).
    #[error("option {0} is given twice")]
    Repeated(usize),
    /// Two given options use one item more than a solution may: a primary item beyond its
    /// upper bound (once, without bounds), a secondary item without a color and again, or
    /// with two colors.
    #[error(
        "options {earlier} and {option} cannot be in one solution: they both use item '{}'",
        shown(item)
    )]
    Clash {
        /// The earlier option (the last one given before `option` that uses the item).
        earlier: usize,
        /// The option refused.
        option: usize,
        /// The item they share.
        item: String,
    },
}

/// A warning from the text parser: something Knuth's programs accept but that is probably
/// not what the author meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseWarning {
    /// The line of the input, from 1.
    pub line: usize,
    /// What was noticed.
    pub kind: ParseWarningKind,
}

/// The kinds of [`ParseWarning`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseWarningKind {
    /// An option with no primary item; it is skipped, as Knuth's programs do.
    OptionWithoutPrimary,
}

impl fmt::Display for ParseWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ParseWarningKind::OptionWithoutPrimary => {
                write!(f, "{}: option ignored: it has no primary item", self.line)
            }
        }
    }
}
