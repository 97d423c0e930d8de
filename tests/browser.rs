//! The page of `dlx serve` in a real browser: headless Chromium driven through ChromeDriver's
//! WebDriver protocol (plain HTTP and JSON, spoken here over loopback).
//!
//! Needs `chromium` and `chromium-driver` (Debian's packages; `CHROMEDRIVER` and `CHROMIUM`
//! name other paths). Without them the test says so and passes, unless `DLX_BROWSER_TESTS` is
//! `required`, as `.ci/run` sets it after installing them.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::serve::{check_solution, try_raw, Server};

/// The key of an element reference in WebDriver's JSON.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

struct Driver {
    process: Child,
    address: String,
    session: String,
    /// Where chromedriver logs, shown when no browser starts.
    log: std::path::PathBuf,
    /// The browser profiles made, removed at the end.
    profiles: Vec<std::path::PathBuf>,
}

impl Driver {
    /// Starts ChromeDriver and a headless Chromium session, or `None` if they are missing.
    fn start() -> Option<Driver> {
        let driver =
            std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
        let browser = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        if !Path::new(&driver).exists() || !Path::new(&browser).exists() {
            let required = std::env::var("DLX_BROWSER_TESTS").is_ok_and(|v| v == "required");
            assert!(
                !required,
                "DLX_BROWSER_TESTS=required, but {driver} or {browser} is missing"
            );
            eprintln!("browser test skipped: no {driver} or {browser} (apt-get install chromium chromium-driver)");
            return None;
        }
        // A free port is free only until another test's connection takes it as its own
        // end: chromedriver then cannot listen there (or a connection answers in its place),
        // so its /status must answer before it is used, else another port is tried.
        let mut tries = 0;
        let mut driver = loop {
            tries += 1;
            let port = TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port();
            let log = std::env::temp_dir().join(format!(
                "dlx-chromedriver-{}-{port}.log",
                std::process::id()
            ));
            let process = Command::new(&driver)
                .arg(format!("--port={port}"))
                .arg(format!("--log-path={}", log.display()))
                .arg("--enable-chrome-logs")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("chromedriver starts");
            let mut candidate = Driver {
                process,
                address: format!("127.0.0.1:{port}"),
                session: String::new(),
                log,
                profiles: Vec::new(),
            };
            let listening = wait_for(
                || {
                    if let Ok(Some(_)) = candidate.process.try_wait() {
                        return Some(false);
                    }
                    std::net::TcpStream::connect(&candidate.address)
                        .is_ok()
                        .then_some(true)
                },
                "chromedriver to listen",
            );
            let status = format!(
                "GET /status HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
                candidate.address
            );
            if listening && answers_ok(&candidate.address, &status) {
                break candidate;
            }
            assert!(tries < 5, "chromedriver did not start on 5 ports");
        };
        // Chromium has failed to start under the load of the whole test run (once in CI:
        // chromedriver answered 500 to the new session); a fresh profile is tried again,
        // and what chromedriver logged is shown if every try fails.
        let mut errors = Vec::new();
        for attempt in 0..3 {
            if attempt > 0 {
                std::thread::sleep(Duration::from_secs(2));
            }
            let profile = std::env::temp_dir()
                .join(format!("dlx-browser-test-{}-{attempt}", std::process::id()));
            let capabilities = json!({"capabilities": {"alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": {
                    "binary": browser,
                    "args": [
                        "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--disable-quic", "--no-first-run", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--window-size=1200,1000",
                        format!("--user-data-dir={}", profile.display()),
                    ],
                },
            }}});
            driver.profiles.push(profile);
            match driver.try_call("POST", "/session", Some(capabilities)) {
                Ok(session) => {
                    driver.session = session["sessionId"].as_str().expect("a session").to_owned();
                    return Some(driver);
                }
                Err(error) => {
                    eprintln!("browser session {attempt}: {error}");
                    errors.push(error);
                }
            }
        }
        let log = std::fs::read_to_string(&driver.log).unwrap_or_default();
        // Without the JSON of the profiles it writes, which is most of it.
        let tail: Vec<&str> = log
            .lines()
            .filter(|line| !line.starts_with([' ', '{', '}']))
            .rev()
            .take(40)
            .collect();
        panic!(
            "chromedriver started no browser in 3 tries: {}\nthe end of its log:\n{}",
            errors.join(" | "),
            tail.into_iter().rev().collect::<Vec<_>>().join("\n")
        );
    }

    /// One WebDriver command: its `value`, or a panic with the driver's error.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.try_call(method, path, body)
            .unwrap_or_else(|error| panic!("{error}"))
    }

    /// One WebDriver command: its `value`, or the driver's error (its message first, as the
    /// whole answer can be long).
    fn try_call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.address,
            body.len()
        );
        // Under the load of the whole test run, chromedriver has closed a connection without
        // an answer (1 run in 6 here): the command is sent again, twice at most.
        let reply = (0..3)
            .find_map(|attempt| {
                if attempt > 0 {
                    std::thread::sleep(Duration::from_millis(500));
                }
                try_raw(&self.address, request.as_bytes())
            })
            .ok_or_else(|| format!("{method} {path}: no answer from chromedriver, 3 times"))?;
        let answer: Value = serde_json::from_str(&reply.body).unwrap_or(Value::Null);
        if reply.status != 200 {
            // The message's first line says it; the rest is chromedriver's stack.
            let message = match answer["value"]["message"].as_str() {
                Some(message) => message.lines().next().unwrap_or_default().to_owned(),
                None => reply.body.chars().take(2000).collect(),
            };
            return Err(format!("{method} {path}: {} {message}", reply.status));
        }
        Ok(answer["value"].clone())
    }

    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    fn go(&self, url: &str) {
        self.session_call("POST", "/url", Some(json!({"url": url})));
    }

    fn script(&self, script: &str) -> Value {
        self.session_call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    /// The element `css` selects, once the page has one.
    fn find(&self, css: &str) -> String {
        wait_for(
            || {
                let found = self.script(&format!(
                    "return document.querySelector({}) !== null",
                    json!(css)
                ));
                (found == Value::Bool(true)).then_some(())
            },
            css,
        );
        let element = self.session_call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        element[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {element}"))
            .to_owned()
    }

    fn click(&self, css: &str) {
        let element = self.find(css);
        self.session_call(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        );
    }

    fn type_into(&self, css: &str, text: &str) {
        let element = self.find(css);
        self.session_call(
            "POST",
            &format!("/element/{element}/clear"),
            Some(json!({})),
        );
        self.session_call(
            "POST",
            &format!("/element/{element}/value"),
            Some(json!({"text": text})),
        );
    }

    fn text(&self, css: &str) -> String {
        let element = self.find(css);
        self.session_call("GET", &format!("/element/{element}/text"), None)
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// Where `DLX_SCREENSHOTS` names a folder, the page as it stands now, as
    /// `NAME.png.b64` there (base64: `base64 -d` gives the PNG), for a person to look at.
    fn screenshot(&self, name: &str) {
        if let Some(folder) = std::env::var_os("DLX_SCREENSHOTS") {
            let png = self.session_call("GET", "/screenshot", None);
            let path = std::path::Path::new(&folder).join(format!("{name}.png.b64"));
            std::fs::write(&path, png.as_str().unwrap_or_default())
                .unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        }
    }

    /// Waits until the text of `css` contains `expected`.
    fn wait_text(&self, css: &str, expected: &str) {
        wait_for(
            || self.text(css).contains(expected).then_some(()),
            &format!("{css} to say {expected:?} (it says {:?})", self.text(css)),
        );
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.call("DELETE", &format!("/session/{}", self.session), None)
            }));
        }
        let _ = self.process.kill();
        let _ = self.process.wait();
        for profile in &self.profiles {
            let _ = std::fs::remove_dir_all(profile);
        }
        let _ = std::fs::remove_file(&self.log);
    }
}

