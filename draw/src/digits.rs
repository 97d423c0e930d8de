//! The view shared by the puzzles of digits in a grid (sudoku, binairo; futoshiki draws its
//! own, with the signs between cells): givens set apart from the digits found, bold and
//! colored, or in brackets without color.

use std::fmt::Write as _;
use std::io::{self, Write};

use reductions::{binairo, latin, sudoku};
use serde::Serialize;

use crate::render::{self, Paint, Svg};
use crate::{write_json, Board, Head, Rows};

/// The color of given digits on a terminal (xterm-256), and in pictures.
pub const GIVEN: u8 = 25;
/// The color of found digits in pictures.
pub const FOUND: &str = "#1f5fbf";

/// Side of a cell in pictures, in pixels.
pub const CELL: usize = 40;

/// The tint of the long diagonals' cells of a sudoku-X: on a terminal (xterm-256), and in
/// pictures.
const DIAGONAL: (u8, &str) = (230, "#f4ecd2");

/// A digit for people: given digits set apart.
pub fn digit(text: &str, given: bool, width: usize, paint: &Paint, out: &mut String) {
    if given && paint.color {
        paint.fg(&render::center(text, width), GIVEN, true, out);
    } else if given {
        out.push_str(&render::center(&format!("[{text}]"), width));
    } else {
        out.push_str(&render::center(text, width));
    }
}

/// A grid of digits with givens (sudoku, binairo), lines between its boxes.
pub(crate) struct DigitGrid<'a> {
    pub rows: usize,
    pub cols: usize,
    /// Row-major; `None` for a blank cell (in a puzzle drawn before it is solved).
    pub digits: Vec<Option<usize>>,
    pub given: Vec<bool>,
    /// The boxes' rows and columns: lines after every so many rows and columns ((1, 1):
    /// none).
    pub boxes: (usize, usize),
    /// Whether the long diagonals hold every digit once too (sudoku-X): their cells are
    /// tinted.
    pub diagonals: bool,
    /// The region of each cell of a jigsaw sudoku, row-major, in place of boxes: drawn
    /// with walls between regions, and in colors on a terminal.
    pub regions: Option<Vec<u8>>,
    /// A killer sudoku's cages: each cell's cage, and the sum written in each cell (a
    /// cage's in its first cell, 0 elsewhere), row-major. Drawn as dashed outlines with the
    /// sums in their corners.
    pub cages: Option<(Vec<usize>, Vec<u32>)>,
    /// The plain text (the reduction's `Display`).
    pub plain: String,
    /// Makes the Tatham game ID of the board, for `--format tatham`: only when asked, as a
    /// batch of one-line puzzles answers with the plain text.
    pub tatham: Option<Box<dyn Fn() -> String + 'a>>,
}

impl DigitGrid<'_> {
    /// A grid of digits without boxes, diagonals, regions or cages (latin, binairo), whose
    /// plain text is `plain`, and no game ID.
    pub fn plain_rows(
        rows: usize,
        cols: usize,
        digits: Vec<Option<usize>>,
        given: Vec<bool>,
        plain: String,
    ) -> DigitGrid<'static> {
        DigitGrid {
            rows,
            cols,
            digits,
            given,
            boxes: (1, 1),
            diagonals: false,
            regions: None,
            cages: None,
            plain,
            tatham: None,
        }
    }

    /// Whether the cell at `row`, `col` lies on a long diagonal of a sudoku-X.
    fn on_diagonal(&self, row: usize, col: usize) -> bool {
        self.diagonals && (row == col || row + col + 1 == self.cols)
    }

    /// A digit as the plain text writes it: `0`-`9`, then `A`-`Z` on grids up to 35 x 35,
    /// numbers beyond.
    fn text(&self, k: usize) -> String {
        let Some(digit) = self.digits[k] else {
            return String::new();
        };
        match char::from_digit(digit as u32, 36) {
            Some(c) if self.rows.max(self.cols) <= 35 => c.to_ascii_uppercase().to_string(),
            _ => digit.to_string(),
        }
    }

    fn width(&self) -> usize {
        (0..self.digits.len())
            .map(|k| self.text(k).chars().count())
            .max()
            .unwrap_or(1)
            + 2
    }
}

