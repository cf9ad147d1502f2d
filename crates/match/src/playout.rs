//! Endings played out: positions drawn at random from an endgame database set, each played
//! by the engine on both sides under the variant's draw rules, to see that it converts every
//! database win the rules let it convert and never loses a database draw.

use crate::player::{Player, PlayerError};
use crate::pool::run_jobs;
use crate::runner::{play_game, MatchConfig, PlayerFactory};
use crate::spec::{PlayerSpec, SpecError};
use damier_core::rng::{splitmix, GOLDEN};
use damier_core::{with_geometry, Color, Variant};
use damier_egdb::{material_list, Absent, Egdb, EgdbError, Sampler, Slice, Value};
use damier_game::{claim_limit, quiet_king_limit, win_within_counts, Board, Game, Outcome};
use damier_openings::Opening;
use std::fmt;
use std::path::{Path, PathBuf};

/// A start position and what the databases say of it.
#[derive(Clone, Debug)]
pub struct Ending {
    /// The position.
    pub board: Board,
    /// Its value for the side to move.
    pub value: Value,
    /// For a win: whether it fits the shortest draw count on its way (see
    /// [`EndingRequest::any_win`]), so that the rules cannot spoil it.
    pub within_counts: bool,
}

impl Ending {
    /// The side that wins with best play, if either does.
    pub fn winner(&self) -> Option<Color> {
        let side = self.board.side();
        match self.value {
            Value::Win(_) => Some(side),
            Value::Loss(_) => Some(side.opponent()),
            Value::Draw => None,
        }
    }
}

/// Why a set gives no endings to play out ([`playable_pieces`]).
#[derive(Debug, thiserror::Error)]
pub enum SetRefused {
    /// No database of the variant.
    #[error("{0}")]
    NoSet(Absent),
    /// Not even every 2-piece slice.
    #[error(
        "the {variant} set in {} is incomplete: no slice {} (build them with `damier egdb build -v {variant} --pieces N`)",
        .dir.display(),
        material_list(.missing)
    )]
    Incomplete {
        /// The set's variant.
        variant: damier_core::Variant,
        /// Its folder.
        dir: PathBuf,
        /// The 2-piece slices missing.
        missing: Vec<Slice>,
    },
    /// More pieces asked for than the set is complete for (or fewer than 2).
    #[error("{asked}: the {variant} set in {} is complete for 2 to {complete} pieces", .dir.display())]
    Pieces {
        /// Pieces asked for.
        asked: u32,
        /// The set's variant.
        variant: damier_core::Variant,
        /// Its folder.
        dir: PathBuf,
        /// Pieces it is complete for.
        complete: u32,
    },
}

/// The most pieces of the endings to draw from `db`: `asked`, or every number the set is
/// complete for. Only a complete part of a set serves: the engine probes nothing past it, so
/// an ending that led out of it would be played without the databases, and its failures
/// blamed on the engine.
///
/// # Errors
/// [`SetRefused`]: no set, not even its 2-piece slices, or `asked` beyond what it covers.
pub fn playable_pieces(db: &Egdb, asked: Option<u32>) -> Result<u32, SetRefused> {
    if db.slices().is_empty() {
        return Err(SetRefused::NoSet(db.no_set(None)));
    }
    let (variant, dir) = (db.variant(), db.dir().to_path_buf());
    let complete = db.max_pieces();
    if complete < 2 {
        let missing = db.missing(2);
        return Err(SetRefused::Incomplete {
            variant,
            dir,
            missing,
        });
    }
    match asked.unwrap_or(complete) {
        pieces if (2..=complete).contains(&pieces) => Ok(pieces),
        asked => Err(SetRefused::Pieces {
            asked,
            variant,
            dir,
            complete,
        }),
    }
}

/// Why a player cannot play a playout ([`playout_player`]).
#[derive(Debug, thiserror::Error)]
pub enum PlayoutPlayerError {
    /// The specification does not read.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// Not Damier in this process.
    #[error("only Damier in this process can be pointed at these databases; give a damier player")]
    NotDamier,
}

/// The player `text` names, pointed at the set in `dir` whatever the text says: a playout
/// tests that set, so a player probing another (or none) would test nothing.
///
/// # Errors
/// [`PlayoutPlayerError`]: a specification that does not read, or a player other than Damier
/// in this process (nothing else can be told which databases to probe).
pub fn playout_player(text: &str, dir: &Path) -> Result<PlayerSpec, PlayoutPlayerError> {
    let mut spec: PlayerSpec = text.parse()?;
    let damier = spec.damier_mut().ok_or(PlayoutPlayerError::NotDamier)?;
    damier.egdb = Some(dir.to_path_buf());
    Ok(spec)
}

