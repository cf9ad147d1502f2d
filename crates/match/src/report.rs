//! A match's account, kept as its games finish: the first player's score and Elo, the
//! sequential test over pairs of games, how the games ended, and the damaged endgame
//! databases the players met. One count serves the progress line and the final summary, and
//! the summary is one value for the text and the JSON a caller writes.

use crate::elo::Tally;
use crate::runner::GameRecord;
use crate::sprt::{Decision, Pairs, Sprt};
use damier_egdb::Damage;
use damier_game::Reason;
use serde::Serialize;

/// How one game ended, in the words of the match summary's `Games ended:` line.
pub fn ending(record: &GameRecord) -> &'static str {
    match record.game.result().map(|x| x.reason) {
        Some(Reason::NoLegalMove) => "no legal move",
        Some(Reason::Time | Reason::ForfeitedTurns) => "on time",
        Some(Reason::Rule(_)) => "a draw rule",
        Some(Reason::Adjudication) => "adjudicated",
        Some(Reason::Resignation) => "resigned",
        Some(Reason::Agreement) => "agreed",
        Some(Reason::Recorded) | None => "unfinished",
    }
}

/// A damaged endgame database file a player met, and in which game it first did.
#[derive(Clone, Debug)]
pub struct Damaged {
    /// The player's name.
    pub player: String,
    /// The game (1-based) where the player first met it.
    pub game: usize,
    /// The file and what is wrong with it.
    pub damage: Damage,
}

impl Damaged {
    /// One line: who met it, from which game on, and what to do.
    pub fn describe(&self) -> String {
        format!(
            "{} (from game {} on): {}",
            self.player,
            self.game,
            self.damage.warning()
        )
    }
}

impl Serialize for Damaged {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Fields<'a> {
            player: &'a str,
            game: usize,
            file: String,
            reason: &'a str,
        }
        Fields {
            player: &self.player,
            game: self.game,
            file: self.damage.file.display().to_string(),
            reason: &self.damage.reason,
        }
        .serialize(s)
    }
}

/// One finished game as a line of a match's JSON output.
#[derive(Clone, Debug, Serialize)]
pub struct GameLine<'a> {
    /// 1-based game number.
    pub game: usize,
    /// White's name.
    pub white: &'a str,
    /// Black's name.
    pub black: &'a str,
    /// The opening it started from.
    pub opening: &'a str,
    /// The result in words, if the game has one.
    pub result: Option<String>,
    /// 1, ½ or 0 for the match's first player.
    pub first_player_points: f64,
    /// Plies played, the opening's included.
    pub plies: usize,
    /// Damaged database files a player met for the first time in this game.
    pub egdb_damage: &'a [Damaged],
}

/// Where the sequential test stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TestState {
    /// The test's settings.
    pub sprt: Sprt,
    /// Log-likelihood ratio of the pairs so far.
    pub llr: f64,
    /// The bound below which H0 is accepted.
    pub lower: f64,
    /// The bound above which H1 is accepted.
    pub upper: f64,
    /// The decision, once the ratio crossed a bound.
    pub decision: Option<Decision>,
    /// Pairs completed.
    pub pairs: u32,
    /// Pairs by the first player's points in them (0, ½, … 2).
    pub pentanomial: [u32; 5],
}

impl Serialize for TestState {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Fields {
            elo0: f64,
            elo1: f64,
            alpha: f64,
            beta: f64,
            llr: f64,
            lower: f64,
            upper: f64,
            pairs: u32,
            pentanomial: [u32; 5],
            result: &'static str,
        }
        Fields {
            elo0: self.sprt.elo0,
            elo1: self.sprt.elo1,
            alpha: self.sprt.alpha,
            beta: self.sprt.beta,
            llr: self.llr,
            lower: self.lower,
            upper: self.upper,
            pairs: self.pairs,
            pentanomial: self.pentanomial,
            result: match self.decision {
                Some(Decision::AcceptH1) => "H1",
                Some(Decision::AcceptH0) => "H0",
                None => "undecided",
            },
        }
        .serialize(s)
    }
}

