//! The engine and the review: an English game against the engine, whose view stays hidden
//! from its opponent until the game is over, then reviewed; a man given away marked as a
//! blunder.

use super::open_page;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_hides_its_view_until_the_game_is_over_and_a_review_judges_the_moves() {
    let Some(page) = open_page("english-engine").await else {
        return;
    };
    // English against the engine (level 1): the engine answers.
    page.new_game("english", "engine", "black", None).await;
    page.click_move("11", "15", 2).await;
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
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_review_marks_a_man_given_away_as_a_blunder() {
    let Some(page) = open_page("review").await else {
        return;
    };
    // A game on the board (it closes the New-game dialog the page opens with), before the page
    // is sent to the game to review.
    let base = page.base.clone();
    page.new_game("english", "hotseat", "white", None).await;
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
    page.close().await;
}
