//! End-to-end: the page in a real headless Chromium, driven through chromedriver (WebDriver).
//! Games in several variants are started from the new-game dialog and played by clicking and
//! dragging on the SVG board; after each step the pieces drawn (their data and where they
//! sit on the board) are compared with the FEN the API reports. Screenshots go to
//! `target/tmp/e2e-*.png`.
//!
//! Needs `chromium` and `chromedriver` (Debian: `chromium`, `chromium-driver`; `.ci/run`
//! installs them). Without them the test fails, unless `DAMIER_NO_BROWSER=1` leaves it out.

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

struct Page {
    web: fantoccini::Client,
    api: Client,
    _driver: Driver,
    _profile: Profile,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Page {
    async fn open(chromium: PathBuf, chromedriver: PathBuf, base: &str) -> Page {
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
        web.goto(base).await.unwrap();
        Page {
            web,
            api: Client::new(base),
            _driver: driver,
            _profile: Profile(profile),
        }
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
                let _ = self.screenshot("timed-out").await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_plays_games_in_a_real_browser() {
    let (Some(chromium), Some(chromedriver)) = (
        which(&["chromium", "chromium-browser", "google-chrome"]),
        which(&["chromedriver"]),
    ) else {
        // Never a silent pass: leaving the browser out takes a deliberate opt-out.
        if std::env::var_os("DAMIER_NO_BROWSER").is_some() {
            eprintln!("DAMIER_NO_BROWSER is set: the page is not tested in a browser");
            return;
        }
        panic!(
            "the end-to-end test needs chromium and chromedriver (apt-get install chromium \
             chromium-driver; .ci/run installs them), or DAMIER_NO_BROWSER=1 to leave it out"
        );
    };
    let base = start().await;
    let page = Page::open(chromium, chromedriver, &base).await;

    // 1. International, two people on this screen: clicks, then a multi-capture square by
    //    square.
    page.new_game("international", "hotseat", "white", None)
        .await;
    page.check_board("international start").await;
    // This server has no endgame databases and builds none: the page gives the command.
    page.until(
        "the endgame databases' note",
        "const n = document.getElementById('an-egdb'); return !n.hidden && n.textContent.includes('damier egdb build -v international --recommended') && !document.getElementById('btn-egdb-build')",
    )
    .await;
    page.click_square("32").await;
    page.until(
        "destinations of 32",
        "return document.querySelectorAll('#board .target').length === 2",
    )
    .await;
    page.click_square("28").await;
    page.wait_plies(1).await;
    page.click_square("19").await;
    page.click_square("23").await;
    page.wait_plies(2).await;
    page.check_board("international after 32-28 19-23").await;
    assert_eq!(page.game().await["history"][1]["notation"], "19-23");
    // The capture 28x19 is forced: only 28 may move.
    page.until(
        "one movable piece",
        "return document.querySelectorAll('#board .piece.movable').length === 1",
    )
    .await;
    page.screenshot("international-desktop").await;
    // A lost connection is said as such while the page reconnects, and no longer once it
    // has: the game's socket is closed, and new ones fail until the test lets them through.
    page.js("window.RealSocket = window.WebSocket; window.sockets = []; window.WebSocket = function (url, p) { const s = new window.RealSocket(window.blockSockets ? 'ws://127.0.0.1:1/' : url, p); window.sockets.push(s); return s; }; window.WebSocket.prototype = window.RealSocket.prototype; return true;")
        .await;
    page.new_game("international", "hotseat", "white", None)
        .await;
    page.js("window.blockSockets = true; window.sockets[window.sockets.length - 1].close(); return true;")
        .await;
    page.until(
        "the lost connection said",
        "return document.getElementById('status').textContent.startsWith('Connection to the server lost — reconnecting…')",
    )
    .await;
    page.js("window.blockSockets = false; return true;").await;
    page.until_within(
        "the connection back",
        "return document.getElementById('status').textContent === 'White to move — your move'",
        20,
    )
    .await;

    page.new_game("international", "hotseat", "white", Some("W:W32:B27,17,3"))
        .await;
    // Only one capture starts 32x21: the second click completes it.
    page.click_square("32").await;
    page.click_square("21").await;
    page.wait_plies(1).await;
    let g = page.game().await;
    assert_eq!(g["history"][0]["long"], "32x21x12");
    page.check_board("international after the double capture")
        .await;
    let ghosts = page
        .js("return document.querySelectorAll('#board .ghosts .piece').length")
        .await;
    assert_eq!(ghosts, json!(2), "the captured pieces are marked");
    page.screenshot("multi-capture").await;

    // 2. English against the engine (level 1): the engine answers.
    page.new_game("english", "engine", "black", None).await;
    page.click_square("11").await;
    page.click_square("15").await;
    page.wait_plies(2).await;
    let g = page.game().await;
    assert_eq!(g["history"][1]["mover"], "white");
    page.check_board("english after the engine's answer").await;
    // While the player plays the engine, what the engine thinks stays hidden: its score,
    // its line (with the player's best reply), the gauge, the graph and the arrows.
    page.until(
        "the engine's evaluation kept, hidden from its opponent",
        "return window.damier.game.evals.some((e) => e.ply === 1) && !document.getElementById('an-hidden').hidden",
    )
    .await;
    let shown = page
        .js("return [document.getElementById('an-score').textContent, document.getElementById('an-lines').textContent, document.getElementById('gauge').dataset.white, document.querySelectorAll('#graph .graph-dot').length, document.querySelectorAll('#board .arrows polyline').length]")
        .await;
    assert_eq!(
        shown,
        json!(["–", "–", "0.500", 0, 0]),
        "the engine's view was shown"
    );
    page.screenshot("english-engine").await;
    // Over, the game opens: the graph shows what the engine thought.
    page.click("#btn-resign").await;
    page.click("#btn-resign").await;
    page.until(
        "the engine's evaluation on the graph once the game is over",
        "return !!window.damier.game.result && document.getElementById('an-hidden').hidden && document.querySelectorAll('#graph .graph-dot').length > 0",
    )
    .await;
    // Over, no piece looks as if it were to move.
    assert_eq!(
        page.js("return document.querySelectorAll('#board .piece.movable').length")
            .await,
        json!(0)
    );
    // The review: one pass over the game judges each side's moves.
    assert_eq!(
        page.js("return document.getElementById('btn-evalgame').textContent")
            .await,
        "Review the game"
    );
    page.click("#btn-evalgame").await;
    page.until(
        "the review's tally",
        "const r = document.getElementById('review-summary'); return !r.hidden && r.textContent.startsWith('White: ') && !window.damier.game.busy",
    )
    .await;
    // A man given away for nothing is marked in the move list and on the graph.
    let made = page
        .api
        .post(
            "/api/games",
            None,
            json!({"white": "human", "black": "human", "fen": "W:W28,45:B17,6"}),
        )
        .await;
    let (id, token) = (
        made.body["id"].as_str().unwrap().to_string(),
        made.body["token"].as_str().unwrap().to_string(),
    );
    for mv in ["45-40", "6-11", "28-22", "17x28"] {
        assert_eq!(page.api.play(&id, &token, mv).await.status, 200);
    }
    let over = page
        .api
        .act(&id, &token, "resign", json!({"side": "white"}))
        .await;
    assert_eq!(over.status, 200, "{}", over.body);
    page.web
        .goto(&format!("{base}/#g={id}&t={token}"))
        .await
        .unwrap();
    page.until(
        "the reviewed game",
        &format!(
            "return !!window.damier && !!window.damier.game && window.damier.game.id === '{id}'"
        ),
    )
    .await;
    page.click("#btn-evalgame").await;
    page.until(
        "the blunder marked",
        "const b = document.querySelector('#movelist .ply.judged.blunder'); return !!b && b.textContent === '28-22??' && document.querySelectorAll('#graph .graph-mark.blunder').length === 1 && document.getElementById('review-summary').textContent.includes('1 blunder')",
    )
    .await;
    page.screenshot("review").await;

    // An ambiguous capture (22 to 6 over different men) is chosen from a list.
    page.new_game("english", "hotseat", "white", Some("W:W22:B17,9,18,10"))
        .await;
    page.click_square("22").await;
    page.click_square("6").await;
    page.until(
        "the list of captures",
        "return !document.getElementById('choices').hidden && document.querySelectorAll('#choices .choice').length === 2",
    )
    .await;
    page.screenshot("choose-capture").await;
    page.click("#choices .choice").await;
    page.wait_plies(1).await;
    page.check_board("english after the chosen capture").await;

    // 3. Russian (algebraic squares): a move by dragging, then a triple capture by clicks.
    page.new_game("russian", "hotseat", "white", None).await;
    // The move box's example is in the board's own notation.
    let example = page
        .js("return document.getElementById('type-move').placeholder")
        .await;
    assert!(
        example.as_str().unwrap().contains("3-"),
        "an algebraic example: {example}"
    );
    page.drag("c3", "d4").await;
    page.wait_plies(1).await;
    assert_eq!(page.game().await["history"][0]["notation"], "c3-d4");
    page.check_board("russian after dragging c3-d4").await;
    // Two captures share the first landing (c1:e3 then g5 or c5): entered square by square.
    page.new_game("russian", "hotseat", "white", Some("W:Wc1:Bd2,f4,d4,h8"))
        .await;
    page.click_square("c1").await;
    page.click_square("e3").await;
    page.until(
        "the capture half entered",
        "return window.damier.prefix.length === 2 && window.damier.game.history.length === 0 && document.querySelectorAll('#board .target').length === 2",
    )
    .await;
    page.screenshot("capture-half-entered").await;
    page.click_square("g5").await;
    page.wait_plies(1).await;
    assert_eq!(page.game().await["history"][0]["long"], "c1:e3:g5");
    page.check_board("russian after c1:e3:g5").await;

    // 4. Turkish: every square is used.
    page.new_game("turkish", "hotseat", "white", None).await;
    page.click_square("a3").await;
    page.click_square("a4").await;
    page.wait_plies(1).await;
    page.check_board("turkish after a3-a4").await;
    page.screenshot("turkish").await;

    // 5. Review: a click in the move list shows the earlier position.
    page.click_square("a6").await;
    page.click_square("a5").await;
    page.wait_plies(2).await;
    page.click("#movelist .ply[data-ply='1']").await;
    page.until(
        "the position after ply 1",
        "return document.getElementById('board').dataset.ply === '1'",
    )
    .await;
    page.check_board("turkish reviewing ply 1").await;
    page.click("#btn-live").await;

    // 6. PDN export shows what the API exports.
    page.click("#btn-pdn").await;
    page.until(
        "the PDN text",
        "return document.getElementById('pdn-text').value.includes('a3-a4')",
    )
    .await;
    let shown = page
        .js("return document.getElementById('pdn-text').value")
        .await;
    let id = page.js("return window.damier.id").await;
    let exported = page
        .api
        .http
        .get(format!("{base}/api/games/{}/pdn", id.as_str().unwrap()))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(shown.as_str().unwrap(), exported);
    page.screenshot("pdn").await;
    page.click("#pdn-close").await;

    // 7. The position editor makes a FEN the server accepts.
    page.click("#btn-editor").await;
    page.js("const e = document.getElementById('ed-variant'); e.value = 'english'; e.dispatchEvent(new Event('change')); return true;").await;
    page.click("#ed-clear").await;
    for sq in ["22", "17"] {
        page.click_in(&format!("#ed-board rect.sq[data-square='{sq}']"))
            .await;
        if sq == "22" {
            page.js("document.querySelector('input[name=pal][value=black-king]').checked = true; return true;")
                .await;
        }
    }
    page.js("const e = document.getElementById('ed-side'); e.value = 'white'; e.dispatchEvent(new Event('change')); return true;")
        .await;
    page.until(
        "the editor's FEN checked",
        "return document.getElementById('ed-fen').value === 'W:W22:BK17' && document.getElementById('ed-check').textContent.includes('legal position')",
    )
    .await;
    page.screenshot("editor").await;
    page.click("#ed-close").await;

    // 7a. The New-game dialog names a ballot's moves as its number is typed.
    page.click("#btn-new").await;
    page.js("const v = document.getElementById('ng-variant'); v.value = 'english'; v.dispatchEvent(new Event('change')); const b = document.getElementById('ng-ballot'); b.value = '1'; b.dispatchEvent(new Event('input')); return true;")
        .await;
    page.until(
        "ballot 1 named",
        "return document.getElementById('ng-ballot-moves').textContent === 'Ballot 1: 9-13 21-17 5-9'",
    )
    .await;
    page.click("#ng-cancel").await;

    // 7b. The Rules panel: the variant's rules in words, and an example solved by clicking
    //     the piece and its square on the example's own board.
    let summary = page
        .js("return document.getElementById('ng-summary').textContent")
        .await;
    assert!(
        summary.as_str().unwrap_or("").contains("men each"),
        "the new-game dialog says what sets the variant apart: {summary}"
    );
    page.click("#btn-rules").await;
    page.js("const e = document.getElementById('rules-variant'); e.value = 'russian'; e.dispatchEvent(new Event('change')); return true;")
        .await;
    page.until(
        "the Russian rules",
        "const b = document.getElementById('rules-body'); return b.dataset.variant === 'russian' && !!b.querySelector('.exercise');",
    )
    .await;
    let rules = page.api.get("/api/variants/russian/rules").await.body;
    let first = &rules["examples"][0];
    let answer = first["answers"][0].as_str().unwrap().to_string();
    let squares: Vec<&str> = answer.split(['-', 'x', ':']).collect();
    let (from, to) = (squares[0], squares[squares.len() - 1]);
    let text = page
        .js("return document.getElementById('rules-body').textContent")
        .await;
    assert!(
        text.as_str()
            .unwrap()
            .contains("goes on capturing as a king"),
        "{text}"
    );
    for sq in [from, to] {
        page.click_in(&format!(
            "#rules-body [data-example='1'] rect.sq[data-square='{sq}']"
        ))
        .await;
    }
    page.until(
        "the example solved",
        "return document.querySelector(\"#rules-body [data-example='1'] .feedback\").textContent.startsWith('Right')",
    )
    .await;
    page.screenshot("rules").await;

    // 7b'. A move in an example is entered from its legal moves and compared with the answers
    //      as a whole move. International (flying kings): in "Take the most pieces"
    //      (W:W27,39:B7,22,33) the capture 27x18, which takes one piece, is not legal, and said
    //      so with the rule; 39x28x17 is entered by its first landing and is right. In
    //      "Capturing is compulsory" a quiet move is not legal either; in "A man on the far row
    //      is crowned" a legal move that does not crown is not the move the rule demands.
    page.js("const e = document.getElementById('rules-variant'); e.value = 'international'; e.dispatchEvent(new Event('change')); return true;")
        .await;
    page.until(
        "the international rules",
        "const b = document.getElementById('rules-body'); return b.dataset.variant === 'international' && !!b.querySelector('.exercise');",
    )
    .await;
    let rules = page.api.get("/api/variants/international/rules").await.body;
    let examples = rules["examples"].as_array().unwrap();
    let number = |title: &str| {
        1 + examples
            .iter()
            .position(|e| e["title"] == title)
            .unwrap_or_else(|| panic!("no example '{title}' in {examples:?}"))
    };
    let (most, compulsory, crowning) = (
        number("Take the most pieces"),
        number("Capturing is compulsory"),
        number("A man on the far row is crowned"),
    );
    // The examples the steps below were written for (they are found by a seeded search).
    let fens: Vec<&Value> = [most, compulsory, crowning]
        .iter()
        .map(|&n| &examples[n - 1]["fen"])
        .collect();
    assert_eq!(
        fens,
        [
            &json!("W:W27,39:B7,22,33"),
            &json!("W:W7,26:B31"),
            &json!("W:W9,15:B5")
        ],
        "the examples changed: choose the squares below again"
    );
    let said = |n: usize, text: &str, kind: &str| {
        format!(
            "const f = document.querySelector(\"#rules-body [data-example='{n}'] .feedback\"); \
             return f.textContent === '{text}' && f.dataset.kind === '{kind}'"
        )
    };
    for (n, squares, text, kind) in [
        (
            most,
            &["27", "18"][..],
            "Not a legal move here: a capture is compulsory. The rule here: Take the most pieces. Try again.",
            "illegal",
        ),
        (most, &["39", "28"][..], "Right: 39x17.", "right"),
        (
            compulsory,
            &["31"][..],
            "Click one of White\\'s pieces first.",
            "hint",
        ),
        (
            compulsory,
            &["7", "2"][..],
            "Not a legal move here: a capture is compulsory. The rule here: Capturing is compulsory. Try again.",
            "illegal",
        ),
        (
            crowning,
            &["15", "10"][..],
            "Not the move the rule demands: 15-10 is legal, but the rule here is: A man on the far row is crowned. Try again.",
            "wrong",
        ),
        (crowning, &["9", "3"][..], "Right: 9-3.", "right"),
    ] {
        for &sq in squares {
            page.click_example(n, sq).await;
        }
        page.until(&format!("example {n}, {squares:?}: {text}"), &said(n, text, kind))
            .await;
    }
    // The right capture is marked along its path.
    page.until(
        "39x28x17 marked",
        &format!(
            "return [...document.querySelectorAll(\"#rules-body [data-example='{most}'] rect.mark-last\")].map((r) => r.dataset.mark).join(' ') === '39 28 17'"
        ),
    )
    .await;
    page.click(&format!(
        "#rules-body [data-example='{most}'] button:not(.choice)"
    ))
    .await;
    page.until("the answer shown", &said(most, "Answer: 39x17", "answer"))
        .await;

    // 7b''. No shipped example has two captures with the same start and end (every
    //       variant's were searched), so one is added to the Turkish rules as the page reads
    //       them: W:WKg4:Ba5,b5,e4,e6,a7 (a self-play position of Turkish giveaway), whose
    //       answer is g4xb4xb6xh6 (takes e4, b5, e6), while g4xa4xa6xh6 (takes e4, a5, e6),
    //       also legal, shares g4 and h6 with it. The end square alone leaves the choice; the
    //       other capture is not the move the rule demands, the answer is right.
    let fen = "W:WKg4:Ba5,b5,e4,e6,a7";
    let moves = page
        .api
        .post(
            "/api/positions",
            None,
            json!({"variant": "turkish", "fen": fen}),
        )
        .await
        .body["moves"]
        .clone();
    let answer = moves
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["long"] == "g4xb4xb6xh6")
        .unwrap_or_else(|| panic!("g4xb4xb6xh6 is legal: {moves}"))
        .clone();
    let added = json!({
        "title": "Two captures, one square",
        "task": "Find the capture that takes the man on b5.",
        "fen": fen,
        "answers": [answer["short"]],
        "answer_moves": [answer],
        "moves": moves,
    });
    page.js(&format!(
        "const added = {added}; window.realFetch = window.fetch; \
         window.fetch = async (url, opts) => {{ \
           const res = await window.realFetch(url, opts); \
           if (!String(url).endsWith('/api/variants/turkish/rules')) return res; \
           const body = await res.json(); body.examples.push(added); \
           return new Response(JSON.stringify(body), {{status: 200, headers: {{'Content-Type': 'application/json'}}}}); }}; \
         const e = document.getElementById('rules-variant'); e.value = 'turkish'; \
         e.dispatchEvent(new Event('change')); return true;"
    ))
    .await;
    let n = 1 + page.api.get("/api/variants/turkish/rules").await.body["examples"]
        .as_array()
        .unwrap()
        .len();
    page.until(
        "the Turkish rules with the added example",
        &format!("return !!document.querySelector(\"#rules-body[data-variant=turkish] [data-example='{n}']\")"),
    )
    .await;
    page.js("window.fetch = window.realFetch; return true;")
        .await;
    let choices = format!("#rules-body [data-example='{n}'] .choices");
    for pick in [1, 2] {
        for sq in ["g4", "h6"] {
            page.click_example(n, sq).await;
        }
        page.until(
            &format!("the list of captures ({pick})"),
            &format!(
                "const c = document.querySelector(\"{choices}\"); return !c.hidden && [...c.querySelectorAll('.choice')].map((b) => b.textContent).join(' / ') === 'g4xa4xa6xh6 (takes e4, a5, e6) / g4xb4xb6xh6 (takes e4, b5, e6)'"
            ),
        )
        .await;
        if pick == 2 {
            page.screenshot("rules-choose-capture").await;
        }
        page.click(&format!("{choices} .choice:nth-of-type({pick})"))
            .await;
        let (text, kind) = if pick == 1 {
            ("Not the move the rule demands: g4xa4xa6xh6 is legal, but the rule here is: Two captures, one square. Try again.", "wrong")
        } else {
            ("Right: g4xb4xb6xh6.", "right")
        };
        page.until(&format!("choice {pick}: {text}"), &said(n, text, kind))
            .await;
    }

    // 7b'''. The variant changed while the rules of the one before are on the way (English's,
    //        held back): only the last one chosen is shown, once.
    page.js(
        "window.realFetch = window.fetch; \
         window.fetch = async (url, opts) => { \
           if (String(url).endsWith('/api/variants/english/rules')) await new Promise((r) => setTimeout(r, 1500)); \
           return window.realFetch(url, opts); }; \
         const e = document.getElementById('rules-variant'); \
         e.value = 'english'; e.dispatchEvent(new Event('change')); \
         e.value = 'international'; e.dispatchEvent(new Event('change')); return true;",
    )
    .await;
    page.until(
        "the international rules again",
        "const b = document.getElementById('rules-body'); return b.dataset.variant === 'international' && !!b.querySelector('.exercise');",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    page.js("window.fetch = window.realFetch; return true;")
        .await;
    let shown = page
        .js("const b = document.getElementById('rules-body'); \
             return [b.dataset.variant, [...b.querySelectorAll('.exercise svg')].map((s) => s.dataset.variant).join(' ')];")
        .await;
    assert_eq!(
        shown,
        json!([
            "international",
            vec!["international"; examples.len()].join(" ")
        ]),
        "the English rules, arriving late, are not shown"
    );
    page.click("#rules-close").await;

    // 7c. The Puzzles panel: a shipped English puzzle solved by real clicks, after a hint;
    //     the rating, kept in the browser, moves.
    page.click("#btn-puzzles").await;
    page.js("const e = document.getElementById('pz-variant'); e.value = 'english'; e.dispatchEvent(new Event('change')); return true;")
        .await;
    page.until(
        "an English puzzle",
        "return document.getElementById('pz-name').textContent.startsWith('english-')",
    )
    .await;
    let shown = page
        .js("return document.getElementById('pz-name').textContent.split(',')[0]")
        .await;
    let puzzles = page.api.get("/api/variants/english/puzzles").await.body;
    let puzzle = puzzles
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == shown)
        .unwrap_or_else(|| panic!("{shown} is served"))
        .clone();
    page.click("#pz-hint").await;
    let first_from = puzzle["steps"][0]["from"].as_str().unwrap();
    page.until(
        "the hint",
        &format!("return document.getElementById('pz-feedback').textContent === 'Move the piece on {first_from}.'"),
    )
    .await;
    let steps = puzzle["steps"].as_array().unwrap();
    for (k, step) in steps.iter().enumerate().step_by(2) {
        for sq in [step["from"].as_str().unwrap(), step["to"].as_str().unwrap()] {
            page.click_puzzle(sq).await;
        }
        let expect = if k + 1 >= steps.len() {
            "Solved"
        } else {
            "Your move"
        };
        page.until(
            &format!("puzzle step {k}"),
            &format!(
                "return document.getElementById('pz-feedback').textContent.includes('{expect}')"
            ),
        )
        .await;
    }
    // Solved, the task no longer asks for a move.
    let task = page
        .js("return document.getElementById('pz-task').textContent")
        .await;
    assert!(task.as_str().unwrap().starts_with("Done: "), "{task}");
    let kept = page
        .js("return JSON.parse(localStorage.getItem('damier.puzzles')).english.failed")
        .await;
    assert_eq!(
        kept,
        json!(1),
        "solved with a hint counts as not solved cleanly"
    );
    page.screenshot("puzzles").await;

    // 7c'. After the first move another way to the goal counts: in international-18 (made the
    //      only puzzle not met, so the one shown) 6-17 is not the move, and 6-39, not the
    //      line's 6-44, is judged by the server and the line it answers followed to the end.
    let others: Vec<Value> = page
        .api
        .get("/api/variants/international/puzzles")
        .await
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].clone())
        .filter(|id| id != "international-18")
        .collect();
    page.js(&format!(
        "const all = JSON.parse(localStorage.getItem('damier.puzzles') || '{{}}'); \
         all.international = {{value: 1200, solved: 0, failed: 0, seen: {}}}; \
         localStorage.setItem('damier.puzzles', JSON.stringify(all)); \
         const e = document.getElementById('pz-variant'); e.value = 'international'; \
         e.dispatchEvent(new Event('change')); return true;",
        Value::Array(others)
    ))
    .await;
    page.until(
        "international-18",
        "return document.getElementById('pz-name').textContent.startsWith('international-18,')",
    )
    .await;
    for (from, to, said) in [
        ("32", "28", "the reply was 22x42"),
        ("37", "48", "the reply was 49x21"),
        ("26", "6", "the reply was 18-23"),
        ("6", "1", "the reply was 23-28"),
        ("1", "6", "the reply was 28-32"),
        ("6", "17", "Not the move"),
        ("6", "39", "6-39 is right; the reply was 30-35"),
        ("39", "43", "the reply was 32-37"),
        ("31", "42", "Solved"),
    ] {
        for sq in [from, to] {
            page.click_puzzle(sq).await;
        }
        page.until(
            &format!("{from}-{to}: {said}"),
            &format!(
                "return document.getElementById('pz-feedback').textContent.includes('{said}')"
            ),
        )
        .await;
    }
    let kept = page
        .js("return JSON.parse(localStorage.getItem('damier.puzzles')).international.failed")
        .await;
    assert_eq!(kept, json!(1), "6-17 was a mistake");

