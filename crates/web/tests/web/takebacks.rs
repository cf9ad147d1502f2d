//! Takebacks between two people: one asks, the other accepts or declines; nobody takes a
//! move back alone, and a move or the end of the game withdraws the request.

use crate::common::{start, Client};
use serde_json::{json, Value};

struct Friends {
    c: Client,
    id: String,
    white: String,
    black: String,
}

impl Friends {
    async fn new(spec: Value) -> Friends {
        let c = Client::new(&start().await);
        let (id, _, created) = c.create(spec).await;
        // An engine's side has no seat.
        let seat = |side: &str| created["seats"][side].as_str().unwrap_or("").to_string();
        Friends {
            id,
            white: seat("white"),
            black: seat("black"),
            c,
        }
    }

    async fn takeback(&self, token: &str, action: &str) -> crate::common::Answer {
        self.c
            .post(
                &format!("/api/games/{}/takeback", self.id),
                Some(token),
                json!({ "action": action }),
            )
            .await
    }

    async fn plies(&self) -> usize {
        self.c.state(&self.id).await["history"]
            .as_array()
            .unwrap()
            .len()
    }
}

#[tokio::test]
async fn a_takeback_is_asked_for_and_answered_by_the_other_player() {
    let f = Friends::new(
        json!({"variant": "international", "white": "human", "black": "human", "casual": false}),
    )
    .await;
    // Nothing to take back before a move of one's own.
    let early = f.takeback(&f.white, "request").await;
    assert_eq!(early.status, 409, "{}", early.body);
    assert_eq!(early.body["message"], "white has made no move to take back");
    assert_eq!(f.c.play(&f.id, &f.white, "32-28").await.status, 200);
    assert_eq!(f.c.play(&f.id, &f.black, "19-23").await.status, 200);

    // White asks after Black's reply: accepted, both moves go, White is to move again.
    let asked = f.takeback(&f.white, "request").await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert_eq!(asked.body["takeback_request"], "white");
    let again = f.takeback(&f.white, "request").await;
    assert_eq!(again.status, 409);
    let own = f.takeback(&f.white, "accept").await;
    assert_eq!(own.status, 409);
    assert_eq!(
        own.body["message"],
        "white cannot answer its own takeback request"
    );
    let declined = f.takeback(&f.black, "decline").await;
    assert_eq!(declined.status, 200);
    assert!(declined.body["takeback_request"].is_null());
    assert_eq!(f.plies().await, 2, "a declined request takes nothing back");
    assert_eq!(f.takeback(&f.white, "request").await.status, 200);
    let accepted = f.takeback(&f.black, "accept").await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert_eq!(f.plies().await, 0);
    assert_eq!(accepted.body["side_to_move"], "white");
    assert!(accepted.body["takeback_request"].is_null());

    // Black asks while White is to move: only Black's last move goes.
    assert_eq!(f.c.play(&f.id, &f.white, "33-28").await.status, 200);
    assert_eq!(f.c.play(&f.id, &f.black, "18-22").await.status, 200);
    assert_eq!(f.takeback(&f.black, "request").await.status, 200);
    assert_eq!(f.takeback(&f.white, "accept").await.status, 200);
    assert_eq!(f.plies().await, 1);
    assert_eq!(f.c.state(&f.id).await["side_to_move"], "black");

    // A move withdraws a pending request; an answer then finds none.
    assert_eq!(f.c.play(&f.id, &f.black, "19-24").await.status, 200);
    assert_eq!(f.takeback(&f.black, "request").await.status, 200);
    assert_eq!(f.c.play(&f.id, &f.white, "38-33").await.status, 200);
    let gone = f.takeback(&f.white, "accept").await;
    assert_eq!(gone.status, 409);
    assert_eq!(gone.body["message"], "no takeback request is pending");

    // After a resignation the game stays decided.
    assert_eq!(f.takeback(&f.white, "request").await.status, 200);
    let resign =
        f.c.post(
            &format!("/api/games/{}/resign", f.id),
            Some(&f.black),
            json!({}),
        )
        .await;
    assert_eq!(resign.status, 200);
    assert!(resign.body["takeback_request"].is_null());
    let late = f.takeback(&f.white, "request").await;
    assert_eq!(late.status, 409);
    assert!(late.body["message"]
        .as_str()
        .unwrap()
        .contains("no takebacks"));
    // A word the API does not take is refused as a malformed body, naming the words it takes.
    let bad = f.takeback(&f.white, "please").await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    let message = bad.body["message"].as_str().unwrap();
    assert!(
        message.contains("action: unknown variant `please`")
            && message.contains("expected one of `request`, `accept`, `decline`"),
        "{message}"
    );
}

#[tokio::test]
async fn against_the_engine_or_with_a_clock_there_is_no_request() {
    let f = Friends::new(
        json!({"variant": "english", "white": "human", "black": "engine", "level": 1}),
    )
    .await;
    let against_engine = f.takeback(&f.white, "request").await;
    assert_eq!(against_engine.status, 409, "{}", against_engine.body);
    assert!(against_engine.body["message"]
        .as_str()
        .unwrap()
        .starts_with("takebacks by request are between two people"));

    let clocked = Friends::new(
        json!({"variant": "english", "white": "human", "black": "human", "casual": false,
        "clock": {"type": "fischer", "base_ms": 60000, "increment_ms": 0}}),
    )
    .await;
    assert_eq!(
        clocked
            .c
            .play(&clocked.id, &clocked.black, "11-15")
            .await
            .status,
        200
    );
    let refused = clocked.takeback(&clocked.black, "request").await;
    assert_eq!(refused.status, 409);
    assert_eq!(
        refused.body["message"],
        "takebacks are not allowed in a game with a clock"
    );
}
