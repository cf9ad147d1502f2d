//! The puzzles' lines and their judge: each step describes its move fully (two captures may
//! share start and end); after a puzzle's first move, a move other than the line's that
//! reaches the goal too is accepted, with the rest of a line that does.

use crate::common::{start, Client};
use damier_core::Variant;
use damier_game::Board;
use serde_json::{json, Value};

/// `international-18` of the shipped set: White crowns. Its 11th ply is 6-44; 6-39 crowns
/// too, 6-17 does not.
const FEN: &str = "W:W26,27,31,32,36,37,38,43:B4,5,11,16,18,22,30,K49";
const LINE: [&str; 15] = [
    "32-28", "22x42", "37x48", "49x21", "26x6", "18-23", "6-1", "23-28", "1-6", "28-32", "6-44",
    "30-35", "44-49", "5-10", "49x27",
];
const JUDGE: &str = "/api/variants/international/puzzles/international-18/judge";

fn notations(steps: &Value) -> Vec<&str> {
    steps
        .as_array()
        .unwrap_or_else(|| panic!("steps: {steps}"))
        .iter()
        .map(|s| s["notation"].as_str().unwrap())
        .collect()
}

/// The position after `plies` of `line` from the puzzle's start.
fn after(line: &[&str]) -> Board {
    line.iter().fold(
        Board::from_fen(Variant::INTERNATIONAL, FEN).unwrap(),
        |b, t| b.play_unchecked(&b.parse_move(t).unwrap()),
    )
}

#[tokio::test]
async fn another_way_to_the_goal_is_accepted_after_the_first_move() {
    let c = Client::new(&start().await);
    let puzzles = c.get("/api/variants/international/puzzles").await.body;
    let shipped = puzzles
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "international-18")
        .expect("international-18 is shipped");
    assert_eq!(shipped["fen"], after(&[]).fen());
    assert_eq!(notations(&shipped["steps"]), LINE);
    assert_eq!(shipped["task"], "White to play and crown");

    // 6-39 instead of 6-44: the judge's line from it, each step with the position after it.
    let a = c
        .post(JUDGE, None, json!({"line": &LINE[..10], "move": "6-39"}))
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.body["accepted"], true, "{}", a.body);
    let rest = ["6-39", "30-35", "39-43", "32-37", "31x42"];
    assert_eq!(notations(&a.body["steps"]), rest);
    let mut followed = LINE[..10].to_vec();
    for (k, step) in a.body["steps"].as_array().unwrap().iter().enumerate() {
        followed.push(rest[k]);
        assert_eq!(step["fen"], after(&followed).fen(), "{step}");
    }
    assert_eq!(
        (&a.body["steps"][0]["from"], &a.body["steps"][0]["to"]),
        (&json!("6"), &json!("39"))
    );

    // The line followed may be the judge's, not the puzzle's: from there, on its way.
    let a = c
        .post(
            JUDGE,
            None,
            json!({"line": &followed[..12], "move": "39-43"}),
        )
        .await;
    assert_eq!(a.body["accepted"], true, "{}", a.body);
    assert_eq!(notations(&a.body["steps"])[0], "39-43");

    // 6-17 gives the crowned man up.
    let a = c
        .post(JUDGE, None, json!({"line": &LINE[..10], "move": "6-17"}))
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.body, json!({"accepted": false}));

    // The line's own move is accepted with the rest of the line.
    let a = c
        .post(JUDGE, None, json!({"line": &LINE[..10], "move": "6-44"}))
        .await;
    assert_eq!(notations(&a.body["steps"]), LINE[10..]);

    // The first move is the only one that wins: no other is judged.
    let a = c.post(JUDGE, None, json!({"move": "38-33"})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.body, json!({"accepted": false}));
    let a = c
        .post(JUDGE, None, json!({"line": [], "move": "32-28"}))
        .await;
    assert_eq!(notations(&a.body["steps"]), LINE);
}

