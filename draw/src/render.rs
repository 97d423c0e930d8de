//! The parts every drawing is built from: the colors, box-drawing lines for boards cut into
//! regions (pieces, tiles), and a small SVG writer, with the sheet that gathers several
//! pictures into one document.

use std::fmt::Write as _;
use std::io::{self, Write};

use anstyle::{Ansi256Color, AnsiColor, Style};

/// The palette, as xterm-256 color numbers (light colors, so that black text stays legible);
/// the SVG pictures use the same colors.
pub const PALETTE: [u8; 12] = [217, 151, 222, 111, 183, 116, 216, 187, 218, 147, 150, 180];

/// The RGB value of an xterm-256 color of the 6x6x6 cube (16 to 231), as `#rrggbb`.
pub fn hex(color: u8) -> String {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let k = usize::from(color.clamp(16, 231) - 16);
    format!(
        "#{:02x}{:02x}{:02x}",
        LEVELS[k / 36],
        LEVELS[k / 6 % 6],
        LEVELS[k % 6]
    )
}

/// ANSI escapes, written only when color is on.
pub struct Paint {
    /// Whether escapes are written.
    pub color: bool,
}

impl Paint {
    /// `text` on a background of `background` (black text), or bold when there is none.
    pub fn cell(&self, text: &str, background: Option<u8>, bold: bool, out: &mut String) {
        let style = match background {
            Some(bg) => Style::new()
                .fg_color(Some(AnsiColor::Black.into()))
                .bg_color(Some(Ansi256Color(bg).into())),
            None => Style::new(),
        };
        self.styled(text, if bold { style.bold() } else { style }, out);
    }

    /// `text` in a foreground color (xterm-256), bold if asked.
    pub fn fg(&self, text: &str, color: u8, bold: bool, out: &mut String) {
        let style = Style::new().fg_color(Some(Ansi256Color(color).into()));
        self.styled(text, if bold { style.bold() } else { style }, out);
    }

    fn styled(&self, text: &str, style: Style, out: &mut String) {
        if self.color && style != Style::new() {
            let _ = write!(out, "{}{text}{}", style.render(), style.render_reset());
        } else {
            out.push_str(text);
        }
    }
}

/// A board cut into regions (the pieces of a packing, the tiles of a tiling, open cells),
/// drawn with box-drawing lines along the borders of regions, for a terminal or as SVG.
pub struct Regions {
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// The region of each position, row-major; `None` where the board has no cell.
    pub region: Vec<Option<usize>>,
    /// The color of each region (an xterm-256 number), `None` for an open cell.
    pub fill: Vec<Option<u8>>,
    /// The text of each position, row-major (centered in the cell).
    pub labels: Vec<String>,
    /// In pictures, the labels of cells inside a colored region drawn small and faint (the
    /// calendar's names under its pieces) rather than plainly (the numbers of tiles).
    pub faint: bool,
}

impl Regions {
    fn key(&self, row: isize, col: isize) -> Option<usize> {
        if row < 0 || col < 0 || row as usize >= self.rows || col as usize >= self.cols {
            return None;
        }
        self.region[row as usize * self.cols + col as usize]
    }

    /// The width of a cell's inside: the longest label and a blank on each side.
    fn width(&self) -> usize {
        self.labels
            .iter()
            .map(|label| label.chars().count())
            .max()
            .unwrap_or(1)
            + 2
    }

