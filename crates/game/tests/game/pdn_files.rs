//! Real-world PDN files (see samples/README.md at the repository root): every game reads without error, the
//! counts agree with the files, and writing then reading gives the same games.

use damier_core::{Base, Variant};
use damier_game::pdn::{self, PdnGame, PdnResult, WriteOptions};

fn read_all(name: &str, default: Variant) -> Vec<PdnGame> {
    let path = format!("{}/../../samples/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    pdn::read(&text, default)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

fn round_trips(games: &[PdnGame], default: Variant) {
    for long in [false, true] {
        let text = pdn::write(games, &WriteOptions { long_moves: long });
        let again: Vec<PdnGame> = pdn::read(&text, default)
            .into_iter()
            .map(|g| g.unwrap())
            .collect();
        assert_eq!(again, games, "long = {long}\n{text}");
    }
}

#[test]
fn international_world_championship_2003() {
    let games = read_all("international-wk2003.pdn", Variant::new(Base::English));
    assert_eq!(games.len(), 6);
    assert!(games.iter().all(|g| g.variant == Variant::INTERNATIONAL));
    // Game 1 ends with 40. 23x12 17x8; game 5 with 51. 20-14.
    assert_eq!(games[0].main.moves.len(), 80);
    assert_eq!(games[4].main.moves.len(), 101);
    assert_eq!(games[0].tag("White"), Some("Ndjofang, J.M."));
    assert_eq!(games[0].result, PdnResult::Draw);
    assert_eq!(games[3].result, PdnResult::BlackWins);
    // 48. 15x4 crowns White's man on 4; 49. 4x36 is that king's capture.
    let g = &games[4];
    assert!(g.main.moves[94].mv.promotes);
    assert_eq!(g.main.moves[96].notation, "4x36");
    round_trips(&games, Variant::INTERNATIONAL);
}

#[test]
fn russian_ussr_championship_1950() {
    // No GameType tag, and a FEN numbered like English checkers: read as Russian.
    let games = read_all("russian-ussr1950.pdn", Variant::new(Base::Russian));
    assert_eq!(games.len(), 6);
    assert_eq!(
        games[0].start.fen(),
        damier_game::Board::start(Variant::new(Base::Russian)).fen()
    );
    assert_eq!(games[0].main.moves.len(), 61);
    assert_eq!(games[0].main.moves[10].notation, "d4:b6");
    // 36. f8-a3: a king made on f8 two moves earlier flies to a3.
    let last = games[5].main.moves.iter().rev().nth(1).unwrap();
    assert_eq!(last.notation, "f8-a3");
    assert_eq!(games[5].result, PdnResult::BlackWins);
    round_trips(&games, Variant::new(Base::Russian));
}

#[test]
fn english_inferno_games() {
    let games = read_all("english-inferno.pdn", Variant::new(Base::English));
    assert_eq!(games.len(), 6);
    assert_eq!(games[2].tag("Black"), Some("Tinsley"));
    assert_eq!(games[0].main.moves.len(), 61);
    assert_eq!(games[5].main.moves.len(), 66);
    // The record goes on to the end of the published game, so it replays as a Game too.
    for g in &games {
        let game = g.to_game().unwrap();
        assert_eq!(game.plies().len(), g.main.moves.len());
    }
    round_trips(&games, Variant::new(Base::English));
}
