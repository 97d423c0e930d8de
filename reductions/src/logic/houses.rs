//! The houses of a grid, and what the rules need to know of them.

/// The houses of a grid: sets of cells that hold every value once.
pub(crate) struct Houses {
    /// The number of values (and the size of every house), at most 64.
    pub values: usize,
    /// Each house's cells.
    pub houses: Vec<Vec<usize>>,
    /// Whether each house is a box (the easiest sudoku grade looks for singles in boxes only).
    pub is_box: Vec<bool>,
    /// The houses of each cell.
    pub(super) cell_houses: Vec<Vec<usize>>,
    /// Pairs of houses that share more than one cell, and the shared cells.
    pub(super) crossings: Vec<(usize, usize, Vec<usize>)>,
    /// The grid's side, when its cells are rows of `side` (cell `r * side + c`) and rows
    /// and columns are houses (fish need them).
    pub side: usize,
}

impl Houses {
    /// The houses of a square grid of `side` x `side` cells, each row and column a house
    /// (values 0 to `side - 1`), and the `extra` houses (sudoku's boxes).
    pub fn square(side: usize, extra: Vec<Vec<usize>>) -> Houses {
        Houses::square_with(side, extra, Vec::new())
    }

    /// [`square`](Self::square) with `boxes`, then `others` that are not boxes (the long
    /// diagonals of sudoku-X).
    pub fn square_with(side: usize, boxes: Vec<Vec<usize>>, others: Vec<Vec<usize>>) -> Houses {
        let mut houses: Vec<Vec<usize>> = Vec::with_capacity(2 * side + boxes.len() + others.len());
        for h in 0..side {
            houses.push((0..side).map(|k| h * side + k).collect());
            houses.push((0..side).map(|k| k * side + h).collect());
        }
        let mut is_box = vec![false; houses.len()];
        is_box.resize(houses.len() + boxes.len(), true);
        houses.extend(boxes);
        is_box.resize(houses.len() + others.len(), false);
        houses.extend(others);
        let mut made = Houses::new(side * side, side, houses, is_box);
        made.side = side;
        made
    }

    fn new(cells: usize, values: usize, houses: Vec<Vec<usize>>, is_box: Vec<bool>) -> Houses {
        debug_assert!(values <= 64 && houses.iter().all(|h| h.len() == values));
        let mut cell_houses = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            for &cell in house {
                cell_houses[cell].push(h);
            }
        }
        let mut crossings = Vec::new();
        for a in 0..houses.len() {
            for b in a + 1..houses.len() {
                let shared: Vec<usize> = houses[a]
                    .iter()
                    .copied()
                    .filter(|c| houses[b].contains(c))
                    .collect();
                if shared.len() > 1 {
                    crossings.push((a, b, shared));
                }
            }
        }
        Houses {
            values,
            houses,
            is_box,
            cell_houses,
            crossings,
            side: 0,
        }
    }

    pub(super) fn all(&self) -> u64 {
        if self.values == 64 {
            u64::MAX
        } else {
            (1u64 << self.values) - 1
        }
    }
}