impl Board for DigitGrid<'_> {
    fn tatham(&self) -> Option<String> {
        self.tatham.as_ref().map(|game_id| game_id())
    }

    fn plain(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.plain)
    }

    /// The digits with lines between the boxes; givens set apart.
    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()> {
        let paint = Paint { color };
        let (rows, cols) = (self.rows, self.cols);
        let (h, w) = (self.boxes.0.max(1), self.boxes.1.max(1));
        let boxes = h * w > 1 && self.regions.is_none();
        let width = self.width();
        let mut line = String::new();
        // A jigsaw's regions in colors; without color, their map after the digits.
        let region_colors = self.regions.as_ref().map(|regions| {
            let cells: Vec<Option<usize>> = regions.iter().map(|&r| Some(usize::from(r))).collect();
            let count = regions
                .iter()
                .map(|&r| usize::from(r) + 1)
                .max()
                .unwrap_or(0);
            render::colors(&cells, cols, count)
        });
        if self.diagonals && !color {
            writeln!(out, "X: the long diagonals hold every digit once too")?;
        }
        for row in 0..rows {
            if boxes && row > 0 && row % h == 0 {
                line.clear();
                for col in 0..cols {
                    if col > 0 && col % w == 0 {
                        line.push('┼');
                    }
                    line.push_str(&"─".repeat(width));
                }
                writeln!(out, "{line}")?;
            }
            line.clear();
            for col in 0..cols {
                if boxes && col > 0 && col % w == 0 {
                    line.push('│');
                }
                let k = row * cols + col;
                if let (true, Some(regions), Some(colors)) = (color, &self.regions, &region_colors)
                {
                    let text = render::center(&self.text(k), width);
                    let tint = colors[usize::from(regions[k])];
                    paint.cell(&text, Some(tint), self.given[k], &mut line);
                } else if color && self.on_diagonal(row, col) {
                    let text = render::center(&self.text(k), width);
                    paint.cell(&text, Some(DIAGONAL.0), self.given[k], &mut line);
                } else {
                    digit(&self.text(k), self.given[k], width, &paint, &mut line);
                }
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        if self.regions.is_some() && !color {
            // The plain text's map of the regions, after its line `regions`.
            let map: Vec<&str> = self
                .plain
                .lines()
                .skip_while(|l| *l != "regions")
                .take_while(|l| *l != "cages")
                .collect();
            writeln!(out, "{}", map.join("\n"))?;
        }
        if self.cages.is_some() {
            // The plain text's cages and sums.
            let cages: Vec<&str> = self.plain.lines().skip_while(|l| *l != "cages").collect();
            writeln!(out, "{}", cages.join("\n"))?;
        }
        Ok(())
    }

    fn json(&self, head: &Head, out: &mut dyn Write) -> io::Result<()> {
        #[derive(Serialize)]
        struct Grid<'a, G, V, R, C, S> {
            #[serde(skip_serializing_if = "Option::is_none")]
            size: Option<usize>,
            #[serde(skip_serializing_if = "Option::is_none")]
            rows: Option<usize>,
            #[serde(skip_serializing_if = "Option::is_none")]
            cols: Option<usize>,
            #[serde(skip_serializing_if = "std::ops::Not::not")]
            diagonals: bool,
            grid: G,
            given: V,
            board: Vec<&'a str>,
            #[serde(skip_serializing_if = "Option::is_none")]
            regions: Option<R>,
            #[serde(skip_serializing_if = "Option::is_none")]
            cages: Option<C>,
            #[serde(skip_serializing_if = "Option::is_none")]
            sums: Option<S>,
        }
        let (rows, cols) = (self.rows, self.cols);
        let square = rows == cols;
        write_json(
            out,
            head,
            &Grid {
                size: square.then_some(rows),
                rows: (!square).then_some(rows),
                cols: (!square).then_some(cols),
                diagonals: self.diagonals,
                grid: Rows {
                    rows,
                    cols,
                    cell: |row, col| self.digits[row * cols + col],
                },
                given: Rows {
                    rows,
                    cols,
                    cell: |row, col| self.given[row * cols + col],
                },
                board: self
                    .plain
                    .lines()
                    .take_while(|line| *line != "regions" && *line != "cages")
                    .filter(|line| *line != "X")
                    .collect(),
                regions: self.regions.as_ref().map(|regions| Rows {
                    rows,
                    cols,
                    cell: |row, col| regions[row * cols + col],
                }),
                cages: self.cages.as_ref().map(|(cage_of, _)| Rows {
                    rows,
                    cols,
                    cell: |row, col| cage_of[row * cols + col],
                }),
                sums: self.cages.as_ref().map(|(_, sums)| Rows {
                    rows,
                    cols,
                    cell: |row, col| sums[row * cols + col],
                }),
            },
        )
    }

    /// Cells with the digits (givens bold and black, found ones blue), thick lines between
    /// the boxes.
    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        let (rows, cols) = (self.rows, self.cols);
        let (h, w) = (self.boxes.0.max(1), self.boxes.1.max(1));
        let mut svg = Svg::new(cols * CELL, rows * CELL);
        for row in 0..rows {
            for col in 0..cols {
                let k = row * cols + col;
                let (x, y) = (col * CELL, row * CELL);
                let background = if self.on_diagonal(row, col) {
                    DIAGONAL.1
                } else {
                    "#ffffff"
                };
                svg.rect(x, y, CELL, CELL, background, "#999999");
                let fill = if self.given[k] { "#000000" } else { FOUND };
                svg.text(
                    x + CELL / 2,
                    y + CELL / 2,
                    &self.text(k),
                    20,
                    self.given[k],
                    fill,
                );
            }
        }
        let mut path = String::new();
        let (width, height) = (cols * CELL, rows * CELL);
        // Box lines, or only the frame when there are no boxes; a jigsaw's walls.
        let boxes = h * w > 1 && self.regions.is_none();
        let drawn = |k: usize, n: usize, end: usize| k % n == 0 && (boxes || k == 0 || k == end);
        for k in (0..=cols).filter(|&k| drawn(k, w, cols)) {
            let _ = write!(path, "M{} 0v{height}", k * CELL);
        }
        for k in (0..=rows).filter(|&k| drawn(k, h, rows)) {
            let _ = write!(path, "M0 {}h{width}", k * CELL);
        }
        if let Some(regions) = &self.regions {
            for row in 0..rows {
                for col in 0..cols {
                    let here = regions[row * cols + col];
                    if col + 1 < cols && regions[row * cols + col + 1] != here {
                        let _ = write!(path, "M{} {}v{CELL}", (col + 1) * CELL, row * CELL);
                    }
                    if row + 1 < rows && regions[(row + 1) * cols + col] != here {
                        let _ = write!(path, "M{} {}h{CELL}", col * CELL, (row + 1) * CELL);
                    }
                }
            }
        }
        svg.path(&path, "#222222", 3);
        if let Some((cage_of, sums)) = &self.cages {
            svg.dashed(&cage_outlines(rows, cols, cage_of), "#555555", 1);
            for (k, &sum) in sums.iter().enumerate().filter(|(_, &sum)| sum > 0) {
                let (x, y) = (k % cols * CELL, k / cols * CELL);
                svg.label(x + 3, y + 8, &sum.to_string(), 10, "#333333");
            }
        }
        svg.finish(out)
    }
}

