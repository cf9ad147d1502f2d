//! The Puzzles panel: puzzles solved by real clicks on its board, moves entered from the
//! position's legal moves, another way to the goal judged by the server; the rating, kept in
//! the browser, moves.

use super::{open_page, Page};
use serde_json::{json, Value};

/// The Puzzles panel open on an English puzzle: over a Turkish game (a game closes the
/// New-game dialog the page opens with, and the panel first shows a puzzle of the game's
/// variant), then English chosen in the panel.
pub(super) async fn open_puzzles(page: &Page) {
    page.new_game("turkish", "hotseat", "white", None).await;
    page.click("#btn-puzzles").await;
    page.js("const e = document.getElementById('pz-variant'); e.value = 'english'; e.dispatchEvent(new Event('change')); return true;")
        .await;
    page.until(
        "an English puzzle",
        "return document.getElementById('pz-name').textContent.startsWith('english-')",
    )
    .await;
}

/// `variant`'s shipped puzzles but `id`, by id: marked seen, they leave `id` the one shown.
pub(super) async fn all_but(page: &Page, variant: &str, id: &str) -> Value {
    let puzzles = page
        .api
        .get(&format!("/api/variants/{variant}/puzzles"))
        .await
        .body;
    let ids = puzzles.as_array().unwrap().iter().map(|p| p["id"].clone());
    Value::Array(ids.filter(|p| p != id).collect())
}

/// The Puzzles panel switched to `variant` with a fresh rating and every puzzle but `id`
/// seen, so that `id` is the one shown; `before` is script run first.
pub(super) async fn show_only(page: &Page, variant: &str, id: &str, before: &str) {
    let seen = all_but(page, variant, id).await;
    page.js(&format!(
        "{before} const all = JSON.parse(localStorage.getItem('damier.puzzles') || '{{}}'); \
         all['{variant}'] = {{value: 1200, solved: 0, failed: 0, seen: {seen}}}; \
         localStorage.setItem('damier.puzzles', JSON.stringify(all)); \
         const e = document.getElementById('pz-variant'); e.value = '{variant}'; \
         e.dispatchEvent(new Event('change')); return true;"
    ))
    .await;
}

/// A wait for the Puzzles panel's feedback to say `said`.
pub(super) fn feedback(said: &str) -> String {
    format!("return document.getElementById('pz-feedback').textContent.includes('{said}')")
}

/// turkish-giveaway-57 from its list of captures on: the line's capture chosen, the king's
/// last move played, the puzzle solved and counted solved cleanly (`why` says why that is
/// right here).
pub(super) async fn finish_57_cleanly(page: &Page, why: &str) {
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
        "{why}: {kept}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_is_solved_by_clicks_after_a_hint_and_the_rating_moves() {
    let Some(page) = open_page("puzzles").await else {
        return;
    };
    // The Puzzles panel: a shipped English puzzle solved by real clicks, after a hint;
    // the rating, kept in the browser, moves.
    open_puzzles(&page).await;
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
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_first_move_another_way_to_the_goal_counts() {
    let Some(page) = open_page("puzzle-other-way").await else {
        return;
    };
    // After the first move another way to the goal counts: in international-18 (made the
    // only puzzle not met, so the one shown) 6-17 is not the move, and 6-39, not the
    // line's 6-44, is judged by the server and the line it answers followed to the end.
    open_puzzles(&page).await;
    show_only(&page, "international", "international-18", "").await;
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
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_move_is_entered_from_the_legal_moves_and_a_capture_chosen_from_a_list() {
    let Some(page) = open_page("puzzle-legal-moves").await else {
        return;
    };
    // Moves are entered as on the game's board, from the position's legal moves. In
    // turkish-giveaway-57 (made the one puzzle shown) the moves cannot be read at first:
    // said, not counted. Then a move the man cannot make, and a quiet move while the
    // king it crowned must capture, are told as not legal, not counted either; the
    // line's capture, b1xb7xg7xg3xd3xd6, shares b1 and d6 with b1xb7xh7xh3xd3xd6 and is
    // chosen from a list; the puzzle is solved cleanly.
    open_puzzles(&page).await;
    show_only(
        &page,
        "turkish-giveaway",
        "turkish-giveaway-57",
        "window.realFetch = window.fetch; \
         window.fetch = (url, opts) => String(url).includes('/api/positions') \
           ? Promise.reject(new TypeError('offline for the test')) : window.realFetch(url, opts);",
    )
    .await;
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
    finish_57_cleanly(
        &page,
        "neither the unread moves nor the illegal ones were mistakes",
    )
    .await;
    page.close().await;
}
