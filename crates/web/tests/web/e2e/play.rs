//! Playing on: a rematch with the colours swapped, a premove, takebacks between two people,
//! and the preferences kept across a reload.

use super::{open_page, Page};
use serde_json::json;

/// The game on the board, a friend's (one started with "friend" as the opponent): its id, and
/// the seat the page keeps to send to the friend (Black's).
async fn friend_seat(page: &Page) -> (String, String) {
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
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_swaps_the_colours() {
    let Some(page) = open_page("rematch").await else {
        return;
    };
    // A game against the engine, from a position (White a man up).
    page.new_game(
        "international",
        "engine",
        "white",
        Some("W:W31,32,33,34,35,36:B16,17,18,19,20"),
    )
    .await;
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
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_premove_is_played_when_the_turn_comes() {
    let Some(page) = open_page("premove").await else {
        return;
    };
    // A premove: entered while the friend is to move, played when the turn comes.
    page.new_game("international", "friend", "white", None)
        .await;
    page.click_move("32", "28", 1).await;
    page.click_square("33").await;
    page.click_square("29").await;
    page.until(
        "the premove marked",
        "return document.querySelectorAll('#board .mark-premove').length === 2",
    )
    .await;
    let (friend_id, friend_token) = friend_seat(&page).await;
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
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takebacks_are_asked_and_allowed_between_two_people() {
    let Some(page) = open_page("takebacks").await else {
        return;
    };
    // A friend's game of three plies, 32-28 18-22 33-29: Black to move.
    page.new_game("international", "friend", "white", None)
        .await;
    let (friend_id, friend_token) = friend_seat(&page).await;
    page.click_move("32", "28", 1).await;
    assert_eq!(
        page.api
            .play(&friend_id, &friend_token, "18-22")
            .await
            .status,
        200
    );
    page.wait_plies(2).await;
    page.click_move("33", "29", 3).await;
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
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_preferences_are_kept_across_a_reload() {
    let Some(page) = open_page("preferences").await else {
        return;
    };
    // A game on the board, for the page to open again after the reload.
    page.new_game("international", "friend", "white", None)
        .await;
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
    page.close().await;
}