/// A match's account as its games finish.
#[derive(Clone, Debug)]
pub struct Report {
    sprt: Option<Sprt>,
    tally: Tally,
    pairs: Pairs,
    /// (first player, second player), from the first game.
    names: Option<(String, String)>,
    endings: Vec<(&'static str, usize)>,
    damaged: Vec<Damaged>,
}

impl Report {
    /// An empty account; with `sprt`, the test runs over the games' pairs.
    pub fn new(sprt: Option<Sprt>) -> Report {
        Report {
            sprt,
            tally: Tally::default(),
            pairs: Pairs::default(),
            names: None,
            endings: Vec::new(),
            damaged: Vec::new(),
        }
    }

    /// Count a finished game (in any order); returns the damaged database files a player
    /// met for the first time in it (each file is told once: a player's handle keeps the
    /// damage, so its later games list it again).
    pub fn add(&mut self, record: &GameRecord) -> &[Damaged] {
        let points = record.first_player_points();
        self.tally.add(points);
        self.pairs.add(record.number, points);
        if self.names.is_none() {
            let (white, black) = (record.white.clone(), record.black.clone());
            self.names = Some(if record.first_is_white {
                (white, black)
            } else {
                (black, white)
            });
        }
        let how = ending(record);
        match self.endings.iter_mut().find(|(h, _)| *h == how) {
            Some((_, n)) => *n += 1,
            None => self.endings.push((how, 1)),
        }
        let known = self.damaged.len();
        for (player, damage) in &record.egdb_damage {
            if !self.damaged.iter().any(|d| d.damage.file == damage.file) {
                self.damaged.push(Damaged {
                    player: player.clone(),
                    game: record.number,
                    damage: damage.clone(),
                });
            }
        }
        &self.damaged[known..]
    }

    /// The first player's wins, draws and losses.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// The sequential test's state, if the match runs one.
    pub fn test(&self) -> Option<TestState> {
        let sprt = self.sprt?;
        let llr = sprt.llr(&self.pairs.counts);
        let (lower, upper) = sprt.bounds();
        Some(TestState {
            sprt,
            llr,
            lower,
            upper,
            decision: sprt.decide(llr),
            pairs: self.pairs.completed(),
            pentanomial: self.pairs.counts,
        })
    }

    /// Whether the sequential test has decided (the match should stop).
    pub fn decided(&self) -> bool {
        self.test().is_some_and(|t| t.decision.is_some())
    }

    /// The running score for a progress line: `+3 =5 -2  score 55.0%`, and the test's ratio
    /// and bounds when there is one.
    pub fn score_line(&self) -> String {
        let t = self.tally;
        let test = self.test().map_or(String::new(), |s| {
            format!("  LLR {:.2} ({:.2}, {:.2})", s.llr, s.lower, s.upper)
        });
        format!(
            "+{} ={} -{}  score {:.1}%{test}",
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score()
        )
    }

    /// A line of a match's progress for a log: games played of `total`, then the
    /// [`Report::score_line`] (`3/20 games  +2 =1 -0  score 83.3%`).
    pub fn progress_line(&self, total: usize) -> String {
        format!(
            "{}/{total} games  {}",
            self.tally.games(),
            self.score_line()
        )
    }

    /// How the games ended, most frequent first: ("no legal move", 31), ("on time", 2), …
    pub fn endings(&self) -> Vec<(&'static str, usize)> {
        let mut counts = self.endings.clone();
        counts.sort_by_key(|&(how, n)| (std::cmp::Reverse(n), how));
        counts
    }

    /// Every damaged database file met, in the order they were first met.
    pub fn damaged(&self) -> &[Damaged] {
        &self.damaged
    }