/// Whether `request` sent to `address` is answered 200 (without a panic when it is not).
fn answers_ok(address: &str, request: &str) -> bool {
    use std::io::{Read, Write};
    let Ok(mut stream) = std::net::TcpStream::connect(address) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    if stream.write_all(request.as_bytes()).is_err() {
        return false;
    }
    // The status line is enough (some servers keep the connection open after answering).
    let mut answer = Vec::new();
    let mut buffer = [0u8; 1024];
    while !answer.windows(2).any(|pair| pair == b"\r\n") {
        match stream.read(&mut buffer) {
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
            Ok(0) | Err(_) => return false,
            Ok(n) => answer.extend_from_slice(&buffer[..n]),
        }
    }
    answer.starts_with(b"HTTP/1.1 200")
}

fn wait_for<T>(mut ready: impl FnMut() -> Option<T>, what: &str) -> T {
    let start = Instant::now();
    loop {
        if let Some(value) = ready() {
            return value;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "waited 30 s for {what}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The calendar board drawn in the page: its pieces (distinct fills of covered cells) and
/// covered cells.
fn pieces(driver: &Driver) -> (u64, u64) {
    let counted = driver.script(
        "const fills = [...document.querySelectorAll('#cal-board svg rect')]
           .map(r => r.getAttribute('fill')).filter(f => f !== '#ffffff');
         return [new Set(fills).size, fills.length];",
    );
    (counted[0].as_u64().unwrap(), counted[1].as_u64().unwrap())
}

/// A Towers puzzle of Tatham's generator (5 x 5, easy, every clue given).
const TOWERS: &str = "5:2/3/1/5/2/4/2/4/1/2/2/1/2/4/3/2/4/3/1/2";

/// A 4 x 4 jigsaw of Tatham's Solo, whose regions are, row by row, `aabb cabb cadd ccdd`.
const JIGSAW: &str = "4j:c3a4d1a2c,aa_a_badaba";

const HOLMES: &str = "4\n0 | 0 < 0 < 0\n^ - - - - - -\n0 | 0 | 0 | 3\n- - v - - - -\n\
                      0 | 0 | 0 | 0\n- - - - - - ^\n0 | 0 | 0 | 0\n";

#[test]
fn the_page_works_in_a_real_browser() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let server = Server::start(&[]);
    driver.go(&format!("http://{}/", server.address));

    // Today's date is shown at once; a date picked from the year's heat map replaces it.
    driver.wait_text("#cal-count", "solutions");
    driver.click("table.year td[data-month='8'][data-day='19']");
    driver.wait_text("#cal-count", "Aug 19: 100 solutions");
    driver.wait_text("#cal-index", "1 / 100");
    // Eight pieces on the 41 cells that the month and day leave.
    wait_for(
        || (pieces(&driver) == (8, 41)).then_some(()),
        "a board of eight pieces",
    );
    driver.click("#cal-last");
    driver.wait_text("#cal-index", "100 / 100");
    assert_eq!(pieces(&driver), (8, 41));
    driver.click("#cal-prev");
    driver.wait_text("#cal-index", "99 / 100");

    // A futoshiki pasted, solved, played: a wrong digit caught, a hint, the solution revealed.
    driver.click("nav a[href='#futoshiki']");
    driver.click("#futoshiki summary");
    driver.type_into("#futoshiki-text", HOLMES);
    driver.click("#futoshiki-solve");
    driver.wait_text("#futoshiki-status", "exactly one solution");
    // Only the puzzle's digits are taken: a 9 on a 4 x 4 leaves the cell empty.
    let first = "#futoshiki-board input.cell";
    let value = |driver: &Driver| {
        driver.script(&format!(
            "return document.querySelector({}).value;",
            json!(first)
        ))
    };
    driver.type_into(first, "9");
    assert_eq!(value(&driver), "");
    // A wrong digit, checked; undone and done again.
    let place = driver.script(&format!(
        "const i = document.querySelector({}); return [Number(i.dataset.row), Number(i.dataset.col)];",
        json!(first)
    ));
    let solved = server
        .post("/api/futoshiki/solve", HOLMES.as_bytes())
        .json();
    let (row, col) = (place[0].as_u64().unwrap(), place[1].as_u64().unwrap());
    let right = solved["solution"][row as usize][col as usize]
        .as_u64()
        .unwrap();
    let wrong = (right % 4 + 1).to_string();
    driver.type_into(first, &wrong);
    driver.click("#futoshiki-check");
    driver.wait_text("#futoshiki-verdict", "1 wrong");
    driver.click("#futoshiki-undo");
    assert_eq!(value(&driver), "");
    driver.click("#futoshiki-redo");
    assert_eq!(value(&driver), wrong.as_str());
    // Arrow keys move between the open cells.
    let element = driver.find(first);
    driver.session_call(
        "POST",
        &format!("/element/{element}/value"),
        Some(json!({"text": "\u{E014}"})),
    );
    let moved = driver.script(&format!(
        "return document.activeElement !== document.querySelector({}) && \
         document.activeElement.classList.contains('cell');",
        json!(first)
    ));
    assert_eq!(moved, Value::Bool(true), "ArrowRight moved to another cell");
    // The rows of signs keep their height where no sign stands in them.
    let rows = driver
        .script("return document.querySelector('#futoshiki-board .grid').style.gridTemplateRows;");
    assert_eq!(
        rows.as_str().map(|r| r.matches("1.4rem").count()),
        Some(3),
        "{rows}"
    );
    let timer = driver.text("#futoshiki-timer");
    assert!(timer.contains(':'), "a timer: {timer:?}");
    driver.click("#futoshiki-hint");
    driver.wait_text("#futoshiki-verdict", "That cell was wrong");
    driver.click("#futoshiki-check");
    driver.wait_text("#futoshiki-verdict", "right so far");
    // The next hint is a deduction, named, and its value is right.
    driver.click("#futoshiki-hint");
    driver.wait_text("#futoshiki-verdict", "the only");
    driver.click("#futoshiki-check");
    driver.wait_text("#futoshiki-verdict", "right so far");
    driver.click("#futoshiki-reveal");
    driver.wait_text("#futoshiki-verdict", "Solved!");
    let shown = driver.script(
        "const cells = [...document.querySelectorAll('#futoshiki-board .cell')];
         const grid = [];
         for (const cell of cells) {
           const row = Number(cell.style.gridRowStart) - 1, col = Number(cell.style.gridColumnStart) - 1;
           (grid[row / 2] ??= [])[col / 2] = Number(cell.value ?? cell.textContent);
         }
         return grid;",
    );
    let puzzle = server
        .post("/api/futoshiki/solve", HOLMES.as_bytes())
        .json()["puzzle"]
        .clone();
    check_solution(&puzzle, &shown);

    // Unequal's adjacent mode made in the page (5a, seed 2): a bar across the gap for every
    // pair the API's puzzle marks consecutive, and the puzzle revealed is solved.
    driver.script("document.querySelector('#futoshiki-size').value = '5a';");
    driver.type_into("#futoshiki-seed", "2");
    driver.click("#futoshiki-make");
    driver.wait_text("#futoshiki-status", "exactly one solution");
    assert!(driver.text("#futoshiki-id").starts_with("5a:"));
    let bars = driver.script(
        "return [...document.querySelectorAll('#futoshiki-board .sign')]\
           .filter(s => s.textContent === '\\u2503' || s.textContent === '\\u2501').length;",
    );
    let made = server
        .get("/api/futoshiki/generate?size=5a&difficulty=trivial&seed=2")
        .json();
    let marked = ["right", "down"]
        .iter()
        .flat_map(|side| made["puzzle"][side].as_array().unwrap().iter())
        .flat_map(|row| row.as_array().unwrap().iter())
        .filter(|sign| sign.as_str() == Some("="))
        .count();
    assert!(marked > 0);
    assert_eq!(bars.as_u64(), Some(marked as u64));
    driver.click("#futoshiki-reveal");
    driver.wait_text("#futoshiki-verdict", "Solved!");
    driver.type_into("#futoshiki-seed", "");

    // Garbage is refused next to the input, and the page goes on.
    driver.type_into("#futoshiki-text", "garbage");
    driver.click("#futoshiki-solve");
    driver.wait_text("#futoshiki-error", "line 1, column 1");

    // A binairo made in the page, revealed and checked.
    driver.click("nav a[href='#binairo']");
    driver.type_into("#binairo-seed", "7");
    driver.click("#binairo-make");
    driver.wait_text("#binairo-status", "exactly one solution");
    // A click cycles a cell through 0, 1 and blank.
    let cell = "#binairo-board input.cell";
    let shown = |driver: &Driver| {
        driver.script(&format!(
            "return document.querySelector({}).value;",
            json!(cell)
        ))
    };
    for expected in ["0", "1", ""] {
        driver.click(cell);
        assert_eq!(shown(&driver), expected);
    }
    // Drawn as Unruly draws it: a 1 a black square, a 0 a white one, a blank grey.
    driver.click(cell);
    driver.click(cell);
    let color = driver.script(&format!(
        "return getComputedStyle(document.querySelector({})).backgroundColor;",
        json!(cell)
    ));
    assert_eq!(color.as_str(), Some("rgb(34, 34, 34)"));
    driver.screenshot("binairo");
    driver.click("#binairo-reveal");
    driver.wait_text("#binairo-verdict", "Solved!");

    // A jigsaw sudoku of Tatham's pasted: its regions drawn as walls (a wall on the right of
    // a cell wherever the next cell is in another region), and played to the end.
    driver.click("nav a[href='#sudoku']");
    driver.click("#sudoku summary");
    driver.type_into("#sudoku-text", JIGSAW);
    driver.click("#sudoku-solve");
    driver.wait_text("#sudoku-status", "exactly one solution");
    let walls =
        driver.script("return document.querySelectorAll('#sudoku-board .box-right').length;");
    let regions = ["aabb", "cabb", "cadd", "ccdd"];
    let expected = regions
        .iter()
        .map(|row| row.as_bytes().windows(2).filter(|w| w[0] != w[1]).count())
        .sum::<usize>();
    assert_eq!(walls.as_u64(), Some(expected as u64));
    driver.click("#sudoku-reveal");
    driver.wait_text("#sudoku-verdict", "Solved!");

    // A Towers puzzle of Tatham's pasted: its clues drawn around the grid (its 20 clues, the
    // first above column 1), and played to the end.
    driver.click("nav a[href='#towers']");
    driver.click("#towers summary");
    driver.type_into("#towers-text", TOWERS);
    driver.click("#towers-solve");
    driver.wait_text("#towers-status", "exactly one solution");
    let clues = driver.script(
        "return [...document.querySelectorAll('#towers-board .clue')].map(c => c.textContent).join('');",
    );
    assert_eq!(clues.as_str(), Some("23152424122124324312"));
    driver.click("#towers-reveal");
    driver.wait_text("#towers-verdict", "Solved!");

    // A Keen puzzle of Tatham's pasted: walls between its 7 cages, each clue in the corner of
    // its cage's first cell, and played to the end.
    driver.click("nav a[href='#keen']");
    driver.click("#keen summary");
    driver.type_into("#keen-text", "4:_a_5a6_aa,s1a9d2d2s1m36m4");
    driver.click("#keen-solve");
    driver.wait_text("#keen-status", "exactly one solution");
    let clues = driver.script(
        "return [...document.querySelectorAll('#keen-board .sum')].map(c => c.textContent).join(' ');",
    );
    assert_eq!(
        clues.as_str(),
        Some("1\u{2212} 9+ 2\u{f7} 2\u{f7} 1\u{2212} 36\u{d7} 4\u{d7}")
    );
    let walls = driver.script(
        "return ['right', 'bottom'].map(side => document.querySelectorAll(`#keen-board .box-${side}`).length).join(' ');",
    );
    // The cages abbc/adbc/edff/eggf: 9 walls between cells side by side, 6 between rows.
    assert_eq!(walls.as_str(), Some("9 6"));
    // The Size box follows the puzzle opened (it offers 6 first).
    let size = driver.script("return document.querySelector('#keen-size').value;");
    assert_eq!(size.as_str(), Some("4"));
    driver.click("#keen-reveal");
    driver.wait_text("#keen-verdict", "Solved!");

    // Dominosa: Tatham's 2:001100212221 pasted; a click near the right side of r1c2 lays
    // the 0-1 across r1c2-r1c3, Shift and the down arrow on r1c1 the 0-0 down; the hint
    // lays a third domino of the solution, by a rule it names; reveal finishes it.
    driver.click("nav a[href='#dominosa']");
    driver.click("#dominosa summary");
    driver.type_into("#dominosa-text", "2:001100212221");
    driver.click("#dominosa-solve");
    driver.wait_text("#dominosa-status", "exactly one solution");
    let numbers = driver.script(
        "return [...document.querySelectorAll('#dominosa-board .number')].map(c => c.textContent).join('');",
    );
    assert_eq!(numbers.as_str(), Some("001100212221"));
    let size = driver.script("return document.querySelector('#dominosa-size').value;");
    assert_eq!(size.as_str(), Some("2"));
    let dominoes = |driver: &Driver| {
        driver.script(
            "return [...document.querySelectorAll('#dominosa-board .domino')].map(d => d.getAttribute('aria-label')).sort().join(' ');",
        )
    };
    driver.script(
        "const cell = document.querySelectorAll('#dominosa-board .number')[1];\
         const box = cell.getBoundingClientRect();\
         cell.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: box.right - 3, clientY: box.top + box.height / 2 }));",
    );
    driver.script(
        "document.querySelectorAll('#dominosa-board .number')[0]\
         .dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', shiftKey: true, bubbles: true }));",
    );
    assert_eq!(
        dominoes(&driver).as_str(),
        Some("domino r1c1-r2c1 domino r1c2-r1c3")
    );
    driver.click("#dominosa-check");
    driver.wait_text("#dominosa-verdict", "right so far, 4 to go");
    driver.click("#dominosa-hint");
    wait_for(
        || {
            let placed = dominoes(&driver);
            (placed.as_str().unwrap_or_default().split(" domino").count() == 3).then_some(())
        },
        "a third domino, hinted",
    );
    let said = driver.text("#dominosa-verdict");
    assert!(said.contains("a domino lies on"), "{said}");
    driver.screenshot("dominosa-hint");
    driver.click("#dominosa-undo");
    assert_eq!(
        dominoes(&driver).as_str(),
        Some("domino r1c1-r2c1 domino r1c2-r1c3")
    );
    driver.click("#dominosa-reveal");
    driver.wait_text("#dominosa-verdict", "Solved!");
    driver.screenshot("dominosa-solved");

    // A shared link opens the puzzle: `#sudoku=GAME-ID`, as the page's own link gives it.
    let share = driver.script("return document.querySelector('#sudoku-share').href;");
    let share = share.as_str().unwrap_or_default().to_owned();
    assert!(share.contains("#sudoku=4j%3A"), "{share}");
    // A fresh page, which knows the puzzle only from its address.
    driver.go("about:blank");
    driver.go(&share);
    driver.wait_text("#sudoku-status", "exactly one solution");
    assert_eq!(driver.text("#sudoku-id"), JIGSAW);
    driver.click("#sudoku summary");

    // Pencil marks (on the 4 x 4 jigsaw): the button turns them on, digits typed then mark
    // candidates (2 and 4, and 2 again takes its mark off; 7 is no digit of the grid) without
    // a value; off again, a digit is the cell's value and hides the marks, and deleting it
    // shows them again.
    let open = "#sudoku-board input.cell";
    let marks = |driver: &Driver| {
        driver.script(&format!(
            "const input = document.querySelector({});\
             return [input.value, [...input.marks.children].map(m => m.textContent).join(' ')];",
            json!(open)
        ))
    };
    driver.click("#sudoku-pencil");
    driver.type_into(open, "2472");
    assert_eq!(marks(&driver), json!(["", "4"]));
    driver.type_into(open, "2");
    assert_eq!(marks(&driver), json!(["", "2 4"]));
    // Each mark at its own place of the cell's 2 x 2 square: 2 top right, 4 bottom right.
    let places = driver.script(&format!(
        "return [...document.querySelector({}).marks.children].map(m => m.style.gridRow + '/' + m.style.gridColumn).join(' ');",
        json!(open)
    ));
    assert_eq!(places.as_str(), Some("1/2 2/2"));
    driver.screenshot("sudoku-marks");
    driver.click("#sudoku-pencil");
    driver.type_into(open, "3");
    assert_eq!(marks(&driver), json!(["3", ""]));
    driver.type_into(open, "");
    driver.script(&format!(
        "document.querySelector({}).dispatchEvent(new Event('input'));",
        json!(open)
    ));
    assert_eq!(marks(&driver), json!(["", "2 4"]));

    // A killer sudoku made in the page (6 x 6, seed 3): a dashed outline in every cell, the
    // sums in the cages' first cells adding up to the grid's total, 6 times 1 + ... + 6.
    driver.script("document.querySelector('#sudoku-size').value = '6k';");
    driver.type_into("#sudoku-seed", "3");
    driver.click("#sudoku-make");
    driver.wait_text("#sudoku-status", "exactly one solution");
    let outlines = driver.script("return document.querySelectorAll('#sudoku-board .cage').length;");
    assert_eq!(outlines.as_u64(), Some(36));
    let total = driver.script(
        "return [...document.querySelectorAll('#sudoku-board .sum')]\
           .reduce((total, sum) => total + Number(sum.textContent), 0);",
    );
    assert_eq!(total.as_u64(), Some(6 * 21));
    assert!(driver.text("#sudoku-id").starts_with("2x3k:"));
    driver.click("#sudoku-reveal");
    driver.wait_text("#sudoku-verdict", "Solved!");
    driver.type_into("#sudoku-seed", "");

    // A long game ID wraps inside the window rather than widening the page.
    let sixteen = std::fs::read_to_string(
        crate::binary::root().join("reductions/tests/fixtures/sudoku/16x16.txt"),
    )
    .unwrap();
    driver.type_into("#sudoku-text", &sixteen);
    driver.click("#sudoku-solve");
    driver.wait_text("#sudoku-status", "exactly one solution");
    assert!(driver.text("#sudoku-id").len() > 200);
    let fits = driver.script("return document.documentElement.scrollWidth <= window.innerWidth;");
    assert_eq!(fits, Value::Bool(true), "the page is wider than its window");

    // A board with no tiling says so (3 x 3 less a cell: 8 cells, no L-tromino tiling).
    // The tab opens on a tiling of the 8 x 8 board drawn at random.
    driver.click("nav a[href='#tilings']");
    driver.wait_text("#tile-status", "one drawn uniformly at random");
    assert!(
        driver.script("return document.querySelector('#tile-board svg') !== null;") == json!(true)
    );
    driver.screenshot("tilings");
    driver.type_into("#tile-size", "3");
    driver.click("#tile-random");
    driver.wait_text("#tile-status", "No tiling");

    // Any puzzle of the library's list, by name: a Latin square counted and solved.
    driver.click("nav a[href='#more']");
    driver.find("#more-name option[value='queens']");
    driver.click("#more-count");
    driver.wait_text("#more-status", "8 solutions");
    driver.click("#more-unique");
    driver.wait_text("#more-status", "several solutions");
    let shown = driver.text("#more-result");
    let run = crate::binary::dlx_from_bytes(&["latin"], b"1...\n..3.\n....\n.2..\n");
    assert_eq!(format!("{shown}\n"), run.stdout);
    // The queens up to the board's rotations and reflections.
    driver.click("#more-name option[value='queens']");
    driver.type_into("#more-text", "8");
    driver.click("#more-symmetry");
    driver.click("#more-count");
    driver.wait_text("#more-status", "12 solutions up to symmetry");
    driver.click("#more-symmetry");

    // An exact-cover problem counted.
    driver.click("nav a[href='#cover']");
    driver.click("#cover-count");
    driver.wait_text("#cover-status", "1 solution, ");
    // The eight queens up to the board's symmetries, found from the matrix.
    let queens = std::fs::read_to_string(crate::binary::root().join(crate::binary::QUEENS8))
        .expect("the corpus");
    driver.type_into("#cover-text", &queens);
    driver.click("#cover-count");
    driver.wait_text("#cover-status", "92 solutions, ");
    driver.click("#cover-symmetry");
    driver.click("#cover-count");
    driver.wait_text(
        "#cover-status",
        "12 solutions up to symmetry (8 symmetries), ",
    );
}
