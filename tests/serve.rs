//! `dlx serve` over loopback: every API answered right (solutions checked here, counts against
//! the command line's), bad and oversized requests refused with JSON errors, 200 requests at
//! once all answered, searches cancelled when their connection closes, and the server still
//! answering after all of it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A `dlx serve` process, stopped when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
    /// Where the server's stderr goes, shown when a test fails (a panic in a handler closes
    /// its connection without an answer, and says why only there).
    log: std::path::PathBuf,
}

impl Server {
    /// Starts `dlx serve` on a free port with `args`, and reads the address it prints.
    pub fn start(args: &[&str]) -> Server {
        static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let number = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let log = std::env::temp_dir().join(format!(
            "dlx-serve-test-{}-{number}.stderr",
            std::process::id()
        ));
        let stderr = std::fs::File::create(&log).expect("a log file for the server's stderr");
        let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
            .arg("serve")
            .args(args)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("dlx serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("dlx serve prints its address");
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_owned();
        Server {
            child,
            address,
            log,
        }
    }

    pub fn get(&self, path: &str) -> Reply {
        request(&self.address, "GET", path, b"")
    }

    pub fn post(&self, path: &str, body: &[u8]) -> Reply {
        request(&self.address, "POST", path, body)
    }

    /// The most memory the server has held, in KiB (Linux).
    fn peak_memory_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Whether the server was still running when the test failed: a server killed by a
        // signal (a stack overflow ends the process by SIGSEGV, without a word) closes every
        // connection without an answer.
        let running = matches!(self.child.try_wait(), Ok(None));
        let _ = self.child.kill();
        let status = self.child.wait();
        if std::thread::panicking() {
            let log = std::fs::read_to_string(&self.log).unwrap_or_default();
            let state = if running {
                "was running".to_owned()
            } else {
                format!("had ended: {status:?}")
            };
            eprintln!(
                "dlx serve {state}; its stderr ({}):\n{log}",
                self.log.display()
            );
        }
        let _ = std::fs::remove_file(&self.log);
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: String,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|err| panic!("not JSON ({err}): {}", self.body))
    }

    /// The JSON lines of a streamed answer.
    fn json_lines(&self) -> Vec<Value> {
        self.body
            .lines()
            .map(|line| serde_json::from_str(line).expect("a JSON line"))
            .collect()
    }
}

/// One HTTP/1.1 request on its own connection (closed after the answer).
pub fn request(address: &str, method: &str, path: &str, body: &[u8]) -> Reply {
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\
         Content-Type: text/plain\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    head.extend_from_slice(body);
    raw(address, &head)
}

/// Sends `bytes` as they are and reads the answer: to its Content-Length, to its last chunk,
/// or else to the end of the connection (some servers keep it open after answering).
pub fn raw(address: &str, bytes: &[u8]) -> Reply {
    let started = Instant::now();
    let answer = raw_bytes(address, bytes);
    if answer.is_empty() {
        // Said in full, to tell a server that closed the connection from one that never
        // answered.
        let head = String::from_utf8_lossy(bytes);
        let head = head.lines().next().unwrap_or_default();
        let ended = LAST_READ.with(|last| last.borrow().clone());
        panic!(
            "no HTTP answer to {head:?} after {:?}: the read ended with {ended}",
            started.elapsed()
        );
    }
    parse_reply(&answer)
}

std::thread_local! {
    /// How the last read of [`raw_bytes`] on this thread ended.
    static LAST_READ: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// [`raw`], or `None` when the connection closed without an answer.
pub fn try_raw(address: &str, bytes: &[u8]) -> Option<Reply> {
    let answer = raw_bytes(address, bytes);
    String::from_utf8_lossy(&answer)
        .contains("\r\n\r\n")
        .then(|| parse_reply(&answer))
}

/// The bytes of the answer to `bytes` (see [`raw`]).
fn raw_bytes(address: &str, bytes: &[u8]) -> Vec<u8> {
    let mut stream = TcpStream::connect(address).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    // A refused request may be answered and closed before all of it is sent.
    let _ = stream.write_all(bytes);
    let mut answer = Vec::new();
    let mut buffer = [0u8; 1 << 16];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => {
                LAST_READ.with(|last| *last.borrow_mut() = "the end of the stream".into());
                break;
            }
            // A signal caught by this process (another test's child can signal the whole
            // process group) interrupts the read, which then goes on.
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(err) => {
                LAST_READ.with(|last| *last.borrow_mut() = format!("an error: {err:?}"));
                break;
            }
            Ok(n) => answer.extend_from_slice(&buffer[..n]),
        }
        if is_complete(&answer) {
            break;
        }
    }
    answer
}

/// Whether `answer` holds a whole HTTP answer.
fn is_complete(answer: &[u8]) -> bool {
    let text = String::from_utf8_lossy(answer);
    let Some((head, body)) = text.split_once("\r\n\r\n") else {
        return false;
    };
    let head = head.to_ascii_lowercase();
    if head.contains("transfer-encoding: chunked") {
        return body.ends_with("0\r\n\r\n");
    }
    head.lines()
        .find_map(|line| line.strip_prefix("content-length:"))
        .and_then(|length| length.trim().parse::<usize>().ok())
        .is_some_and(|length| body.len() >= length)
}

fn parse_reply(answer: &[u8]) -> Reply {
    let text = String::from_utf8_lossy(answer);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no HTTP answer: {text:?}"));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head:?}"));
    let headers = head.to_ascii_lowercase();
    let body = if headers.contains("transfer-encoding: chunked") {
        dechunk(body)
    } else {
        body.to_owned()
    };
    Reply {
        status,
        headers,
        body,
    }
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).expect("a chunk size");
        if size == 0 {
            break;
        }
        out.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
    out
}

