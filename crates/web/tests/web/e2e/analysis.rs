//! The analysis board: the engine's lines and arrows, stepping through them and the move
//! tree, a variation kept through PDN export and import, a PDN file of several games, the
//! gauge and the threat.

use super::open_page;
use fantoccini::key::Key;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_board_shows_lines_and_arrows_and_keeps_a_variation_through_pdn() {
    let Some(page) = open_page("analysis").await else {
        return;
    };
    // The analysis board: three lines with arrows, a click on a line's move steps the
    // board there (kept as a variation), keys step through the tree, a variation made on
    // the board survives PDN export and import.
    page.new_game("international", "engine", "white", None)
        .await;
    page.click_move("32", "28", 2).await;
    page.js("const c = document.getElementById('an-count'); c.value = '3'; c.dispatchEvent(new Event('change')); return true;")
        .await;
    page.click("#btn-analyse").await;
    // Level 1 plays with noise: its reply may leave White one capture, and so one line.
    page.until_within(
        "three lines (or one per legal move) and their arrows",
        "const want = Math.min(3, window.damier.game.moves.length); return want > 0 && document.querySelectorAll('#an-lines .line').length === want && document.querySelectorAll('#board .arrows polyline').length === want && document.querySelectorAll('#an-lines .line.best .pvmove').length >= 3",
        90,
    )
    .await;
    page.screenshot("analysis-lines").await;
    // The brightest arrow is the best line's first move.
    let best = page
        .js("const l = window.damier.lines.get(1); return [l.pv_moves[0].path.join('-'), document.querySelector('#board .arrows polyline.best').dataset.arrow]")
        .await;
    assert_eq!(best[0], best[1], "the best arrow is the best move");
    let target = page
        .js("const l = window.damier.lines.get(1); const fens = l.pv_moves.map((m) => m.fen); document.querySelector(\"#an-lines .line.best .pvmove[data-k='2']\").click(); return fens;")
        .await;
    page.until(
        "the board on the line's third move",
        &format!(
            "const d = document.getElementById('board').dataset; return d.ply === '' && d.fen === {};",
            target[2]
        ),
    )
    .await;
    page.check_board("the line's third move").await;
    page.key(Key::Left).await;
    page.until(
        "one move back along the line",
        &format!(
            "return document.getElementById('board').dataset.fen === {}",
            target[1]
        ),
    )
    .await;
    page.check_board("one move back along the line").await;
    page.click("#btn-analyse").await;
    // A variation of the first move, made on the board from the start, with a comment.
    page.key(Key::Home).await;
    page.until(
        "the start position",
        "return document.getElementById('board').dataset.ply === '0'",
    )
    .await;
    page.click_square("33").await;
    page.click_square("29").await;
    page.until(
        "the variation's move",
        "const c = window.damier.cursor; return !c.game && c.move.short === '33-29' && document.querySelector('#movelist .vmove.current') !== null",
    )
    .await;
    page.check_board("the variation 33-29").await;
    assert_eq!(
        page.game().await["history"].as_array().unwrap().len(),
        2,
        "the game is untouched"
    );
    page.js("const c = document.getElementById('nt-comment'); c.value = 'a quieter start'; c.dispatchEvent(new Event('change')); const m = document.getElementById('nt-mark'); m.value = '?!'; m.dispatchEvent(new Event('change')); return true;")
        .await;
    page.screenshot("analysis-variation").await;
    page.click("#btn-pdn").await;
    page.until(
        "the PDN with the variations",
        "const t = document.getElementById('pdn-text').value.replace(/\\s+/g, ' '); return t.includes('(1. 33-29?! {a quieter start})') && t.includes('(1... ');",
    )
    .await;
    page.click("#pdn-import").await;
    page.until(
        "the imported game with its variations",
        "const S = window.damier; const r = S.tree.root; return !!S.game && S.game.history.length === 2 && r.children.length === 2 && r.children[1].move.short === '33-29' && r.children[1].comments[0] === 'a quieter start' && S.tree.gameEnd.children.length === 1",
    )
    .await;
    page.screenshot("analysis-imported").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pdn_file_of_several_games_is_listed_to_choose_from() {
    let Some(page) = open_page("pdn-file").await else {
        return;
    };
    // An international game on the board: the PDN read is of its variant.
    page.new_game("international", "hotseat", "white", None)
        .await;
    // A file of several games: listed to choose from; the game chosen shows its players'
    // names, its opening comment and its marks ($4 is ??).
    page.click("#btn-pdn").await;
    page.until(
        "the PDN dialog",
        "return document.getElementById('dlg-pdn').open",
    )
    .await;
    let file = "[Event \"Club night\"]\n[White \"Ada\"]\n[Black \"Bo\"]\n{A quiet start} 1. 32-28 19-23 $4 *\n\n[White \"Cy\"]\n[Black \"Di\"]\n1. 31-26 *\n";
    page.js(&format!(
        "document.getElementById('pdn-text').value = {}; return true;",
        serde_json::to_string(file).unwrap()
    ))
    .await;
    page.click("#pdn-import").await;
    page.until(
        "the list of the file's games",
        "const b = document.querySelectorAll('#pdn-games button'); return !document.getElementById('pdn-choose').hidden && b.length === 2 && b[0].textContent.startsWith('1. Ada – Bo (Club night)') && b[1].textContent.startsWith('2. Cy – Di')",
    )
    .await;
    page.screenshot("pdn-choose").await;
    page.click("#pdn-games button[data-index='0']").await;
    page.until(
        "the chosen game with its names, comment and marks",
        "const S = window.damier; return !!S.game && S.game.names.white === 'Ada' && document.getElementById('bar-bottom').textContent.includes('Ada') && document.querySelector('#movelist .opening-comment').textContent === 'A quiet start' && [...document.querySelectorAll('#movelist .ply')].some((b) => b.textContent === '19-23??') && document.getElementById('title').textContent.includes('Club night')",
    )
    .await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gauge_follows_the_score_and_the_threat_is_drawn() {
    let Some(page) = open_page("gauge").await else {
        return;
    };
    // The gauge: White a man up leans to White, and drawn so.
    page.new_game(
        "international",
        "engine",
        "white",
        Some("W:W31,32,33,34,35,36:B16,17,18,19,20"),
    )
    .await;
    page.click("#btn-analyse").await;
    page.until_within(
        "the gauge leaning to White",
        "const g = document.getElementById('gauge'); const w = g.querySelector('.gauge-white'); return Number(g.dataset.white) > 0.75 && w.getBoundingClientRect().height > 0.7 * g.getBoundingClientRect().height",
        90,
    )
    .await;
    // The threat: Black's best move if White passed, drawn in its own colour.
    page.js("const t = document.getElementById('an-threat'); t.checked = true; t.dispatchEvent(new Event('change')); return true;")
        .await;
    page.until_within(
        "the threat's line and arrow",
        "const a = document.querySelector('#board .arrows polyline.threat'); return !!a && document.querySelector('#an-lines .line .lscore').textContent === 'Threat' && window.damier.game.pieces.some((p) => p.color === 'black' && p.square === a.dataset.arrow.split('-')[0])",
        90,
    )
    .await;
    page.screenshot("analysis-threat").await;
    page.js("const t = document.getElementById('an-threat'); t.checked = false; t.dispatchEvent(new Event('change')); return true;")
        .await;
    page.click("#btn-analyse").await;
    page.close().await;
}
