//! The HTTP and WebSocket API against a real server on a loopback port.

use crate::common::{plies, start, Client};
use damier_core::Variant;
use damier_game::Board;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};

#[tokio::test]
async fn variants_and_health() {
    let c = Client::new(&start().await);
    let v = c.get("/api/variants").await;
    assert_eq!(v.status, 200);
    let list = v.body.as_array().unwrap();
    assert_eq!(list.len(), 34);
    let frysk = list.iter().find(|x| x["id"] == "frysk").unwrap();
    assert_eq!(frysk["start_fen"], "W:W46,47,48,49,50:B1,2,3,4,5");
    let turkish = list.iter().find(|x| x["id"] == "turkish").unwrap();
    assert_eq!(turkish["squares"].as_array().unwrap().len(), 64);
    assert_eq!(turkish["orthogonal"], true);
    assert_eq!(c.get("/api/variants/shashki").await.body["id"], "russian");
    assert_eq!(c.get("/api/variants/chess").await.status, 404);
    // One line on each variant, and its rules with example positions.
    let thai = c.get("/api/variants/thai").await.body;
    assert!(
        thai["summary"]
            .as_str()
            .unwrap()
            .contains("land directly behind"),
        "{thai}"
    );
    let rules = c.get("/api/variants/frisian/rules").await;
    assert_eq!(rules.status, 200);
    assert_eq!(rules.body["variant"], "frisian");
    let titles: Vec<&str> = rules.body["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["title"].as_str().unwrap())
        .collect();
    assert!(titles.contains(&"Capturing"), "{titles:?}");
    let examples = rules.body["examples"].as_array().unwrap();
    assert!(
        examples
            .iter()
            .any(|e| e["title"] == "Take the highest value"),
        "{examples:?}"
    );
    for e in examples {
        let board =
            Board::from_fen("frisian".parse().unwrap(), e["fen"].as_str().unwrap()).unwrap();
        for answer in e["answers"].as_array().unwrap() {
            assert!(board.parse_move(answer.as_str().unwrap()).is_ok(), "{e}");
        }
    }
    assert_eq!(c.get("/api/variants/chess/rules").await.status, 404);
    // The shipped puzzles: each step's move is legal where it stands and leads to its FEN.
    let puzzles = c.get("/api/variants/international/puzzles").await;
    assert_eq!(puzzles.status, 200);
    let puzzles = puzzles.body.as_array().unwrap().clone();
    assert!(puzzles.len() >= 200, "{}", puzzles.len());
    for p in &puzzles {
        let mut board =
            Board::from_fen(Variant::INTERNATIONAL, p["fen"].as_str().unwrap()).unwrap();
        assert_eq!(p["side"], board.side().name());
        assert!(p["task"].as_str().unwrap().contains("to play and"), "{p}");
        let steps = p["steps"].as_array().unwrap();
        assert_eq!(steps.len() % 2, 1, "{p}");
        for step in steps {
            let mv = board
                .parse_move(step["notation"].as_str().unwrap())
                .unwrap();
            assert_eq!(board.names().name(mv.from), step["from"]);
            board = board.play_unchecked(&mv);
            assert_eq!(board.fen(), step["fen"].as_str().unwrap());
        }
    }
    assert_eq!(c.get("/api/variants/chess/puzzles").await.status, 404);
    // The ballot decks, for the New-game dialog.
    let ballots = c.get("/api/ballots").await.body;
    let three = ballots["three-move"].as_array().unwrap();
    assert_eq!(three.len(), 174);
    assert_eq!(three.iter().filter(|b| b["barred"] == true).count(), 18);
    assert_eq!(three[0]["moves"], "9-13 21-17 5-9");
    assert_eq!(ballots["two-move"].as_array().unwrap().len(), 47);
    assert_eq!(c.get("/api/health").await.body["ok"], true);
    let page = c.http.get(format!("{}/", c.base)).send().await.unwrap();
    assert!(page.text().await.unwrap().contains("/assets/app.js"));
    for asset in ["app.js", "board.js", "style.css"] {
        let r = c
            .http
            .get(format!("{}/assets/{asset}", c.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{asset}");
    }
}

/// The solver's rating and the next puzzle come from the server, as the terminal moves and
/// chooses them: a clean solve of a puzzle rated as the solver is worth half the first
/// results' factor (40), the next puzzle is the unseen one nearest the rating, and the set
/// starts over once every puzzle was met.
#[tokio::test]
async fn the_server_counts_a_puzzle_result_and_chooses_the_next_puzzle() {
    let c = Client::new(&start().await);
    let puzzles = c.get("/api/variants/english/puzzles").await.body;
    let puzzles = puzzles.as_array().unwrap();
    let (id, rating) = (
        puzzles[0]["id"].as_str().unwrap(),
        puzzles[0]["rating"].as_f64().unwrap(),
    );
    let path = format!("/api/variants/english/puzzles/{id}/result");
    let r = c
        .post(
            &path,
            None,
            json!({"rating": {"value": rating, "solved": 3, "failed": 1}, "solved": true}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["change"], json!(20.0));
    assert_eq!(
        r.body["rating"],
        json!({"value": rating + 20.0, "solved": 4, "failed": 1})
    );
    // After twenty results the factor is 20: a failure against a puzzle far below costs it.
    let r = c
        .post(
            &path,
            None,
            json!({"rating": {"value": rating + 2000.0, "solved": 15, "failed": 5}, "solved": false}),
        )
        .await;
    assert!(
        (r.body["change"].as_f64().unwrap() + 20.0).abs() < 0.01,
        "{}",
        r.body
    );
    assert_eq!(r.body["rating"]["failed"], 6);
    // The next puzzle: the unseen one nearest the rating, not the one passed over.
    let nearest = |value: f64, skip: &[&str]| {
        puzzles
            .iter()
            .filter(|p| !skip.contains(&p["id"].as_str().unwrap()))
            .min_by(|a, b| {
                let d = |p: &Value| (p["rating"].as_f64().unwrap() - value).abs();
                d(a).total_cmp(&d(b))
            })
            .unwrap()["id"]
            .clone()
    };
    let next = c
        .post(
            "/api/variants/english/puzzles/next",
            None,
            json!({"rating": 1500.0, "seen": [], "current": null}),
        )
        .await;
    assert_eq!(next.status, 200, "{}", next.body);
    assert_eq!(next.body["id"], nearest(1500.0, &[]));
    assert_eq!(next.body["again"], false);
    let first = next.body["id"].as_str().unwrap().to_string();
    let next = c
        .post(
            "/api/variants/english/puzzles/next",
            None,
            json!({"rating": 1500.0, "seen": [], "current": first}),
        )
        .await;
    assert_eq!(next.body["id"], nearest(1500.0, &[first.as_str()]));
    let all: Vec<&str> = puzzles.iter().map(|p| p["id"].as_str().unwrap()).collect();
    let next = c
        .post(
            "/api/variants/english/puzzles/next",
            None,
            json!({"rating": 1500.0, "seen": all}),
        )
        .await;
    assert_eq!(next.body["again"], true, "{}", next.body);
    assert_eq!(next.body["id"], nearest(1500.0, &[]));
    // Refused, with what was wrong.
    let bad = c
        .post(
            "/api/variants/english/puzzles/english-0/result",
            None,
            json!({"rating": {"value": 1200.0, "solved": 0, "failed": 0}, "solved": true}),
        )
        .await;
    assert_eq!(
        (bad.status, bad.body["error"].clone()),
        (404, json!("unknown_puzzle"))
    );
    let bad = c
        .post(
            &path,
            None,
            json!({"rating": {"value": 1e9, "solved": 0, "failed": 0}, "solved": true}),
        )
        .await;
    assert_eq!(bad.status, 422, "{}", bad.body);
    assert!(
        bad.body["message"]
            .as_str()
            .unwrap()
            .starts_with("rating.value must be between"),
        "{}",
        bad.body
    );
    let bad = c
        .post(
            "/api/variants/english/puzzles/next",
            None,
            json!({"seen": []}),
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert!(
        bad.body["message"].as_str().unwrap().contains("rating"),
        "{}",
        bad.body
    );
    let bad = c
        .post(
            "/api/variants/chess/puzzles/next",
            None,
            json!({"rating": 1200.0}),
        )
        .await;
    assert_eq!(bad.status, 404);
}

/// Each rules example carries its legal moves and its answers as whole moves (long form, path,
/// captured squares) beside the short forms, so that the page reads the learner's move from the
/// legal ones and compares it with an answer by the pieces it takes, not by its start and end
/// squares alone.
#[tokio::test]
async fn rules_examples_carry_their_legal_moves_and_their_answers_as_moves() {
    let c = Client::new(&start().await);
    let mut answers_seen = 0;
    for variant in Variant::all() {
        let rules = c.get(&format!("/api/variants/{variant}/rules")).await;
        assert_eq!(rules.status, 200, "{variant}");
        for e in rules.body["examples"].as_array().unwrap() {
            let board = Board::from_fen(variant, e["fen"].as_str().unwrap()).unwrap();
            assert_eq!(e["moves"], json!(board.describe_moves()), "{variant}: {e}");
            let moves = e["moves"].as_array().unwrap();
            let answer_moves = e["answer_moves"].as_array().unwrap();
            // One move per answer, in the same order: each short form names one legal move.
            let shorts: Vec<&Value> = answer_moves.iter().map(|m| &m["short"]).collect();
            let answers: Vec<&Value> = e["answers"].as_array().unwrap().iter().collect();
            assert_eq!(shorts, answers, "{variant}: {e}");
            for m in answer_moves {
                assert!(moves.contains(m), "{variant}: {m} is not legal in {e}");
                let captured: Vec<String> = m["captured"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_str().unwrap().to_string())
                    .collect();
                let mv = board
                    .find_move(m["long"].as_str().unwrap(), Some(&captured))
                    .unwrap();
                assert_eq!(json!(board.describe(&mv)), *m, "{variant}: {e}");
                answers_seen += 1;
            }
            if e["title"] == "Take the most pieces" {
                assert!(
                    answer_moves
                        .iter()
                        .all(|m| m["captured"].as_array().unwrap().len() >= 2),
                    "{variant}: {e}"
                );
            }
        }
    }
    assert!(answers_seen > 100, "{answers_seen} answers");
}

#[tokio::test]
async fn games_in_several_variants_play_undo_and_redo() {
    let c = Client::new(&start().await);
    for (variant, first, second) in [
        ("international", "32-28", "19-23"),
        ("english", "11-15", "22-18"),
        ("russian", "c3-d4", "f6-e5"),
        ("turkish", "a3-a4", "a6-a5"),
        ("canadian", "48-42", "25-31"),
    ] {
        let (id, token, created) = c.create(json!({ "variant": variant })).await;
        assert_eq!(created["state"]["variant"], variant);
        assert_eq!(created["state"]["you"].as_array().unwrap().len(), 2);
        let moves = c.get(&format!("/api/games/{id}/moves")).await;
        assert!(!moves.body["moves"].as_array().unwrap().is_empty());
        let a = c.play(&id, &token, first).await;
        assert_eq!(a.status, 200, "{variant} {first}: {}", a.body);
        let a = c.play(&id, &token, second).await;
        assert_eq!(a.status, 200, "{variant} {second}: {}", a.body);
        assert_eq!(plies(&a.body), 2);
        let u = c.act(&id, &token, "undo", json!({})).await;
        assert_eq!(plies(&u.body), 1, "{}", u.body);
        let r = c.act(&id, &token, "redo", json!({})).await;
        assert_eq!(plies(&r.body), 2);
        assert_eq!(r.body["history"][1]["notation"], second);
    }
}

#[tokio::test]
async fn bad_requests_get_json_errors_and_change_nothing() {
    let c = Client::new(&start().await);
    let (id, token, _) = c.create(json!({"variant": "international"})).await;
    let before = c.state(&id).await;

    // Unknown game, unknown route, wrong method.
    let a = c.play("0123456789abcdef01234567", &token, "32-28").await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (404, Some("unknown_game"))
    );
    let a = c.get("/api/nothing-here").await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (404, Some("not_found"))
    );
    // The API's root says where the API is described.
    let a = c.get("/api").await;
    assert_eq!(a.status, 200);
    assert!(a.body["description"].as_str().unwrap().contains("API.md"));
    let a = c
        .send(
            reqwest::Method::PUT,
            &format!("/api/games/{id}"),
            None,
            None,
        )
        .await;
    assert_eq!(a.status, 405);
    assert!(a.body["message"].is_string());

    // Illegal, unreadable and ambiguous-free moves.
    let a = c.play(&id, &token, "33-27").await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (422, Some("illegal_move"))
    );
    assert!(a.body["message"].as_str().unwrap().contains("33-27"));
    let a = c.play(&id, &token, "hello").await;
    assert_eq!(a.status, 422);

    // Malformed JSON, a wrong field, a wrong type, no JSON content type.
    let path = format!("{}/api/games/{id}/moves", c.base);
    let r = c
        .http
        .post(&path)
        .bearer_auth(&token)
        .header("Content-Type", "application/json")
        .body("{\"move\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["error"], "bad_request");
    let a = c.act(&id, &token, "moves", json!({"mvoe": "32-28"})).await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (400, Some("bad_request"))
    );
    let a = c.act(&id, &token, "moves", json!({"move": 3228})).await;
    assert_eq!(a.status, 400);
    let r = c
        .http
        .post(&path)
        .bearer_auth(&token)
        .body("{\"move\": \"32-28\"}")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 415);
    // Creating a game: a body must be declared JSON (an empty one needs nothing), and a
    // position the rules have already ended is refused.
    for content_type in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
    ] {
        let mut req = c.http.post(format!("{}/api/games", c.base)).body("{}");
        if let Some(t) = content_type {
            req = req.header("Content-Type", t);
        }
        let r = req.send().await.unwrap();
        assert_eq!(r.status(), 415, "{content_type:?}");
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["error"], "unsupported_media_type");
    }
    let r = c
        .http
        .post(format!("{}/api/games", c.base))
        .header("Content-Type", "application/json; charset=utf-8")
        .body("{\"variant\": \"english\"}")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let over = c.post("/api/games", None, json!({"fen": "W:W:B"})).await;
    assert_eq!(over.status, 422, "{}", over.body);
    assert!(
        over.body["message"]
            .as_str()
            .unwrap()
            .contains("over in this position"),
        "{}",
        over.body
    );

    // An oversized body.
    let big = format!("{{\"move\": \"{}\"}}", "x".repeat(2 << 20));
    let r = c
        .http
        .post(&path)
        .bearer_auth(&token)
        .header("Content-Type", "application/json")
        .body(big)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 413);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["error"], "too_large");
    let big_pdn = json!({"pdn": "1. 32-28 ".repeat(200_000)});
    assert_eq!(c.post("/api/games/import", None, big_pdn).await.status, 413);

    // No token, a wrong token, a stale ply.
    let a = c
        .post(
            &format!("/api/games/{id}/moves"),
            None,
            json!({"move": "32-28"}),
        )
        .await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (403, Some("forbidden"))
    );
    let a = c
        .post(
            &format!("/api/games/{id}/moves"),
            Some("nope"),
            json!({"move": "32-28"}),
        )
        .await;
    assert_eq!(a.status, 403);
    let a = c
        .act(&id, &token, "moves", json!({"move": "32-28", "ply": 3}))
        .await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (409, Some("conflict"))
    );

    // Bad creation requests.
    for spec in [
        json!({"variant": "chess"}),
        json!({"fen": "W:W99:B1"}),
        json!({"level": 0}),
        json!({"clock": {"type": "fischer", "base_ms": 0}}),
        json!({"variant": "international", "ballot": {"deck": "two-move"}}),
        json!({"variant": "english", "ballot": {"deck": "four-move"}}),
        json!({"variant": "english", "ballot": {"deck": "two-move", "number": 99}}),
        json!({"white": "robot"}),
    ] {
        let a = c.post("/api/games", None, spec.clone()).await;
        assert!(
            (400..500).contains(&a.status) && a.body["message"].is_string(),
            "{spec}: {} {}",
            a.status,
            a.body
        );
    }
    // Loss of turn on time is a giveaway rule (RULES.md §5).
    let turn = |variant: &str| {
        json!({"variant": variant, "timeout_penalty": "loss_of_turn",
               "clock": {"type": "fischer", "base_ms": 60000, "increment_ms": 0}})
    };
    let a = c.post("/api/games", None, turn("international")).await;
    assert_eq!(a.status, 422, "{}", a.body);
    assert!(
        a.body["message"].as_str().is_some_and(
            |m| m.starts_with("timeout_penalty: loss of turn on time is a giveaway rule")
        ),
        "{}",
        a.body
    );
    let a = c
        .post("/api/games", None, turn("international-giveaway"))
        .await;
    assert!((200..300).contains(&a.status), "{} {}", a.status, a.body);
    assert_eq!(
        c.post(
            "/api/positions",
            None,
            json!({"variant": "english", "fen": "W:W1,2"})
        )
        .await
        .status,
        422
    );

    let after = c.state(&id).await;
    assert_eq!(before, after, "refused requests changed the game");
}