/// A sudoku's board (solved, or the puzzle itself) with the givens, boxes, diagonals,
/// regions and cages of `puzzle`.
pub(crate) fn sudoku<'a>(puzzle: &sudoku::Grid, board: &'a sudoku::Grid) -> DigitGrid<'a> {
    let side = puzzle.side();
    let cells = 0..side * side;
    DigitGrid {
        rows: side,
        cols: side,
        digits: cells
            .clone()
            .map(|k| board.digit(k / side, k % side))
            .collect(),
        given: cells
            .map(|k| puzzle.digit(k / side, k % side).is_some())
            .collect(),
        boxes: puzzle.box_shape(),
        diagonals: puzzle.has_diagonals(),
        regions: puzzle.regions().map(<[u8]>::to_vec),
        cages: puzzle.cages().map(|cages| {
            let cage_of = (0..side * side).map(|k| cages.cage_of(k)).collect();
            (cage_of, cages.sums_by_cell())
        }),
        plain: board.to_string(),
        tatham: Some(Box::new(move || board.game_id())),
    }
}

/// A binairo board (solved, or the puzzle itself) with the givens of `puzzle`.
pub(crate) fn binairo<'a>(puzzle: &binairo::Grid, board: &'a binairo::Grid) -> DigitGrid<'a> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let cells = 0..rows * cols;
    let plain = DigitGrid::plain_rows(
        rows,
        cols,
        cells
            .clone()
            .map(|k| board.digit(k / cols, k % cols).map(usize::from))
            .collect(),
        cells
            .map(|k| puzzle.digit(k / cols, k % cols).is_some())
            .collect(),
        board.to_string(),
    );
    DigitGrid {
        tatham: Some(Box::new(move || board.game_id())),
        ..plain
    }
}

