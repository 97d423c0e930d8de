//! Tilings: tiles numbered from 1, colored.

use std::io::{self, Write};

use reductions::grid::Cell;
use reductions::tromino::TileBoard;
use serde::Serialize;

use crate::render::{self, Paint, Regions};
use crate::{write_json, Board, Head, Rows};

/// Boards wider or taller than this are printed plain even on a terminal, and pictured
/// without tile numbers.
const LARGEST_DRAWING: usize = 64;

/// A tiling: tiles numbered from 1, 0 on the missing cell and off the board.
pub(crate) struct TileView<'a> {
    pub board: &'a TileBoard,
    /// A color class for each tile (tile `k` at `k - 1`), or `None` to color neighbours
    /// apart.
    pub classes: Option<Vec<usize>>,
}

impl TileView<'_> {
    fn regions(&self, labels: bool) -> Regions {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        let mut region = Vec::with_capacity(rows * cols);
        let mut texts = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for col in 0..cols {
                let tile = self.board.get(Cell::new(row, col)).unwrap_or(0);
                region.push((tile > 0).then(|| tile as usize - 1));
                texts.push(if tile > 0 && labels {
                    tile.to_string()
                } else {
                    String::new()
                });
            }
        }
        let count = self.board.tile_count() as usize;
        let fill = match &self.classes {
            Some(classes) => classes
                .iter()
                .map(|&class| Some(render::PALETTE[class % render::PALETTE.len()]))
                .collect(),
            None => render::colors(&region, cols, count)
                .into_iter()
                .map(Some)
                .collect(),
        };
        Regions {
            rows,
            cols,
            region,
            fill,
            labels: texts,
            faint: false,
        }
    }
}

impl Board for TileView<'_> {
    fn plain(&self, out: &mut dyn Write) -> io::Result<()> {
        self.board.write_to(out)
    }

    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()> {
        if self.board.rows().max(self.board.cols()) > LARGEST_DRAWING {
            return self.plain(out);
        }
        self.regions(true).draw(&Paint { color }, out)
    }

    fn json(&self, head: &Head, out: &mut dyn Write) -> io::Result<()> {
        #[derive(Serialize)]
        struct Tiling<R> {
            tile_count: u32,
            tiles: R,
        }
        let board = &self.board;
        let tiles = Rows {
            rows: board.rows(),
            cols: board.cols(),
            cell: |row, col| board.get(Cell::new(row, col)).unwrap_or(0),
        };
        let tile_count = board.tile_count();
        write_json(out, head, &Tiling { tile_count, tiles })
    }

    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        let labels = self.board.rows().max(self.board.cols()) <= LARGEST_DRAWING;
        self.regions(labels).svg(out)
    }
}

/// A color class for each tile: its shape as placed and the parity of its first cell, so
/// that tiles lying alike share a color (for dominoes the four classes that show the frozen
/// regions of a random tiling, like the arctic circle of the Aztec diamond).
pub(crate) fn classes(board: &TileBoard) -> Vec<usize> {
    let count = board.tile_count() as usize;
    let mut cells: Vec<Vec<(usize, usize)>> = vec![Vec::new(); count];
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            if let Some(tile) = board.get(Cell::new(row, col)).filter(|&tile| tile > 0) {
                cells[tile as usize - 1].push((row, col));
            }
        }
    }
    let keys: Vec<(Vec<(usize, usize)>, usize)> = cells
        .iter()
        .map(|cells| {
            let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
            let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
            let shape = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
            let parity = cells.first().map_or(0, |&(r, c)| (r + c) % 2);
            (shape, parity)
        })
        .collect();
    let mut distinct = keys.clone();
    distinct.sort();
    distinct.dedup();
    keys.iter()
        .map(|key| distinct.binary_search(key).unwrap_or(0))
        .collect()
}
