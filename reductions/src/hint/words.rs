//! A hint in words: the rule's name, where it looked (a house, a cage, a chain) and what it
//! placed or ruled out, as `Display` writes it, Dominosa's placements included.

use std::fmt;

use super::{Hint, House, Mark, Rule};

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = |marks: &[Mark]| {
            marks
                .iter()
                .map(|m| format!("r{}c{}", m.row, m.column))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if self.rule >= Rule::DominoPlace {
            return self.dominosa(f);
        }
        match (self.rule, self.placed.first(), self.house) {
            (Rule::HiddenSingle, Some(mark), Some(house)) => write!(
                f,
                "r{}c{} is {}: the only place for {} in {house} (hidden single)",
                mark.row, mark.column, mark.value, mark.value
            ),
            (Rule::NakedSingle, Some(mark), _) => write!(
                f,
                "r{}c{} is {}: the only value left in that cell (naked single)",
                mark.row, mark.column, mark.value
            ),
            (rule, Some(mark), Some(house)) if rule >= Rule::Trio => {
                let (m, other) = (mark.value, 1 - mark.value.min(1));
                let why = match rule {
                    Rule::Trio => format!("else three {other}s side by side in {house}"),
                    Rule::LastBlank => format!("the last blank of {house}, which lacks a {m}"),
                    Rule::FullLine => format!("{house} has all its {other}s"),
                    Rule::DistinctLines => {
                        format!("a {other} would make {house} equal to a full line")
                    }
                    Rule::NearlyFullLine => format!(
                        "the last {other} of {house} must go among three cells side by side \
                         elsewhere"
                    ),
                    _ => format!("every way to complete {house} puts {m} there"),
                };
                write!(
                    f,
                    "r{}c{} is {m}: {why} ({})",
                    mark.row,
                    mark.column,
                    rule.name()
                )
            }
            _ => {
                let mut parts: Vec<String> = distinct_values(&self.removed)
                    .into_iter()
                    .map(|value| {
                        let from: Vec<Mark> = self
                            .removed
                            .iter()
                            .copied()
                            .filter(|m| m.value == value)
                            .collect();
                        format!("{value} is ruled out of {}", cells(&from))
                    })
                    .collect();
                parts.extend(
                    self.placed
                        .iter()
                        .map(|mark| format!("r{}c{} is {}", mark.row, mark.column, mark.value)),
                );
                match self.why() {
                    Some(why) => write!(f, "{}: {why}, so {}", self.rule.name(), parts.join("; ")),
                    None => write!(f, "{}: {}", self.rule.name(), parts.join("; ")),
                }
            }
        }
    }
}