#[tokio::test]
async fn multi_captures_and_ambiguous_captures() {
    let c = Client::new(&start().await);
    let (id, token, _) = c
        .create(json!({"variant": "russian", "fen": "W:Wc1:Bd2,f4,f6"}))
        .await;
    let s = c.state(&id).await;
    assert_eq!(s["moves"][0]["path"], json!(["c1", "e3", "g5", "e7"]));
    let a = c.play(&id, &token, "c1:e7").await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.body["history"][0]["captured"], json!(["d2", "f4", "f6"]));
    assert!(a.body["result"]["outcome"] == "white", "{}", a.body);

    // Two captures from 22 to 6 over different men: the short form is ambiguous.
    let (id, token, _) = c
        .create(json!({"variant": "english", "fen": "W:W22:B17,9,18,10"}))
        .await;
    let a = c.play(&id, &token, "22x6").await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (422, Some("ambiguous_move"))
    );
    assert_eq!(a.body["candidates"].as_array().unwrap().len(), 2);
    let a = c
        .act(
            &id,
            &token,
            "moves",
            json!({"move": "22x6", "captured": ["17", "9"]}),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.body["history"][0]["long"], "22x13x6");

    // The captured squares choose among the moves the text fits; they do not override it.
    let (id, token, _) = c
        .create(json!({"variant": "english", "fen": "W:W22,30:B9,10,17,18,3"}))
        .await;
    let a = c
        .act(
            &id,
            &token,
            "moves",
            json!({"move": "22x15x6", "captured": ["17", "9"]}),
        )
        .await;
    assert_eq!(a.status, 422, "{}", a.body);
    assert_eq!(plies(&c.state(&id).await), 0);
}