#[tokio::test]
async fn bad_judge_requests_are_refused() {
    let c = Client::new(&start().await);
    let at_6 = json!({"line": &LINE[..10], "move": "6-39"});
    for (path, body, status, error, says) in [
        (
            "/api/variants/chess/puzzles/international-18/judge",
            at_6.clone(),
            404,
            "not_found",
            "chess",
        ),
        (
            "/api/variants/international/puzzles/international-9999/judge",
            at_6.clone(),
            404,
            "unknown_puzzle",
            "international-9999",
        ),
        // A puzzle of another variant is not this one's.
        (
            "/api/variants/international/puzzles/english-1/judge",
            at_6.clone(),
            404,
            "unknown_puzzle",
            "english-1",
        ),
        (
            JUDGE,
            json!({"line": &LINE[..10], "move": "6-7"}),
            422,
            "illegal_move",
            "6-7",
        ),
        (
            JUDGE,
            json!({"line": &LINE[..10], "move": "6-39", "captured": ["33"]}),
            422,
            "illegal_move",
            "captured",
        ),
        (
            JUDGE,
            json!({"line": &LINE[..10], "move": "six"}),
            422,
            "illegal_move",
            "six",
        ),
        // Not the puzzle's first move, then a ply that is not legal where it stands.
        (
            JUDGE,
            json!({"line": ["38-33"], "move": "33-29"}),
            422,
            "invalid",
            "line[0]: 38-33 is not the puzzle's first move, 32-28",
        ),
        (
            JUDGE,
            json!({"line": ["32-28", "18-23"], "move": "28x19"}),
            422,
            "invalid",
            "line[1]",
        ),
        // Black to move after an odd number of plies.
        (
            JUDGE,
            json!({"line": &LINE[..11], "move": "30-35"}),
            422,
            "invalid",
            "not the solver's turn",
        ),
        (
            JUDGE,
            json!({"line": vec!["32-28"; 201], "move": "6-39"}),
            422,
            "invalid",
            "at most 200",
        ),
        (JUDGE, json!(["6-39"]), 400, "bad_request", "object"),
        (
            JUDGE,
            json!({"line": &LINE[..10]}),
            400,
            "bad_request",
            "move",
        ),
        (
            JUDGE,
            json!({"line": &LINE[..10], "move": "6-39", "ply": 10}),
            400,
            "bad_request",
            "ply",
        ),
    ] {
        let a = c.post(path, None, body.clone()).await;
        assert_eq!(a.status, status, "{path} {body}: {}", a.body);
        assert_eq!(a.body["error"], error, "{path} {body}: {}", a.body);
        let message = a.body["message"].as_str().unwrap();
        assert!(message.contains(says), "{path} {body}: {message}");
    }
    assert_eq!(c.get(JUDGE).await.status, 405);
}

/// `turkish-giveaway-57`: after `b2-b1 a5-b5` the new king's captures `b1xb7xg7xg3xd3xd6`
/// (the line's) and `b1xb7xh7xh3xd3xd6` start and end alike and take other men.
const TURKISH: &str = "/api/variants/turkish-giveaway/puzzles/turkish-giveaway-57/judge";

#[tokio::test]
async fn steps_tell_captures_apart_and_an_ambiguous_capture_is_judged() {
    let c = Client::new(&start().await);
    let puzzles = c.get("/api/variants/turkish-giveaway/puzzles").await.body;
    let shipped = puzzles
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "turkish-giveaway-57")
        .expect("turkish-giveaway-57 is shipped");
    assert_eq!(
        notations(&shipped["steps"]),
        ["b2-b1", "a5-b5", "b1xb7xg7xg3xd3xd6", "f4-g4", "d6-h6"]
    );
    // Each step is described as a game's moves are: long form, path and the men taken.
    assert_eq!(
        shipped["steps"][2],
        json!({
            "notation": "b1xb7xg7xg3xd3xd6", "long": "b1xb7xg7xg3xd3xd6", "from": "b1",
            "to": "d6", "path": ["b1", "b7", "g7", "g3", "d3", "d6"],
            "captured": ["f3", "d4", "g4", "b5", "f7"], "fen": "W:Wh2,f4,h5:BKd6",
        })
    );
    assert_eq!(
        (&shipped["steps"][0]["long"], &shipped["steps"][0]["path"]),
        (&json!("b2-b1"), &json!(["b2", "b1"]))
    );
    assert_eq!(shipped["steps"][0]["captured"], json!([]));

    // Start and end alone do not tell the captures apart...
    let line = ["b2-b1", "a5-b5"];
    let a = c
        .post(TURKISH, None, json!({"line": line, "move": "b1xd6"}))
        .await;
    assert_eq!(a.status, 422, "{}", a.body);
    assert_eq!(a.body["error"], "ambiguous_move", "{}", a.body);
    // ... the captured squares do: the line's is accepted with the rest of the line, the
    // other is judged (it does not win).
    let lines_men = ["f3", "d4", "g4", "b5", "f7"];
    let other_men = ["f3", "d4", "b5", "h5", "f7"];
    let a = c
        .post(
            TURKISH,
            None,
            json!({"line": line, "move": "b1xd6", "captured": lines_men}),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.body["accepted"], true, "{}", a.body);
    assert_eq!(
        notations(&a.body["steps"]),
        ["b1xb7xg7xg3xd3xd6", "f4-g4", "d6-h6"]
    );
    assert_eq!(a.body["steps"][0]["captured"], json!(lines_men));
    let a = c
        .post(
            TURKISH,
            None,
            json!({"line": line, "move": "b1xd6", "captured": other_men}),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.body, json!({"accepted": false}));
    // The page sends a move's long form with its captured squares.
    let a = c
        .post(
            TURKISH,
            None,
            json!({"line": line, "move": "b1xb7xh7xh3xd3xd6", "captured": other_men}),
        )
        .await;
    assert_eq!(a.body, json!({"accepted": false}), "{}", a.body);
}