fn cells(grid: &Value) -> Vec<Vec<Option<u64>>> {
    grid.as_array()
        .expect("rows")
        .iter()
        .map(|row| {
            row.as_array()
                .expect("cells")
                .iter()
                .map(Value::as_u64)
                .collect()
        })
        .collect()
}

/// Checks a solved grid against the puzzle the server drew: every cell filled, the givens
/// kept, and the puzzle's rules, checked here from scratch.
pub fn check_solution(puzzle: &Value, solution: &Value) {
    let givens = cells(&puzzle["cells"]);
    let grid: Vec<Vec<u64>> = cells(solution)
        .into_iter()
        .map(|row| row.into_iter().map(|d| d.expect("filled")).collect())
        .collect();
    let (rows, cols) = (grid.len(), grid[0].len());
    assert_eq!(puzzle["rows"].as_u64(), Some(rows as u64));
    assert_eq!(puzzle["cols"].as_u64(), Some(cols as u64));
    for r in 0..rows {
        for c in 0..cols {
            if let Some(given) = givens[r][c] {
                assert_eq!(grid[r][c], given, "given at ({r}, {c}) changed");
            }
        }
    }
    let column = |c: usize| -> Vec<u64> { grid.iter().map(|row| row[c]).collect() };
    let lines: Vec<Vec<u64>> = grid.iter().cloned().chain((0..cols).map(column)).collect();
    match puzzle["kind"].as_str() {
        Some("binairo") => {
            for line in &lines {
                assert!(line.iter().all(|&d| d <= 1));
                assert_eq!(2 * line.iter().sum::<u64>(), line.len() as u64, "{line:?}");
                assert!(line.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])));
            }
            if puzzle["distinct"] == Value::Bool(true) {
                // Rows apart from rows, columns from columns.
                for family in [&lines[..rows], &lines[rows..]] {
                    for (k, a) in family.iter().enumerate() {
                        assert!(!family[k + 1..].contains(a), "two equal lines {a:?}");
                    }
                }
            }
        }
        kind => {
            let n = rows as u64;
            let mut units = lines.clone();
            if kind == Some("sudoku") {
                let shape = &puzzle["boxes"];
                let (h, w) = (
                    shape[0].as_u64().unwrap() as usize,
                    shape[1].as_u64().unwrap() as usize,
                );
                for top in (0..rows).step_by(h) {
                    for left in (0..cols).step_by(w) {
                        units.push(
                            (0..h * w)
                                .map(|k| grid[top + k / w][left + k % w])
                                .collect(),
                        );
                    }
                }
            }
            for unit in &units {
                let mut sorted = unit.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (1..=n).collect::<Vec<_>>(), "not 1..{n}: {unit:?}");
            }
            if kind == Some("futoshiki") {
                let holds = |sign: &str, a: u64, b: u64| match sign {
                    "<" | "^" => a < b,
                    ">" | "v" => a > b,
                    _ => true,
                };
                for r in 0..rows {
                    for c in 0..cols {
                        if c + 1 < cols {
                            let sign = puzzle["right"][r][c].as_str().unwrap();
                            assert!(holds(sign, grid[r][c], grid[r][c + 1]));
                        }
                        if r + 1 < rows {
                            let sign = puzzle["down"][r][c].as_str().unwrap();
                            assert!(holds(sign, grid[r][c], grid[r + 1][c]));
                        }
                    }
                }
            }
        }
    }
}

/// The DLX text of the n-queens problem: rows and columns primary, diagonals secondary.
pub fn queens(n: usize) -> String {
    let mut text = String::new();
    for k in 0..n {
        text.push_str(&format!("r{k} c{k} "));
    }
    text.push('|');
    for k in 0..2 * n - 1 {
        text.push_str(&format!(" a{k} b{k}"));
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c));
        }
    }
    text
}

const HOLMES: &str = "4\n0 | 0 < 0 < 0\n^ - - - - - -\n0 | 0 | 0 | 3\n- - v - - - -\n\
                      0 | 0 | 0 | 0\n- - - - - - ^\n0 | 0 | 0 | 0\n";

/// Tatham's Solo's example ID, also in `dlx sudoku --help`.
const SOLO_ID: &str = "3x3:a3c6_8_7a4c8a6d9e5c1c3a1b9a2b6a7c3c8e9d4a1c2a1_2_7c6a";

#[test]
fn the_page_is_one_self_contained_document() {
    let server = Server::start(&[]);
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(page.headers.contains("content-type: text/html"));
    assert!(page.body.contains("<title>dlx"));
    // Nothing is loaded from elsewhere: no external scripts, styles, images or fonts.
    for outside in ["src=\"http", "href=\"http", "url(http", "@import", "<link"] {
        assert!(!page.body.contains(outside), "the page loads {outside}");
    }
}

