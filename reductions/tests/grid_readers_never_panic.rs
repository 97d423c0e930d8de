//! The readers of the grid puzzles (futoshiki, binairo, sudoku, dominosa, queens, arrows) on
//! many random texts and on damaged copies of real instances: each reads the text or says
//! where it is wrong (a position inside the text), never panics, and what it reads encodes,
//! solves and prints back to a text it reads again.

use std::fs;
use std::path::PathBuf;

use reductions::binairo::Binairo;
use reductions::futoshiki::Futoshiki;
use reductions::sudoku::Sudoku;
use reductions::text::ParseError;
use reductions::{arrows::Arrows, queens::Queens, Reduction};

/// A small deterministic generator (xorshift), so that a failure repeats.
struct Rng(u64);

impl Rng {
    fn next(&mut self, below: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % below as u64) as usize
    }

    /// A copy of `text` with a few characters deleted, doubled or replaced.
    fn damage(&mut self, text: &str, alphabet: &[char]) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        for _ in 0..1 + self.next(3) {
            if chars.is_empty() {
                break;
            }
            let k = self.next(chars.len());
            match self.next(3) {
                0 => {
                    chars.remove(k);
                }
                1 => chars.insert(k, chars[k]),
                _ => chars[k] = alphabet[self.next(alphabet.len())],
            }
        }
        chars.into_iter().collect()
    }

    fn text(&mut self, alphabet: &[char], max_len: usize) -> String {
        (0..self.next(max_len + 1))
            .map(|_| alphabet[self.next(alphabet.len())])
            .collect()
    }
}

/// Panics unless the error points at a place inside `text` (or just past its end).
fn check_position(text: &str, err: &ParseError) {
    let lines: Vec<&str> = text.split('\n').collect();
    let at = err
        .position()
        .unwrap_or_else(|| panic!("{err} for {text:?}: no place"));
    assert!(
        (1..=lines.len() + 1).contains(&at.line),
        "{err} for {text:?}"
    );
    if let Some(line) = lines.get(at.line - 1) {
        assert!(at.column <= line.chars().count() + 1, "{err} for {text:?}");
    }
}

/// Reads `text` with `reduction`; when it reads, encodes, looks for a solution (briefly),
/// and checks that the printed board reads again with `reread`. Returns whether it read.
fn exercise<R: Reduction>(
    reduction: &R,
    text: &str,
    reread: impl Fn(&R::Puzzle, &R::Board) -> Option<String>,
) -> bool {
    match reduction.parse(text) {
        Err(err) => {
            check_position(text, &err);
            false
        }
        Ok(puzzle) => {
            let encoding = reduction.encode(&puzzle).unwrap();
            let solver = dlx::Solver::new(&encoding.problem).node_limit(20_000);
            if let Some(solution) = solver.first() {
                dlx::verify(&encoding.problem, solution.options()).unwrap();
                let board = reduction.decode(&puzzle, &encoding.choices_of(solution.options()));
                if let Some(again) = reread(&puzzle, &board) {
                    assert!(reduction.parse(&again).is_ok(), "{again}");
                }
            }
            true
        }
    }
}

fn fixtures(puzzle: &str) -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(puzzle);
    let mut texts: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .map(|p| fs::read_to_string(p).unwrap())
        .collect();
    texts.sort();
    texts
}

#[test]
fn futoshiki_texts() {
    let alphabet: Vec<char> = "0123456789|<>-^v \n\n\r\té9".chars().collect();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut read, mut tried) = (0, 0);
    let small: Vec<String> = fixtures("futoshiki")
        .into_iter()
        .filter(|t| t.starts_with('4') || t.starts_with('5'))
        .collect();
    for k in 0..6000 {
        let text = if k % 2 == 0 {
            rng.damage(&small[k / 2 % small.len()], &alphabet)
        } else {
            format!("{}\n{}", 1 + rng.next(3), rng.text(&alphabet, 30))
        };
        tried += 1;
        read += usize::from(exercise(&Futoshiki, &text, |_, board| {
            Some(board.to_string())
        }));
    }
    assert!(read > 100 && read < tried - 100, "{read} of {tried}");
}