    /// The box drawing: each cell `width` characters wide and one line high, walls between
    /// regions (and around the board), pieces filled with their colors when `paint` says so.
    pub fn draw(&self, paint: &Paint, out: &mut dyn Write) -> io::Result<()> {
        let width = self.width();
        let (rows, cols) = (self.rows as isize, self.cols as isize);
        let fill_of = |key: Option<usize>| key.and_then(|k| self.fill.get(k).copied().flatten());
        let mut line = String::new();
        for r in 0..=rows {
            // The border line above row r: corners and horizontal walls.
            line.clear();
            for c in 0..=cols {
                let (a, b) = (self.key(r - 1, c - 1), self.key(r - 1, c));
                let (d, e) = (self.key(r, c - 1), self.key(r, c));
                let corner = box_char(a != b, d != e, a != d, b != e);
                let inside = (a == b && b == d && d == e).then(|| fill_of(a)).flatten();
                paint.cell(&corner.to_string(), inside, false, &mut line);
                if c < cols {
                    let (above, below) = (b, e);
                    if above != below {
                        line.push_str(&"─".repeat(width));
                    } else {
                        paint.cell(&" ".repeat(width), fill_of(above), false, &mut line);
                    }
                }
            }
            writeln!(out, "{}", line.trim_end())?;
            if r == rows {
                break;
            }
            // Row r: vertical walls and the cells.
            line.clear();
            for c in 0..=cols {
                let (left, right) = (self.key(r, c - 1), self.key(r, c));
                if left != right {
                    line.push('│');
                } else {
                    paint.cell(" ", fill_of(left), false, &mut line);
                }
                if c < cols {
                    let k = (r * cols + c) as usize;
                    let label = center(&self.labels[k], width);
                    let background = fill_of(right);
                    let open = right.is_some() && background.is_none();
                    paint.cell(&label, background, open, &mut line);
                }
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }

    /// An SVG picture: cells filled with their region's color (open cells white), thick lines
    /// along the borders of regions, thin lines between the cells of a region, the labels.
    pub fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        let size = 40;
        let mut svg = Svg::new(self.cols * size, self.rows * size);
        let (rows, cols) = (self.rows as isize, self.cols as isize);
        for r in 0..rows {
            for c in 0..cols {
                let Some(region) = self.key(r, c) else {
                    continue;
                };
                let fill = self.fill.get(region).copied().flatten().map(hex);
                let (x, y) = (c as usize * size, r as usize * size);
                svg.rect(
                    x,
                    y,
                    size,
                    size,
                    fill.as_deref().unwrap_or("#ffffff"),
                    "#bbbbbb",
                );
            }
        }
        // Borders: between positions of different regions.
        let mut path = String::new();
        for r in 0..=rows {
            for c in 0..cols {
                if self.key(r - 1, c) != self.key(r, c) {
                    let (x, y) = (c as usize * size, r as usize * size);
                    let _ = write!(path, "M{x} {y}h{size}");
                }
            }
        }
        for r in 0..rows {
            for c in 0..=cols {
                if self.key(r, c - 1) != self.key(r, c) {
                    let (x, y) = (c as usize * size, r as usize * size);
                    let _ = write!(path, "M{x} {y}v{size}");
                }
            }
        }
        svg.path(&path, "#222222", 3);
        for r in 0..rows {
            for c in 0..cols {
                let k = (r * cols + c) as usize;
                if self.region[k].is_some() && !self.labels[k].trim().is_empty() {
                    let fill = self
                        .fill
                        .get(self.region[k].unwrap_or(0))
                        .copied()
                        .flatten();
                    let (x, y) = (c as usize * size + size / 2, r as usize * size + size / 2);
                    let label = self.labels[k].trim();
                    match (fill, self.faint) {
                        (None, _) => svg.text(x, y, label, 14, true, "#000000"),
                        (Some(_), true) => svg.text(x, y, label, 11, false, "#666666"),
                        (Some(_), false) => svg.text(x, y, label, 14, false, "#000000"),
                    }
                }
            }
        }
        svg.finish(out)
    }
}

/// The box-drawing character where walls meet: up, down, left, right.
fn box_char(up: bool, down: bool, left: bool, right: bool) -> char {
    match (up, down, left, right) {
        (false, false, false, false) => ' ',
        (true, true, false, false) => '│',
        (false, false, true, true) => '─',
        (false, true, false, true) => '┌',
        (false, true, true, false) => '┐',
        (true, false, false, true) => '└',
        (true, false, true, false) => '┘',
        (true, true, false, true) => '├',
        (true, true, true, false) => '┤',
        (false, true, true, true) => '┬',
        (true, false, true, true) => '┴',
        (true, true, true, true) => '┼',
        (true, false, false, false) => '╵',
        (false, true, false, false) => '╷',
        (false, false, true, false) => '╴',
        (false, false, false, true) => '╶',
    }
}

/// The line of walls above row `row` (from 0 to `rows`, the last below the grid) of a grid
/// of `rows` x `cols` cells drawn `width` characters wide: a junction where walls meet, `─`
/// along a wall. `vertical(r, c)` says whether a wall stands left of column `c` (from 0 to
/// `cols`) in row `r`, `horizontal(r, c)` whether one stands above row `r` in column `c`.
pub fn wall_line(
    row: usize,
    (rows, cols): (usize, usize),
    width: usize,
    vertical: impl Fn(usize, usize) -> bool,
    horizontal: impl Fn(usize, usize) -> bool,
) -> String {
    let mut line = String::new();
    for col in 0..=cols {
        line.push(junction(
            row > 0 && vertical(row - 1, col),
            row < rows && vertical(row, col),
            col > 0 && horizontal(row, col - 1),
            col < cols && horizontal(row, col),
        ));
        if col < cols {
            let arm = if horizontal(row, col) { "─" } else { " " };
            line.push_str(&arm.repeat(width));
        }
    }
    line
}

/// The box-drawing character of a junction with arms up, down, left and right (walls
/// between cages, dominoes).
pub fn junction(up: bool, down: bool, left: bool, right: bool) -> char {
    const CHARS: [char; 16] = [
        ' ', '╵', '╷', '│', '╴', '┘', '┐', '┤', '╶', '└', '┌', '├', '─', '┴', '┬', '┼',
    ];
    CHARS[usize::from(up)
        | usize::from(down) << 1
        | usize::from(left) << 2
        | usize::from(right) << 3]
}

/// `text` centered in `width` characters (the extra blank, if any, on the left).
pub fn center(text: &str, width: usize) -> String {
    let len = text.chars().count();
    let pad = width.saturating_sub(len);
    let left = pad - pad / 2;
    format!("{}{text}{}", " ".repeat(left), " ".repeat(pad / 2))
}

/// Colors for regions so that neighbours differ: region `k` gets `PALETTE[k]` when there are
/// few enough regions, else the first palette color that no neighbour colored before it has.
/// `region` is row-major with `cols` columns; regions are numbered from 0 to `count - 1`.
pub fn colors(region: &[Option<usize>], cols: usize, count: usize) -> Vec<u8> {
    if count <= PALETTE.len() {
        return PALETTE[..count].to_vec();
    }
    let cols = cols.max(1);
    // Neighbours of each region, through the right and lower edges of every position.
    let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (k, &here) in region.iter().enumerate() {
        let Some(here) = here else { continue };
        let right = (k % cols + 1 < cols).then(|| region[k + 1]).flatten();
        let below = region.get(k + cols).copied().flatten();
        for other in [right, below].into_iter().flatten() {
            if other != here && here < count && other < count {
                neighbours[here].push(other);
                neighbours[other].push(here);
            }
        }
    }
    let mut chosen: Vec<Option<u8>> = vec![None; count];
    for k in 0..count {
        let taken: Vec<u8> = neighbours[k].iter().filter_map(|&n| chosen[n]).collect();
        let color = PALETTE
            .iter()
            .copied()
            .find(|c| !taken.contains(c))
            .unwrap_or(PALETTE[k % PALETTE.len()]);
        chosen[k] = Some(color);
    }
    chosen
        .into_iter()
        .map(|c| c.unwrap_or(PALETTE[0]))
        .collect()
}

/// A standalone SVG document, built up in a string.
pub struct Svg {
    body: String,
    width: usize,
    height: usize,
}

impl Svg {
    /// A picture of `width` x `height` pixels inside a margin of 10.
    pub fn new(width: usize, height: usize) -> Svg {
        Svg {
            body: String::new(),
            width,
            height,
        }
    }