#[test]
fn calendar_counts_and_solutions_agree_with_the_command_line() {
    let server = Server::start(&[]);
    let first = server.get("/api/calendar?date=aug-19").json();
    // 100 for Aug 19, as `dlx calendar aug-19 --count` prints (docs/puzzles.md).
    assert_eq!(first["count"], 100);
    assert_eq!(first["complete"], true);
    assert_eq!(first["solution"], 1);
    assert!(first["svg"].as_str().unwrap().starts_with("<svg"));
    // The words the command line takes for a date: today's count is the command's.
    let today = server.get("/api/calendar?date=today").json();
    let cli_today = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["calendar", "today", "--count"])
        .output()
        .unwrap();
    assert_eq!(
        today["count"].to_string(),
        String::from_utf8_lossy(&cli_today.stdout).trim(),
        "{today}"
    );
    let last = server.get("/api/calendar?date=8-19&solution=100").json();
    assert_eq!(last["solution"], 100);
    assert_ne!(last["svg"], first["svg"]);
    let cli_last = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args([
            "calendar",
            "aug-19",
            "--all",
            "--format",
            "svg",
            "--threads",
            "1",
        ])
        .output()
        .unwrap();
    // The command line's pictures, nested in one document: each as a standalone one again.
    let cli_last = String::from_utf8(cli_last.stdout).unwrap();
    let inner = cli_last.trim_end().strip_suffix("</svg>").unwrap();
    let drawings: Vec<String> = inner
        .split("<svg x=\"0\" y=\"")
        .skip(1)
        .map(|picture| {
            format!(
                "<svg {}",
                picture[picture.find("\" ").unwrap() + 2..].trim_end()
            )
        })
        .collect();
    assert_eq!(drawings.len(), 100);
    assert_eq!(last["svg"].as_str().unwrap().trim_end(), drawings[99]);
    let beyond = server.get("/api/calendar?date=aug-19&solution=101").json();
    assert_eq!(beyond["svg"], Value::Null);

    let year = server.get("/api/calendar/year").json();
    let dates = year["dates"].as_array().unwrap();
    assert_eq!(dates.len(), 366);
    // 24,405 solutions over the year, 7 the fewest and 216 the most (docs/puzzles.md).
    assert_eq!(
        (
            year["total"].as_u64(),
            year["min"].as_u64(),
            year["max"].as_u64()
        ),
        (Some(24405), Some(7), Some(216))
    );
    let aug19 = dates
        .iter()
        .find(|d| d["month"] == 8 && d["day"] == 19)
        .unwrap();
    assert_eq!(aug19["count"], 100);
}

#[test]
fn puzzles_are_solved_made_and_checked() {
    let server = Server::start(&[]);
    let futoshiki = server
        .post("/api/futoshiki/solve", HOLMES.as_bytes())
        .json();
    assert_eq!(futoshiki["unique"], true);
    check_solution(&futoshiki["puzzle"], &futoshiki["solution"]);

    let sudoku = server.post("/api/sudoku/solve", SOLO_ID.as_bytes()).json();
    assert_eq!(sudoku["unique"], true);
    assert_eq!(sudoku["puzzle"]["id"], SOLO_ID);
    check_solution(&sudoku["puzzle"], &sudoku["solution"]);

    // An empty 4 x 4 binairo has 72 solutions: not unique, and the first one is right.
    let loose = server
        .post("/api/binairo/solve", b"4\n____\n____\n____\n____\n")
        .json();
    assert_eq!(
        (loose["unique"].clone(), loose["solutions"].clone()),
        (Value::Bool(false), Value::from(2))
    );
    check_solution(&loose["puzzle"], &loose["solution"]);

    for (kind, size, difficulty) in [
        ("futoshiki", "6", "extreme"),
        ("binairo", "8x10", "normal"),
        ("sudoku", "9", "advanced"),
        ("sudoku", "6", "basic"),
    ] {
        let path = format!("/api/{kind}/generate?size={size}&difficulty={difficulty}&seed=5");
        let made = server.get(&path).json();
        assert_eq!(made["unique"], true, "{path}");
        assert_eq!(made["difficulty"], difficulty, "{path}");
        check_solution(&made["puzzle"], &made["solution"]);
        // The same seed makes the same puzzle, and its text, pasted back, has that solution
        // and no other.
        assert_eq!(server.get(&path).json()["puzzle"], made["puzzle"]);
        for input in [&made["puzzle"]["text"], &made["puzzle"]["id"]] {
            let solved = server
                .post(
                    &format!("/api/{kind}/solve"),
                    input.as_str().unwrap().as_bytes(),
                )
                .json();
            assert_eq!(solved["unique"], true, "{input}");
            assert_eq!(solved["solution"], made["solution"], "{input}");
        }
    }
}

/// `POST /api/{puzzle}/hint`: a player who enters each hint's value reaches the solution of a
/// made sudoku, of Holmes' futoshiki and of a made binairo; bad entries are refused.
#[test]
fn hints_lead_a_player_to_the_solution() {
    let server = Server::start(&[]);
    let sudoku = server
        .get("/api/sudoku/generate?size=9&difficulty=intermediate&seed=3")
        .json();
    let futoshiki = server
        .post("/api/futoshiki/solve", HOLMES.as_bytes())
        .json();
    let binairo = server
        .get("/api/binairo/generate?size=8&difficulty=normal&seed=2")
        .json();
    for (kind, answer) in [
        ("sudoku", &sudoku),
        ("futoshiki", &futoshiki),
        ("binairo", &binairo),
    ] {
        let text = answer["puzzle"]["text"].as_str().unwrap();
        let solution = &answer["solution"];
        let mut entries: Vec<[u64; 3]> = Vec::new();
        loop {
            let body = json!({"puzzle": text, "entries": entries}).to_string();
            let hint = server.post(&format!("/api/{kind}/hint"), body.as_bytes());
            assert_eq!(hint.status, 200, "{}", hint.body);
            let hint = hint.json();
            if hint["end"] == "solved" {
                break;
            }
            let steps = hint["steps"].as_array().unwrap();
            assert!(!steps.is_empty(), "{kind}: {hint}");
            let placed = &steps.last().unwrap()["placed"][0];
            let (row, column) = (
                placed["row"].as_u64().unwrap() - 1,
                placed["column"].as_u64().unwrap() - 1,
            );
            let value = placed["value"].as_u64().unwrap();
            assert_eq!(
                solution[row as usize][column as usize], value,
                "{kind}: {hint}"
            );
            entries.push([row, column, value]);
        }
        let cells = answer["puzzle"]["cells"].as_array().unwrap();
        let open: usize = cells
            .iter()
            .map(|row| {
                row.as_array()
                    .unwrap()
                    .iter()
                    .filter(|c| c.is_null())
                    .count()
            })
            .sum();
        assert_eq!(entries.len(), open, "{kind}: one hint per open cell");
    }
    let text = sudoku["puzzle"]["text"].as_str().unwrap();
    let bad = json!({"puzzle": text, "entries": [[9, 0, 1]]}).to_string();
    let refused = server.post("/api/sudoku/hint", bad.as_bytes());
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.json()["error"]
        .as_str()
        .unwrap()
        .contains("entry [9, 0, 1]"));
    let bad = json!({"puzzle": "4\n____\n____\n____\n____\n", "entries": [[0, 0, 2]]});
    let refused = server.post("/api/binairo/hint", bad.to_string().as_bytes());
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert_eq!(server.post("/api/sudoku/hint", b"not json").status, 400);
}