#[tokio::test]
async fn seats_of_a_game_by_link() {
    let c = Client::new(&start().await);
    let (id, master, created) = c.create(json!({"variant": "brazilian"})).await;
    let white = created["seats"]["white"].as_str().unwrap().to_string();
    let black = created["seats"]["black"].as_str().unwrap().to_string();
    assert_eq!(c.play(&id, &black, "c3-d4").await.status, 403);
    assert_eq!(c.play(&id, &white, "c3-d4").await.status, 200);
    assert_eq!(c.play(&id, &white, "f6-e5").await.status, 403);
    let a = c.play(&id, &black, "f6-e5").await;
    assert_eq!(a.body["you"], json!(["black"]));
    // A takeback needs the creator's token; a player resigns only for their own side.
    let u = c
        .post(&format!("/api/games/{id}/undo"), Some(&white), json!({}))
        .await;
    assert_eq!(u.status, 403);
    let r = c
        .post(
            &format!("/api/games/{id}/resign"),
            Some(&white),
            json!({"side": "black"}),
        )
        .await;
    assert_eq!(r.status, 403);
    let r = c
        .post(&format!("/api/games/{id}/resign"), Some(&black), json!({}))
        .await;
    assert_eq!(r.body["result"]["outcome"], "white", "{}", r.body);
    let d = c
        .send(
            reqwest::Method::DELETE,
            &format!("/api/games/{id}"),
            Some(&white),
            None,
        )
        .await;
    assert_eq!(d.status, 403);
    let d = c
        .send(
            reqwest::Method::DELETE,
            &format!("/api/games/{id}"),
            Some(&master),
            None,
        )
        .await;
    assert_eq!(d.status, 200);
    assert_eq!(c.get(&format!("/api/games/{id}")).await.status, 404);
}