/// The random numbers of `seed` for [`draw_endings`]: a splitmix64 stream, the same on every
/// machine, so that a seed names the same endings wherever it is played.
pub fn seeded_random(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed.wrapping_mul(GOLDEN);
    move || {
        state = state.wrapping_add(GOLDEN);
        splitmix(state)
    }
}

/// Which endings [`draw_endings`] draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndingRequest {
    /// Endings of at most this many pieces.
    pub max_pieces: u32,
    /// Won positions wanted.
    pub wins: usize,
    /// Only wins at least this many plies long by best play.
    pub min_plies: usize,
    /// Also wins that a draw rule counting moves might spoil (the databases know no counts):
    /// without this, only wins that fit the shortest count on the way.
    pub any_win: bool,
    /// Drawn positions wanted.
    pub draws: usize,
}

/// A request for no ending at all: neither a win nor a draw to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("nothing to play: wins and draws are both 0")]
pub struct NothingToPlay;

impl NothingToPlay {
    /// The error as the command line says it, naming its options.
    pub fn with_option(&self) -> &'static str {
        "nothing to play: --wins and --draws are both 0"
    }
}

impl EndingRequest {
    /// Whether `wins` won and `draws` drawn endings ask for anything, checked before the
    /// databases are opened to make the request.
    ///
    /// # Errors
    /// [`NothingToPlay`] when both are 0.
    pub fn check(wins: usize, draws: usize) -> Result<(), NothingToPlay> {
        match wins + draws {
            0 => Err(NothingToPlay),
            _ => Ok(()),
        }
    }
}

/// Endings drawn at random from `db`'s slices as `request` says, either side to move;
/// `random` supplies the randomness. Fewer come back when the set holds too few.
///
/// # Errors
/// A probe that cannot read its file: a damaged set is not one to test the engine on.
pub fn draw_endings(
    db: &Egdb,
    request: &EndingRequest,
    random: &mut dyn FnMut() -> u64,
) -> Result<Vec<Ending>, EgdbError> {
    let variant = db.variant();
    let materials: Vec<Slice> = db
        .slices()
        .into_iter()
        .map(|(m, _)| m)
        .filter(|m| m.pieces() <= request.max_pieces)
        .collect();
    let quiet_limit = quiet_king_limit(variant);
    let (wins, draws) = (request.wins, request.draws);
    with_geometry!(variant.rules().board, G => {
        let sampler = Sampler::new::<G>(variant.rules(), &materials);
        let (mut won, mut drawn) = (Vec::new(), Vec::new());
        // Give up on a kind the set barely holds rather than draw forever.
        let attempts = 1000 * (wins + draws + 1);
        for _ in 0..attempts {
            if won.len() >= wins && drawn.len() >= draws {
                break;
            }
            let Some(pos) = sampler.position::<G>(random()) else {
                continue;
            };
            // Stored positions have White to move; half are turned to give Black the move.
            let pos = if random().is_multiple_of(2) { pos } else { pos.turned() };
            if pos.legal_moves().is_empty() {
                continue;
            }
            let Some(value) = db.probe(&pos)? else {
                continue;
            };
            let board = Board::from(pos);
            match value {
                Value::Draw if drawn.len() < draws => drawn.push(Ending {
                    board,
                    value,
                    within_counts: true,
                }),
                Value::Win(n) | Value::Loss(n) if won.len() < wins => {
                    let limit = claim_limit(variant, &board.material());
                    let n = usize::from(n);
                    let within_counts = win_within_counts(quiet_limit, limit, n, 0, 0);
                    if n >= request.min_plies && (within_counts || request.any_win) {
                        won.push(Ending {
                            board,
                            value,
                            within_counts,
                        });
                    }
                }
                _ => {}
            }
        }
        won.extend(drawn);
        Ok(won)
    })
}

/// Fewer endings drawn than asked for: the set held too few of a kind ([`draw_endings`]
/// gives up on a kind rather than draw forever).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortfall {
    /// Won endings drawn.
    pub wins: usize,
    /// Drawn endings drawn.
    pub draws: usize,
    /// What was asked for.
    pub request: EndingRequest,
}

