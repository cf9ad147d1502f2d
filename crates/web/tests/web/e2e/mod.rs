//! End-to-end: the page in a real headless Chromium, driven through chromedriver (WebDriver).
//! Games in several variants are started from the new-game dialog and played by clicking and
//! dragging on the SVG board; after each step the pieces drawn (their data and where they
//! sit on the board) are compared with the FEN the API reports. Screenshots go to
//! `target/tmp/e2e-*.png`.
//!
//! One test per feature, each with a server and a browser of its own (a fresh profile: no
//! game, preference or puzzle rating is left by another test), grouped by subject in the
//! modules below. Each test first makes the state it needs (the game on the board, what the
//! browser keeps). They take turns: one browser at a time (see [`open_page`]).
//!
//! Needs `chromium` and `chromedriver` (Debian: `chromium`, `chromium-driver`; `.ci/run`
//! installs them). Without them the tests fail, unless `DAMIER_NO_BROWSER=1` leaves them out.

mod analysis;
mod editor_and_dialog;
mod engine_and_review;
mod games;
mod phone;
mod play;
mod puzzle_counting;
mod puzzles;
mod rules;
mod saved_games;

use crate::common::{start, Client};
use damier_core::{Color, Role, Variant};
use damier_game::Board;
use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MouseActions, PointerAction, MOUSE_BUTTON_LEFT,
};
use fantoccini::key::Key;
use fantoccini::{ClientBuilder, Locator};
use serde_json::{json, Value};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, MutexGuard};

fn which(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|n| {
        std::env::split_paths(&path)
            .map(|d| d.join(n))
            .find(|p| p.is_file())
    })
}