/// A latin square (solved, or the puzzle itself) with the givens of `puzzle` set apart.
pub(crate) fn latin(puzzle: &latin::Square, board: &latin::Square) -> DigitGrid<'static> {
    let n = puzzle.size();
    let cells = 0..n * n;
    DigitGrid::plain_rows(
        n,
        n,
        cells.clone().map(|k| board.digit(k / n, k % n)).collect(),
        cells
            .map(|k| puzzle.digit(k / n, k % n).is_some())
            .collect(),
        board.to_string(),
    )
}

/// The dashed outlines of cages, inset in their cells: a side of a cell where its neighbour
/// is in another cage (or off the grid) gets a line, which runs on to the next cell of the
/// cage where the outline goes straight on.
fn cage_outlines(rows: usize, cols: usize, cage_of: &[usize]) -> String {
    const INSET: usize = 4;
    let cage = |r: isize, c: isize| {
        (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols)
            .then(|| cage_of[r as usize * cols + c as usize])
    };
    let mut path = String::new();
    for r in 0..rows as isize {
        for c in 0..cols as isize {
            let here = cage(r, c);
            let apart = |dr: isize, dc: isize| cage(r + dr, c + dc) != here;
            let (x, y) = (c as usize * CELL, r as usize * CELL);
            let (near, far) = (INSET, CELL - INSET);
            // From and to along each side: inset where the outline turns, to the cell's
            // edge where it goes on.
            let from = |turns: bool| if turns { near } else { 0 };
            let to = |turns: bool| if turns { far } else { CELL };
            if apart(-1, 0) {
                let (a, b) = (from(apart(0, -1)), to(apart(0, 1)));
                let _ = write!(path, "M{} {}H{}", x + a, y + near, x + b);
            }
            if apart(1, 0) {
                let (a, b) = (from(apart(0, -1)), to(apart(0, 1)));
                let _ = write!(path, "M{} {}H{}", x + a, y + far, x + b);
            }
            if apart(0, -1) {
                let (a, b) = (from(apart(-1, 0)), to(apart(1, 0)));
                let _ = write!(path, "M{} {}V{}", x + near, y + a, y + b);
            }
            if apart(0, 1) {
                let (a, b) = (from(apart(-1, 0)), to(apart(1, 0)));
                let _ = write!(path, "M{} {}V{}", x + far, y + a, y + b);
            }
        }
    }
    path
}
