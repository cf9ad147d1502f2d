//! What a player can type: a move, or one of the commands. The same words work in the line
//! mode and the full-screen view.

use damier_core::Variant;
use std::path::PathBuf;

/// One line of input, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move in the variant's notation; `offer`: with a draw offer (`draw 32-28`).
    Move {
        /// The move as typed.
        text: String,
        /// Offer a draw with it.
        offer: bool,
    },
    /// List the legal moves.
    Moves,
    /// Take back the last move (against the engine, back to your previous turn).
    Undo,
    /// Offer a draw with the next move, or accept the opponent's offer.
    Draw,
    /// Accept the opponent's draw offer.
    Accept,
    /// Decline the opponent's draw offer.
    Decline,
    /// Resign.
    Resign,
    /// Turn the board round.
    Flip,
    /// Ask the engine for a move.
    Hint,
    /// Ask what the opponent would play if it were to move again.
    Threat,
    /// Make the engine play its best move so far.
    Now,
    /// Pass after the opponent forfeited a turn on time (giveaway, loss of turn).
    Pass,
    /// Save the game as PDN (to the file given, or the last one, or a new name).
    Save(Option<PathBuf>),
    /// Show the board again (line mode).
    Board,
    /// List where the pieces stand, in words (for screen readers).
    Pieces,
    /// Show the commands.
    Help,
    /// Leave (asks first when the game is not saved).
    Quit,
    /// An answer to a question.
    Yes,
    /// An answer to a question.
    No,
    /// Nothing typed.
    Empty,
    /// A word that is no command.
    Unknown(String),
}

impl Command {
    /// Understand a line. Words are case-insensitive; anything with a digit that is not a
    /// command is taken as a move, so the rules can say what is wrong with it.
    pub fn parse(line: &str) -> Command {
        let line = line.trim();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let word_lc = word.to_ascii_lowercase();
        let plain = |c: Command| {
            if rest.is_empty() {
                c
            } else {
                Command::Unknown(line.into())
            }
        };
        match word_lc.as_str() {
            "" => Command::Empty,
            "moves" | "m" | "legal" => plain(Command::Moves),
            "undo" | "u" | "takeback" | "back" => plain(Command::Undo),
            "draw" | "offer" if rest.is_empty() => Command::Draw,
            "draw" | "offer" => Command::Move {
                text: rest.into(),
                offer: true,
            },
            "accept" => plain(Command::Accept),
            "decline" => plain(Command::Decline),
            "resign" => plain(Command::Resign),
            "flip" | "f" | "rotate" => plain(Command::Flip),
            "hint" => plain(Command::Hint),
            "threat" => plain(Command::Threat),
            "now" | "go" | "stop" => plain(Command::Now),
            "pass" => plain(Command::Pass),
            "save" | "s" if rest.is_empty() => Command::Save(None),
            "save" | "s" => Command::Save(Some(PathBuf::from(rest))),
            "board" | "b" | "show" => plain(Command::Board),
            "pieces" | "where" => plain(Command::Pieces),
            "help" | "h" | "?" | "commands" => Command::Help,
            "quit" | "q" | "exit" | "bye" => plain(Command::Quit),
            "yes" | "y" => plain(Command::Yes),
            "no" | "n" => plain(Command::No),
            _ if line.chars().any(|c| c.is_ascii_digit()) => Command::Move {
                text: line.into(),
                offer: false,
            },
            _ => Command::Unknown(line.into()),
        }
    }
}

/// The commands, one a line, for `help`, with moves written as `variant` writes them.
pub fn help(variant: Variant) -> String {
    let examples = crate::words::example_moves(variant);
    let (quiet, capture) = match &examples[..] {
        [quiet, capture, ..] => (quiet.as_str(), capture.as_str()),
        [quiet] => (quiet.as_str(), quiet.as_str()),
        [] => ("32-28", "28x19"),
    };
    format!(
        "\
Type a move in the variant's notation: {quiet} or {capture}, with every landing
square when a short capture is ambiguous. Commands:
  moves          list the legal moves
  undo           take back your last move
  draw           offer a draw with your next move (or: draw {quiet})
  accept/decline answer a draw offer (moving on declines it too)
  resign         give up the game
  pass           pass after the opponent lost a turn on time (giveaway)
  flip           turn the board round
  hint           ask the engine for a move
  threat         what the opponent would play if it were to move again
  now            make the engine move at once
  board, pieces  show the board; list the pieces in words
  save [FILE]    save the game as PDN
  help           this list
  quit           leave (asks first if the game is not saved)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_writes_moves_as_the_variant_does() {
        let russian = help("russian".parse().unwrap());
        assert!(russian.contains("notation: a3-b4 or b4:d6"), "{russian}");
        assert!(!russian.contains("32-28"), "{russian}");
        let international = help("international".parse().unwrap());
        assert!(
            international.contains("(or: draw 31-27)"),
            "{international}"
        );
    }

    #[test]
    fn words_and_moves() {
        assert_eq!(
            Command::parse("  32-28 "),
            Command::Move {
                text: "32-28".into(),
                offer: false
            }
        );
        assert_eq!(
            Command::parse("draw c3-d4"),
            Command::Move {
                text: "c3-d4".into(),
                offer: true
            }
        );
        assert_eq!(Command::parse("DRAW"), Command::Draw);
        assert_eq!(
            Command::parse("save my game.pdn"),
            Command::Save(Some("my game.pdn".into()))
        );
        assert_eq!(Command::parse("save"), Command::Save(None));
        assert_eq!(Command::parse(""), Command::Empty);
        assert_eq!(Command::parse("hepl"), Command::Unknown("hepl".into()));
        assert_eq!(Command::parse("undo 3"), Command::Unknown("undo 3".into()));
        assert_eq!(Command::parse("Q"), Command::Quit);
    }
}
