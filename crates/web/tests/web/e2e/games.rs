//! Games played on the board: by clicks (a multi-capture square by square), an ambiguous
//! capture chosen from a list, by dragging, a capture entered half and then completed; the
//! move list showing an earlier position; the PDN export; a lost connection said while the
//! page reconnects.

use super::open_page;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_plays_international_by_clicks_and_a_multi_capture() {
    let Some(page) = open_page("international").await else {
        return;
    };
    // International, two people on this screen: clicks, then a multi-capture square by
    // square.
    page.new_game("international", "hotseat", "white", None)
        .await;
    page.check_board("international start").await;
    // This server has no endgame databases and builds none: the page gives the command.
    page.until(
        "the endgame databases' note",
        "const n = document.getElementById('an-egdb'); return !n.hidden && n.textContent.includes('damier egdb build -v international --recommended') && !document.getElementById('btn-egdb-build')",
    )
    .await;
    page.click_square("32").await;
    page.until(
        "destinations of 32",
        "return document.querySelectorAll('#board .target').length === 2",
    )
    .await;
    page.click_square("28").await;
    page.wait_plies(1).await;
    page.click_move("19", "23", 2).await;
    page.check_board("international after 32-28 19-23").await;
    assert_eq!(page.game().await["history"][1]["notation"], "19-23");
    // The capture 28x19 is forced: only 28 may move.
    page.until(
        "one movable piece",
        "return document.querySelectorAll('#board .piece.movable').length === 1",
    )
    .await;
    page.screenshot("international-desktop").await;

    page.new_game("international", "hotseat", "white", Some("W:W32:B27,17,3"))
        .await;
    // Only one capture starts 32x21: the second click completes it.
    page.click_move("32", "21", 1).await;
    let g = page.game().await;
    assert_eq!(g["history"][0]["long"], "32x21x12");
    page.check_board("international after the double capture")
        .await;
    let ghosts = page
        .js("return document.querySelectorAll('#board .ghosts .piece').length")
        .await;
    assert_eq!(ghosts, json!(2), "the captured pieces are marked");
    page.screenshot("multi-capture").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ambiguous_capture_is_chosen_from_a_list() {
    let Some(page) = open_page("choose-capture").await else {
        return;
    };
    // An ambiguous capture (22 to 6 over different men) is chosen from a list.
    page.new_game("english", "hotseat", "white", Some("W:W22:B17,9,18,10"))
        .await;
    page.click_square("22").await;
    page.click_square("6").await;
    page.until(
        "the list of captures",
        "return !document.getElementById('choices').hidden && document.querySelectorAll('#choices .choice').length === 2",
    )
    .await;
    page.screenshot("choose-capture").await;
    page.click("#choices .choice").await;
    page.wait_plies(1).await;
    page.check_board("english after the chosen capture").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_plays_russian_by_dragging_and_a_triple_capture_by_clicks() {
    let Some(page) = open_page("russian").await else {
        return;
    };
    // Russian (algebraic squares): a move by dragging, then a triple capture by clicks.
    page.new_game("russian", "hotseat", "white", None).await;
    // The move box's example is in the board's own notation.
    let example = page
        .js("return document.getElementById('type-move').placeholder")
        .await;
    assert!(
        example.as_str().unwrap().contains("3-"),
        "an algebraic example: {example}"
    );
    page.drag("c3", "d4").await;
    page.wait_plies(1).await;
    assert_eq!(page.game().await["history"][0]["notation"], "c3-d4");
    page.check_board("russian after dragging c3-d4").await;
    // Two captures share the first landing (c1:e3 then g5 or c5): entered square by square.
    page.new_game("russian", "hotseat", "white", Some("W:Wc1:Bd2,f4,d4,h8"))
        .await;
    page.click_square("c1").await;
    page.click_square("e3").await;
    page.until(
        "the capture half entered",
        "return window.damier.prefix.length === 2 && window.damier.game.history.length === 0 && document.querySelectorAll('#board .target').length === 2",
    )
    .await;
    page.screenshot("capture-half-entered").await;
    page.click_square("g5").await;
    page.wait_plies(1).await;
    assert_eq!(page.game().await["history"][0]["long"], "c1:e3:g5");
    page.check_board("russian after c1:e3:g5").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_plays_turkish_on_every_square() {
    let Some(page) = open_page("turkish").await else {
        return;
    };
    // Turkish: every square is used.
    page.new_game("turkish", "hotseat", "white", None).await;
    page.click_move("a3", "a4", 1).await;
    page.check_board("turkish after a3-a4").await;
    page.screenshot("turkish").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_in_the_move_list_shows_the_earlier_position() {
    let Some(page) = open_page("move-list").await else {
        return;
    };
    // A Turkish game with its first move, a3-a4.
    page.new_game("turkish", "hotseat", "white", None).await;
    page.click_move("a3", "a4", 1).await;
    // Review: a click in the move list shows the earlier position.
    page.click_move("a6", "a5", 2).await;
    page.click("#movelist .ply[data-ply='1']").await;
    page.until(
        "the position after ply 1",
        "return document.getElementById('board').dataset.ply === '1'",
    )
    .await;
    page.check_board("turkish reviewing ply 1").await;
    page.click("#btn-live").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pdn_export_shows_what_the_api_exports() {
    let Some(page) = open_page("pdn-export").await else {
        return;
    };
    // The game exported: a Turkish game of two plies, a3-a4 a6-a5, on the board.
    page.new_game("turkish", "hotseat", "white", None).await;
    page.click_move("a3", "a4", 1).await;
    page.click_move("a6", "a5", 2).await;
    // PDN export shows what the API exports.
    page.click("#btn-pdn").await;
    page.until(
        "the PDN text",
        "return document.getElementById('pdn-text').value.includes('a3-a4')",
    )
    .await;
    let shown = page
        .js("return document.getElementById('pdn-text').value")
        .await;
    let id = page.js("return window.damier.id").await;
    let exported = page.api.pdn(id.as_str().unwrap()).await;
    assert_eq!(shown.as_str().unwrap(), exported);
    page.screenshot("pdn").await;
    page.click("#pdn-close").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_says_a_lost_connection_while_it_reconnects() {
    let Some(page) = open_page("lost-connection").await else {
        return;
    };
    // A game on the board first, its socket opened by the page itself: the wrapper below
    // takes the sockets of the games started after it.
    page.new_game("international", "hotseat", "white", None)
        .await;
    // A lost connection is said as such while the page reconnects, and no longer once it
    // has: the game's socket is closed, and new ones fail until the test lets them through.
    page.js("window.RealSocket = window.WebSocket; window.sockets = []; window.WebSocket = function (url, p) { const s = new window.RealSocket(window.blockSockets ? 'ws://127.0.0.1:1/' : url, p); window.sockets.push(s); return s; }; window.WebSocket.prototype = window.RealSocket.prototype; return true;")
        .await;
    page.new_game("international", "hotseat", "white", None)
        .await;
    page.js("window.blockSockets = true; window.sockets[window.sockets.length - 1].close(); return true;")
        .await;
    page.until(
        "the lost connection said",
        "return document.getElementById('status').textContent.startsWith('Connection to the server lost — reconnecting…')",
    )
    .await;
    page.js("window.blockSockets = false; return true;").await;
    page.until_within(
        "the connection back",
        "return document.getElementById('status').textContent === 'White to move — your move'",
        20,
    )
    .await;
    page.close().await;
}
