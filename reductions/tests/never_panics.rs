//! The readers of this crate's polyomino puzzles on many random texts: each either reads the
//! text or says why not, and never panics; what they read encodes.

use reductions::calendar::Date;
use reductions::grid::{parse_mask, Cell};
use reductions::pack::{parse_pieces, Pack};
use reductions::tromino::Tromino;
use reductions::Reduction;

/// A small deterministic generator (xorshift), so that a failure repeats.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn text(&mut self, alphabet: &[&str], max_len: u64) -> String {
        let len = self.next() % (max_len + 1);
        (0..len)
            .map(|_| alphabet[(self.next() % alphabet.len() as u64) as usize])
            .collect()
    }
}

#[test]
fn random_boards_and_pieces() {
    let board_chars: Vec<&str> = ".|.|.|#|\n|\n| |2|3|x|\r\n|é".split('|').collect();
    let piece_chars: Vec<&str> = "A|A|B|#|#|.| |\n|\n|\n\n|é|*|0".split('|').collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut boards, mut pieces, mut puzzles) = (0, 0, 0);
    for _ in 0..20_000 {
        let board_text = rng.text(&board_chars, 24);
        let pieces_text = rng.text(&piece_chars, 24);
        if let Ok(board) = parse_mask(&board_text) {
            boards += 1;
            assert_eq!(parse_mask(&board.to_string()).as_ref(), Ok(&board));
            let encoding = Tromino.encode(&board).unwrap();
            assert_eq!(encoding.problem.primary_count(), board.len());
        }
        if parse_pieces(&pieces_text).is_ok() {
            pieces += 1;
        }
        if let Ok(pack) = Pack::from_board_text(&board_text) {
            if let Ok(puzzle) = pack.parse(&pieces_text) {
                puzzles += 1;
                let encoding = pack.encode(&puzzle).unwrap();
                let first = dlx::Solver::new(&encoding.problem).first();
                if let Some(solution) = first {
                    let board = pack.decode(&puzzle, &encoding.choices_of(solution.options()));
                    assert!(!board.to_string().contains('.'));
                }
            }
        }
    }
    // The generator reaches every outcome, so the loop tested something.
    assert!(
        boards > 500 && pieces > 1000 && puzzles > 10,
        "{boards} {pieces} {puzzles}"
    );
}

#[test]
fn random_dates_and_cells() {
    let chars: Vec<&str> = "1|2|9|0|-|-|,| |a|u|g|J|é|99999999999".split('|').collect();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut dates, mut cells) = (0, 0);
    for _ in 0..50_000 {
        let text = rng.text(&chars, 10);
        if let Ok(date) = text.parse::<Date>() {
            dates += 1;
            assert!(Date::all().any(|d| d == date));
        }
        if let Ok(cell) = text.parse::<Cell>() {
            cells += 1;
            assert_eq!(format!("{},{}", cell.row, cell.col).parse(), Ok(cell));
        }
    }
    assert!(dates > 20 && cells > 50, "{dates} {cells}");
}

/// Tatham's game IDs of the test corpus, each cut, doubled or changed at every place: the
/// readers read them or say why not, never panic, and what they read encodes.
#[test]
fn mangled_tatham_ids() {
    use reductions::binairo::Binairo;
    use reductions::futoshiki::Futoshiki;
    use reductions::sudoku::Sudoku;
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tatham");
    let mut rng = Rng(0x7a7a_4a4d);
    let alphabet = [
        "a", "z", "_", "1", "9", "0", ",", ":", "x", "U", "R", "#", "é", " ",
    ];
    for (file, game) in [("solo.tsv", 0), ("unequal.tsv", 1), ("unruly.tsv", 2)] {
        let corpus = std::fs::read_to_string(dir.join(file)).unwrap();
        for line in corpus.lines() {
            let id: Vec<char> = line.split('\t').nth(1).unwrap().chars().collect();
            for k in 0..id.len() {
                let insert = rng.text(&alphabet, 2);
                let variants = [
                    id[..k].iter().collect::<String>(),
                    format!(
                        "{}{insert}{}",
                        id[..k].iter().collect::<String>(),
                        id[k + 1..].iter().collect::<String>()
                    ),
                ];
                for text in variants {
                    match game {
                        0 => {
                            if let Ok(grid) = Sudoku::default().parse(&text) {
                                Sudoku::default().encode(&grid).unwrap();
                            }
                        }
                        1 => {
                            if let Ok(grid) = Futoshiki.parse(&text) {
                                Futoshiki.encode(&grid).unwrap();
                            }
                        }
                        _ => {
                            if let Ok(grid) = Binairo::default().parse(&text) {
                                Binairo::default().encode(&grid).unwrap();
                            }
                        }
                    }
                }
            }
        }
    }
}