#[test]
fn tilings_are_built_counted_and_drawn() {
    let server = Server::start(&[]);
    let divided = server.get("/api/tromino?size=16&row=3&col=5").json();
    assert_eq!(divided["tiles"], 85);
    assert!(divided["svg"].as_str().unwrap().starts_with("<svg"));
    let random = server
        .get("/api/tromino?size=8&row=0&col=0&method=random&seed=3")
        .json();
    // 30355 tilings of the 8 x 8 board without a corner (`dlx tromino --size 8 --missing 0,0
    // --count`, checked against enumeration in the memo tests).
    assert_eq!(random["count"], "30355");
    assert!(random["svg"].as_str().unwrap().starts_with("<svg"));
}

#[test]
fn exact_cover_streams_its_answer() {
    let server = Server::start(&[]);
    let knuth = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
    let lines = server.post("/api/dlx", knuth.as_bytes()).json_lines();
    assert_eq!(lines.last().unwrap()["result"]["count"], "1");
    let listed = server
        .post("/api/dlx?mode=solutions&limit=3", queens(8).as_bytes())
        .json_lines();
    let solutions = listed.last().unwrap()["result"]["solutions"].clone();
    assert_eq!(solutions.as_array().unwrap().len(), 3);
    // Each listed solution is an exact cover: eight queens, each row and column once.
    for solution in solutions.as_array().unwrap() {
        let mut covered: Vec<&str> = solution
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|option| option.as_str().unwrap().split(' ').take(2))
            .collect();
        covered.sort_unstable();
        covered.dedup();
        assert_eq!(covered.len(), 16);
    }
    let counted = server.post("/api/dlx", queens(8).as_bytes()).json_lines();
    assert_eq!(counted.last().unwrap()["result"]["count"], "92");
    // Up to the board's symmetries, found from the matrix: 12 classes (OEIS A002562), and
    // as many listed, without symmetry=false changing anything.
    let classes = server
        .post("/api/dlx?symmetry=true", queens(8).as_bytes())
        .json_lines();
    let result = &classes.last().unwrap()["result"];
    assert_eq!(
        (&result["count"], &result["symmetries"]),
        (&json!("12"), &json!("8"))
    );
    let listed = server
        .post(
            "/api/dlx?mode=solutions&limit=100&symmetry=true",
            queens(8).as_bytes(),
        )
        .json_lines();
    let result = &listed.last().unwrap()["result"];
    assert_eq!(result["solutions"].as_array().unwrap().len(), 12);
    let plain = server
        .post("/api/dlx?symmetry=false", queens(8).as_bytes())
        .json_lines();
    assert_eq!(plain.last().unwrap()["result"]["count"], "92");
    assert!(plain.last().unwrap()["result"].get("symmetries").is_none());
}

#[test]
fn bad_requests_get_json_errors_and_the_server_goes_on() {
    let server = Server::start(&[]);
    let refused = |reply: Reply, status: u16, needle: &str| {
        assert_eq!(reply.status, status, "{reply:?}");
        let error = reply.json()["error"].as_str().unwrap().to_owned();
        assert!(error.contains(needle), "{error:?} does not say {needle:?}");
    };
    refused(
        server.post("/api/futoshiki/solve", b"garbage"),
        400,
        "line 1, column 1",
    );
    refused(server.post("/api/sudoku/solve", b"12345"), 400, "line 1");
    refused(
        server.post("/api/sudoku/solve", b"  "),
        400,
        "paste a puzzle",
    );
    refused(
        server.post("/api/kakuro/solve", HOLMES.as_bytes()),
        404,
        "no puzzle 'kakuro'",
    );
    refused(
        server.get("/api/calendar?date=feb-30"),
        400,
        "Feb has no day 30",
    );
    refused(server.get("/api/calendar"), 400, "date");
    refused(
        server.get("/api/calendar?date=8-19&solution=0"),
        400,
        "numbered from 1",
    );
    refused(
        server.get("/api/futoshiki/generate?size=99"),
        400,
        "from 2 to 12",
    );
    refused(server.get("/api/binairo/generate?size=7"), 400, "even");
    refused(
        server.get("/api/sudoku/generate?size=9&difficulty=easyish"),
        400,
        "expected one of",
    );
    refused(
        server.get("/api/tromino?size=8&row=8&col=0"),
        400,
        "off the 8 x 8 board",
    );
    refused(
        server.get("/api/tromino?size=12&row=0&col=0"),
        400,
        "2, 4, 8",
    );
    refused(server.get("/api/tromino?size=abc&row=0&col=0"), 400, "size");
    refused(
        server.get("/api/tromino?size=64&row=0&col=0&method=random"),
        400,
        "from 1 to 16",
    );
    refused(server.post("/api/dlx", b"a b\nc\n"), 400, "line 2");
    refused(
        server.post("/api/dlx?mode=all", b"a\na\n"),
        400,
        "count or solutions",
    );
    refused(server.get("/no/such/page"), 404, "no such page");
    refused(
        server.post("/api/dlx", &vec![b'a'; 2 << 20]),
        413,
        "larger than 1024 KiB",
    );
    refused(server.post("/api/dlx", &[0xff, 0xfe, b'\n']), 400, "UTF-8");
    // What is not HTTP at all, or the wrong method, is refused by the server itself.
    assert_eq!(raw(&server.address, b"HELLO\r\n\r\n").status, 400);
    assert_eq!(server.get("/api/dlx").status, 405);
    // A request cut off in the middle, and one that never ends its headers.
    drop(
        TcpStream::connect(&server.address)
            .unwrap()
            .write_all(b"POST /api/dlx HTTP/1.1\r\nContent-Length: 1000\r\n\r\nab"),
    );
    assert_eq!(
        server.get("/api/calendar?date=8-19").json()["count"],
        100,
        "the server answers after the bad requests"
    );
}