    // 7c''. Moves are entered as on the game's board, from the position's legal moves. In
    //       turkish-giveaway-57 (made the one puzzle shown) the moves cannot be read at first:
    //       said, not counted. Then a move the man cannot make, and a quiet move while the
    //       king it crowned must capture, are told as not legal, not counted either; the
    //       line's capture, b1xb7xg7xg3xd3xd6, shares b1 and d6 with b1xb7xh7xh3xd3xd6 and is
    //       chosen from a list; the puzzle is solved cleanly.
    let others: Vec<Value> = page
        .api
        .get("/api/variants/turkish-giveaway/puzzles")
        .await
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].clone())
        .filter(|id| id != "turkish-giveaway-57")
        .collect();
    page.js(&format!(
        "window.realFetch = window.fetch; \
         window.fetch = (url, opts) => String(url).includes('/api/positions') \
           ? Promise.reject(new TypeError('offline for the test')) : window.realFetch(url, opts); \
         const all = JSON.parse(localStorage.getItem('damier.puzzles') || '{{}}'); \
         all['turkish-giveaway'] = {{value: 1200, solved: 0, failed: 0, seen: {}}}; \
         localStorage.setItem('damier.puzzles', JSON.stringify(all)); \
         const e = document.getElementById('pz-variant'); e.value = 'turkish-giveaway'; \
         e.dispatchEvent(new Event('change')); return true;",
        Value::Array(others)
    ))
    .await;
    let feedback = |said: &str| {
        format!("return document.getElementById('pz-feedback').textContent.includes('{said}')")
    };
    page.until(
        "turkish-giveaway-57, its moves unread",
        "return document.getElementById('pz-name').textContent.startsWith('turkish-giveaway-57,') \
         && document.getElementById('pz-feedback').textContent === 'The legal moves could not be read (No connection to the server); try again.'",
    )
    .await;
    for sq in ["b2", "b1"] {
        page.click_puzzle(sq).await;
    }
    page.until(
        "the moves still unread after a click",
        "return document.getElementById('pz-feedback').textContent.startsWith('The legal moves could not be read') && document.querySelectorAll('#pz-board .piece.selected').length === 0",
    )
    .await;
    page.js("window.fetch = window.realFetch; return true;")
        .await;
    for (squares, said, kind) in [
        (
            &["b2", "c1"][..],
            "Not a legal move here. Try again.",
            "illegal",
        ),
        (
            &["b2", "b1"][..],
            "the reply was a5-b5. Your move.",
            "right",
        ),
        (
            &["b1", "c1"][..],
            "Not a legal move here: a capture is compulsory, so you must capture.",
            "illegal",
        ),
    ] {
        for &sq in squares {
            page.click_puzzle(sq).await;
        }
        page.until(
            &format!("{squares:?}: {said}"),
            &format!(
                "const f = document.getElementById('pz-feedback'); return f.textContent.includes('{said}') && f.dataset.kind === '{kind}'"
            ),
        )
        .await;
    }
    // The king picked, its landings are shown; its end square alone leaves two captures.
    page.click_puzzle("b1").await;
    page.until(
        "the king's targets",
        "return [...document.querySelectorAll('#pz-board .target')].map((t) => t.dataset.target).sort().join(' ') === 'b7 d5 d6 d7 d8'",
    )
    .await;
    page.click_puzzle("d6").await;
    page.until(
        "the list of captures",
        "return !document.getElementById('pz-choices').hidden && [...document.querySelectorAll('#pz-choices .choice')].map((b) => b.textContent).join(' / ') === 'b1xb7xg7xg3xd3xd6 (takes f3, d4, g4, b5, f7) / b1xb7xh7xh3xd3xd6 (takes f3, d4, b5, h5, f7)'",
    )
    .await;
    page.screenshot("puzzle-choose-capture").await;
    page.click("#pz-choices .choice:nth-of-type(1)").await;
    page.until(
        "the line's capture",
        &feedback("b1xb7xg7xg3xd3xd6 is right; the reply was f4-g4"),
    )
    .await;
    for sq in ["d6", "h6"] {
        page.click_puzzle(sq).await;
    }
    page.until("turkish-giveaway-57 solved", &feedback("Solved!"))
        .await;
    let kept = page
        .js("return JSON.parse(localStorage.getItem('damier.puzzles'))['turkish-giveaway']")
        .await;
    assert_eq!(
        (&kept["solved"], &kept["failed"]),
        (&json!(1), &json!(0)),
        "neither the unread moves nor the illegal ones were mistakes: {kept}"
    );
    // Again, with the other capture: the server judges it (it does not win), not "could not
    // be checked".
    page.click("#pz-retry").await;
    for sq in ["b2", "b1"] {
        page.click_puzzle(sq).await;
    }
    page.until("b2-b1 again", &feedback("Your move")).await;
    for sq in ["b1", "d6"] {
        page.click_puzzle(sq).await;
    }
    page.until(
        "the list of captures again",
        "return !document.getElementById('pz-choices').hidden",
    )
    .await;
    page.click("#pz-choices .choice:nth-of-type(2)").await;
    page.until(
        "the other capture judged",
        "const f = document.getElementById('pz-feedback'); return f.textContent === 'Not the move. Try again.' && f.dataset.kind === 'wrong'",
    )
    .await;
    // Counted once: a puzzle solved, tried again and finished again (here after a wrong move)
    // is not counted a second time.
    for sq in ["b1", "d6"] {
        page.click_puzzle(sq).await;
    }
    page.until(
        "the list of captures a third time",
        "return !document.getElementById('pz-choices').hidden",
    )
    .await;
    page.click("#pz-choices .choice:nth-of-type(1)").await;
    page.until("the line's capture again", &feedback("Your move"))
        .await;
    for sq in ["d6", "h6"] {
        page.click_puzzle(sq).await;
    }
    page.until("turkish-giveaway-57 finished again", &feedback("Solved"))
        .await;
    let tally =
        "const me = JSON.parse(localStorage.getItem('damier.puzzles'))['turkish-giveaway']; \
                 return [me.solved, me.failed];";
    assert_eq!(
        page.js(tally).await,
        json!([1, 0]),
        "a retried puzzle counts once"
    );
    // A wrong move then Retry counts the puzzle as not solved, and a clean solve after it
    // does not undo that: turkish-giveaway-57, made the one puzzle left unseen.
    let puzzles = page
        .api
        .get("/api/variants/turkish-giveaway/puzzles")
        .await
        .body;
    let other = puzzles
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "turkish-giveaway-57")
        .unwrap()
        .clone();
    let legal = page
        .api
        .post(
            "/api/positions",
            None,
            json!({"variant": "turkish-giveaway", "fen": other["fen"]}),
        )
        .await
        .body;
    let line_first = &other["steps"][0];
    let wrong = legal["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["long"] != line_first["long"] || m["captured"] != line_first["captured"])
        .expect("a legal move other than the line's")
        .clone();
    let seen: Vec<Value> = puzzles
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].clone())
        .filter(|id| id != "turkish-giveaway-57")
        .collect();
    page.js(&format!(
        "const all = JSON.parse(localStorage.getItem('damier.puzzles')); \
         all['turkish-giveaway'].seen = {}; \
         localStorage.setItem('damier.puzzles', JSON.stringify(all)); return true;",
        Value::Array(seen)
    ))
    .await;
    page.click("#pz-next").await;
    page.until(
        "turkish-giveaway-57 shown",
        "return document.getElementById('pz-name').textContent.startsWith('turkish-giveaway-57,')",
    )
    .await;
    let click_path = |path: &Value| {
        path.as_array()
            .unwrap()
            .iter()
            .map(|sq| sq.as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    page.until(
        "its legal moves read",
        "return document.querySelectorAll('#pz-board .piece.movable').length > 0",
    )
    .await;
    for sq in click_path(&wrong["path"]) {
        page.click_puzzle(&sq).await;
    }
    page.until("the wrong first move", &feedback("Not the move"))
        .await;
    page.click("#pz-retry").await;
    // The server counts the result (POST …/result): the tally moves when its answer is in.
    page.until(
        "a wrong move counts when the puzzle is tried again",
        "const me = JSON.parse(localStorage.getItem('damier.puzzles'))['turkish-giveaway']; \
         return me.solved === 1 && me.failed === 1;",
    )
    .await;
    let steps = other["steps"].as_array().unwrap().clone();
    for (i, step) in steps.iter().enumerate().step_by(2) {
        page.until(
            &format!("turkish-giveaway-57, move {i} to make"),
            "return document.querySelectorAll('#pz-board .piece.movable').length > 0",
        )
        .await;
        for sq in click_path(&step["path"]) {
            page.click_puzzle(&sq).await;
        }
        let said = if i + 1 >= steps.len() {
            "Solved"
        } else {
            "Your move"
        };
        page.until(
            &format!("turkish-giveaway-57 after move {i}"),
            &feedback(said),
        )
        .await;
    }
    assert_eq!(
        page.js(tally).await,
        json!([1, 1]),
        "a clean solve after Retry does not count again"
    );
    page.click("#pz-close").await;

    // 7d. A game the server no longer has: the page says so and rebuilds it from its own
    //     copy of the moves; "My games" lists this browser's games and opens one.
    page.new_game("english", "engine", "white", None).await;
    page.wait_plies(1).await;
    let lost = page.game().await;
    let (lost_id, lost_token) = (
        lost["id"].as_str().unwrap().to_string(),
        page.js("return window.damier.token").await,
    );
    let gone = page
        .api
        .send(
            reqwest::Method::DELETE,
            &format!("/api/games/{lost_id}"),
            lost_token.as_str(),
            None,
        )
        .await;
    assert_eq!(gone.status, 200);
    page.web.refresh().await.unwrap();
    page.until(
        "the lost-game notice",
        "return !!document.getElementById('lost') && !document.getElementById('lost').hidden",
    )
    .await;
    page.screenshot("lost").await;
    page.click("#lost-rebuild").await;
    page.until(
        "the rebuilt game",
        &format!("const S = window.damier; return !!S.game && S.game.id !== '{lost_id}' && S.game.history.length === 1;"),
    )
    .await;
    let rebuilt = page.game().await;
    assert_eq!(
        rebuilt["history"][0]["notation"],
        lost["history"][0]["notation"]
    );
    assert_eq!(rebuilt["players"], lost["players"]);
    assert_eq!(
        page.js("return document.getElementById('lost').hidden")
            .await,
        json!(true)
    );
    page.click("#btn-games").await;
    page.until(
        "the list of this browser's games",
        "return document.querySelectorAll('#games-list button').length >= 3",
    )
    .await;
    let other = page
        .js(&format!(
            "return [...document.querySelectorAll('#games-list button')].map(b => b.dataset.game).find(g => g !== '{}')",
            rebuilt["id"].as_str().unwrap()
        ))
        .await;
    let other = other.as_str().unwrap().to_string();
    assert_ne!(other, lost_id, "a rebuilt game leaves the list");
    // Plies are counted as players count moves: the rebuilt game's one ply is one move.
    let counted = page
        .js(&format!(
            "return document.querySelector(\"#games-list button[data-game='{}']\").textContent",
            rebuilt["id"].as_str().unwrap()
        ))
        .await;
    assert!(counted.as_str().unwrap().contains("1 move,"), "{counted}");
    page.click(&format!("#games-list button[data-game='{other}']"))
        .await;
    page.until(
        "the game chosen in the list",
        &format!("return window.damier.id === '{other}' && window.damier.game.id === '{other}'"),
    )
    .await;

    // 8. The analysis board: three lines with arrows, a click on a line's move steps the
    //    board there (kept as a variation), keys step through the tree, a variation made on
    //    the board survives PDN export and import, and the gauge follows the score.
    page.new_game("international", "engine", "white", None)
        .await;
    page.click_square("32").await;
    page.click_square("28").await;
    page.wait_plies(2).await;
    page.js("const c = document.getElementById('an-count'); c.value = '3'; c.dispatchEvent(new Event('change')); return true;")
        .await;
    page.click("#btn-analyse").await;
    // Level 1 plays with noise: its reply may leave White one capture, and so one line.
    page.until_within(
        "three lines (or one per legal move) and their arrows",
        "const want = Math.min(3, window.damier.game.moves.length); return want > 0 && document.querySelectorAll('#an-lines .line').length === want && document.querySelectorAll('#board .arrows polyline').length === want && document.querySelectorAll('#an-lines .line.best .pvmove').length >= 3",
        90,
    )
    .await;
    page.screenshot("analysis-lines").await;
    // The brightest arrow is the best line's first move.
    let best = page
        .js("const l = window.damier.lines.get(1); return [l.pv_moves[0].path.join('-'), document.querySelector('#board .arrows polyline.best').dataset.arrow]")
        .await;
    assert_eq!(best[0], best[1], "the best arrow is the best move");
    let target = page
        .js("const l = window.damier.lines.get(1); const fens = l.pv_moves.map((m) => m.fen); document.querySelector(\"#an-lines .line.best .pvmove[data-k='2']\").click(); return fens;")
        .await;
    page.until(
        "the board on the line's third move",
        &format!(
            "const d = document.getElementById('board').dataset; return d.ply === '' && d.fen === {};",
            target[2]
        ),
    )
    .await;
    page.check_board("the line's third move").await;
    page.key(Key::Left).await;
    page.until(
        "one move back along the line",
        &format!(
            "return document.getElementById('board').dataset.fen === {}",
            target[1]
        ),
    )
    .await;
    page.check_board("one move back along the line").await;
    page.click("#btn-analyse").await;
    // A variation of the first move, made on the board from the start, with a comment.
    page.key(Key::Home).await;
    page.until(
        "the start position",
        "return document.getElementById('board').dataset.ply === '0'",
    )
    .await;
    page.click_square("33").await;
    page.click_square("29").await;
    page.until(
        "the variation's move",
        "const c = window.damier.cursor; return !c.game && c.move.short === '33-29' && document.querySelector('#movelist .vmove.current') !== null",
    )
    .await;
    page.check_board("the variation 33-29").await;
    assert_eq!(
        page.game().await["history"].as_array().unwrap().len(),
        2,
        "the game is untouched"
    );
    page.js("const c = document.getElementById('nt-comment'); c.value = 'a quieter start'; c.dispatchEvent(new Event('change')); const m = document.getElementById('nt-mark'); m.value = '?!'; m.dispatchEvent(new Event('change')); return true;")
        .await;
    page.screenshot("analysis-variation").await;
    page.click("#btn-pdn").await;
    page.until(
        "the PDN with the variations",
        "const t = document.getElementById('pdn-text').value.replace(/\\s+/g, ' '); return t.includes('(1. 33-29?! {a quieter start})') && t.includes('(1... ');",
    )
    .await;
    page.click("#pdn-import").await;
    page.until(
        "the imported game with its variations",
        "const S = window.damier; const r = S.tree.root; return !!S.game && S.game.history.length === 2 && r.children.length === 2 && r.children[1].move.short === '33-29' && r.children[1].comments[0] === 'a quieter start' && S.tree.gameEnd.children.length === 1",
    )
    .await;
    page.screenshot("analysis-imported").await;
    // A file of several games: listed to choose from; the game chosen shows its players'
    // names, its opening comment and its marks ($4 is ??).
    page.click("#btn-pdn").await;
    page.until(
        "the PDN dialog",
        "return document.getElementById('dlg-pdn').open",
    )
    .await;
    let file = "[Event \"Club night\"]\n[White \"Ada\"]\n[Black \"Bo\"]\n{A quiet start} 1. 32-28 19-23 $4 *\n\n[White \"Cy\"]\n[Black \"Di\"]\n1. 31-26 *\n";
    page.js(&format!(
        "document.getElementById('pdn-text').value = {}; return true;",
        serde_json::to_string(file).unwrap()
    ))
    .await;
    page.click("#pdn-import").await;
    page.until(
        "the list of the file's games",
        "const b = document.querySelectorAll('#pdn-games button'); return !document.getElementById('pdn-choose').hidden && b.length === 2 && b[0].textContent.startsWith('1. Ada – Bo (Club night)') && b[1].textContent.startsWith('2. Cy – Di')",
    )
    .await;
    page.screenshot("pdn-choose").await;
    page.click("#pdn-games button[data-index='0']").await;
    page.until(
        "the chosen game with its names, comment and marks",
        "const S = window.damier; return !!S.game && S.game.names.white === 'Ada' && document.getElementById('bar-bottom').textContent.includes('Ada') && document.querySelector('#movelist .opening-comment').textContent === 'A quiet start' && [...document.querySelectorAll('#movelist .ply')].some((b) => b.textContent === '19-23??') && document.getElementById('title').textContent.includes('Club night')",
    )
    .await;
    // The gauge: White a man up leans to White, and drawn so.
    page.new_game(
        "international",
        "engine",
        "white",
        Some("W:W31,32,33,34,35,36:B16,17,18,19,20"),
    )
    .await;
    page.click("#btn-analyse").await;
    page.until_within(
        "the gauge leaning to White",
        "const g = document.getElementById('gauge'); const w = g.querySelector('.gauge-white'); return Number(g.dataset.white) > 0.75 && w.getBoundingClientRect().height > 0.7 * g.getBoundingClientRect().height",
        90,
    )
    .await;
    // The threat: Black's best move if White passed, drawn in its own colour.
    page.js("const t = document.getElementById('an-threat'); t.checked = true; t.dispatchEvent(new Event('change')); return true;")
        .await;
    page.until_within(
        "the threat's line and arrow",
        "const a = document.querySelector('#board .arrows polyline.threat'); return !!a && document.querySelector('#an-lines .line .lscore').textContent === 'Threat' && window.damier.game.pieces.some((p) => p.color === 'black' && p.square === a.dataset.arrow.split('-')[0])",
        90,
    )
    .await;
    page.screenshot("analysis-threat").await;
    page.js("const t = document.getElementById('an-threat'); t.checked = false; t.dispatchEvent(new Event('change')); return true;")
        .await;
    page.click("#btn-analyse").await;
    // At the end of a game: a rematch with the colours swapped.
    page.click("#btn-resign").await;
    page.click("#btn-resign").await;
    page.until(
        "the game resigned",
        "return !!window.damier.game.result && !document.getElementById('btn-rematch').hidden",
    )
    .await;
    let resigned = page.js("return window.damier.id").await;
    page.click("#btn-rematch").await;
    page.until(
        "the rematch",
        &format!("const g = window.damier.game; return !!g && g.id !== {resigned} && g.players.white.type === 'engine' && g.players.black.type === 'human' && g.you.includes('black')"),
    )
    .await;

    // A premove: entered while the friend is to move, played when the turn comes.
    page.new_game("international", "friend", "white", None)
        .await;
    page.click_square("32").await;
    page.click_square("28").await;
    page.wait_plies(1).await;
    page.click_square("33").await;
    page.click_square("29").await;
    page.until(
        "the premove marked",
        "return document.querySelectorAll('#board .mark-premove').length === 2",
    )
    .await;
    let (friend_id, friend_token) = {
        let id = page.js("return window.damier.id").await;
        let id = id.as_str().unwrap().to_string();
        let invite = page
            .js(&format!(
                "return sessionStorage.getItem('damier-invite-{id}')"
            ))
            .await;
        let token = invite
            .as_str()
            .unwrap()
            .split(':')
            .nth(1)
            .unwrap()
            .to_string();
        (id, token)
    };
    assert_eq!(
        page.api
            .play(&friend_id, &friend_token, "18-22")
            .await
            .status,
        200
    );
    page.wait_plies(3).await;
    assert_eq!(page.game().await["history"][2]["notation"], "33-29");
    page.check_board("after the premove").await;
    // Takebacks between the two: White asks on the page, Black allows it; then Black asks
    // and White allows it on the page.
    page.click("#btn-takeback").await;
    page.until(
        "White's request",
        "return window.damier.game.takeback_request === 'white' && document.getElementById('btn-takeback').hidden",
    )
    .await;
    let allowed = page
        .api
        .post(
            &format!("/api/games/{friend_id}/takeback"),
            Some(&friend_token),
            json!({"action": "accept"}),
        )
        .await;
    assert_eq!(allowed.status, 200, "{}", allowed.body);
    page.wait_plies(2).await;
    page.check_board("after White's takeback").await;
    let asked = page
        .api
        .post(
            &format!("/api/games/{friend_id}/takeback"),
            Some(&friend_token),
            json!({"action": "request"}),
        )
        .await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    page.until(
        "the question to White",
        "return !document.getElementById('btn-tb-accept').hidden && document.getElementById('status').textContent.includes('Black asks to take back')",
    )
    .await;
    page.screenshot("takeback-asked").await;
    page.click("#btn-tb-accept").await;
    page.wait_plies(1).await;
    page.check_board("after Black's takeback").await;

    // Preferences: a dark theme and another board, kept across a reload.
    page.click("#btn-settings").await;
    page.js("for (const [id, v] of [['pref-theme', 'dark'], ['pref-board', 'green'], ['pref-numbers', 'hidden'], ['pref-pieces', 'shaded']]) { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('change')); } return true;")
        .await;
    page.click("#settings-close").await;
    page.web.refresh().await.unwrap();
    page.until(
        "the dark theme after a reload",
        "const d = document.documentElement.dataset; return d.theme === 'dark' && d.board === 'green' && !!window.damier && !!window.damier.game",
    )
    .await;
    let dark = page
        .js("return getComputedStyle(document.documentElement).backgroundColor")
        .await;
    assert_eq!(dark, "rgb(28, 27, 25)");
    // Square numbers hidden, the shaded piece set.
    let look = page
        .js("const n = document.querySelector('#board text.num'); const w = document.querySelector('#board .piece.white .body'); return [!n || getComputedStyle(n).display === 'none', !!w && (() => { const id = getComputedStyle(w).fill.split('#')[1].replace(/[^a-z0-9-]/g, ''); const g = document.getElementById(id); return id.startsWith('shade-white-') && !!g && g.closest('svg') === w.closest('svg'); })()];")
        .await;
    assert_eq!(
        look,
        json!([true, true]),
        "numbers hidden and shaded pieces"
    );
    page.screenshot("dark").await;
    page.js("for (const [id, v] of [['pref-theme', 'light'], ['pref-board', 'wood'], ['pref-numbers', 'normal'], ['pref-pieces', 'flat']]) { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('change')); } localStorage.removeItem('damier-prefs'); return true;")
        .await;

    // 9. A phone-sized screen.
    page.new_game("international", "engine", "white", None)
        .await;
    page.web.set_window_size(390, 844).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let fits = page
        .js("const r = document.querySelector('#board svg').getBoundingClientRect(); return r.width > 300 && r.right <= window.innerWidth + 1;")
        .await;
    assert_eq!(fits, json!(true), "the board fits a phone's width");
    // The keys' hint is for a mouse and keys: a touch screen without hover does not show it.
    let keys = page
        .js("return [...document.styleSheets].flatMap((s) => [...s.cssRules]).some((r) => r.media && r.media.mediaText.includes('hover: none') && r.cssText.includes('.keys') && r.cssText.includes('display: none'))")
        .await;
    assert_eq!(keys, json!(true), "the keys' hint shows on touch screens");
    // Nothing is wider than the screen: the menu wraps, every button stays in view.
    let overflow = page
        .js("const w = window.innerWidth; return [document.documentElement.scrollWidth <= w, [...document.querySelectorAll('.menu button')].filter((b) => b.getBoundingClientRect().right > w + 1).map((b) => b.id)];")
        .await;
    assert_eq!(
        overflow,
        json!([true, []]),
        "the page is wider than a phone"
    );
    // The New game dialog fits the screen (scrolling inside itself); an international game
    // has no ballot, nor a ballot's hint.
    page.click("#btn-new").await;
    page.until(
        "the New game dialog",
        "return document.getElementById('dlg-new').open",
    )
    .await;
    let dialog = page
        .js("const r = document.getElementById('dlg-new').getBoundingClientRect(); return [r.left >= 0, r.right <= window.innerWidth + 1, r.top >= 0, r.bottom <= window.innerHeight + 1, document.getElementById('ng-ballot-moves').hidden];")
        .await;
    assert_eq!(
        dialog,
        json!([true, true, true, true, true]),
        "the New game dialog on a phone"
    );
    page.screenshot("phone-new-game").await;
    page.js("document.getElementById('dlg-new').close(); return true;")
        .await;
    page.click_square("32").await;
    page.click_square("28").await;
    page.wait_plies(2).await;
    page.check_board("international on a phone").await;
    page.screenshot("phone").await;
    // The analysis board on the phone: arrows on the board, numbers readable.
    page.click("#btn-analyse").await;
    page.until_within(
        "arrows on the phone",
        "return document.querySelectorAll('#board .arrows polyline').length >= 1",
        90,
    )
    .await;
    let number = page
        .js("return document.querySelector('#board text.num').getBoundingClientRect().height")
        .await;
    assert!(
        number.as_f64().unwrap() >= 8.0,
        "square numbers of {number} px"
    );
    page.screenshot("phone-analysis").await;
    page.click("#btn-analyse").await;
    // The Rules and Puzzles panels on the phone: their boards fit the screen.
    for (button, board, close) in [
        ("#btn-rules", "#rules-body .exercise svg", "#rules-close"),
        ("#btn-puzzles", "#pz-board svg", "#pz-close"),
    ] {
        page.click(button).await;
        page.until(
            &format!("{board} drawn"),
            &format!("return !!document.querySelector('{board}')"),
        )
        .await;
        let fits = page
            .js(&format!("const r = document.querySelector('{board}').getBoundingClientRect(); return r.width > 150 && r.right <= window.innerWidth + 1;"))
            .await;
        assert_eq!(fits, json!(true), "{board} fits a phone's width");
        let inside = page
            .js(&format!("const d = document.querySelector('{board}').closest('dialog').getBoundingClientRect(); return d.right <= window.innerWidth + 1 && d.bottom <= window.innerHeight + 1 && d.left >= 0 && d.top >= 0;"))
            .await;
        assert_eq!(
            inside,
            json!(true),
            "the dialog of {board} fits a phone's screen"
        );
        page.screenshot(&format!("phone-{}", &button[5..])).await;
        page.click(close).await;
    }
    // Over, the game's buttons are on the screen, however far down the page is scrolled.
    page.click("#btn-resign").await;
    page.click("#btn-resign").await;
    page.until("the game over", "return !!window.damier.game.result")
        .await;
    page.js("window.scrollTo(0, 0); return true;").await;
    let rematch = page
        .js("const r = document.getElementById('btn-rematch').getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1;")
        .await;
    assert_eq!(rematch, json!(true), "Rematch is off the phone's screen");
    page.screenshot("phone-over").await;

    page.web.close().await.unwrap();
}