impl Shortfall {
    /// How `endings` fall short of `request`, if they do.
    pub fn of(endings: &[Ending], request: &EndingRequest) -> Option<Shortfall> {
        let wins = endings.iter().filter(|e| e.winner().is_some()).count();
        let draws = endings.len() - wins;
        (wins < request.wins || draws < request.draws).then_some(Shortfall {
            wins,
            draws,
            request: *request,
        })
    }
}

impl fmt::Display for Shortfall {
    /// `the set gave 3 wins and 10 draws of at most 3 pieces (asked for 40 and 10)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the set gave {} wins and {} draws of at most {} pieces (asked for {} and {})",
            self.wins, self.draws, self.request.max_pieces, self.request.wins, self.request.draws
        )
    }
}

/// An ending and the game the engine played from it.
#[derive(Clone, Debug)]
pub struct PlayedEnding {
    /// The start.
    pub ending: Ending,
    /// The game, with its result.
    pub game: Game,
}

impl PlayedEnding {
    /// Whether the game ended as the databases say it should: the winner won, a draw was
    /// drawn.
    pub fn kept(&self) -> bool {
        let outcome = self.game.result().map(|r| r.outcome);
        match self.ending.winner() {
            Some(w) => outcome == Some(Outcome::Win(w)),
            None => outcome.is_none_or(|o| o == Outcome::Draw),
        }
    }
}

impl fmt::Display for PlayedEnding {
    /// `W:WK29,K30:BK1  database: win in 7 plies for the side to move; game: draw: … after
    /// 400 plies`, with `(a count may spoil it)` after a win that does not fit the counts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let result = self
            .game
            .result()
            .map_or("unfinished".to_string(), |r| r.describe());
        write!(
            f,
            "{}  database: {} for the side to move{}; game: {result} after {} plies",
            self.ending.board.fen(),
            self.ending.value,
            if self.ending.within_counts {
                ""
            } else {
                " (a count may spoil it)"
            },
            self.game.plies().len()
        )
    }
}

/// What a playout says at its end: each ending not kept, then how each kind went.
#[derive(Clone, Debug)]
pub struct PlayoutReport {
    /// The set's variant.
    pub variant: Variant,
    /// The endings asked for.
    pub request: EndingRequest,
    /// The player of both sides, as it was named.
    pub player: String,
    /// The games, from [`play_endings`].
    pub played: Vec<PlayedEnding>,
}

impl fmt::Display for PlayoutReport {
    /// A `not kept: …` line for each ending not kept, a heading naming the endings and the
    /// player, then a line a kind ([`tally`]), indented; several lines, the last unended.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in self.played.iter().filter(|p| !p.kept()) {
            writeln!(f, "not kept: {p}")?;
        }
        write!(
            f,
            "{}, endings of at most {} pieces",
            self.variant, self.request.max_pieces
        )?;
        if self.request.min_plies > 0 {
            write!(f, ", wins of at least {} plies", self.request.min_plies)?;
        }
        write!(f, ", {} on both sides:", self.player)?;
        if self.played.is_empty() {
            write!(f, "\n  no endings played")?;
        }
        for t in tally(&self.played) {
            write!(f, "\n  {t}")?;
        }
        Ok(())
    }
}

/// The kinds of ending a playout reports apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndingKind {
    /// A win no draw rule counting moves can spoil.
    Win,
    /// A win a count may spoil (asked for with [`EndingRequest::any_win`]).
    WinACountMaySpoil,
    /// A draw.
    Draw,
}

impl EndingKind {
    /// Every kind, in the order a report lists them.
    pub const ALL: [EndingKind; 3] = [
        EndingKind::Win,
        EndingKind::WinACountMaySpoil,
        EndingKind::Draw,
    ];

    /// What keeping an ending of this kind is called in a report.
    pub fn kept_name(self) -> &'static str {
        match self {
            EndingKind::Win => "wins converted",
            EndingKind::WinACountMaySpoil => "wins a count may spoil, converted",
            EndingKind::Draw => "draws held",
        }
    }

    /// The kind of `ending`.
    pub fn of(ending: &Ending) -> EndingKind {
        match (ending.winner(), ending.within_counts) {
            (None, _) => EndingKind::Draw,
            (Some(_), true) => EndingKind::Win,
            (Some(_), false) => EndingKind::WinACountMaySpoil,
        }
    }
}