#[test]
fn two_hundred_requests_at_once_are_all_answered_right() {
    let server = Server::start(&["--jobs", "2"]);
    let made: Vec<Value> = (0..4)
        .map(|seed| {
            server
                .get(&format!(
                    "/api/sudoku/generate?size=9&difficulty=intermediate&seed={seed}"
                ))
                .json()
        })
        .collect();
    let start = Instant::now();
    let answers: Vec<(usize, Reply)> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..200)
            .map(|k| {
                let (server, made) = (&server, &made);
                scope.spawn(move || {
                    let text = made[k % 4]["puzzle"]["text"].as_str().unwrap();
                    (k, server.post("/api/sudoku/solve", text.as_bytes()))
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    for (k, reply) in &answers {
        assert_eq!(reply.status, 200, "request {k}: {reply:?}");
        let answer = reply.json();
        assert_eq!(answer["unique"], true);
        assert_eq!(answer["solution"], made[k % 4]["solution"]);
        check_solution(&answer["puzzle"], &answer["solution"]);
    }
    eprintln!(
        "200 sudoku requests at once: {:.2} s",
        start.elapsed().as_secs_f64()
    );
    if let Some(peak) = server.peak_memory_kib() {
        eprintln!("the server's peak memory: {peak} KiB");
        assert!(peak < 200 << 10, "the server held {peak} KiB");
    }
    assert_eq!(server.get("/api/calendar?date=1-1").json()["count"], 64);
}

#[test]
fn a_search_stops_when_its_connection_closes() {
    // One slot and a time limit far beyond the test: only cancelling frees the slot in time.
    let server = Server::start(&["--jobs", "1", "--time-limit", "600"]);
    let problem = queens(18);
    let mut stream = TcpStream::connect(&server.address).unwrap();
    write!(
        stream,
        "POST /api/dlx HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{problem}",
        problem.len()
    )
    .unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    while !line.contains("progress") {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "no progress line");
    }
    drop(reader);
    drop(stream);
    let start = Instant::now();
    let answer = server.get("/api/calendar?date=8-19");
    assert_eq!(answer.status, 200);
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "the cancelled search held the only slot for {:?}",
        start.elapsed()
    );
}

/// A count of the page (the catalog's `count`, one answer at its end, nothing written while it
/// runs) is cancelled when its client goes away, whether the request was the connection's
/// first (the server tells a closed socket from a half-closed one by an interim answer) or a
/// later one on a kept-alive connection; a client that only half-closed still gets its answer.
#[test]
fn a_count_stops_when_its_client_goes_away() {
    // One slot and a time limit far beyond the test: only cancelling frees the slot in time.
    let server = Server::start(&["--jobs", "1", "--time-limit", "600"]);
    let count = b"POST /api/puzzles/queens/solve?task=count HTTP/1.1\r\nHost: x\r\n\
                  Content-Length: 2\r\n\r\n18";
    let slot_freed = |case: &str| {
        let start = Instant::now();
        let answer = server.get("/api/calendar?date=8-19");
        assert_eq!(answer.status, 200, "{case}: {}", answer.body);
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{case}: the count of a client gone held the only slot for {:?}",
            start.elapsed()
        );
    };

    let mut first = TcpStream::connect(&server.address).unwrap();
    first.write_all(count).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    drop(first);
    slot_freed("the connection's first request");

    let mut kept = TcpStream::connect(&server.address).unwrap();
    kept.write_all(b"GET /api/calendar?date=1-1 HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    // Read in full: a socket closed with unread data sends a reset, not the FIN looked for.
    let mut answer = Vec::new();
    let mut buffer = [0u8; 1 << 16];
    while !is_complete(&answer) {
        let read = kept.read(&mut buffer).unwrap();
        assert!(read > 0, "{}", String::from_utf8_lossy(&answer));
        answer.extend_from_slice(&buffer[..read]);
    }
    assert!(answer.starts_with(b"HTTP/1.1 200"));
    kept.write_all(count).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    drop(kept);
    slot_freed("a later request on a kept-alive connection");

    // Half-closed: the count runs to its end (queens 13: 73,712) and is answered.
    let mut half = TcpStream::connect(&server.address).unwrap();
    half.write_all(
        b"POST /api/puzzles/queens/solve?task=count HTTP/1.1\r\nHost: x\r\n\
          Content-Length: 2\r\n\r\n13",
    )
    .unwrap();
    half.shutdown(std::net::Shutdown::Write).unwrap();
    half.set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let mut answer = Vec::new();
    let _ = half.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    let final_answer = past_interim_answers(&answer);
    assert!(final_answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(final_answer.contains(r#""solutions":"73712""#), "{answer}");
}

/// What follows the interim (1xx) answers that may come before an HTTP answer.
fn past_interim_answers(mut answer: &str) -> &str {
    while answer.starts_with("HTTP/1.1 1") {
        match answer.split_once("\r\n\r\n") {
            Some((_, rest)) => answer = rest,
            None => break,
        }
    }
    answer
}

#[test]
fn a_search_stops_at_the_time_limit_and_says_so() {
    let server = Server::start(&["--time-limit", "0.5"]);
    let lines = server.post("/api/dlx", queens(18).as_bytes()).json_lines();
    let result = &lines.last().unwrap()["result"];
    assert_eq!(result["complete"], false);
    assert_eq!(result["stopped"], "the time limit ran out");
}

#[test]
fn making_a_puzzle_stops_at_the_time_limit_and_says_so() {
    let server = Server::start(&["--time-limit", "0.05"]);
    // An extreme Dominosa of order 12 takes seconds in any build (Tatham's generator is as
    // slow); a 16 x 16 sudoku no longer does in a release build.
    let reply = server.get("/api/dominosa/generate?size=12&difficulty=extreme&seed=1");
    assert_eq!(reply.status, 503, "{}", reply.body);
    assert!(reply.json()["error"]
        .as_str()
        .unwrap()
        .contains("time limit (0.05 s) ran out first"));
    // The server goes on: a small puzzle is made in time.
    let reply = server.get("/api/sudoku/generate?size=4&seed=1");
    assert_eq!(reply.status, 200, "{}", reply.body);
}

/// Reads from `stream` until the server closes it: how long that took, or why it was not
/// seen closed within `bound` (the read's error, or still open).
fn closed_within(stream: &mut TcpStream, bound: Duration) -> Result<Duration, String> {
    let start = Instant::now();
    stream.set_read_timeout(Some(bound)).unwrap();
    let mut buffer = [0u8; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return Ok(start.elapsed()),
            Ok(_) => {}
            Err(err) if err.kind() == std::io::ErrorKind::ConnectionReset => {
                return Ok(start.elapsed())
            }
            // A signal to the test process is no news of the connection.
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
            Err(err) => {
                return Err(format!(
                    "not closed after {:.2?}: {err} ({:?})",
                    start.elapsed(),
                    err.kind()
                ))
            }
        }
        if start.elapsed() > bound {
            return Err(format!("still open after {:.2?}", start.elapsed()));
        }
    }
}

/// Connections that send nothing, or half a request's head, or stay idle after an answer,
/// are closed after `--idle-timeout` (4,000 of them stayed open for good); a client that
/// half-closes its side after its request is answered (it got nothing).
#[test]
fn idle_and_half_sent_connections_are_closed_and_half_close_is_answered() {
    let server = Server::start(&["--idle-timeout", "0.5"]);
    let mut idle: Vec<TcpStream> = (0..50)
        .map(|_| TcpStream::connect(&server.address).unwrap())
        .collect();
    let mut half: Vec<TcpStream> = (0..50)
        .map(|_| {
            let mut stream = TcpStream::connect(&server.address).unwrap();
            stream.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").unwrap();
            stream
        })
        .collect();
    let mut kept = TcpStream::connect(&server.address).unwrap();
    kept.write_all(b"GET /api/calendar?date=8-19 HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    for (index, stream) in idle.iter_mut().chain(half.iter_mut()).enumerate() {
        let kind = if index < 50 { "idle" } else { "half-sent" };
        if let Err(why) = closed_within(stream, Duration::from_secs(20)) {
            panic!("{kind} connection {index}: {why}");
        }
    }
    // The kept-alive connection gets its answer, then is closed when idle.
    let mut answer = Vec::new();
    kept.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let _ = kept.read_to_end(&mut answer);
    assert!(
        answer.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&answer)
    );

    let mut half_closed = TcpStream::connect(&server.address).unwrap();
    half_closed
        .write_all(b"GET /api/calendar?date=8-19 HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    half_closed.shutdown(std::net::Shutdown::Write).unwrap();
    let mut answer = Vec::new();
    half_closed
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let _ = half_closed.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(
        past_interim_answers(&answer).starts_with("HTTP/1.1 200"),
        "{answer}"
    );
    assert!(answer.contains("\"count\":100"));
}

/// Past 256 open connections a new one is closed at once; once the idle ones are reaped the
/// server answers again.
#[test]
fn connections_past_the_cap_are_closed_and_the_server_goes_on() {
    let server = Server::start(&["--idle-timeout", "1"]);
    let mut open: Vec<TcpStream> = (0..300)
        .map(|_| TcpStream::connect(&server.address).unwrap())
        .collect();
    let closed_at_once = open[256..]
        .iter_mut()
        .filter_map(|stream| closed_within(stream, Duration::from_millis(500)).ok())
        .count();
    assert!(
        closed_at_once >= 40,
        "{closed_at_once} of the 44 past the cap closed"
    );
    // A new connection is answered once the idle ones are closed.
    let start = Instant::now();
    loop {
        let mut stream = TcpStream::connect(&server.address).unwrap();
        let _ = stream.write_all(
            b"GET /api/calendar?date=8-19 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        );
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        if answer.starts_with(b"HTTP/1.1 200") {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "no answer");
        std::thread::sleep(Duration::from_millis(100));
    }
    drop(open);
}

/// Clients that never read their answers hold bounded memory: an answer of solutions is cut
/// at 4 MiB (a request of 1 MiB asked for 33 MB), and answers not yet sent are held to 64 MiB
/// together (20 such clients held 924 MB); the server answers others meanwhile.
#[test]
fn clients_that_never_read_hold_bounded_memory() {
    let server = Server::start(&[]);
    // Six primary items of 16 options each, every option also giving one color to 1,000
    // secondary items: 16^6 solutions, each of six options of 8 KB, under 800 KB in all.
    let colored: Vec<String> = (0..1000).map(|k| format!("s{k:04}:c")).collect();
    let names: Vec<String> = (0..1000).map(|k| format!("s{k:04}")).collect();
    let mut problem = format!("p0 p1 p2 p3 p4 p5 | {}\n", names.join(" "));
    for item in 0..6 {
        for _ in 0..16 {
            problem.push_str(&format!("p{item} {}\n", colored.join(" ")));
        }
    }
    assert!(problem.len() < 1 << 20);
    let listed = server.post("/api/dlx?mode=solutions&limit=100", problem.as_bytes());
    let lines = listed.json_lines();
    let result = &lines.last().unwrap()["result"];
    assert_eq!(result["complete"], false, "{result}");
    assert!(
        result["stopped"]
            .as_str()
            .unwrap()
            .contains("size limit of 4 MiB"),
        "{result}"
    );
    let head = format!(
        "POST /api/dlx?mode=solutions&limit=100 HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n",
        problem.len()
    );
    let mut readers: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut stream = TcpStream::connect(&server.address).unwrap();
            stream.write_all(head.as_bytes()).unwrap();
            stream.write_all(problem.as_bytes()).unwrap();
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_secs(3));
    assert_eq!(server.get("/api/calendar?date=8-19").status, 200);
    if let Some(peak) = server.peak_memory_kib() {
        assert!(peak < 400 << 10, "the server held {peak} KiB");
    }
    readers.clear();
}

/// `GET /api/puzzles` lists the registry, and `POST /api/puzzles/{name}/solve` solves any of
/// its puzzles that a text alone states, as the command line does; the page's "More puzzles"
/// list comes from there.
#[test]
fn every_puzzle_of_the_registry_is_listed_and_solved_by_name() {
    let server = Server::start(&[]);
    let listed = server.get("/api/puzzles").json();
    let names: Vec<&str> = listed["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|puzzle| puzzle["name"].as_str().unwrap())
        .collect();
    let registry: Vec<&str> = reductions::registry::PUZZLES
        .iter()
        .map(|info| info.name)
        .collect();
    assert_eq!(names, registry);
    // Each game says what the page offers a player (its tab is built from this): the sizes
    // and levels the command takes, and an example that it plays.
    let games: Vec<&serde_json::Value> = listed["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|puzzle| !puzzle["game"].is_null())
        .collect();
    assert_eq!(games.len(), 6);
    let dominosa = games
        .iter()
        .find(|game| game["name"] == "dominosa")
        .unwrap();
    assert_eq!(dominosa["game"]["size_name"], "Largest number");
    assert_eq!(
        dominosa["game"]["levels"],
        serde_json::json!(["trivial", "basic", "hard", "extreme", "unreasonable"])
    );
    for game in &games {
        let name = game["name"].as_str().unwrap();
        let offer = &game["game"];
        let size = offer["size"].as_str().unwrap();
        assert!(offer["sizes"].as_array().unwrap().contains(&offer["size"]));
        let example = offer["example"].as_str().unwrap();
        let solved = server
            .post(&format!("/api/{name}/solve"), example.as_bytes())
            .json();
        assert_eq!(solved["unique"], true, "{name}");
        let made = server
            .get(&format!("/api/{name}/generate?size={size}&seed=1"))
            .json();
        assert_eq!(made["unique"], true, "{name}");
    }

    let square = "1...\n..3.\n....\n.2..\n";
    let counted = server
        .post("/api/puzzles/latin/solve?task=count", square.as_bytes())
        .json();
    let run = crate::binary::dlx_from_bytes(&["latin", "--count"], square.as_bytes());
    assert_eq!(counted["solutions"], run.stdout.trim());
    assert_eq!(counted["complete"], true);
    let all = server
        .post("/api/puzzles/latin/solve?task=all", square.as_bytes())
        .json();
    let run = crate::binary::dlx_from_bytes(&["latin", "--all"], square.as_bytes());
    let boards: Vec<String> = all["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|board| format!("{}\n", board.as_str().unwrap()))
        .collect();
    assert_eq!(boards.join("\n"), run.stdout);
    let queens = server
        .post("/api/puzzles/queens/solve?task=count", b"8")
        .json();
    assert_eq!(queens["solutions"], "92");
    // The plan changed as `--tree`, `--propagate` and `--no-memo` change it, and refused in
    // the library's words.
    for tree in ["links", "sparse-sets", "bitsets", "auto"] {
        let path = format!("/api/puzzles/queens/solve?task=count&tree={tree}&memo=false");
        assert_eq!(server.post(&path, b"8").json()["solutions"], "92", "{tree}");
    }
    let forcing = server
        .post(
            "/api/puzzles/queens/solve?task=count&propagation=forcing",
            b"8",
        )
        .json();
    assert_eq!(forcing["solutions"], "92");
    for (query, field, said) in [
        ("tree=dancing", "tree", "tree 'dancing': expected links"),
        (
            "propagation=more",
            "propagation",
            "propagation 'more': expected none",
        ),
        (
            "tree=bitsets&propagation=probing",
            "puzzle",
            "the tree bitsets reasons at no node: propagation probing needs the links",
        ),
    ] {
        let path = format!("/api/puzzles/queens/solve?task=count&{query}");
        let refused = server.post(&path, b"8");
        assert!(
            refused.status == 400 || refused.status == 422,
            "{query}: {refused:?}"
        );
        let json = refused.json();
        assert_eq!(json["field"], field, "{query}");
        assert!(
            json["error"].as_str().unwrap().starts_with(said),
            "{query}: {json}"
        );
    }
    // Up to the board's symmetries, as `dlx queens 8 --count --up-to-symmetry` and `--all`.
    let classes = server
        .post("/api/puzzles/queens/solve?task=count&symmetry=true", b"8")
        .json();
    assert_eq!(
        (&classes["solutions"], &classes["complete"]),
        (&json!("12"), &json!(true))
    );
    let listed = server
        .post("/api/puzzles/queens/solve?task=all&symmetry=true", b"8")
        .json();
    let run = crate::binary::dlx(&["queens", "8", "--all", "--up-to-symmetry", "--plain"]);
    let boards: Vec<String> = listed["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|board| format!("{}\n", board.as_str().unwrap()))
        .collect();
    assert_eq!(boards.len(), 12);
    assert_eq!(boards.join("\n"), run.stdout);
    let unique = server
        .post("/api/puzzles/sudoku/solve", b"1.3.\n.4..\n..4.\n.3.1\n")
        .json();
    assert_eq!(
        (unique["task"].as_str(), unique["solutions"].as_str()),
        (Some("unique"), Some("1"))
    );

    for (path, body, status, said) in [
        (
            "/api/puzzles/tile/solve",
            "8",
            404,
            "no puzzle 'tile' to solve",
        ),
        (
            "/api/puzzles/nonesuch/solve",
            "8",
            404,
            "no puzzle 'nonesuch'",
        ),
        (
            "/api/puzzles/latin/solve?task=most",
            "1",
            400,
            "task 'most'",
        ),
        (
            "/api/puzzles/latin/solve",
            "1.\n.x\n",
            400,
            "line 2, column 2",
        ),
        (
            "/api/puzzles/latin/solve",
            "  \n",
            400,
            "paste a puzzle first",
        ),
    ] {
        let reply = server.post(path, body.as_bytes());
        assert_eq!(reply.status, status, "{path}: {}", reply.body);
        assert!(
            reply.json()["error"].as_str().unwrap().contains(said),
            "{path}: {}",
            reply.body
        );
    }
}

/// The sizes to make, asked at every door: the command line's `--generate`, the HTTP API's
/// `generate`, and the library that both read them with. Each door accepts what the library
/// accepts (the puzzle is made, or the time runs out) and refuses the rest with the
/// library's words: `12X12` binairo, `5A` futoshiki, the largest sides, and sizes past them.
#[test]
fn every_door_reads_sizes_as_the_library_does() {
    use reductions::game::{Game, GameVisitor};
    struct SizeToMake<'a>(&'a str);
    impl GameVisitor for SizeToMake<'_> {
        type Output = Result<(), String>;
        fn visit<G: Game>(self, game: G) -> Result<(), String> {
            game.size_to_make(self.0).map(|_| ())
        }
    }
    let server = Server::start(&["--time-limit", "0.3"]);
    let sizes: &[(&str, &[&str])] = &[
        (
            "sudoku",
            &[
                "4", "9X", "25", "26", "7", "7j", "23j", "24j", "9k", "9JK", "12k", "x",
            ],
        ),
        ("futoshiki", &["5", "5A", "12", "12a", "13", "1", "b"]),
        (
            "binairo",
            &[
                "6", "12X12", "8x10", "8x10r", "2x4r", "30", "32", "7", "6x7", "r", "",
            ],
        ),
    ];
    for &(kind, sizes) in sizes {
        for &size in sizes {
            let library = reductions::registry::visit_game(kind, SizeToMake(size)).unwrap();
            let cli = crate::binary::dlx(&[kind, "--generate", size, "--timeout", "0.3"]);
            let encoded: String = size.bytes().map(|b| format!("%{b:02X}")).collect();
            let api = server.get(&format!("/api/{kind}/generate?size={encoded}&seed=1"));
            match library {
                Ok(()) => {
                    assert!(
                        cli.status == Some(0) || cli.status == Some(1),
                        "{}",
                        cli.report()
                    );
                    assert!(
                        api.status == 200 || api.status == 503,
                        "{kind} {size}: {api:?}"
                    );
                }
                Err(message) => {
                    cli.assert_status(2);
                    assert!(cli.stderr.contains(&message), "{}", cli.report());
                    assert_eq!(api.status, 400, "{kind} {size}: {api:?}");
                    assert_eq!(api.json()["error"].as_str(), Some(message.as_str()));
                }
            }
        }
    }
}

/// The page's make button stops within the server's time limit: the hardest puzzles (a 12 x
/// 12 recursive futoshiki of Unequal's adjacent mode, an unreasonable killer) come back as
/// 503 "the server's time limit ran out" within the limit and half a second, and the server
/// answers the next request at once (two such requests held both job slots for 40 s).
#[test]
fn making_a_puzzle_stops_at_the_time_limit() {
    let server = Server::start(&["--time-limit", "1", "--jobs", "2"]);
    for path in [
        "/api/futoshiki/generate?size=12a&difficulty=recursive&seed=5",
        "/api/sudoku/generate?size=9jk&difficulty=unreasonable&seed=2",
        "/api/binairo/generate?size=30&difficulty=hard&seed=1",
    ] {
        let started = Instant::now();
        let reply = server.get(path);
        let took = started.elapsed();
        assert!(took < Duration::from_millis(1500), "{path}: {took:?}");
        assert!(
            reply.status == 200 || reply.status == 503,
            "{path}: {reply:?}"
        );
    }
    let started = Instant::now();
    let reply = server.get("/api/sudoku/generate?size=4&seed=1");
    assert_eq!(reply.status, 200, "{reply:?}");
    assert!(started.elapsed() < Duration::from_millis(500));
}
