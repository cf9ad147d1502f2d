//! A phone-sized screen: the board, the menu, the dialogs and the panels fit it.

use super::open_page;
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_fits_a_phone_sized_screen() {
    let Some(page) = open_page("phone").await else {
        return;
    };
    // A phone-sized screen. The Rules and Puzzles panels below open on the game's variant,
    // international (its rules, and a puzzle chosen for a new solver).
    page.new_game("international", "engine", "white", None)
        .await;
    page.web.set_window_size(390, 844).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let fits = page
        .js("const r = document.querySelector('#board svg').getBoundingClientRect(); return r.width > 300 && r.right <= window.innerWidth + 1;")
        .await;
    assert_eq!(fits, json!(true), "the board fits a phone's width");
    // The keys' hint is for a mouse and keys: a touch screen without hover does not show it.
    let keys = page
        .js("return [...document.styleSheets].flatMap((s) => [...s.cssRules]).some((r) => r.media && r.media.mediaText.includes('hover: none') && r.cssText.includes('.keys') && r.cssText.includes('display: none'))")
        .await;
    assert_eq!(keys, json!(true), "the keys' hint shows on touch screens");
    // Nothing is wider than the screen: the menu wraps, every button stays in view.
    let overflow = page
        .js("const w = window.innerWidth; return [document.documentElement.scrollWidth <= w, [...document.querySelectorAll('.menu button')].filter((b) => b.getBoundingClientRect().right > w + 1).map((b) => b.id)];")
        .await;
    assert_eq!(
        overflow,
        json!([true, []]),
        "the page is wider than a phone"
    );
    // The New game dialog fits the screen (scrolling inside itself); an international game
    // has no ballot, nor a ballot's hint.
    page.click("#btn-new").await;
    page.until(
        "the New game dialog",
        "return document.getElementById('dlg-new').open",
    )
    .await;
    let dialog = page
        .js("const r = document.getElementById('dlg-new').getBoundingClientRect(); return [r.left >= 0, r.right <= window.innerWidth + 1, r.top >= 0, r.bottom <= window.innerHeight + 1, document.getElementById('ng-ballot-moves').hidden];")
        .await;
    assert_eq!(
        dialog,
        json!([true, true, true, true, true]),
        "the New game dialog on a phone"
    );
    page.screenshot("phone-new-game").await;
    page.js("document.getElementById('dlg-new').close(); return true;")
        .await;
    page.click_move("32", "28", 2).await;
    page.check_board("international on a phone").await;
    page.screenshot("phone").await;
    // The analysis board on the phone: arrows on the board, numbers readable.
    page.click("#btn-analyse").await;
    page.until_within(
        "arrows on the phone",
        "return document.querySelectorAll('#board .arrows polyline').length >= 1",
        90,
    )
    .await;
    let number = page
        .js("return document.querySelector('#board text.num').getBoundingClientRect().height")
        .await;
    assert!(
        number.as_f64().unwrap() >= 8.0,
        "square numbers of {number} px"
    );
    page.screenshot("phone-analysis").await;
    page.click("#btn-analyse").await;
    // The Rules and Puzzles panels on the phone: their boards fit the screen.
    for (button, board, close) in [
        ("#btn-rules", "#rules-body .exercise svg", "#rules-close"),
        ("#btn-puzzles", "#pz-board svg", "#pz-close"),
    ] {
        page.click(button).await;
        page.until(
            &format!("{board} drawn"),
            &format!("return !!document.querySelector('{board}')"),
        )
        .await;
        let fits = page
            .js(&format!("const r = document.querySelector('{board}').getBoundingClientRect(); return r.width > 150 && r.right <= window.innerWidth + 1;"))
            .await;
        assert_eq!(fits, json!(true), "{board} fits a phone's width");
        let inside = page
            .js(&format!("const d = document.querySelector('{board}').closest('dialog').getBoundingClientRect(); return d.right <= window.innerWidth + 1 && d.bottom <= window.innerHeight + 1 && d.left >= 0 && d.top >= 0;"))
            .await;
        assert_eq!(
            inside,
            json!(true),
            "the dialog of {board} fits a phone's screen"
        );
        page.screenshot(&format!("phone-{}", &button[5..])).await;
        page.click(close).await;
    }
    // Over, the game's buttons are on the screen, however far down the page is scrolled.
    page.click("#btn-resign").await;
    page.click("#btn-resign").await;
    page.until("the game over", "return !!window.damier.game.result")
        .await;
    page.js("window.scrollTo(0, 0); return true;").await;
    let rematch = page
        .js("const r = document.getElementById('btn-rematch').getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1;")
        .await;
    assert_eq!(rematch, json!(true), "Rematch is off the phone's screen");
    page.screenshot("phone-over").await;
    page.close().await;
}
