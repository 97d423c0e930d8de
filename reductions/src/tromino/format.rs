//! Tilings written in the seed's format: a line per row, the tile numbers separated by
//! single blanks.

use std::fmt;
use std::io::{self, Write};

use super::TileBoard;

impl TileBoard {
    /// Appends one row in the seed's format, without a newline.
    fn format_row(&self, row: usize, out: &mut Vec<u8>) {
        for (k, &tile) in self.tiles[row * self.cols..(row + 1) * self.cols]
            .iter()
            .enumerate()
        {
            if k > 0 {
                out.push(b' ');
            }
            let mut digits = [0u8; 10];
            let mut n = tile;
            let mut len = 0;
            loop {
                digits[len] = b'0' + (n % 10) as u8;
                len += 1;
                n /= 10;
                if n == 0 {
                    break;
                }
            }
            out.extend(digits[..len].iter().rev());
        }
    }

    /// Writes the board in the seed's format, every row ended by `\n`. Wrap `out` in a
    /// [`BufWriter`](std::io::BufWriter) if it is unbuffered; this writes a row at a time.
    pub fn write_to(&self, mut out: impl Write) -> io::Result<()> {
        let mut line = Vec::with_capacity(self.cols * 8);
        for row in 0..self.rows {
            line.clear();
            self.format_row(row, &mut line);
            line.push(b'\n');
            out.write_all(&line)?;
        }
        Ok(())
    }
}

impl fmt::Display for TileBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = Vec::new();
        for row in 0..self.rows {
            line.clear();
            if row > 0 {
                line.push(b'\n');
            }
            self.format_row(row, &mut line);
            f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?)?;
        }
        Ok(())
    }
}
