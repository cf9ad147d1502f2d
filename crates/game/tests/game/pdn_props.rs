//! Properties of the PDN reader and writer: writing then reading gives the same games, in
//! every variant and with every kind of annotation; and no input makes the reader panic.

use damier_core::Variant;
use damier_game::pdn::{self, Line, PdnGame, PdnMove, PdnResult, WriteOptions};
use damier_game::Board;
use proptest::prelude::*;

/// A small deterministic generator, so one proptest seed gives one game.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

const WORDS: [&str; 8] = ["good", "a}b", "x{y", "15.", "$3", "\"q\"", "(", "ü-é"];

fn comment(rng: &mut Rng) -> String {
    let n = 1 + rng.below(3);
    (0..n)
        .map(|_| WORDS[rng.below(WORDS.len())])
        .collect::<Vec<_>>()
        .join(" ")
}

fn annotated(board: &Board, mv: damier_game::AnyMove, rng: &mut Rng) -> PdnMove {
    const MARKS: [&str; 6] = ["!", "?", "!!", "(?)", "!?", "?!!"];
    PdnMove {
        mv,
        notation: board.short(&mv),
        mark: rng.chance(5).then(|| MARKS[rng.below(6)].to_string()),
        nags: if rng.chance(5) {
            vec![rng.below(200) as u16]
        } else {
            Vec::new()
        },
        comments: if rng.chance(4) {
            vec![comment(rng)]
        } else {
            Vec::new()
        },
        variations: Vec::new(),
    }
}

/// A line of up to `len` random legal moves from `board`, with annotations and (at depth 0)
/// variations.
fn random_line(mut board: Board, len: usize, depth: u32, rng: &mut Rng) -> Line {
    let mut line = Line::default();
    if rng.chance(4) {
        line.leading.push(comment(rng));
    }
    for _ in 0..len {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let mut m = annotated(&board, mv, rng);
        if depth < 2 && moves.len() > 1 && rng.chance(4) {
            m.variations
                .push(random_line(board, 1 + rng.below(3), depth + 1, rng));
        }
        line.moves.push(m);
        board = board.play_unchecked(&mv);
    }
    line
}

fn random_game(seed: u64, len: usize) -> PdnGame {
    let mut rng = Rng(seed | 1);
    let variants: Vec<Variant> = Variant::all().collect();
    let variant = variants[rng.below(variants.len())];
    let mut game = PdnGame::new(variant);
    // Half the games start from a position reached by a few moves, written as a FEN.
    if rng.chance(2) {
        let warmup = random_line(game.start, rng.below(6), 2, &mut rng);
        for m in &warmup.moves {
            game.start = game.start.play_unchecked(&m.mv);
        }
    }
    game.main = random_line(game.start, len, 0, &mut rng);
    game.result = PdnResult::ALL[rng.below(PdnResult::ALL.len())];
    game.set_tag(
        "White",
        &format!("Player \"{}\" \\ {}", rng.below(100), comment(&mut rng)),
    );
    game.set_tag("Event", &comment(&mut rng));
    if rng.chance(2) {
        game.set_tag("Annotator", &comment(&mut rng));
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn write_then_read_gives_the_same_games(
        seeds in proptest::collection::vec(any::<u64>(), 1..4),
        len in 0usize..60,
        long in any::<bool>(),
    ) {
        let games: Vec<PdnGame> = seeds.iter().map(|&s| random_game(s, len)).collect();
        let text = pdn::write(&games, &WriteOptions { long_moves: long });
        let again: Vec<_> = pdn::read(&text, Variant::INTERNATIONAL);
        prop_assert_eq!(again.len(), games.len(), "{}", text);
        for (a, g) in again.into_iter().zip(&games) {
            prop_assert_eq!(a.as_ref(), Ok(g), "{}", text);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC*") {
        for v in [Variant::INTERNATIONAL, "russian".parse().unwrap(), "turkish".parse().unwrap()] {
            let _ = pdn::read(&text, v);
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = pdn::read(&text, "english".parse().unwrap());
    }

    #[test]
    fn damaged_files_never_panic_and_errors_point_into_the_text(
        seed in any::<u64>(),
        edits in proptest::collection::vec((any::<usize>(), "[\\[\\](){};$!?\"x:\\-0-9a-z \n]{0,3}"), 1..6),
    ) {
        let text = pdn::write(&[random_game(seed, 30)], &WriteOptions::default());
        let mut chars: Vec<char> = text.chars().collect();
        for (at, insert) in &edits {
            let at = at % (chars.len() + 1);
            let cut = (at + 2).min(chars.len());
            chars.splice(at..cut, insert.chars());
        }
        let damaged: String = chars.into_iter().collect();
        let lines: Vec<&str> = damaged.split('\n').collect();
        for game in pdn::read(&damaged, Variant::INTERNATIONAL) {
            if let Err(e) = game {
                prop_assert!(e.line >= 1 && e.line <= lines.len(), "{}", e);
                let width = lines[e.line - 1].chars().count();
                prop_assert!(e.column >= 1 && e.column <= width + 1, "{}", e);
            }
        }
    }
}
