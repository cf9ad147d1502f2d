//! How puzzles are counted into the rating: once, however often one is tried again, and a
//! wrong move then Retry as not solved.

use super::open_page;
use super::puzzles::{feedback, finish_57_cleanly, open_puzzles, show_only};
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_is_counted_once_however_often_it_is_tried_again() {
    let Some(page) = open_page("puzzle-counting").await else {
        return;
    };
    // turkish-giveaway-57 (made the one puzzle shown), solved cleanly once: its line's
    // capture, b1xb7xg7xg3xd3xd6, chosen from a list (it shares b1 and d6 with
    // b1xb7xh7xh3xd3xd6).
    open_puzzles(&page).await;
    show_only(&page, "turkish-giveaway", "turkish-giveaway-57", "").await;
    page.until(
        "turkish-giveaway-57",
        "return document.getElementById('pz-name').textContent.startsWith('turkish-giveaway-57,')",
    )
    .await;
    for sq in ["b2", "b1"] {
        page.click_puzzle(sq).await;
    }
    page.until("b2-b1", &feedback("the reply was a5-b5. Your move."))
        .await;
    for sq in ["b1", "d6"] {
        page.click_puzzle(sq).await;
    }
    page.until(
        "the list of captures",
        "return !document.getElementById('pz-choices').hidden",
    )
    .await;
    finish_57_cleanly(&page, "solved cleanly").await;
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
    page.close().await;
}
