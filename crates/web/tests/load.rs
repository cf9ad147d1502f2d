//! Load test on loopback: many games at once, each playing random legal moves through the API
//! for a bounded time, the server keeping every game in its SQLite file. Every move a client
//! saw accepted must be in the server's record, in order, once; a request repeated with the same `ply` must be refused (no duplicate move).
//!
//! The short run is part of the test suite; the long one reports figures:
//! `cargo test --release -p damier-web --test load -- --ignored --nocapture`
//! (`DAMIER_LOAD_GAMES`, `DAMIER_LOAD_SECS` change its size; `DAMIER_LOAD_DATA=none` keeps
//! the games in memory only).

mod common;

use common::{start_with, temp_folder, Client, Rng};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Held by each test of this file: they measure the process's memory and latencies, which
/// tests running beside them would disturb.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

const VARIANTS: [&str; 5] = ["english", "russian", "international", "turkish", "thai"];

#[derive(Default)]
struct Tally {
    moves: usize,
    games_finished: usize,
    games_started: usize,
    duplicates_refused: usize,
    latencies_us: Vec<u64>,
}

fn notations(state: &Value) -> Vec<String> {
    state["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["notation"].as_str().unwrap().to_string())
        .collect()
}

/// One client playing games one after another until `until`.
async fn player(c: Client, seed: u64, until: Instant) -> Tally {
    let mut rng = Rng(seed);
    let mut t = Tally::default();
    while Instant::now() < until {
        let variant = VARIANTS[(rng.next() % VARIANTS.len() as u64) as usize];
        let (id, token, created) = c.create(json!({ "variant": variant })).await;
        t.games_started += 1;
        let mut state = created["state"].clone();
        let mut mine: Vec<String> = Vec::new();
        while state["result"].is_null() && Instant::now() < until {
            let moves = state["moves"].as_array().unwrap();
            let mv = moves[(rng.next() % moves.len() as u64) as usize]["long"]
                .as_str()
                .unwrap()
                .to_string();
            let body = json!({ "move": mv, "ply": mine.len() });
            let started = Instant::now();
            let a = c
                .post(
                    &format!("/api/games/{id}/moves"),
                    Some(&token),
                    body.clone(),
                )
                .await;
            t.latencies_us.push(started.elapsed().as_micros() as u64);
            assert_eq!(a.status, 200, "{variant} {mv}: {}", a.body);
            mine.push(
                a.body["history"].as_array().unwrap().last().unwrap()["notation"]
                    .as_str()
                    .unwrap()
                    .to_string(),
            );
            t.moves += 1;
            if rng.next().is_multiple_of(8) {
                // The same request again, as a double click or a retry would send it.
                let again = c
                    .post(&format!("/api/games/{id}/moves"), Some(&token), body)
                    .await;
                assert!(
                    again.status == 409,
                    "a repeated move was not refused: {}",
                    again.body
                );
                t.duplicates_refused += 1;
            }
            state = a.body;
        }
        let server = c.state(&id).await;
        assert_eq!(notations(&server), mine, "game {id} lost or doubled a move");
        if !server["result"].is_null() {
            t.games_finished += 1;
        }
    }
    t
}

/// `games` clients on a server that keeps its games in a data folder, as `damier serve` does.
async fn run(games: usize, secs: f64) -> Tally {
    let data = temp_folder(&format!("load-{games}"));
    // DAMIER_LOAD_DATA=none: games in memory only, for comparison; DAMIER_LOAD_DATABASE=pg:
    // in a PostgreSQL server started for the run.
    let kept = std::env::var("DAMIER_LOAD_DATA").map_or(true, |v| v != "none");
    let pg = std::env::var("DAMIER_LOAD_DATABASE")
        .is_ok_and(|v| v == "pg")
        .then(|| common::pg::PgServer::start("load"))
        .flatten();
    let (base, _server) = start_with(damier_web::ServeOptions {
        data: kept.then(|| data.clone()),
        database: pg.as_ref().map(common::pg::PgServer::url),
        ..common::one_address_many_clients()
    })
    .await;
    let until = Instant::now() + Duration::from_secs_f64(secs);
    let handles: Vec<_> = (0..games)
        .map(|i| tokio::spawn(player(Client::new(&base), 0xDA41 + i as u64, until)))
        .collect();
    let mut all = Tally::default();
    for h in handles {
        let t = h.await.expect("a player panicked");
        all.moves += t.moves;
        all.games_finished += t.games_finished;
        all.games_started += t.games_started;
        all.duplicates_refused += t.duplicates_refused;
        all.latencies_us.extend(t.latencies_us);
    }
    all.latencies_us.sort_unstable();
    let _ = std::fs::remove_dir_all(&data);
    all
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn report(t: &Tally, games: usize, secs: f64) {
    let l = &t.latencies_us;
    println!(
        "load: {games} concurrent clients for {secs:.1}s: {} games started, {} finished ({:.1} games/s), \
         {} moves ({:.0} moves/s), {} repeated requests refused; move latency ms p50 {:.2} p90 {:.2} p99 {:.2} max {:.2}",
        t.games_started,
        t.games_finished,
        t.games_finished as f64 / secs,
        t.moves,
        t.moves as f64 / secs,
        t.duplicates_refused,
        percentile(l, 0.5),
        percentile(l, 0.9),
        percentile(l, 0.99),
        percentile(l, 1.0),
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_games_lose_and_double_no_move() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let t = run(8, 1.5).await;
    report(&t, 8, 1.5);
    assert!(t.moves > 50, "too few moves: {}", t.moves);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long: run with --ignored --nocapture for the figures"]
async fn load_report() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let games = std::env::var("DAMIER_LOAD_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64);
    let secs = std::env::var("DAMIER_LOAD_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20.0);
    let t = run(games, secs).await;
    report(&t, games, secs);
    assert!(t.moves > 0);
}

/// Latencies (µs) of `replies` engine replies at level 5, from the human move's request to
/// the reply seen by a long poll, in games of random human moves.
async fn engine_replies(c: &Client, replies: usize, seed: u64) -> Vec<u64> {
    let mut rng = Rng(seed);
    let mut latencies = Vec::new();
    while latencies.len() < replies {
        let (id, token, created) = c
            .create(json!({"variant": "international", "black": "engine", "level": 5}))
            .await;
        let mut state = created["state"].clone();
        while state["result"].is_null() && latencies.len() < replies {
            let moves = state["moves"].as_array().unwrap();
            let mv = moves[(rng.next() % moves.len() as u64) as usize]["long"]
                .as_str()
                .unwrap()
                .to_string();
            let ply = notations(&state).len();
            let started = Instant::now();
            let a = c.play(&id, &token, &mv).await;
            assert_eq!(a.status, 200, "{}", a.body);
            state = a.body;
            while state["result"].is_null() && notations(&state).len() < ply + 2 {
                state = c.wait(&id, state["version"].as_u64().unwrap()).await;
            }
            latencies.push(started.elapsed().as_micros() as u64);
        }
    }
    latencies.sort_unstable();
    latencies
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long: run with --ignored --nocapture for the figures"]
async fn engine_replies_under_analysis_report() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let analysts: usize = std::env::var("DAMIER_ANALYSTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let data = temp_folder("replies");
    let (base, _server) = start_with(damier_web::ServeOptions {
        data: Some(data.clone()),
        // The clients all come from this machine's one address.
        analyses_per_client: analysts,
        ..common::one_address_many_clients()
    })
    .await;
    let c = Client::new(&base);
    let alone = engine_replies(&c, 200, 7).await;
    let variants: Vec<&str> = (0..analysts)
        .map(|i| VARIANTS[i % VARIANTS.len()])
        .collect();
    let analysing = c.start_analyses(&variants).await;
    let loaded = engine_replies(&c, 200, 8).await;
    for (label, l) in [
        ("alone", &alone),
        (
            &format!("with {analysts} analyses running") as &str,
            &loaded,
        ),
    ] {
        println!(
            "level-5 engine replies {label}: {} replies, ms p50 {:.1} p90 {:.1} p99 {:.1} max {:.1}",
            l.len(),
            percentile(l, 0.5),
            percentile(l, 0.9),
            percentile(l, 0.99),
            percentile(l, 1.0),
        );
    }
    c.stop_analyses(&analysing).await;
    let _ = std::fs::remove_dir_all(&data);
}

/// Eight clients importing a 50 000-game PDN file at once do not hold up the server's other
/// answers: the files are read on blocking threads, two at a time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_answers_quickly_during_large_imports() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let (base, _server) = start_with(common::one_address_many_clients()).await;
    let game = "1. 32-28 19-23 *\n";
    let pdn: String = game.repeat(50_000);
    assert!(pdn.len() < damier_web::BODY_LIMIT, "{} bytes", pdn.len());
    let c = Client::new(&base);
    let imports: Vec<_> = (0..8)
        .map(|_| {
            let c = c.clone();
            let pdn = pdn.clone();
            tokio::spawn(async move {
                let a = c
                    .post("/api/games/import", None, json!({ "pdn": pdn }))
                    .await;
                assert_eq!(a.status, 201, "{}", a.body);
                assert_eq!(a.body["games_in_file"], 50_000);
            })
        })
        .collect();
    let mut latencies = Vec::new();
    while imports.iter().any(|h| !h.is_finished()) {
        let t = Instant::now();
        assert_eq!(c.get("/api/health").await.status, 200);
        latencies.push(t.elapsed().as_micros() as u64);
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    for h in imports {
        h.await.expect("an import panicked");
    }
    latencies.sort_unstable();
    let p99 = latencies[(latencies.len() * 99 / 100).min(latencies.len() - 1)];
    println!(
        "health during 8 imports of 50 000 games: {} requests, median {} µs, p99 {} µs",
        latencies.len(),
        latencies[latencies.len() / 2],
        p99
    );
    assert!(
        latencies.len() >= 10,
        "the imports ended too soon to measure"
    );
    // Measured p99 about 5 ms on two cores (docs/server.md); the bound leaves room for a
    // busy machine and still fails the old way, parsing on the async workers (median 665 ms).
    assert!(p99 < 250_000, "p99 {p99} µs");
}
