//! Arrows, one region per cell colored by direction.

use std::fmt::Write as _;
use std::io::{self, Write};

use reductions::arrows::{self, Arrow};
use serde::Serialize;

use crate::digits::CELL;
use crate::render::{self, Paint, Regions, Svg};
use crate::{write_json, Board, Head};

/// A board of arrows.
pub(crate) struct ArrowsView<'a> {
    pub board: &'a arrows::Board,
}

impl ArrowsView<'_> {
    /// The arrows as one region per cell, colored by direction.
    fn regions(&self) -> Regions {
        let n = self.board.size();
        let mut labels = Vec::with_capacity(n * n);
        let mut fill = Vec::with_capacity(n * n);
        for row in 0..n {
            for col in 0..n {
                let arrow = self.board.arrow(row, col);
                labels.push(arrow.map_or('·', Arrow::as_char).to_string());
                let kind = Arrow::ALL.iter().position(|&a| Some(a) == arrow);
                fill.push(kind.map(|k| render::PALETTE[k]));
            }
        }
        Regions {
            rows: n,
            cols: n,
            region: (0..n * n).map(Some).collect(),
            fill,
            labels,
            faint: false,
        }
    }
}

impl Board for ArrowsView<'_> {
    fn plain(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.board)
    }

    /// A grid of cells, each with its arrow, colored by direction.
    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()> {
        self.regions().draw(&Paint { color }, out)
    }

    fn json(&self, head: &Head, out: &mut dyn Write) -> io::Result<()> {
        #[derive(Serialize)]
        struct Arrows {
            size: usize,
            board: Vec<String>,
        }
        let size = self.board.size();
        let board = self.board.to_string().lines().map(str::to_owned).collect();
        write_json(out, head, &Arrows { size, board })
    }

    /// Each arrow drawn from its cell's centre towards the corner it points at.
    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        let n = self.board.size();
        let mut svg = Svg::new(n * CELL, n * CELL);
        let mut lines = String::new();
        let mut heads = String::new();
        let s = CELL as f64;
        for row in 0..n {
            for col in 0..n {
                svg.rect(col * CELL, row * CELL, CELL, CELL, "#ffffff", "#999999");
                let Some(arrow) = self.board.arrow(row, col) else {
                    continue;
                };
                let dy = if arrow.is_up() { -1.0 } else { 1.0 };
                let dx = if arrow.is_left() { -1.0 } else { 1.0 };
                let (cx, cy) = ((col as f64 + 0.5) * s, (row as f64 + 0.5) * s);
                // Along the diagonal, in units of the cell: tail, tip, and the head's base.
                let at = |t: f64, side: f64| {
                    let (ux, uy) = (dx * t - dy * side, dy * t + dx * side);
                    (cx + ux * s / 2.0, cy + uy * s / 2.0)
                };
                let (tail, tip) = (at(-0.55, 0.0), at(0.7, 0.0));
                let _ = write!(
                    lines,
                    "M{:.1} {:.1}L{:.1} {:.1}",
                    tail.0, tail.1, tip.0, tip.1
                );
                let (left, right) = (at(0.35, 0.22), at(0.35, -0.22));
                let _ = write!(
                    heads,
                    "M{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z",
                    tip.0, tip.1, left.0, left.1, right.0, right.1
                );
            }
        }
        svg.path(&lines, "#1f5fbf", 3);
        svg.shape(&heads, "#1f5fbf");
        let side = n * CELL;
        svg.path(&format!("M0 0h{side}v{side}h-{side}z"), "#222222", 2);
        svg.finish(out)
    }
}