/// chromedriver in a process group of its own, killed with the Chromium it started when
/// dropped (killing chromedriver alone left the browser running, 220 MB for an hour).
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let group = format!("-{}", self.0.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The browser's profile folder, removed when dropped (after the browser: fields drop in
/// order, and the [`Driver`] comes first in [`Page`]).
struct Profile(PathBuf);

impl Drop for Profile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Attempts at an action whose element a redraw keeps replacing, 50 ms apart.
const STALE_TRIES: u32 = 20;

/// Held for the whole of each browser test: the tests of one binary run on parallel
/// threads, and two browsers at once (on the CI machine's two cores) starve each other's
/// waits. tokio's mutex is not poisoned by a test that panics while holding it.
static BROWSER: Mutex<()> = Mutex::const_new(());

/// The page in a browser of its own, with a client of its server's API.
struct Page {
    web: fantoccini::Client,
    api: Client,
    /// The server's base URL.
    base: String,
    /// The test's short name, for the screenshot taken when a wait times out.
    name: &'static str,
    _driver: Driver,
    _profile: Profile,
    /// Dropped last (fields drop in order): the next test's browser starts only once this
    /// one is gone.
    _lock: MutexGuard<'static, ()>,
}

/// What each test starts with: the browser's turn, a server of its own, and the page open in
/// a new browser; `name` (unique among the tests) names the screenshot taken when a wait
/// times out, `e2e-timed-out-NAME.png`. Without Chromium and chromedriver the test fails,
/// unless `DAMIER_NO_BROWSER` is set: then `None`, and the test leaves.
async fn open_page(name: &'static str) -> Option<Page> {
    let (Some(chromium), Some(chromedriver)) = (
        which(&["chromium", "chromium-browser", "google-chrome"]),
        which(&["chromedriver"]),
    ) else {
        // Never a silent pass: leaving the browser out takes a deliberate opt-out.
        if std::env::var_os("DAMIER_NO_BROWSER").is_some() {
            eprintln!("DAMIER_NO_BROWSER is set: the page is not tested in a browser");
            return None;
        }
        panic!(
            "the end-to-end test needs chromium and chromedriver (apt-get install chromium \
             chromium-driver; .ci/run installs them), or DAMIER_NO_BROWSER=1 to leave it out"
        );
    };
    let lock = BROWSER.lock().await;
    let base = start().await;
    Some(Page::open(chromium, chromedriver, base, name, lock).await)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Page {
    async fn open(
        chromium: PathBuf,
        chromedriver: PathBuf,
        base: String,
        name: &'static str,
        lock: MutexGuard<'static, ()>,
    ) -> Page {
        let port = free_port();
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let driver = Driver(child);
        let url = format!("http://127.0.0.1:{port}");
        let probe = reqwest::Client::new();
        let deadline = Instant::now() + Duration::from_secs(20);
        while probe.get(format!("{url}/status")).send().await.is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let profile =
            std::env::temp_dir().join(format!("damier-e2e-{}-{port}", std::process::id()));
        let caps = json!({
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                    "--window-size=1280,900",
                    format!("--user-data-dir={}", profile.display()),
                ]
            }
        });
        let caps = match caps {
            Value::Object(m) => m,
            _ => unreachable!(),
        };
        let web = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&url)
            .await
            .expect("a Chromium session");
        web.goto(&base).await.unwrap();
        Page {
            web,
            api: Client::new(&base),
            base,
            name,
            _driver: driver,
            _profile: Profile(profile),
            _lock: lock,
        }
    }

    /// End the browser's session; the browser, its profile and the lock go with the page.
    async fn close(self) {
        self.web.close().await.unwrap();
    }

    async fn js(&self, script: &str) -> Value {
        self.web
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Wait until the script returns true.
    async fn until(&self, what: &str, script: &str) {
        self.until_within(what, script, 30).await;
    }

    /// Wait up to `secs` until the script returns true; on a timeout, say what the page
    /// showed and keep a screenshot.
    async fn until_within(&self, what: &str, script: &str, secs: u64) {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            if self.js(script).await == Value::Bool(true) {
                return;
            }
            if Instant::now() >= deadline {
                let shown = self
                    .js("const S = window.damier; return {status: document.getElementById('status').textContent, lines: document.getElementById('an-lines').textContent, busy: S.game && S.game.busy, analysing: S.analysing, error: S.error};")
                    .await;
                let _ = self.screenshot(&format!("timed-out-{}", self.name)).await;
                panic!("timed out waiting for {what}; the page showed {shown}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    async fn game(&self) -> Value {
        self.js("return window.damier.game").await
    }

    async fn wait_plies(&self, n: usize) {
        self.until(
            &format!("{n} plies"),
            &format!("const g = window.damier.game; return !!g && g.history.length === {n} && !(g.busy && g.busy.kind === 'move');"),
        )
        .await;
    }

    /// A move by clicks, its start then its end, and the wait until the game has `plies`.
    async fn click_move(&self, from: &str, to: &str, plies: usize) {
        self.click_square(from).await;
        self.click_square(to).await;
        self.wait_plies(plies).await;
    }

    /// A real mouse click in the middle of a square (whatever is drawn on it).
    async fn click_square(&self, name: &str) {
        self.click_in(&format!("#board rect.sq[data-square='{name}']"))
            .await;
    }

    /// A real mouse click in the middle of a square of the Puzzles panel's board.
    async fn click_puzzle(&self, name: &str) {
        self.click_in(&format!("#pz-board rect.sq[data-square='{name}']"))
            .await;
    }

    /// A real mouse click in the middle of a square of the Rules panel's example `n` (from
    /// 1), scrolled into view first.
    async fn click_example(&self, n: usize, name: &str) {
        let css = format!("#rules-body [data-example='{n}'] rect.sq[data-square='{name}']");
        self.js(&format!(
            "document.querySelector(\"{css}\").scrollIntoView({{block: 'center'}}); return true;"
        ))
        .await;
        self.click_in(&css).await;
    }

    /// A real mouse click in the middle of the element `css` finds. The page redraws its
    /// boards often, replacing their elements: one found a moment ago may be gone when the
    /// click reaches it (a stale reference, which fails before the button goes down), so each
    /// attempt finds the element afresh.
    async fn click_in(&self, css: &str) {
        for attempt in 1.. {
            let target = self
                .web
                .find(Locator::Css(css))
                .await
                .unwrap_or_else(|e| panic!("no {css}: {e}"));
            let mouse = MouseActions::new("mouse".into())
                .then(PointerAction::MoveToElement {
                    element: target,
                    duration: None,
                    x: 0.0,
                    y: 0.0,
                })
                .then(PointerAction::Down {
                    button: MOUSE_BUTTON_LEFT,
                })
                .then(PointerAction::Up {
                    button: MOUSE_BUTTON_LEFT,
                });
            let done = self.web.perform_actions(mouse).await;
            self.web.release_actions().await.unwrap();
            match done {
                Ok(()) => return,
                Err(e) if e.is_stale_element_reference() && attempt < STALE_TRIES => {
                    tokio::time::sleep(Duration::from_millis(50)).await
                }
                Err(e) => panic!("cannot click in {css}: {e}"),
            }
        }
    }

    /// Where a square's centre is in the viewport.
    async fn centre(&self, name: &str) -> (f64, f64) {
        let v = self
            .js(&format!(
                "const r = document.querySelector(\"#board rect.sq[data-square='{name}']\").getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];"
            ))
            .await;
        (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
    }

    /// Drag the piece on `from` to `to` (by viewport coordinates: the board is redrawn when
    /// the piece is picked up, so elements found before would be stale).
    async fn drag(&self, from: &str, to: &str) {
        let (a, b) = (self.centre(from).await, self.centre(to).await);
        let step = |x: f64, y: f64, ms: u64| PointerAction::MoveTo {
            duration: Some(Duration::from_millis(ms)),
            x,
            y,
        };
        let mouse = MouseActions::new("mouse".into())
            .then(step(a.0, a.1, 0))
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(step(a.0 + 12.0, a.1 + 12.0, 50))
            .then(step((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0, 100))
            .then(step(b.0, b.1, 100))
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.web.perform_actions(mouse).await.unwrap();
        self.web.release_actions().await.unwrap();
    }

    /// A click on the element `css` finds, found afresh while a redraw makes it stale (see
    /// [`Page::click_in`]).
    async fn click(&self, css: &str) {
        for attempt in 1.. {
            let element = self
                .web
                .find(Locator::Css(css))
                .await
                .unwrap_or_else(|e| panic!("no {css}: {e}"));
            match element.click().await {
                Ok(()) => return,
                Err(e) if e.is_stale_element_reference() && attempt < STALE_TRIES => {
                    tokio::time::sleep(Duration::from_millis(50)).await
                }
                Err(e) => panic!("cannot click {css}: {e}"),
            }
        }
    }

    /// Start a game from the new-game dialog: fields set, then the Start button clicked.
    async fn new_game(&self, variant: &str, opponent: &str, side: &str, fen: Option<&str>) {
        self.until(
            "the page",
            "return !!window.damier && window.damier.variants.length > 0",
        )
        .await;
        let open = self
            .js("return document.getElementById('dlg-new').open")
            .await;
        if open != Value::Bool(true) {
            self.click("#btn-new").await;
        }
        let old = self.js("return window.damier.id").await;
        let script = format!(
            r#"const set = (id, v) => {{ const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('change')); }};
            set('ng-variant', '{variant}'); set('ng-opponent', '{opponent}'); set('ng-side', '{side}');
            set('ng-level', '1'); set('ng-clock', 'none');
            document.getElementById('ng-fen').value = {fen};
            for (const r of document.querySelectorAll('input[name=start]')) r.checked = r.value === {start};
            return true;"#,
            fen = serde_json::to_string(fen.unwrap_or("")).unwrap(),
            start = if fen.is_some() { "'fen'" } else { "'standard'" },
        );
        self.js(&script).await;
        self.click("#ng-start").await;
        self.until(
            "the new game",
            &format!(
                "const S = window.damier; return !!S.game && S.id !== {old} && S.game.id === S.id && S.game.variant === '{variant}';"
            ),
        )
        .await;
    }

    /// The pieces drawn: (square, colour, king) from each piece's data, and the square under
    /// the piece's centre, found by hit-testing the board.
    async fn drawn(&self) -> Vec<(String, String, bool, String)> {
        let v = self
            .js(r#"const out = [];
            for (const p of document.querySelectorAll('#board .pieces .piece')) {
              const r = p.getBoundingClientRect();
              const x = r.left + r.width / 2, y = r.top + r.height / 2;
              const under = document.elementsFromPoint(x, y).find((e) => e.matches('rect.sq'));
              out.push([p.dataset.square, p.dataset.color, p.dataset.king === '1', under ? (under.dataset.square || '') : '']);
            }
            return out;"#)
            .await;
        let mut out: Vec<(String, String, bool, String)> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p[0].as_str().unwrap().to_string(),
                    p[1].as_str().unwrap().to_string(),
                    p[2].as_bool().unwrap(),
                    p[3].as_str().unwrap().to_string(),
                )
            })
            .collect();
        out.sort();
        out
    }

    /// The board on screen shows the position the API reports for this game (or, on a
    /// variation's move, the position the board says it shows).
    async fn check_board(&self, step: &str) {
        self.until(
            "the pieces at rest",
            "return document.querySelectorAll('#board .moving').length === 0",
        )
        .await;
        let id = self.js("return window.damier.id").await;
        let state = self.api.state(id.as_str().unwrap()).await;
        let variant: Variant = state["variant"].as_str().unwrap().parse().unwrap();
        let shown = self
            .js("const d = document.getElementById('board').dataset; return [d.ply, d.fen]")
            .await;
        let history = state["history"].as_array().unwrap();
        let fen = match shown[0].as_str().unwrap() {
            "" => shown[1].as_str().unwrap(),
            "0" => state["start_fen"].as_str().unwrap(),
            ply => history[ply.parse::<usize>().unwrap() - 1]["fen"]
                .as_str()
                .unwrap(),
        };
        let board = Board::from_fen(variant, fen).unwrap();
        let names = board.names();
        let mut expected: Vec<(String, String, bool, String)> = names
            .in_order()
            .filter_map(|s| {
                let p = board.piece_at(s)?;
                let color = if p.color == Color::White {
                    "white"
                } else {
                    "black"
                };
                let name = names.name(s);
                Some((name.clone(), color.to_string(), p.role == Role::King, name))
            })
            .collect();
        expected.sort();
        let drawn = self.drawn().await;
        assert_eq!(drawn, expected, "{step}: the board does not show {fen}");
    }

    /// Press a key on the page (not in a text box).
    async fn key(&self, key: Key) {
        let keys = KeyActions::new("keyboard".into())
            .then(KeyAction::Down { value: key.into() })
            .then(KeyAction::Up { value: key.into() });
        self.web.perform_actions(keys).await.unwrap();
        self.web.release_actions().await.unwrap();
    }

    async fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.web.screenshot().await.unwrap();
        assert!(png.len() > 10_000, "{name}: a blank screenshot?");
        assert_eq!(&png[1..4], b"PNG");
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("e2e-{name}.png"));
        std::fs::write(&path, png).unwrap();
        path
    }
}
