//! The position editor, and the New-game dialog's ballot and variant summary.

use super::open_page;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_position_editor_makes_a_fen_the_server_accepts() {
    let Some(page) = open_page("editor").await else {
        return;
    };
    // A Turkish game on the board: it closes the New-game dialog the page opens with.
    page.new_game("turkish", "hotseat", "white", None).await;
    // The position editor makes a FEN the server accepts.
    page.click("#btn-editor").await;
    page.js("const e = document.getElementById('ed-variant'); e.value = 'english'; e.dispatchEvent(new Event('change')); return true;").await;
    page.click("#ed-clear").await;
    for sq in ["22", "17"] {
        page.click_in(&format!("#ed-board rect.sq[data-square='{sq}']"))
            .await;
        if sq == "22" {
            page.js("document.querySelector('input[name=pal][value=black-king]').checked = true; return true;")
                .await;
        }
    }
    page.js("const e = document.getElementById('ed-side'); e.value = 'white'; e.dispatchEvent(new Event('change')); return true;")
        .await;
    page.until(
        "the editor's FEN checked",
        "return document.getElementById('ed-fen').value === 'W:W22:BK17' && document.getElementById('ed-check').textContent.includes('legal position')",
    )
    .await;
    page.screenshot("editor").await;
    page.click("#ed-close").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_new_game_dialog_names_a_ballots_moves_and_says_what_sets_the_variant_apart() {
    let Some(page) = open_page("ballot").await else {
        return;
    };
    // A Turkish game on the board: it closes the New-game dialog the page opens with.
    page.new_game("turkish", "hotseat", "white", None).await;
    // The New-game dialog names a ballot's moves as its number is typed.
    page.click("#btn-new").await;
    page.js("const v = document.getElementById('ng-variant'); v.value = 'english'; v.dispatchEvent(new Event('change')); const b = document.getElementById('ng-ballot'); b.value = '1'; b.dispatchEvent(new Event('input')); return true;")
        .await;
    page.until(
        "ballot 1 named",
        "return document.getElementById('ng-ballot-moves').textContent === 'Ballot 1: 9-13 21-17 5-9'",
    )
    .await;
    page.click("#ng-cancel").await;
    // The dialog, on English since, says what sets the variant apart.
    let summary = page
        .js("return document.getElementById('ng-summary').textContent")
        .await;
    assert!(
        summary.as_str().unwrap_or("").contains("men each"),
        "the new-game dialog says what sets the variant apart: {summary}"
    );
    page.close().await;
}
