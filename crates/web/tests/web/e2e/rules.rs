//! The Rules panel: a variant's rules in words, and its examples, in each of which the move
//! the rule demands is entered on the example's own board.

use super::{open_page, Page};
use serde_json::{json, Value};
use std::time::Duration;

/// The Rules panel open on `variant`'s rules: over a Turkish game (a game closes the New-game
/// dialog the page opens with, and the panel first shows the game's variant), then `variant`
/// chosen in the panel.
async fn open_rules(page: &Page, variant: &str) {
    page.new_game("turkish", "hotseat", "white", None).await;
    page.click("#btn-rules").await;
    page.js(&format!(
        "const e = document.getElementById('rules-variant'); e.value = '{variant}'; e.dispatchEvent(new Event('change')); return true;"
    ))
    .await;
    page.until(
        &format!("the {variant} rules"),
        &format!(
            "const b = document.getElementById('rules-body'); return b.dataset.variant === '{variant}' && !!b.querySelector('.exercise');"
        ),
    )
    .await;
}

/// A script true once example `n` (from 1) says `text`, as feedback of kind `kind`.
fn said(n: usize, text: &str, kind: &str) -> String {
    format!(
        "const f = document.querySelector(\"#rules-body [data-example='{n}'] .feedback\"); \
         return f.textContent === '{text}' && f.dataset.kind === '{kind}'"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rules_panel_says_the_rules_and_an_example_is_solved_by_clicks() {
    let Some(page) = open_page("rules").await else {
        return;
    };
    // The Rules panel: the variant's rules in words, and an example solved by clicking
    // the piece and its square on the example's own board.
    open_rules(&page, "russian").await;
    let rules = page.api.get("/api/variants/russian/rules").await.body;
    let first = &rules["examples"][0];
    let answer = first["answers"][0].as_str().unwrap().to_string();
    let squares: Vec<&str> = answer.split(['-', 'x', ':']).collect();
    let (from, to) = (squares[0], squares[squares.len() - 1]);
    let text = page
        .js("return document.getElementById('rules-body').textContent")
        .await;
    assert!(
        text.as_str()
            .unwrap()
            .contains("goes on capturing as a king"),
        "{text}"
    );
    for sq in [from, to] {
        page.click_in(&format!(
            "#rules-body [data-example='1'] rect.sq[data-square='{sq}']"
        ))
        .await;
    }
    page.until(
        "the example solved",
        "return document.querySelector(\"#rules-body [data-example='1'] .feedback\").textContent.startsWith('Right')",
    )
    .await;
    page.screenshot("rules").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rules_example_takes_a_legal_move_as_a_whole_and_says_why_another_is_not_right() {
    let Some(page) = open_page("rules-legal-moves").await else {
        return;
    };
    // A move in an example is entered from its legal moves and compared with the answers
    // as a whole move. International (flying kings): in "Take the most pieces"
    // (W:W27,39:B7,22,33) the capture 27x18, which takes one piece, is not legal, and said
    // so with the rule; 39x28x17 is entered by its first landing and is right. In
    // "Capturing is compulsory" a quiet move is not legal either; in "A man on the far row
    // is crowned" a legal move that does not crown is not the move the rule demands.
    open_rules(&page, "international").await;
    let rules = page.api.get("/api/variants/international/rules").await.body;
    let examples = rules["examples"].as_array().unwrap();
    let number = |title: &str| {
        1 + examples
            .iter()
            .position(|e| e["title"] == title)
            .unwrap_or_else(|| panic!("no example '{title}' in {examples:?}"))
    };
    let (most, compulsory, crowning) = (
        number("Take the most pieces"),
        number("Capturing is compulsory"),
        number("A man on the far row is crowned"),
    );
    // The examples the steps below were written for (they are found by a seeded search).
    let fens: Vec<&Value> = [most, compulsory, crowning]
        .iter()
        .map(|&n| &examples[n - 1]["fen"])
        .collect();
    assert_eq!(
        fens,
        [
            &json!("W:W27,39:B7,22,33"),
            &json!("W:W7,26:B31"),
            &json!("W:W9,15:B5")
        ],
        "the examples changed: choose the squares below again"
    );
    for (n, squares, text, kind) in [
        (
            most,
            &["27", "18"][..],
            "Not a legal move here: a capture is compulsory. The rule here: Take the most pieces. Try again.",
            "illegal",
        ),
        (most, &["39", "28"][..], "Right: 39x17.", "right"),
        (
            compulsory,
            &["31"][..],
            "Click one of White\\'s pieces first.",
            "hint",
        ),
        (
            compulsory,
            &["7", "2"][..],
            "Not a legal move here: a capture is compulsory. The rule here: Capturing is compulsory. Try again.",
            "illegal",
        ),
        (
            crowning,
            &["15", "10"][..],
            "Not the move the rule demands: 15-10 is legal, but the rule here is: A man on the far row is crowned. Try again.",
            "wrong",
        ),
        (crowning, &["9", "3"][..], "Right: 9-3.", "right"),
    ] {
        for &sq in squares {
            page.click_example(n, sq).await;
        }
        page.until(&format!("example {n}, {squares:?}: {text}"), &said(n, text, kind))
            .await;
    }
    // The right capture is marked along its path.
    page.until(
        "39x28x17 marked",
        &format!(
            "return [...document.querySelectorAll(\"#rules-body [data-example='{most}'] rect.mark-last\")].map((r) => r.dataset.mark).join(' ') === '39 28 17'"
        ),
    )
    .await;
    page.click(&format!(
        "#rules-body [data-example='{most}'] button:not(.choice)"
    ))
    .await;
    page.until("the answer shown", &said(most, "Answer: 39x17", "answer"))
        .await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rules_example_offers_the_captures_that_share_their_start_and_end_squares() {
    let Some(page) = open_page("rules-choose-capture").await else {
        return;
    };
    // The panel on the international rules before the Turkish ones are chosen.
    open_rules(&page, "international").await;
    // No shipped example has two captures with the same start and end (every
    // variant's were searched), so one is added to the Turkish rules as the page reads
    // them: W:WKg4:Ba5,b5,e4,e6,a7 (a self-play position of Turkish giveaway), whose
    // answer is g4xb4xb6xh6 (takes e4, b5, e6), while g4xa4xa6xh6 (takes e4, a5, e6),
    // also legal, shares g4 and h6 with it. The end square alone leaves the choice; the
    // other capture is not the move the rule demands, the answer is right.
    let fen = "W:WKg4:Ba5,b5,e4,e6,a7";
    let moves = page
        .api
        .post(
            "/api/positions",
            None,
            json!({"variant": "turkish", "fen": fen}),
        )
        .await
        .body["moves"]
        .clone();
    let answer = moves
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["long"] == "g4xb4xb6xh6")
        .unwrap_or_else(|| panic!("g4xb4xb6xh6 is legal: {moves}"))
        .clone();
    let added = json!({
        "title": "Two captures, one square",
        "task": "Find the capture that takes the man on b5.",
        "fen": fen,
        "answers": [answer["short"]],
        "answer_moves": [answer],
        "moves": moves,
    });
    page.js(&format!(
        "const added = {added}; window.realFetch = window.fetch; \
         window.fetch = async (url, opts) => {{ \
           const res = await window.realFetch(url, opts); \
           if (!String(url).endsWith('/api/variants/turkish/rules')) return res; \
           const body = await res.json(); body.examples.push(added); \
           return new Response(JSON.stringify(body), {{status: 200, headers: {{'Content-Type': 'application/json'}}}}); }}; \
         const e = document.getElementById('rules-variant'); e.value = 'turkish'; \
         e.dispatchEvent(new Event('change')); return true;"
    ))
    .await;
    let n = 1 + page.api.get("/api/variants/turkish/rules").await.body["examples"]
        .as_array()
        .unwrap()
        .len();
    page.until(
        "the Turkish rules with the added example",
        &format!("return !!document.querySelector(\"#rules-body[data-variant=turkish] [data-example='{n}']\")"),
    )
    .await;
    page.js("window.fetch = window.realFetch; return true;")
        .await;
    let choices = format!("#rules-body [data-example='{n}'] .choices");
    for pick in [1, 2] {
        for sq in ["g4", "h6"] {
            page.click_example(n, sq).await;
        }
        page.until(
            &format!("the list of captures ({pick})"),
            &format!(
                "const c = document.querySelector(\"{choices}\"); return !c.hidden && [...c.querySelectorAll('.choice')].map((b) => b.textContent).join(' / ') === 'g4xa4xa6xh6 (takes e4, a5, e6) / g4xb4xb6xh6 (takes e4, b5, e6)'"
            ),
        )
        .await;
        if pick == 2 {
            page.screenshot("rules-choose-capture").await;
        }
        page.click(&format!("{choices} .choice:nth-of-type({pick})"))
            .await;
        let (text, kind) = if pick == 1 {
            ("Not the move the rule demands: g4xa4xa6xh6 is legal, but the rule here is: Two captures, one square. Try again.", "wrong")
        } else {
            ("Right: g4xb4xb6xh6.", "right")
        };
        page.until(&format!("choice {pick}: {text}"), &said(n, text, kind))
            .await;
    }
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rules_panel_shows_only_the_last_variant_chosen() {
    let Some(page) = open_page("rules-late").await else {
        return;
    };
    // The panel on another variant's rules (the Turkish ones) before the race below.
    open_rules(&page, "turkish").await;
    let examples = page.api.get("/api/variants/international/rules").await.body["examples"]
        .as_array()
        .unwrap()
        .clone();
    // The variant changed while the rules of the one before are on the way (English's,
    // held back): only the last one chosen is shown, once.
    page.js(
        "window.realFetch = window.fetch; \
         window.fetch = async (url, opts) => { \
           if (String(url).endsWith('/api/variants/english/rules')) await new Promise((r) => setTimeout(r, 1500)); \
           return window.realFetch(url, opts); }; \
         const e = document.getElementById('rules-variant'); \
         e.value = 'english'; e.dispatchEvent(new Event('change')); \
         e.value = 'international'; e.dispatchEvent(new Event('change')); return true;",
    )
    .await;
    page.until(
        "the international rules again",
        "const b = document.getElementById('rules-body'); return b.dataset.variant === 'international' && !!b.querySelector('.exercise');",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    page.js("window.fetch = window.realFetch; return true;")
        .await;
    let shown = page
        .js("const b = document.getElementById('rules-body'); \
             return [b.dataset.variant, [...b.querySelectorAll('.exercise svg')].map((s) => s.dataset.variant).join(' ')];")
        .await;
    assert_eq!(
        shown,
        json!([
            "international",
            vec!["international"; examples.len()].join(" ")
        ]),
        "the English rules, arriving late, are not shown"
    );
    page.click("#rules-close").await;
    page.close().await;
}