    /// The summary once the match ended: `names` are the players' names where no game was
    /// played; `asked` the games the match was to play; `stopped` whether it was stopped
    /// before.
    pub fn summary<'a>(
        &'a self,
        names: (&'a str, &'a str),
        asked: usize,
        stopped: bool,
    ) -> Summary<'a> {
        let (first, second) = self
            .names
            .as_ref()
            .map_or(names, |(a, b)| (a.as_str(), b.as_str()));
        let elo = self.tally.elo();
        Summary {
            egdb_damage: &self.damaged,
            sprt: self.test(),
            first,
            second,
            games: self.tally.games(),
            wins: self.tally.wins,
            draws: self.tally.draws,
            losses: self.tally.losses,
            score: self.tally.score(),
            elo: elo.map(|e| e.elo).filter(|e| e.is_finite()),
            elo_margin: elo.map(|e| e.margin).filter(|e| e.is_finite()),
            elo_bound: elo.map(|e| e.bound),
            stopped,
            asked,
            endings: self.endings(),
        }
    }
}

/// A finished match, as text ([`Summary::lines`]) or JSON (its serde form).
#[derive(Clone, Debug, Serialize)]
pub struct Summary<'a> {
    /// Damaged database files the players met.
    pub egdb_damage: &'a [Damaged],
    /// The sequential test, if one ran.
    pub sprt: Option<TestState>,
    /// The first player's name.
    pub first: &'a str,
    /// The second player's name.
    pub second: &'a str,
    /// Games played.
    pub games: u32,
    /// The first player's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// The first player's losses.
    pub losses: u32,
    /// The first player's score fraction.
    pub score: f64,
    /// The Elo difference (none after a clean sweep).
    pub elo: Option<f64>,
    /// The half-width of its 95% interval.
    pub elo_margin: Option<f64>,
    /// The end of the interval nearer to zero (after a clean sweep, the figure to quote).
    pub elo_bound: Option<f64>,
    /// Whether the match was stopped before it ended.
    pub stopped: bool,
    /// The games the match was to play.
    #[serde(skip)]
    pub asked: usize,
    /// How the games ended.
    #[serde(skip)]
    pub endings: Vec<(&'static str, usize)>,
}

impl Summary<'_> {
    /// The summary as lines of text: the score, how the games ended, the Elo difference, the
    /// test's verdict, and the damaged databases.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "{} vs {}: +{} ={} -{} ({:.1} / {}, {:.1}%)",
            self.first,
            self.second,
            self.wins,
            self.draws,
            self.losses,
            f64::from(self.wins) + f64::from(self.draws) / 2.0,
            self.games,
            100.0 * self.score
        )];
        if !self.endings.is_empty() {
            let ended: Vec<String> = self
                .endings
                .iter()
                .map(|(how, n)| format!("{n} {how}"))
                .collect();
            lines.push(format!("Games ended: {}", ended.join(", ")));
        }
        match (self.elo, self.elo_margin, self.elo_bound) {
            (Some(elo), Some(margin), _) => {
                // Rounded first, and -0 made +0, so that an even score reads "+0".
                let elo = elo.round() + 0.0;
                lines.push(format!("Elo difference: {elo:+.0} ± {margin:.0} (95%)"));
            }
            (None, _, Some(bound)) if self.losses == 0 => lines.push(format!(
                "Elo difference: at least {bound:+.0} (95%, a clean sweep)"
            )),
            (None, _, Some(bound)) => lines.push(format!(
                "Elo difference: at most {bound:+.0} (95%, a clean sweep)"
            )),
            _ => {}
        }
        if let Some(t) = &self.sprt {
            let s = t.sprt;
            let verdict = match t.decision {
                Some(Decision::AcceptH1) => format!(
                    "H1 accepted: the first player is at least {:+} Elo stronger",
                    s.elo1
                ),
                Some(Decision::AcceptH0) => format!(
                    "H0 accepted: the first player is not {:+} Elo stronger",
                    s.elo1
                ),
                None if self.stopped => format!("undecided: stopped after {} games", self.games),
                None => format!(
                    "undecided after {} games (raise --games to go on)",
                    self.games
                ),
            };
            lines.push(format!(
                "SPRT elo0 {:+} elo1 {:+} alpha {} beta {}: LLR {:.2} (bounds {:.2}, {:.2}), {} pairs {:?}",
                s.elo0, s.elo1, s.alpha, s.beta, t.llr, t.lower, t.upper, t.pairs, t.pentanomial
            ));
            lines.push(verdict);
        } else if self.stopped {
            lines.push(format!(
                "stopped after {} of {} games",
                self.games, self.asked
            ));
        }
        for d in self.egdb_damage {
            lines.push(format!("warning: {}", d.describe()));
        }
        lines
    }
}