    /// A rectangle, filled and outlined in one unit.
    pub fn rect(&mut self, x: usize, y: usize, w: usize, h: usize, fill: &str, stroke: &str) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>"#
        );
    }

    /// A path `d` in lines of `width` (nothing when `d` is empty).
    pub fn path(&mut self, d: &str, stroke: &str, width: usize) {
        if d.is_empty() {
            return;
        }
        let _ = writeln!(
            self.body,
            r#"<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{width}" stroke-linecap="square"/>"#
        );
    }

    /// A dashed line along a path (killer sudoku's cages).
    pub fn dashed(&mut self, d: &str, stroke: &str, width: usize) {
        if d.is_empty() {
            return;
        }
        let _ = writeln!(
            self.body,
            r#"<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{width}" stroke-dasharray="3 2"/>"#
        );
    }

    /// Text with its start at `(x, y)` rather than its middle (a cage's sum in its corner).
    pub fn label(&mut self, x: usize, y: usize, text: &str, size: usize, fill: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" dy="0.35em">{}</text>"#,
            escape(text)
        );
    }

    /// A filled shape given by its path.
    pub fn shape(&mut self, d: &str, fill: &str) {
        let _ = writeln!(self.body, r#"<path d="{d}" fill="{fill}"/>"#);
    }

    /// A line of text centred on `(x, y)`; nothing for an empty text (a blank cell). Centred
    /// vertically by a shift of 0.35em rather than `dominant-baseline`, which renderers
    /// disagree on.
    pub fn text(&mut self, x: usize, y: usize, text: &str, size: usize, bold: bool, fill: &str) {
        if text.is_empty() {
            return;
        }
        let weight = if bold { r#" font-weight="bold""# } else { "" };
        let _ = writeln!(
            self.body,
            r#"<text x="{x}" y="{y}" font-size="{size}"{weight} fill="{fill}" text-anchor="middle" dy="0.35em">{}</text>"#,
            escape(text)
        );
    }

    /// The document, with a margin around the drawing, ended by a newline.
    pub fn finish(self, out: &mut dyn Write) -> io::Result<()> {
        let margin = 10;
        let (w, h) = (self.width + 2 * margin, self.height + 2 * margin);
        writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="-{margin} -{margin} {w} {h}" font-family="sans-serif">"#
        )?;
        out.write_all(self.body.as_bytes())?;
        writeln!(out, "</svg>")
    }
}