#[test]
fn binairo_texts() {
    let alphabet: Vec<char> = "01_.01 \n\n\r2x".chars().collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut read, mut tried) = (0, 0);
    let small: Vec<String> = fixtures("binairo")
        .into_iter()
        .filter(|t| t.len() < 120)
        .collect();
    for k in 0..6000 {
        let text = if k % 2 == 0 {
            rng.damage(&small[k / 2 % small.len()], &alphabet)
        } else {
            format!("{}\n{}", 2 * (1 + rng.next(2)), rng.text(&alphabet, 24))
        };
        tried += 1;
        let binairo = Binairo::default();
        read += usize::from(exercise(&binairo, &text, |_, board| {
            Some(board.puzzle_text())
        }));
    }
    assert!(read > 100 && read < tried - 100, "{read} of {tried}");
}

#[test]
fn sudoku_texts() {
    let alphabet: Vec<char> = "0123456789.._ABGZ |+-\n\n\r!é".chars().collect();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let (mut read, mut tried) = (0, 0);
    let texts = fixtures("sudoku");
    for k in 0..4000 {
        let text = match k % 3 {
            0 => rng.damage(&texts[k / 3 % texts.len()], &alphabet),
            1 => rng.text(&alphabet, 20),
            _ => (0..4)
                .map(|_| rng.text(&alphabet[..12], 5))
                .collect::<Vec<_>>()
                .join("\n"),
        };
        tried += 1;
        read += usize::from(exercise(&Sudoku::default(), &text, |_, board| {
            Some(board.to_string())
        }));
    }
    assert!(read > 100 && read < tried - 100, "{read} of {tried}");
}

#[test]
fn size_texts() {
    let alphabet: Vec<char> = "0123456789 \n-+x".chars().collect();
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let (mut queens, mut arrows) = (0, 0);
    for _ in 0..3000 {
        let text = rng.text(&alphabet, 4);
        // Sizes are read; only small ones are encoded and searched (big ones take long).
        match Queens.parse(&text) {
            Ok(size) if size.get() <= 40 => {
                assert!(exercise(&Queens, &text, |_, _| None));
            }
            Ok(_) => {}
            Err(err) => check_position(&text, &err),
        }
        queens += usize::from(Queens.parse(&text).is_ok());
        match Arrows.parse(&text) {
            Ok(size) if size.get() <= 12 => {
                assert!(exercise(&Arrows, &text, |_, _| None));
            }
            Ok(_) => {}
            Err(err) => check_position(&text, &err),
        }
        arrows += usize::from(Arrows.parse(&text).is_ok());
    }
    assert!(queens > 100 && arrows > 50, "{queens} {arrows}");
}

/// Dominosa: damaged copies of grids (with and without their dominoes joined) and of game
/// IDs, and random texts: each reads, or is refused at a place inside the text, or as a whole
/// for numbers that cannot hold the full set of dominoes (or for a blank text); what reads encodes, solves and
/// prints back to a text that reads again.
#[test]
fn dominosa_texts() {
    use reductions::dominosa::{generate_before, Difficulty, Dominosa};
    let alphabet: Vec<char> = "0123456789 -|[]:\n\n\r\tx".chars().collect();
    let mut rng = Rng(0x0f1e_2d3c_4b5a_6978);
    let mut seeds = reductions::generate::Rng::new(5);
    let mut texts = Vec::new();
    for n in [2, 3, 4, 10] {
        let made = generate_before(n, Difficulty::Basic, &mut seeds, None)
            .unwrap()
            .unwrap();
        texts.push(made.puzzle.to_string());
        texts.push(made.solution.to_string());
        texts.push(made.puzzle.game_id());
    }
    let (mut read, mut tried) = (0, 0);
    for k in 0..6000 {
        let text = if k % 3 < 2 {
            rng.damage(&texts[k % texts.len()], &alphabet)
        } else {
            rng.text(&alphabet, 30)
        };
        tried += 1;
        match Dominosa.parse(&text) {
            Err(err) if err.position().is_none() => {
                let whole = err.to_string();
                assert!(
                    whole.contains("appears")
                        || (whole.contains("empty input") && text.trim().is_empty()),
                    "{err} for {text:?}"
                );
            }
            _ => {
                read += usize::from(exercise(&Dominosa, &text, |_, board| {
                    Some(board.to_string())
                }));
            }
        }
    }
    assert!(read > 100 && read < tried - 100, "{read} of {tried}");
}