#[tokio::test]
async fn draw_offers_and_clocks() {
    let c = Client::new(&start().await);
    let (id, token, _) = c.create(json!({"variant": "czech"})).await;
    let a = c
        .act(
            &id,
            &token,
            "moves",
            json!({"move": "c3-d4", "offer_draw": true}),
        )
        .await;
    assert_eq!(a.body["draw_offer"], "white");
    let d = c
        .act(&id, &token, "draw", json!({"action": "accept"}))
        .await;
    assert_eq!(d.body["result"]["outcome"], "draw", "{}", d.body);
    assert_eq!(d.body["result"]["reason"], "agreement");

    // The clock waits for the first move (Black's, in Pool); then a clock that runs out with
    // nobody moving is flagged by the server by itself.
    let (id, token, created) = c
        .create(json!({"variant": "pool", "clock": {"type": "fischer", "base_ms": 400, "increment_ms": 0}}))
        .await;
    assert_eq!(created["state"]["clock"]["running"], Value::Null);
    assert_eq!(created["state"]["takebacks"], false);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(c.state(&id).await["result"], Value::Null, "no time ran out");
    assert_eq!(c.play(&id, &token, "11-15").await.status, 200);
    let s = c.wait_for(&id, |s| !s["result"].is_null()).await;
    assert_eq!(s["result"]["reason"], "time");
    assert_eq!(s["result"]["outcome"], "black");
    assert_eq!(c.play(&id, &token, "22-18").await.status, 409);
}