/// How the endings of one kind went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KindTally {
    /// The kind.
    pub kind: EndingKind,
    /// Endings of it played.
    pub played: usize,
    /// Of them, ended as the databases say ([`PlayedEnding::kept`]).
    pub kept: usize,
    /// For wins: the game's plies on average, and the databases' (best play).
    pub mean_plies: Option<(f64, f64)>,
}

impl fmt::Display for KindTally {
    /// `wins converted 9/10 (90.0%), 31.2 plies on average against the databases' 27.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let percent = 100.0 * self.kept as f64 / self.played.max(1) as f64;
        write!(
            f,
            "{} {}/{} ({percent:.1}%)",
            self.kind.kept_name(),
            self.kept,
            self.played
        )?;
        if let Some((game, database)) = self.mean_plies {
            write!(
                f,
                ", {game:.1} plies on average against the databases' {database:.1}"
            )?;
        }
        Ok(())
    }
}

/// The endings not kept so far, counted as their games end, for a progress display:
/// `3 not kept`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NotKept(pub usize);

impl NotKept {
    /// Count `game` in (one more when it was not kept); the count after it.
    pub fn record(&mut self, game: &PlayedEnding) -> NotKept {
        self.0 += usize::from(!game.kept());
        *self
    }
}

impl fmt::Display for NotKept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} not kept", self.0)
    }
}

/// Each kind of ending that was played, in [`EndingKind::ALL`]'s order (a kind with no
/// ending played is left out: "0/0" says nothing).
pub fn tally(played: &[PlayedEnding]) -> Vec<KindTally> {
    EndingKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let games: Vec<&PlayedEnding> = played
                .iter()
                .filter(|p| EndingKind::of(&p.ending) == kind)
                .collect();
            if games.is_empty() {
                return None;
            }
            let n = games.len() as f64;
            let database: Vec<usize> = games
                .iter()
                .filter_map(|p| match p.ending.value {
                    Value::Win(d) | Value::Loss(d) => Some(usize::from(d)),
                    Value::Draw => None,
                })
                .collect();
            let mean_plies = (!database.is_empty()).then(|| {
                let game: usize = games.iter().map(|p| p.game.plies().len()).sum();
                (game as f64 / n, database.iter().sum::<usize>() as f64 / n)
            });
            Some(KindTally {
                kind,
                played: games.len(),
                kept: games.iter().filter(|p| p.kept()).count(),
                mean_plies,
            })
        })
        .collect()
}

