//! Games kept in the data folder (or a PostgreSQL database) outlive the server: a second
//! server on the same folder (as after a restart) carries on every game where it was
//! answered.

use crate::common::pg::PgServer;
use crate::common::{start_with, temp_folder, Client};
use damier_web::{GameStorage, ServeOptions};
use serde_json::{json, Value};

fn kept_in(dir: &std::path::Path) -> ServeOptions {
    ServeOptions {
        data: Some(dir.to_path_buf()),
        ..ServeOptions::default()
    }
}

fn history(state: &Value) -> Vec<String> {
    state["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["notation"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn games_outlive_the_server() {
    let dir = temp_folder("saved");
    outlive(|| kept_in(&dir)).await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same with the games in PostgreSQL (`--database`): a real server, started for the test.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_outlive_the_server_on_postgresql() {
    let Some(pg) = PgServer::start("saved") else {
        return;
    };
    let url = pg.url();
    outlive(|| ServeOptions {
        database: Some(url.clone()),
        ..ServeOptions::default()
    })
    .await;
    // The storage on its own: what is written reads back, a deletion is one.
    let db = damier_web::Postgres::connect(&url).unwrap();
    let kept = db.count().unwrap();
    assert!(kept >= 3, "{kept} games kept");
    db.save("x", "{\"a\": 1}").unwrap();
    db.save("x", "{\"a\": 2}").unwrap();
    assert_eq!(db.load("x").unwrap().as_deref(), Some("{\"a\": 2}"));
    assert_eq!(db.count().unwrap(), kept + 1);
    db.delete("x").unwrap();
    assert_eq!(db.load("x").unwrap(), None);
    assert!(db.describe().starts_with("postgres://damier@127.0.0.1:"));
}

/// Games of four kinds, a server stopped and another started on the same storage.
async fn outlive(kept: impl Fn() -> ServeOptions) {
    let (base, first) = start_with(kept()).await;
    let c = Client::new(&base);

    // Two people by link, a draw offer standing.
    let (people, master, created) = c
        .create(json!({"variant": "russian", "casual": false}))
        .await;
    let white = created["seats"]["white"].as_str().unwrap().to_string();
    let black = created["seats"]["black"].as_str().unwrap().to_string();
    assert_eq!(c.play(&people, &white, "c3-d4").await.status, 200);
    assert_eq!(c.play(&people, &black, "f6-e5").await.status, 200);
    let offer = c
        .post(
            &format!("/api/games/{people}/moves"),
            Some(&white),
            json!({"move": "d4xf6", "offer_draw": true}),
        )
        .await;
    assert_eq!(offer.status, 200, "{}", offer.body);
    let before = c.state(&people).await;

    // Against the engine, its reply in.
    let (engine, engine_token, _) = c
        .create(json!({"variant": "english", "black": "engine", "level": 1}))
        .await;
    // English: Black moves first, and it is the engine.
    let replied = c.wait_for(&engine, |s| history(s).len() == 1).await;
    let engine_move = history(&replied)[0].clone();

    // On a clock, taken back, resigned.
    let (timed, timed_token, _) = c
        .create(json!({"variant": "frisian", "clock": {"type": "fischer", "base_ms": 600000, "increment_ms": 5000}}))
        .await;
    assert_eq!(c.play(&timed, &timed_token, "32-28").await.status, 200);
    let (resigned, resigned_token, _) = c.create(json!({"variant": "pool"})).await;
    assert_eq!(
        c.play(&resigned, &resigned_token, "11-15").await.status,
        200
    );
    let r = c
        .post(
            &format!("/api/games/{resigned}/resign"),
            Some(&resigned_token),
            json!({}),
        )
        .await;
    assert_eq!(r.status, 200);

    // The server goes; another starts on the same folder.
    first.abort();
    let _ = first.await;
    let (base, _second) = start_with(kept()).await;
    let c = Client::new(&base);

    let after = c.state(&people).await;
    assert_eq!(history(&after), history(&before));
    assert_eq!(after["draw_offer"], "white");
    assert_eq!(after["fen"], before["fen"]);
    assert!(after["version"].as_u64() > before["version"].as_u64());
    // The tokens still hold; the offer is still there to answer.
    assert_eq!(c.play(&people, &white, "h6-g5").await.status, 403);
    let declined = c
        .post(
            &format!("/api/games/{people}/draw"),
            Some(&black),
            json!({"action": "decline"}),
        )
        .await;
    assert_eq!(declined.status, 200, "{}", declined.body);
    assert_eq!(c.play(&people, &black, "g7xe5").await.status, 200);
    let pdn = c.pdn(&people).await;
    assert!(pdn.contains("1. c3-d4 f6-e5 2. d4:f6"), "{pdn}");

    // The engine game goes on: a move gets the engine's reply.
    let s = c.state(&engine).await;
    assert_eq!(history(&s), vec![engine_move]);
    let mv = s["moves"][0]["short"].as_str().unwrap().to_string();
    assert_eq!(c.play(&engine, &engine_token, &mv).await.status, 200);
    c.wait_for(&engine, |s| history(s).len() == 3).await;

    // The clock kept Black's running turn and White's time after the increment.
    let s = c.state(&timed).await;
    assert_eq!(s["clock"]["running"], "black");
    let white_ms = s["clock"]["white_ms"].as_u64().unwrap();
    assert!((600_000..=605_000).contains(&white_ms), "{white_ms}");
    assert!(s["clock"]["black_ms"].as_u64().unwrap() > 590_000);

    let s = c.state(&resigned).await;
    assert_eq!(s["result"]["reason"], "resignation");
    assert_eq!(s["may_undo"], false);

    // A deleted game stays deleted.
    let d = c
        .send(
            reqwest::Method::DELETE,
            &format!("/api/games/{people}"),
            Some(&master),
            None,
        )
        .await;
    assert_eq!(d.status, 200);
    let (base, _third) = start_with(kept()).await;
    let c = Client::new(&base);
    assert_eq!(c.get(&format!("/api/games/{people}")).await.status, 404);
    assert_eq!(c.state(&resigned).await["result"]["reason"], "resignation");
}

/// Changes only clients see (an analysis starting and ending) write nothing, yet the game
/// rebuilt after a restart has a higher version than any a client saw: the page ignores a
/// state older than the one it shows.
#[tokio::test]
async fn the_version_never_goes_back_over_a_restart() {
    let dir = temp_folder("version");
    let (base, first) = start_with(kept_in(&dir)).await;
    let c = Client::new(&base);
    let (id, token, _) = c.create(json!({})).await;
    assert_eq!(c.play(&id, &token, "32-28").await.status, 200);
    for _ in 0..2 {
        let a = c
            .act(&id, &token, "analysis", json!({"time_ms": 100}))
            .await;
        assert_eq!(a.status, 200, "{}", a.body);
        c.wait_for(&id, |s| s["busy"].is_null()).await;
    }
    let seen = c.state(&id).await["version"].as_u64().unwrap();
    first.abort();
    let _ = first.await;
    let (base, _second) = start_with(kept_in(&dir)).await;
    let c = Client::new(&base);
    let after = c.state(&id).await;
    assert_eq!(history(&after), vec!["32-28"]);
    let version = after["version"].as_u64().unwrap();
    assert!(
        version > seen,
        "version {version} after the restart, {seen} before"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_damaged_record_is_an_error_not_a_crash() {
    let dir = temp_folder("damaged");
    let (base, first) = start_with(kept_in(&dir)).await;
    let c = Client::new(&base);
    let (id, _, _) = c.create(json!({"variant": "turkish"})).await;
    first.abort();
    let _ = first.await;
    let db = rusqlite::Connection::open(dir.join("games.sqlite")).unwrap();
    db.execute(
        "UPDATE games SET record = replace(record, '\"variant\":\"turkish\"', '\"variant\":\"chess\"')",
        [],
    )
    .unwrap();
    let (base, _second) = start_with(kept_in(&dir)).await;
    let c = Client::new(&base);
    let a = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(a.status, 500, "{}", a.body);
    assert!(
        a.body["message"]
            .as_str()
            .unwrap()
            .contains("unknown variant 'chess'"),
        "{}",
        a.body
    );
    assert_eq!(c.get("/api/games/no-such-game").await.status, 404);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_folder_that_cannot_hold_the_database_is_refused() {
    let dir = temp_folder("not-a-folder");
    std::fs::write(&dir, "a file").unwrap();
    let err = damier_web::Server::bind("127.0.0.1:0", kept_in(&dir))
        .await
        .err()
        .expect("refused");
    assert!(err.to_string().contains("data folder"), "{err}");
    let _ = std::fs::remove_file(&dir);
}