impl Hint {
    /// A Dominosa step in words: the pattern, then the placements ruled out and the dominoes
    /// that now lie. Its marks are placements, at their top or left cell, valued 1 for a
    /// domino across and 2 for one down; `values` holds the numbers of the pattern's dominoes,
    /// two by two, and `cells` its cells, then those of its placements two by two.
    fn dominosa(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cell = |&(r, c): &(usize, usize)| format!("r{r}c{c}");
        let place = |pair: &[(usize, usize)]| format!("{}-{}", cell(&pair[0]), cell(&pair[1]));
        let places = |cells: &[(usize, usize)]| {
            cells
                .chunks(2)
                .filter(|pair| pair.len() == 2)
                .map(place)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let dominoes: Vec<String> = self
            .values
            .chunks(2)
            .map(|pair| {
                pair.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join("-")
            })
            .collect();
        let domino = dominoes.first().cloned().unwrap_or_default();
        let of_mark = |m: &Mark| {
            let other = if m.value == 1 {
                (m.row, m.column + 1)
            } else {
                (m.row + 1, m.column)
            };
            place(&[(m.row, m.column), other])
        };
        let cells = &self.cells;
        let why = match self.rule {
            Rule::DominoPlace => format!("the {domino} has one place left"),
            Rule::CellPlace => format!(
                "{} has one placement left, {} (the {domino})",
                cells.first().map(cell).unwrap_or_default(),
                places(cells.get(1..).unwrap_or_default())
            ),
            Rule::CellDomino => format!(
                "every placement left on {} is the {domino}",
                cells.first().map(cell).unwrap_or_default()
            ),
            Rule::Overlap => format!(
                "every place left for the {domino} ({}) overlaps what is ruled out",
                places(cells)
            ),
            Rule::Duplicate => match &cells[..] {
                [one] => format!(
                    "the {domino} on {} would force another {domino} on {}",
                    self.removed.first().map(of_mark).unwrap_or_default(),
                    cell(one)
                ),
                [a, b] => format!(
                    "{} would leave {} and {} both only the {domino}",
                    self.removed.first().map(of_mark).unwrap_or_default(),
                    cell(a),
                    cell(b)
                ),
                _ => String::new(),
            },
            Rule::Parity => format!(
                "{} would cut off an area of odd size",
                self.removed.first().map(of_mark).unwrap_or_default()
            ),
            Rule::DominoSet => {
                let number = self.values.first().copied().unwrap_or_default();
                format!(
                    "the {number}s at {} have only the {} between them",
                    cells.iter().map(cell).collect::<Vec<_>>().join(", "),
                    dominoes.join(", ")
                )
            }
            Rule::PlacementChain if cells.len() % 2 == 1 => format!(
                "{}, which lie together or not at all, would leave {} no domino",
                places(&cells[1..]),
                cell(&cells[0])
            ),
            Rule::PlacementChain => format!(
                "{}, which lie together or not at all, would place the {domino} twice",
                places(cells)
            ),
            _ => format!(
                "the {domino} has a place in each of two opposite chains, one of which lies ({})",
                places(cells)
            ),
        };
        let mut parts = Vec::new();
        if !self.removed.is_empty() {
            let gone: Vec<String> = self.removed.iter().map(of_mark).collect();
            let verb = if gone.len() == 1 { "is" } else { "are" };
            parts.push(format!("{} {verb} ruled out", gone.join(", ")));
        }
        for mark in &self.placed {
            parts.push(format!("a domino lies on {}", of_mark(mark)));
        }
        write!(f, "{}: {why}", self.rule.name())?;
        if !parts.is_empty() {
            write!(f, ", so {}", parts.join("; "))?;
        }
        Ok(())
    }

    /// The pattern in words, where the rule found one: `r1c2, r1c5 of row 1 hold only 3 and 7`.
    fn why(&self) -> Option<String> {
        let cells = self
            .cells
            .iter()
            .map(|(r, c)| format!("r{r}c{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        let values = |values: &[usize]| -> String {
            let words: Vec<String> = values.iter().map(usize::to_string).collect();
            match words.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => words.concat(),
            }
        };
        let houses = |houses: &[House]| -> String {
            // "rows 2, 7", "columns 3, 8"
            let kind = |house: &House| match house {
                House::Row(_) => "rows",
                House::Column(_) => "columns",
                House::Box(_) => "boxes",
                House::Diagonal(_) => "diagonals",
            };
            let numbers: Vec<String> = houses
                .iter()
                .map(|house| match house {
                    House::Row(n) | House::Column(n) | House::Box(n) | House::Diagonal(n) => {
                        n.to_string()
                    }
                })
                .collect();
            format!("{} {}", houses.first().map_or("", kind), numbers.join(", "))
        };
        let value = values(&self.values);
        match self.rule {
            Rule::Subset => {
                let house = self.house?;
                let hidden = self
                    .removed
                    .iter()
                    .all(|m| self.cells.contains(&(m.row, m.column)));
                Some(if hidden {
                    format!("{value} fit only {cells} of {house}")
                } else {
                    format!("{cells} of {house} hold only {value}")
                })
            }
            Rule::Intersection => match self.houses[..] {
                [from, to] => {
                    let lie = if self.values.len() == 1 {
                        "lies"
                    } else {
                        "lie"
                    };
                    Some(format!(
                        "{value} in {from} {lie} only where it crosses {to}"
                    ))
                }
                _ => None,
            },
            Rule::Fish => {
                let k = self.houses.len() / 2;
                (k > 0).then(|| {
                    format!(
                        "{value} in {} lies only in {}",
                        houses(&self.houses[..k]),
                        houses(&self.houses[k..])
                    )
                })
            }
            Rule::Arithmetic if !self.cells.is_empty() => {
                let inside = self
                    .removed
                    .iter()
                    .all(|m| self.cells.contains(&(m.row, m.column)));
                let it = if distinct_values(&self.removed).len() == 1 {
                    "it"
                } else {
                    "them"
                };
                Some(if inside {
                    format!("no filling of the cage {cells} puts {it} there")
                } else {
                    format!("every filling of the cage {cells} puts {it} in that row or column")
                })
            }
            Rule::Chain => {
                let ((r1, c1), (r2, c2)) = (*self.cells.first()?, *self.cells.last()?);
                Some(format!(
                    "r{r1}c{c1} or r{r2}c{c2} holds {value} (the chain {cells}, of cells with \
                     two values each)"
                ))
            }
            _ => None,
        }
    }
}

/// The values of `marks`, each once, in increasing order.
fn distinct_values(marks: &[Mark]) -> Vec<usize> {
    let mut values: Vec<usize> = marks.iter().map(|m| m.value).collect();
    values.sort_unstable();
    values.dedup();
    values
}