/// Play every ending with players made by `player` on both sides, `workers` games at once;
/// `progress` sees each game as it ends. Results come back in the endings' order.
///
/// # Errors
/// The first [`PlayerError`]; games under way are abandoned. A player whose searches met a
/// damaged database block is one too ([`PlayerError::Engine`] naming the file): it played
/// on without that block, and its game would blame the engine for the set's damage.
pub fn play_endings(
    endings: &[Ending],
    player: &PlayerFactory<'_>,
    config: &MatchConfig,
    workers: usize,
    progress: &mut dyn FnMut(&PlayedEnding),
) -> Result<Vec<PlayedEnding>, PlayerError> {
    let setup = || player().and_then(|a| player().map(|b| (a, b)));
    let work = |(white, black): &mut (Box<dyn Player>, Box<dyn Player>), i: usize| {
        let ending = &endings[i];
        let opening = Opening {
            name: ending.board.fen(),
            game: Game::from_board(ending.board),
        };
        let game = play_game(&mut **white, &mut **black, &opening, config)?;
        for p in [&**white, &**black] {
            if let Some(damage) = p.egdb_damage() {
                return Err(PlayerError::Engine {
                    name: p.name().to_string(),
                    message: format!(
                        "met a damaged database in the game from {} ({damage}): a damaged set \
                         is not one to test the engine on",
                        ending.board.fen()
                    ),
                });
            }
        }
        Ok(PlayedEnding {
            ending: ending.clone(),
            game,
        })
    };
    run_jobs(
        endings.len(),
        workers,
        &setup,
        &work,
        &mut |p: &PlayedEnding| {
            progress(p);
            true
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::Variant;
    use damier_game::{GameResult, Reason};

    #[test]
    fn a_request_asks_for_a_win_or_a_draw() {
        assert_eq!(EndingRequest::check(0, 1), Ok(()));
        assert_eq!(EndingRequest::check(3, 0), Ok(()));
        let e = EndingRequest::check(0, 0).unwrap_err();
        assert_eq!(e.to_string(), "nothing to play: wins and draws are both 0");
        assert_eq!(
            e.with_option(),
            "nothing to play: --wins and --draws are both 0"
        );
    }

    fn played(value: Value, result: Option<GameResult>) -> PlayedEnding {
        let variant: Variant = "english".parse().unwrap();
        let game = Game::from_fen(variant, "B:WK29,K30:BK1").unwrap();
        let mut game_played = game.clone();
        if let Some(r) = result {
            game_played.set_result(r);
        }
        PlayedEnding {
            ending: Ending {
                board: *game.start(),
                value,
                within_counts: true,
            },
            game: game_played,
        }
    }

    #[test]
    fn an_ending_is_kept_only_as_the_databases_say() {
        let white_wins = Some(GameResult::win(Color::White, Reason::NoLegalMove));
        let black_wins = Some(GameResult::win(Color::Black, Reason::NoLegalMove));
        let drawn = Some(GameResult::draw(Reason::Agreement));
        // Black to move and losing: White must win.
        assert!(played(Value::Loss(7), white_wins).kept());
        assert!(!played(Value::Loss(7), drawn).kept());
        assert!(!played(Value::Loss(7), black_wins).kept());
        assert!(!played(Value::Loss(7), None).kept());
        assert!(played(Value::Win(7), black_wins).kept());
        // A draw is held by a draw, not by a win for either side.
        assert!(played(Value::Draw, drawn).kept());
        assert!(!played(Value::Draw, white_wins).kept());
        assert!(!played(Value::Draw, black_wins).kept());
    }

    #[test]
    fn the_endings_not_kept_are_counted_as_they_end() {
        let white_wins = Some(GameResult::win(Color::White, Reason::NoLegalMove));
        let drawn = Some(GameResult::draw(Reason::Agreement));
        let mut not_kept = NotKept::default();
        assert_eq!(
            not_kept.record(&played(Value::Loss(7), white_wins)),
            NotKept(0)
        );
        assert_eq!(not_kept.record(&played(Value::Loss(7), drawn)), NotKept(1));
        assert_eq!(
            not_kept.record(&played(Value::Draw, white_wins)),
            NotKept(2)
        );
        assert_eq!(not_kept.to_string(), "2 not kept");
    }

    #[test]
    fn only_the_pieces_a_set_is_complete_for_are_played() {
        let root = std::env::temp_dir().join(format!("damier-playout-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let english: Variant = "english".parse().unwrap();
        let open = || Egdb::open(&root, english, 1).unwrap();
        assert!(matches!(
            playable_pieces(&open(), None),
            Err(SetRefused::NoSet(_))
        ));
        damier_egdb::store::build_set(&root, english, 3, &|_| {}).unwrap();
        assert_eq!(playable_pieces(&open(), None).unwrap(), 3);
        assert_eq!(playable_pieces(&open(), Some(2)).unwrap(), 2);
        for asked in [1, 4] {
            let e = playable_pieces(&open(), Some(asked)).unwrap_err();
            assert!(
                e.to_string()
                    .starts_with(&format!("{asked}: the english set in ")),
                "{e}"
            );
            assert!(
                e.to_string().ends_with("is complete for 2 to 3 pieces"),
                "{e}"
            );
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn the_tally_counts_each_kind_apart_and_leaves_out_kinds_not_played() {
        let white_wins = Some(GameResult::win(Color::White, Reason::NoLegalMove));
        let drawn = Some(GameResult::draw(Reason::Agreement));
        let endings = [
            played(Value::Loss(7), white_wins),
            played(Value::Loss(9), drawn),
            played(Value::Draw, drawn),
        ];
        let t = tally(&endings);
        assert_eq!(t.len(), 2, "no win a count may spoil was played: {t:?}");
        assert_eq!(t[0].kind, EndingKind::Win);
        assert_eq!((t[0].played, t[0].kept), (2, 1));
        // The fixture's games have no moves; the databases' distances average 8.
        assert_eq!(t[0].mean_plies, Some((0.0, 8.0)));
        assert_eq!(t[1].kind, EndingKind::Draw);
        assert_eq!((t[1].played, t[1].kept, t[1].mean_plies), (1, 1, None));
        assert_eq!(
            t[0].to_string(),
            "wins converted 1/2 (50.0%), 0.0 plies on average against the databases' 8.0"
        );
        assert_eq!(t[1].to_string(), "draws held 1/1 (100.0%)");
    }

    #[test]
    fn a_seed_names_one_stream_of_random_numbers() {
        let first: Vec<u64> = std::iter::repeat_with(seeded_random(1)).take(3).collect();
        let again: Vec<u64> = std::iter::repeat_with(seeded_random(1)).take(3).collect();
        let other: Vec<u64> = std::iter::repeat_with(seeded_random(2)).take(3).collect();
        assert_eq!(first, again);
        assert_ne!(first, other);
        // Pinned: the endings a seed draws (and tests that count on them) must not move.
        assert_eq!(first[0], 487_617_019_471_545_679);
        assert_ne!(first[0], first[1]);
    }

    #[test]
    fn the_playout_player_is_damier_probing_the_set_tested() {
        let dir = Path::new("/sets/english");
        let spec = playout_player("damier:nodes=100", dir).unwrap();
        assert!(matches!(&spec, PlayerSpec::Damier(d) if d.egdb.as_deref() == Some(dir)));
        // Another folder given in the text is overruled: the set tested is the one probed.
        let spec = playout_player("damier:egdb=/elsewhere", dir).unwrap();
        assert!(matches!(&spec, PlayerSpec::Damier(d) if d.egdb.as_deref() == Some(dir)));
        for other in ["hub:scan hub", "dxp:localhost:27531"] {
            let e = playout_player(other, dir).unwrap_err();
            assert!(matches!(e, PlayoutPlayerError::NotDamier), "{other}: {e}");
            assert!(
                e.to_string().starts_with("only Damier in this process"),
                "{e}"
            );
        }
        let e = playout_player("damier:depth=0", dir).unwrap_err();
        assert!(matches!(e, PlayoutPlayerError::Spec(_)), "{e}");
        assert!(
            e.to_string()
                .starts_with("player 'damier:depth=0': depth must be"),
            "{e}"
        );
    }

    #[test]
    fn a_set_that_gave_too_few_endings_says_so() {
        let request = EndingRequest {
            max_pieces: 3,
            wins: 2,
            min_plies: 0,
            any_win: false,
            draws: 1,
        };
        let white_wins = Some(GameResult::win(Color::White, Reason::NoLegalMove));
        let won = played(Value::Loss(7), white_wins).ending;
        let drawn = played(Value::Draw, None).ending;
        let enough = [won.clone(), drawn.clone(), won.clone()];
        assert_eq!(Shortfall::of(&enough, &request), None);
        let short = Shortfall::of(&[drawn.clone(), won, drawn], &request).unwrap();
        assert_eq!((short.wins, short.draws), (1, 2));
        assert_eq!(
            short.to_string(),
            "the set gave 1 wins and 2 draws of at most 3 pieces (asked for 2 and 1)"
        );
    }

    #[test]
    fn the_report_lists_the_endings_not_kept_then_each_kind() {
        let white_wins = Some(GameResult::win(Color::White, Reason::NoLegalMove));
        let drawn = Some(GameResult::draw(Reason::Agreement));
        let mut spoilable = played(Value::Loss(9), drawn);
        spoilable.ending.within_counts = false;
        let mut report = PlayoutReport {
            variant: "english".parse().unwrap(),
            request: EndingRequest {
                max_pieces: 3,
                wins: 2,
                min_plies: 5,
                any_win: true,
                draws: 1,
            },
            player: "damier:nodes=20000".to_string(),
            played: vec![
                played(Value::Loss(7), white_wins),
                spoilable,
                played(Value::Draw, None),
            ],
        };
        let text = report.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{text}");
        assert!(
            lines[0].starts_with("not kept: B:WK29,K30:BK1  database: loss in 9 plies"),
            "{text}"
        );
        assert!(
            lines[0].contains(" for the side to move (a count may spoil it); game: draw")
                && lines[0].ends_with(" after 0 plies"),
            "{text}"
        );
        assert_eq!(
            lines[1],
            "english, endings of at most 3 pieces, wins of at least 5 plies, damier:nodes=20000 on both sides:"
        );
        assert!(
            lines[2].starts_with("  wins converted 1/1 (100.0%)"),
            "{text}"
        );
        assert!(
            lines[3].starts_with("  wins a count may spoil, converted 0/1 (0.0%)"),
            "{text}"
        );
        assert_eq!(lines[4], "  draws held 1/1 (100.0%)");
        assert!(!text.ends_with('\n'));

        report.request.min_plies = 0;
        report.played.clear();
        assert_eq!(
            report.to_string(),
            "english, endings of at most 3 pieces, damier:nodes=20000 on both sides:\n  no endings played"
        );
    }
}