impl GameRecord {
    /// The game as a line of a match's JSON output, with the damaged files first met in it.
    pub fn line<'a>(&'a self, first_met: &'a [Damaged]) -> GameLine<'a> {
        GameLine {
            game: self.number,
            white: &self.white,
            black: &self.black,
            opening: &self.opening,
            result: self.game.result().map(|x| x.describe()),
            first_player_points: self.first_player_points(),
            plies: self.game.plies().len(),
            egdb_damage: first_met,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::Variant;
    use damier_game::{Game, GameResult, Outcome};

    fn record(number: usize, first_is_white: bool, outcome: Outcome, reason: Reason) -> GameRecord {
        let mut game = Game::new(Variant::INTERNATIONAL);
        game.set_result(GameResult { outcome, reason });
        GameRecord {
            number,
            opening: "start".into(),
            white: if first_is_white { "a" } else { "b" }.into(),
            black: if first_is_white { "b" } else { "a" }.into(),
            first_is_white,
            game,
            egdb_damage: Vec::new(),
        }
    }

    #[test]
    fn counts_score_pairs_and_endings_once() {
        let mut report = Report::new(Some("0,10".parse().unwrap()));
        let white = Outcome::Win(damier_core::Color::White);
        // Pair 1: the first player wins with White and draws with Black; pair 2 half played.
        report.add(&record(2, false, Outcome::Draw, Reason::Adjudication));
        report.add(&record(1, true, white, Reason::NoLegalMove));
        report.add(&record(3, true, white, Reason::Time));
        let t = report.tally();
        assert_eq!((t.wins, t.draws, t.losses), (2, 1, 0));
        let test = report.test().unwrap();
        assert_eq!((test.pairs, test.pentanomial), (1, [0, 0, 0, 1, 0]));
        assert!(!report.decided());
        assert!(report
            .score_line()
            .starts_with("+2 =1 -0  score 83.3%  LLR "));
        assert_eq!(
            report.progress_line(20),
            format!("3/20 games  {}", report.score_line())
        );
        assert_eq!(
            report.endings(),
            [("adjudicated", 1), ("no legal move", 1), ("on time", 1)]
        );
        let summary = report.summary(("x", "y"), 10, false);
        assert_eq!((summary.first, summary.second), ("a", "b"));
        let lines = summary.lines();
        assert_eq!(lines[0], "a vs b: +2 =1 -0 (2.5 / 3, 83.3%)");
        assert_eq!(
            lines[1],
            "Games ended: 1 adjudicated, 1 no legal move, 1 on time"
        );
        assert!(lines[2].starts_with("Elo difference: +"), "{lines:?}");
        assert!(lines
            .iter()
            .any(|l| l == "undecided after 3 games (raise --games to go on)"));
        let json = serde_json::to_value(&summary).unwrap();
        assert_eq!(json["wins"], 2);
        assert_eq!(json["sprt"]["result"], "undecided");
        assert_eq!(json["sprt"]["pentanomial"][3], 1);
        assert_eq!(json["egdb_damage"].as_array().map(Vec::len), Some(0));
    }

    #[test]
    fn a_clean_sweep_gives_a_bound_and_no_match_gives_the_names_asked() {
        let mut report = Report::new(None);
        let white = Outcome::Win(damier_core::Color::White);
        for number in 1..=8 {
            report.add(&record(number, true, white, Reason::NoLegalMove));
        }
        let lines = report.summary(("x", "y"), 10, true).lines();
        assert!(
            lines[2].starts_with("Elo difference: at least +"),
            "{lines:?}"
        );
        assert_eq!(lines.last().unwrap(), "stopped after 8 of 10 games");
        let empty = Report::new(None);
        let summary = empty.summary(("x", "y"), 2, true);
        assert_eq!(
            summary.lines(),
            [
                "x vs y: +0 =0 -0 (0.0 / 0, 0.0%)",
                "stopped after 0 of 2 games"
            ]
        );
    }
}