/// Text for XML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The most bytes of pictures gathered into one SVG document (several solutions, or puzzles
/// with their solutions); past it the run stops with an error rather than hold more.
pub const MAX_SHEET: usize = 256 << 20;

/// Pictures (standalone SVG documents, as the boards' `svg` writes them) gathered to be
/// written as one document by [`write_to`](Sheet::write_to); writing past [`MAX_SHEET`]
/// bytes is an error.
#[derive(Default)]
pub struct Sheet {
    pictures: Vec<u8>,
}

impl Write for Sheet {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.pictures.len() + bytes.len() > MAX_SHEET {
            return Err(io::Error::other(format!(
                "the pictures pass {} MiB, the most written as one SVG document: ask for fewer \
                 (--limit)",
                MAX_SHEET >> 20
            )));
        }
        self.pictures.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Sheet {
    /// Writes the pictures as one document (see [`one_document`]).
    pub fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        let text = String::from_utf8_lossy(&self.pictures);
        out.write_all(one_document(&text).as_bytes())
    }
}

/// Several standalone SVG documents (as [`Svg::finish`] writes them, one after the other,
/// blank lines between) as one document that viewers open: each picture nested at its
/// place, one below the other, 10 units apart. One document is written back as it is.
pub fn one_document(text: &str) -> String {
    let starts: Vec<usize> = text.match_indices("<svg ").map(|(at, _)| at).collect();
    let documents: Vec<&str> = starts
        .iter()
        .enumerate()
        .map(|(k, &at)| text[at..starts.get(k + 1).copied().unwrap_or(text.len())].trim_end())
        .collect();
    if documents.len() < 2 {
        return text.to_owned();
    }
    let attribute = |document: &str, name: &str| -> usize {
        let tag = &document[..document.find('>').unwrap_or(document.len())];
        tag.split_once(&format!(" {name}=\""))
            .and_then(|(_, rest)| rest.split('"').next())
            .and_then(|value| value.parse().ok())
            .unwrap_or(0)
    };
    const GAP: usize = 10;
    let width = documents
        .iter()
        .map(|d| attribute(d, "width"))
        .max()
        .unwrap_or(0);
    let height: usize = documents
        .iter()
        .map(|d| attribute(d, "height") + GAP)
        .sum::<usize>()
        - GAP;
    let mut sheet = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\">\n"
    );
    let mut y = 0;
    for document in documents {
        sheet.push_str(&format!("<svg x=\"0\" y=\"{y}\" "));
        sheet.push_str(&document["<svg ".len()..]);
        sheet.push('\n');
        y += attribute(document, "height") + GAP;
    }
    sheet.push_str("</svg>\n");
    sheet
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_colors_are_light_and_distinct() {
        let hexes: Vec<String> = PALETTE.iter().map(|&c| hex(c)).collect();
        assert_eq!(hex(16), "#000000");
        assert_eq!(hex(231), "#ffffff");
        assert_eq!(hex(217), "#ffafaf");
        for (k, h) in hexes.iter().enumerate() {
            assert!(!hexes[..k].contains(h), "{h} twice");
        }
    }

    #[test]
    fn two_regions_drawn_with_walls() {
        let regions = Regions {
            rows: 2,
            cols: 2,
            region: vec![Some(0), Some(0), Some(1), None],
            fill: vec![Some(PALETTE[0]), None],
            labels: vec!["A".into(), "A".into(), "x".into(), String::new()],
            faint: false,
        };
        let mut out = Vec::new();
        regions.draw(&Paint { color: false }, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "┌───────┐\n│ A   A │\n├───┬───┘\n│ x │\n└───┘\n");
    }

    #[test]
    fn neighbours_get_different_colors() {
        // A row of 20 regions, each one cell: neighbours differ.
        let region: Vec<Option<usize>> = (0..20).map(Some).collect();
        let colors = colors(&region, 20, 20);
        assert!(colors.windows(2).all(|w| w[0] != w[1]));
    }
}
