//! The games this browser keeps: a game the server no longer has rebuilt from the page's own
//! copy of its moves; "My games" listing them and opening one.

use super::open_page;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_the_server_lost_is_rebuilt_and_my_games_opens_another() {
    let Some(page) = open_page("lost-game").await else {
        return;
    };
    // Two games played before the one the server loses, for "My games" to list besides the
    // rebuilt one (the lost one leaves the list): at least three, as the steps below expect.
    page.new_game("international", "hotseat", "white", None)
        .await;
    page.new_game("turkish", "hotseat", "white", None).await;
    // A game the server no longer has: the page says so and rebuilds it from its own
    // copy of the moves; "My games" lists this browser's games and opens one.
    page.new_game("english", "engine", "white", None).await;
    page.wait_plies(1).await;
    let lost = page.game().await;
    let (lost_id, lost_token) = (
        lost["id"].as_str().unwrap().to_string(),
        page.js("return window.damier.token").await,
    );
    let gone = page
        .api
        .send(
            reqwest::Method::DELETE,
            &format!("/api/games/{lost_id}"),
            lost_token.as_str(),
            None,
        )
        .await;
    assert_eq!(gone.status, 200);
    page.web.refresh().await.unwrap();
    page.until(
        "the lost-game notice",
        "return !!document.getElementById('lost') && !document.getElementById('lost').hidden",
    )
    .await;
    page.screenshot("lost").await;
    page.click("#lost-rebuild").await;
    page.until(
        "the rebuilt game",
        &format!("const S = window.damier; return !!S.game && S.game.id !== '{lost_id}' && S.game.history.length === 1;"),
    )
    .await;
    let rebuilt = page.game().await;
    assert_eq!(
        rebuilt["history"][0]["notation"],
        lost["history"][0]["notation"]
    );
    assert_eq!(rebuilt["players"], lost["players"]);
    assert_eq!(
        page.js("return document.getElementById('lost').hidden")
            .await,
        json!(true)
    );
    page.click("#btn-games").await;
    page.until(
        "the list of this browser's games",
        "return document.querySelectorAll('#games-list button').length >= 3",
    )
    .await;
    let other = page
        .js(&format!(
            "return [...document.querySelectorAll('#games-list button')].map(b => b.dataset.game).find(g => g !== '{}')",
            rebuilt["id"].as_str().unwrap()
        ))
        .await;
    let other = other.as_str().unwrap().to_string();
    assert_ne!(other, lost_id, "a rebuilt game leaves the list");
    // Plies are counted as players count moves: the rebuilt game's one ply is one move.
    let counted = page
        .js(&format!(
            "return document.querySelector(\"#games-list button[data-game='{}']\").textContent",
            rebuilt["id"].as_str().unwrap()
        ))
        .await;
    assert!(counted.as_str().unwrap().contains("1 move,"), "{counted}");
    page.click(&format!("#games-list button[data-game='{other}']"))
        .await;
    page.until(
        "the game chosen in the list",
        &format!("return window.damier.id === '{other}' && window.damier.game.id === '{other}'"),
    )
    .await;
    page.close().await;
}
