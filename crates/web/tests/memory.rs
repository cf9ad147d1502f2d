//! The server's memory with many games: in a test binary of its own, since it reads the
//! process's resident memory, which tests beside it would change.

mod common;

use common::{start_with, Client, Rng};
use serde_json::json;

/// Counts the bytes the process holds on its heap: what the server keeps, apart from what the
/// allocator keeps after it was freed (that varies from run to run with the threads' timing).
#[global_allocator]
static HEAP: cap::Cap<std::alloc::System> = cap::Cap::new(std::alloc::System, usize::MAX);

fn heap_mb() -> f64 {
    HEAP.allocated() as f64 / (1024.0 * 1024.0)
}

const VARIANTS: [&str; 5] = ["english", "russian", "international", "turkish", "thai"];

/// The process's resident memory, MiB (Linux; `None` elsewhere).
fn resident_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// MiB a server may use beyond its `--hash` (the side table of analyses, the page, the
/// puzzles, each game's record and its engine's state, and what the allocator keeps of what
/// was freed): the budget docs/server.md states. Runs of 2026-11-30 grew 87–97 MiB with
/// `--hash 64`; before the side table was shared (each analysis made and freed its own, and
/// glibc then kept freed memory) they grew 130–231.
const OVERHEAD_MB: f64 = 80.0;

/// MiB the server's own heap may hold beyond `--hash`: what it keeps, whatever the allocator
/// does (runs of 2026-11-30: 8–13).
const HEAP_OVERHEAD_MB: f64 = 32.0;

/// Many games against the engine and analyses at once keep the server within `--hash` and a
/// stated overhead: every game's engine searches the one shared table, so the memory does
/// not grow with the games (it was 13 MB a game with a table each).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_stays_within_the_hash_budget() {
    let Some(before) = resident_mb() else {
        return;
    };
    let heap_before = heap_mb();
    let hash_mb = 64;
    let (base, _server) = start_with(damier_web::ServeOptions {
        hash_mb,
        search_slots: 2,
        ..common::one_address_many_clients()
    })
    .await;
    let c = Client::new(&base);
    let mut rng = Rng(0x3E30);
    let games = 60;
    for i in 0..games {
        let variant = VARIANTS[i % VARIANTS.len()];
        let (id, token, created) = c
            .create(json!({"variant": variant, "black": "engine", "level": 3}))
            .await;
        let _ = created;
        for _ in 0..3 {
            // The engine may move first (Black opens in English and its kin).
            let state = c
                .wait_for(&id, |s| {
                    s["side_to_move"] == "white" && s["busy"].is_null() || !s["result"].is_null()
                })
                .await;
            let moves = state["moves"].as_array().unwrap().clone();
            if moves.is_empty() || !state["result"].is_null() {
                break;
            }
            let mv = moves[(rng.next() % moves.len() as u64) as usize]["short"]
                .as_str()
                .unwrap()
                .to_string();
            let a = c.play(&id, &token, &mv).await;
            assert_eq!(a.status, 200, "{}", a.body);
        }
        let state = c
            .wait_for(&id, |s| s["busy"].is_null() || !s["result"].is_null())
            .await;
        if i % 8 == 0 && state["result"].is_null() {
            let a = c
                .act(&id, &token, "analysis", json!({"time_ms": 300, "lines": 3}))
                .await;
            assert_eq!(a.status, 200, "{}", a.body);
        }
    }
    let after = resident_mb().unwrap();
    let grown = after - before;
    let heap_grown = heap_mb() - heap_before;
    println!(
        "memory: {games} games, --hash {hash_mb}: {before:.0} -> {after:.0} MiB (+{grown:.0}), heap +{heap_grown:.0} MiB"
    );
    assert!(
        heap_grown < hash_mb as f64 + HEAP_OVERHEAD_MB,
        "the server's heap grew by {heap_grown:.0} MiB with --hash {hash_mb} (budget {hash_mb} + {HEAP_OVERHEAD_MB})"
    );
    assert!(
        grown < hash_mb as f64 + OVERHEAD_MB,
        "the server grew by {grown:.0} MiB with --hash {hash_mb} (budget {hash_mb} + {OVERHEAD_MB})"
    );
}