#[tokio::test]
async fn the_engine_answers_and_analysis_streams_over_the_websocket() {
    let c = Client::new(&start().await);
    let (id, token, _) = c
        .create(json!({"variant": "frisian", "black": "engine", "level": 2}))
        .await;
    let mut ws = crate::common::watch(&c.base, &id, &token).await;
    let first: Value = match ws.next().await.unwrap().unwrap() {
        tokio_tungstenite::tungstenite::Message::Text(t) => serde_json::from_str(&t).unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!(first["type"], "state");
    assert_eq!(first["state"]["you"], json!(["white"]));
    let moves = first["state"]["moves"].as_array().unwrap().clone();
    let mv = moves[0]["short"].as_str().unwrap();
    assert_eq!(c.play(&id, &token, mv).await.status, 200);
    let s = c.wait_for(&id, |s| plies(s) == 2).await;
    assert_eq!(s["history"][1]["mover"], "black");
    assert!(s["evals"].as_array().unwrap().iter().any(|e| e["ply"] == 1));

    // Analysis of the current position, streamed.
    let a = c
        .act(
            &id,
            &token,
            "analysis",
            json!({"action": "start", "time_ms": 400}),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let mut saw_analysis = false;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    while !saw_analysis {
        let msg = tokio::time::timeout_at(deadline, ws.next())
            .await
            .expect("an analysis event in time")
            .unwrap()
            .unwrap();
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == "analysis" && v["source"] == "analysis" {
                assert_eq!(v["ply"], 2);
                assert!(v["depth"].as_i64().unwrap() >= 1);
                assert!(!v["pv"].as_array().unwrap().is_empty());
                // A server without endgame databases says so.
                assert_eq!(v.get("egdb"), Some(&Value::Null));
                // What the line wins, in words, or null: the field is always there.
                assert!(v.get("explain").is_some(), "{v}");
                saw_analysis = true;
            }
        }
    }
    ws.send(tokio_tungstenite::tungstenite::Message::Close(None))
        .await
        .ok();

    // The whole game evaluated for the graph.
    c.wait_for(&id, |s| s["busy"].is_null()).await;
    let g = c
        .act(
            &id,
            &token,
            "analysis",
            json!({"action": "game", "depth": 3}),
        )
        .await;
    assert_eq!(g.status, 200, "{}", g.body);
    let s = c
        .wait_for(&id, |s| {
            s["busy"].is_null() && s["evals"].as_array().unwrap().len() == 3
        })
        .await;
    assert_eq!(s["evals"][0]["ply"], 0);
}

#[tokio::test]
async fn analysis_streams_several_lines_when_asked() {
    let c = Client::new(&start().await);
    let (id, token, _) = c.create(json!({"variant": "international"})).await;
    let bad = c
        .act(
            &id,
            &token,
            "analysis",
            json!({"action": "start", "lines": 0}),
        )
        .await;
    assert_eq!(bad.status, 422, "{}", bad.body);
    assert_eq!(bad.body["message"], "lines must be between 1 and 64, got 0");
    let mut ws = crate::common::watch(&c.base, &id, &token).await;
    let a = c
        .act(
            &id,
            &token,
            "analysis",
            json!({"action": "start", "time_ms": 3000, "lines": 3}),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    // Each depth brings lines 1, 2 and 3 in turn, with three different first moves.
    let mut by_depth: std::collections::BTreeMap<i64, Vec<Value>> = Default::default();
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    while by_depth.values().filter(|l| l.len() == 3).count() < 3 {
        let msg = tokio::time::timeout_at(deadline, ws.next())
            .await
            .expect("analysis events in time")
            .unwrap()
            .unwrap();
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == "analysis" {
                by_depth
                    .entry(v["depth"].as_i64().unwrap())
                    .or_default()
                    .push(v);
            }
        }
    }
    for (depth, lines) in by_depth.iter().filter(|(_, l)| l.len() == 3) {
        let numbers: Vec<_> = lines
            .iter()
            .map(|v| v["multipv"].as_u64().unwrap())
            .collect();
        assert_eq!(numbers, [1, 2, 3], "depth {depth}");
        let firsts: std::collections::HashSet<_> =
            lines.iter().map(|v| v["pv"][0].as_str().unwrap()).collect();
        assert_eq!(firsts.len(), 3, "depth {depth}: {lines:?}");
    }
    c.act(&id, &token, "analysis", json!({"action": "stop"}))
        .await;
    // The position's evaluation is the best line's.
    let s = c.wait_for(&id, |s| s["busy"].is_null()).await;
    let best = by_depth.values().rev().find(|l| l.len() == 3).unwrap()[0].clone();
    let eval = &s["evals"][0];
    assert!(eval["depth"].as_i64().unwrap() >= best["depth"].as_i64().unwrap());
    if eval["depth"] == best["depth"] {
        assert_eq!(eval["pv"][0], best["pv"][0]);
    }
}

/// Fair play: two people who did not choose a casual game get no engine move and no
/// analysis until the game ends; a casual game allows both.
#[tokio::test]
async fn no_engine_help_while_two_people_play_each_other() {
    let c = Client::new(&start().await);
    let fair = json!({"variant": "russian", "white": "human", "black": "human", "casual": false});
    let (id, token, created) = c.create(fair).await;
    assert_eq!(created["state"]["engine_help"], false);
    let engine = format!("/api/games/{id}/engine");
    let analysis = format!("/api/games/{id}/analysis");
    let refused = c.post(&engine, Some(&token), json!({})).await;
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert!(refused.body["message"]
        .as_str()
        .unwrap()
        .contains("no engine help"));
    let start_analysis = json!({"action": "start", "time_ms": 100});
    assert_eq!(
        c.post(&analysis, Some(&token), start_analysis.clone())
            .await
            .status,
        409
    );
    assert_eq!(
        c.post(&analysis, Some(&token), json!({"action": "game"}))
            .await
            .status,
        409
    );
    // Once over, the engine may look.
    let r = c.act(&id, &token, "resign", json!({})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["engine_help"], true);
    assert_eq!(
        c.post(&analysis, Some(&token), start_analysis).await.status,
        200
    );
    // Chosen at the start: a casual game.
    let casual = json!({"variant": "russian", "white": "human", "black": "human", "casual": true});
    let (id, token, created) = c.create(casual).await;
    assert_eq!(created["state"]["engine_help"], true);
    let a = c.act(&id, &token, "engine", json!({"level": 1})).await;
    assert_eq!(a.status, 200, "{}", a.body);
}

#[tokio::test]
async fn engine_against_engine_and_move_now() {
    let c = Client::new(&start().await);
    let (id, _, _) = c
        .create(json!({"variant": "thai", "white": "engine", "black": "engine", "level": 1}))
        .await;
    c.wait_for(&id, |s| plies(s) >= 4).await;
    // A human asks the engine to play for them.
    let (id, token, _) = c.create(json!({"variant": "spanish"})).await;
    let a = c.act(&id, &token, "engine", json!({"level": 1})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let s = c.wait_for(&id, |s| plies(s) == 1).await;
    assert_eq!(s["players"]["white"]["type"], "human");
}

#[tokio::test]
async fn pdn_export_and_import() {
    let c = Client::new(&start().await);
    let (id, token, _) = c
        .create(json!({"variant": "english", "ballot": {"deck": "three-move", "number": 1}}))
        .await;
    let s = c.state(&id).await;
    assert_eq!(plies(&s), 3);
    let next = s["moves"][0]["short"].as_str().unwrap().to_string();
    assert_eq!(c.play(&id, &token, &next).await.status, 200);
    let pdn = c.pdn(&id).await;
    assert!(pdn.contains("[GameType \"21"), "{pdn}");
    let (_, _, imported) = {
        let a = c.post("/api/games/import", None, json!({"pdn": pdn})).await;
        assert_eq!(a.status, 201, "{}", a.body);
        (
            a.body["id"].as_str().unwrap().to_string(),
            (),
            a.body["state"].clone(),
        )
    };
    assert_eq!(imported["variant"], "english");
    assert_eq!(imported["history"], c.state(&id).await["history"]);
    let bad = c
        .post(
            "/api/games/import",
            None,
            json!({"pdn": "1. 32-28 19-24 2. 99-98 *"}),
        )
        .await;
    assert_eq!(bad.status, 422);
    assert!(
        bad.body["message"].as_str().unwrap().contains("line 1"),
        "{}",
        bad.body
    );
    // A file without a variant tag, opened from an international game: read as the variant
    // its moves fit (Russian's algebraic squares), not as the page's.
    let russian = c
        .post(
            "/api/games/import",
            None,
            json!({"pdn": "1. c3-d4 f6-g5 2. g3-h4 *", "variant": "international"}),
        )
        .await;
    assert_eq!(russian.status, 201, "{}", russian.body);
    assert_ne!(russian.body["state"]["variant"], "international");
    assert_eq!(
        russian.body["state"]["history"].as_array().unwrap().len(),
        3
    );
    // The page says how it chose, since the game is not read as the board's variant.
    let notes = russian.body["read_notes"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{}", russian.body);
    let said = notes[0].as_str().unwrap();
    assert!(
        said.starts_with("no GameType tag: read as russian"),
        "{said}"
    );
    // What reading read past is said: here a variation that is no White move.
    let annotated = c
        .post(
            "/api/games/import",
            None,
            json!({"pdn": "1. 32-28 (1. 19-23) 19-23 *"}),
        )
        .await;
    assert_eq!(annotated.status, 201, "{}", annotated.body);
    let said = annotated.body["read_notes"][0].as_str().unwrap();
    assert!(
        said.starts_with("the variation at line 1, column 10 was left out"),
        "{said}"
    );
    // Moves that fit the page's variant keep it.
    let english = c
        .post(
            "/api/games/import",
            None,
            json!({"pdn": "1. 11-15 23-19 *", "variant": "english"}),
        )
        .await;
    assert_eq!(
        english.body["state"]["variant"], "english",
        "{}",
        english.body
    );
}

/// Between two people in a casual game, each seat's engine help is its own: the other seat
/// cannot cut short a move the engine chooses for it, nor stop or replace its analysis.
#[tokio::test]
async fn a_seat_cannot_stop_the_other_seat_s_engine_help() {
    let c = Client::new(&start().await);
    // Out of the opening book (Black has a man on 24 before White moved), so that the
    // engine's move below is a search that lasts, not a book move played at once.
    let fen = "W:W31-50:B1-19,24";
    let (id, master, created) = c.create(json!({"casual": true, "fen": fen})).await;
    let white = created["seats"]["white"].as_str().unwrap().to_string();
    let black = created["seats"]["black"].as_str().unwrap().to_string();
    let engine = format!("/api/games/{id}/engine");
    let analysis = format!("/api/games/{id}/analysis");

    let long = json!({"time_ms": 300_000});
    assert_eq!(
        c.post(&analysis, Some(&white), long.clone()).await.status,
        200
    );
    let stop = json!({"action": "stop"});
    let refused = c.post(&analysis, Some(&black), stop.clone()).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    let replaced = c.post(&analysis, Some(&black), long.clone()).await;
    assert_eq!(replaced.status, 403, "{}", replaced.body);
    assert_eq!(c.state(&id).await["busy"]["kind"], "analysis");
    assert_eq!(
        c.post(&analysis, Some(&white), stop.clone()).await.status,
        200
    );
    // The creator holds both seats.
    assert_eq!(c.post(&analysis, Some(&black), long).await.status, 200);
    assert_eq!(c.post(&analysis, Some(&master), stop).await.status, 200);

    // White asks the engine for its move; Black may not hurry it, White may.
    let asked = c.post(&engine, Some(&white), json!({"level": 10})).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let hurried = c.post(&engine, Some(&black), json!({})).await;
    assert_eq!(hurried.status, 403, "{}", hurried.body);
    assert_eq!(c.state(&id).await["busy"]["kind"], "move");
    assert_eq!(c.post(&engine, Some(&white), json!({})).await.status, 200);
    let s = c.wait_for(&id, |s| plies(s) == 1).await;
    assert_eq!(s["history"][0]["mover"], "white");
}

/// A read needs no token, so an `Authorization` header of another scheme (a proxy's login)
/// does not refuse it; an action still needs a Bearer token.
#[tokio::test]
async fn a_basic_authorization_header_is_ignored_by_reads() {
    let c = Client::new(&start().await);
    let (id, _, _) = c.create(json!({})).await;
    let path = format!("{}/api/games/{id}", c.base);
    let r = c
        .http
        .get(&path)
        .basic_auth("user", Some("password"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let moved = c
        .http
        .post(format!("{path}/moves"))
        .basic_auth("user", Some("password"))
        .json(&json!({"move": "32-28"}))
        .send()
        .await
        .unwrap();
    assert_eq!(moved.status(), 403);
}

/// Bodies are JSON objects, with no field their type does not know, and a game starts
/// with a move to make: the same rule for every way of asking.
#[tokio::test]
async fn requests_are_read_strictly_and_no_game_starts_decided() {
    let c = Client::new(&start().await);
    let create = |body: Value| {
        let c = c.clone();
        async move { c.post("/api/games", None, body).await }
    };
    for body in [json!([]), json!({"clock": {"type": "none", "base_ms": 5}})] {
        let a = create(body.clone()).await;
        assert_eq!(
            (a.status, a.body["error"].as_str()),
            (400, Some("bad_request")),
            "{body}: {}",
            a.body
        );
    }
    assert_eq!(create(json!({"clock": {"type": "none"}})).await.status, 201);
    let (id, token, _) = c.create(json!({})).await;
    let a = c.act(&id, &token, "moves", json!(["32-28"])).await;
    assert_eq!(a.status, 400, "{}", a.body);
    assert_eq!(plies(&c.state(&id).await), 0);

    // Decided before it starts: whoever has no piece, before or after the moves asked for.
    for body in [
        json!({"fen": "B:W31:B"}),
        json!({"fen": "W:W31"}),
        json!({"fen": "W:W31:B"}),
        json!({"fen": "W:W28:B23", "moves": ["28x19"]}),
    ] {
        let a = create(body.clone()).await;
        assert_eq!(
            (a.status, a.body["error"].as_str()),
            (422, Some("invalid")),
            "{body}: {}",
            a.body
        );
        assert!(
            a.body["message"].as_str().unwrap().contains("over"),
            "{body}: {}",
            a.body
        );
    }
    assert_eq!(create(json!({"fen": "W:W28:B23,19"})).await.status, 201);
}

/// An action or a side is one of a few words: any other is a malformed body (400) whose
/// message names the field, the word and the words the API takes.
#[tokio::test]
async fn an_action_or_side_outside_the_api_s_words_is_refused_by_name() {
    let c = Client::new(&start().await);
    let (id, token, _) = c
        .create(json!({"variant": "international", "white": "human", "black": "human"}))
        .await;
    for (path, body, told) in [
        (
            "draw",
            json!({"action": "maybe"}),
            "action: unknown variant `maybe`, expected `accept` or `decline`",
        ),
        (
            "engine",
            json!({"action": "think"}),
            "action: unknown variant `think`, expected one of `move`, `pause`, `resume`",
        ),
        (
            "analysis",
            json!({"action": "begin"}),
            "action: unknown variant `begin`, expected one of `start`, `stop`, `game`",
        ),
        (
            "resign",
            json!({"side": "red"}),
            "side: unknown variant `red`, expected `white` or `black`",
        ),
    ] {
        let a = c.act(&id, &token, path, body).await;
        assert_eq!(
            (a.status, a.body["error"].as_str()),
            (400, Some("bad_request")),
            "{path}: {}",
            a.body
        );
        let message = a.body["message"].as_str().unwrap();
        assert!(message.contains(told), "{path}: {message}");
    }
    assert_eq!(plies(&c.state(&id).await), 0);
    assert!(c.state(&id).await["result"].is_null(), "nothing was done");
    let friend = c
        .post(
            "/api/games",
            None,
            json!({"white": "human", "black": "human", "friend": "blue"}),
        )
        .await;
    assert_eq!(friend.status, 400, "{}", friend.body);
    assert!(friend.body["message"]
        .as_str()
        .unwrap()
        .contains("friend: unknown variant `blue`"));
}

/// A strong engine opens from the compiled book, and the game's evaluation says so; an
/// analysis of the same position searches.
#[tokio::test]
async fn the_engine_opens_from_the_book_and_says_so() {
    let c = Client::new(&start().await);
    let (id, _, _) = c
        .create(json!({"variant": "international", "white": "engine", "level": 8}))
        .await;
    let s = c.wait_for(&id, |s| plies(s) >= 1).await;
    let first = &s["evals"][0];
    assert_eq!(first["book"], true, "{first}");
    assert_eq!(first["depth"], 0, "{first}");
}

/// After the game, one analysis pass judges its moves: a man given away for nothing is a
/// blunder, with the move the engine preferred; nothing is judged while the game runs.
#[tokio::test]
async fn a_finished_game_is_reviewed_move_by_move() {
    let c = Client::new(&start().await);
    // 28-22 gives the man on 28 to 17x28, with nothing to take back with.
    let (id, token, created) = c
        .create(json!({"white": "human", "black": "human", "fen": "W:W28,45:B17,6"}))
        .await;
    assert!(created["state"]["review"].is_null());
    for mv in ["45-40", "6-11", "28-22", "17x28"] {
        let a = c.play(&id, &token, mv).await;
        assert_eq!(a.status, 200, "{mv}: {}", a.body);
        assert!(a.body["review"].is_null(), "a review while the game runs");
    }
    let r = c.act(&id, &token, "resign", json!({"side": "white"})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["review"]["judged"], 0, "{}", r.body["review"]);
    let pass = c
        .act(
            &id,
            &token,
            "analysis",
            json!({"action": "game", "depth": 6}),
        )
        .await;
    assert_eq!(pass.status, 200, "{}", pass.body);
    let s = c
        .wait_for(&id, |s| {
            s["busy"].is_null() && s["review"]["judged"] == s["review"]["moves_in_game"]
        })
        .await;
    let review = &s["review"];
    assert_eq!(review["moves_in_game"], 4, "{review}");
    let blunder = review["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["ply"] == 3)
        .unwrap_or_else(|| panic!("27-22 not judged: {review}"));
    assert_eq!(blunder["mover"], "white");
    assert_eq!(blunder["judgement"], "blunder", "{blunder}");
    assert_eq!(blunder["mark"], "??");
    let after = blunder["after"].as_i64().unwrap();
    assert!(after < 0, "{blunder}");
    assert_eq!(
        blunder["after_text"],
        format!("-{}.{:02}", -after / 100, -after % 100),
        "{blunder}"
    );
    assert!(blunder["better"].is_string(), "{blunder}");
    assert_ne!(blunder["better"], "27-22");
    assert!(
        review["white"]["blunders"].as_u64().unwrap() >= 1,
        "{review}"
    );
}

/// A file of several games is listed before one is opened (players, event, result, and why
/// a game does not read); the opened game keeps its players' names, its opening comment, and
/// its move-mark glyphs ($4 is ??), and says which glyphs were left out.
#[tokio::test]
async fn the_games_of_a_pdn_file_are_listed_and_one_opened_with_its_notes() {
    let c = Client::new(&start().await);
    let pdn = "[Event \"Club night\"]\n[White \"Ada\"]\n[Black \"Bo\"]\n[Result \"2-0\"]\n\
               {A quiet start} 1. 32-28 $1 19-23 $4 $14 2. 28x19 14x23 2-0\n\n\
               [White \"Cy\"]\n[Black \"?\"]\n1. 32-29 *\n\n\
               [White \"Di\"]\n1. 31-26 19-24 *\n";
    let a = c.post("/api/pdn/games", None, json!({ "pdn": pdn })).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let games = a.body["games"].as_array().unwrap();
    assert_eq!(games.len(), 3, "{}", a.body);
    assert_eq!(games[0]["white"], "Ada");
    assert_eq!(games[0]["black"], "Bo");
    assert_eq!(games[0]["event"], "Club night");
    assert_eq!(games[0]["result"], "2-0");
    assert_eq!(games[0]["plies"], 4);
    assert!(games[1]["black"].is_null(), "an unknown player is no name");
    assert!(
        games[1]["error"].is_string(),
        "32-29 is no move: {}",
        games[1]
    );
    assert!(games[2]["error"].is_null(), "{}", games[2]);
    let none = c.post("/api/pdn/games", None, json!({"pdn": "  \n"})).await;
    assert_eq!(none.status, 422, "{}", none.body);

    let a = c
        .post("/api/games/import", None, json!({"pdn": pdn, "index": 0}))
        .await;
    assert_eq!(a.status, 201, "{}", a.body);
    let state = &a.body["state"];
    assert_eq!(state["names"], json!({"white": "Ada", "black": "Bo"}));
    assert_eq!(state["event"], "Club night");
    let notes = &a.body["notes"];
    assert_eq!(notes["comments"], json!(["A quiet start"]));
    assert_eq!(notes["moves"][0]["mark"], "!");
    assert_eq!(notes["moves"][1]["mark"], "??");
    let read = a.body["read_notes"].to_string();
    assert!(read.contains("1 annotation glyph other than"), "{read}");
}
