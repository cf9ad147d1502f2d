//! Each field of a variant's rules in words: a sentence for the rules text, a few words for
//! the one-line summary and the comparison table. Every phrase is chosen by the field's
//! value, so a rule changed in the data changes the text.

use damier_core::rules::{
    CaptureChoice, KingLanding, KingRange, ManCapture, MidCapturePromotion, Removal, SquareNaming,
};
use damier_core::{BoardKind, Color, Rules};

/// The board in a few words: `8x8`, `10x10`, `8x8, every square`.
pub fn board_short(kind: BoardKind) -> &'static str {
    match kind {
        BoardKind::Diagonal8 => "8x8",
        BoardKind::Diagonal10 => "10x10",
        BoardKind::Diagonal12 => "12x12",
        BoardKind::Orthogonal8 => "8x8, every square",
    }
}

/// The board in a sentence.
pub fn board(rules: &Rules) -> String {
    let n = rules.board.size();
    let squares = match rules.board {
        BoardKind::Orthogonal8 => "all 64 squares are played on".to_string(),
        kind => format!("the game is played on its {} dark squares", kind.squares()),
    };
    let mut text = format!("The board has {n}x{n} squares; {squares}.");
    if rules.mirrored {
        text += " It is mirrored: the corner square at each player's left (a1 for White) is \
                 a light square, so the long diagonal runs from the right-hand corner.";
    }
    text
}

/// Where the men start.
pub fn setup(rules: &Rules) -> String {
    let rows = &rules.start_rows;
    let count = rows.end - rows.start;
    let which = if rows.start == 0 && count == 1 {
        "its back row".to_string()
    } else if rows.start == 0 {
        format!("the {} rows nearest its player", number_word(count))
    } else {
        let listed = if count == 2 { "and" } else { "to" };
        format!(
            "rows {} {listed} {} counted from its player's side, the back row left empty",
            rows.start + 1,
            rows.end
        )
    };
    format!(
        "Each side has {} men, on {which}. {} moves first.",
        rules.men,
        color_name(rules.first)
    )
}

/// How a man moves without capturing.
pub fn man_move(rules: &Rules) -> &'static str {
    if rules.board.is_diagonal() {
        "A man moves one square diagonally forward."
    } else {
        "A man moves one square straight forward or sideways, never backward."
    }
}

/// How men capture, in a sentence.
pub fn man_capture(rules: &Rules) -> String {
    let mut text = match rules.man_capture {
        ManCapture::Forward => "A man captures forward only, by jumping diagonally over an \
            adjacent enemy piece to the empty square just beyond it."
            .to_string(),
        ManCapture::ForwardBackward => "A man captures forward and backward, by jumping \
            diagonally over an adjacent enemy piece to the empty square just beyond it."
            .to_string(),
        ManCapture::AllEight => "A man captures in all eight directions: diagonally over an \
            adjacent piece, or straight forward, backward or sideways over the piece on the next \
            playing square of that line (two squares away), landing on the next playing square \
            beyond it. Moves that \
            do not capture stay diagonal."
            .to_string(),
        ManCapture::OrthogonalForwardSideways => "A man captures straight forward or \
            sideways, never backward, by jumping over an adjacent enemy piece to the empty \
            square just beyond it."
            .to_string(),
    };
    if !rules.man_takes_king {
        text += " A man may not capture a king.";
    }
    text
}

/// How men capture, in a few words.
pub fn man_capture_short(rules: &Rules) -> &'static str {
    match rules.man_capture {
        ManCapture::Forward => "forward only",
        ManCapture::ForwardBackward => "forward and backward",
        ManCapture::AllEight => "in eight directions",
        ManCapture::OrthogonalForwardSideways => "straight forward and sideways",
    }
}

/// Promotion, in a sentence.
pub fn crowning(rules: &Rules) -> &'static str {
    match (rules.crowning_wins, rules.no_move_wins()) {
        (false, _) => "A man that ends its move on the far row is crowned and becomes a king.",
        (true, false) => {
            "A man that ends its move on the far row is crowned, and the first \
            player to crown a king wins the game at once."
        }
        (true, true) => {
            "A man that ends its move on the far row is crowned, and the first \
            player to crown a king has given the game away: the other player wins at once."
        }
    }
}

/// How kings move and capture.
pub fn king(rules: &Rules) -> String {
    let lines = if rules.board.is_diagonal() {
        "diagonal"
    } else {
        "row or column"
    };
    let mut text = match rules.king {
        KingRange::Short => "A king moves and captures like a man, one square at a time, but \
            backward as well as forward."
            .to_string(),
        KingRange::Flying => format!(
            "A king flies: it moves any distance along an open {lines}, and captures a piece \
             at any distance along one when the squares between are empty."
        ),
    };
    if rules.man_capture == ManCapture::AllEight {
        text += " It captures in the same eight directions as a man.";
    }
    if rules.king == KingRange::Flying {
        text += match rules.king_landing {
            KingLanding::Any => {
                " After jumping, it may stop on any empty square beyond the \
                captured piece."
            }
            KingLanding::MustContinue => {
                " After jumping, it must stop on a square from which \
                it can capture again if there is one; otherwise on any empty square beyond."
            }
            KingLanding::DirectlyBehind => {
                " After jumping, it must stop on the square directly \
                beyond the captured piece."
            }
        };
    }
    if rules.king_move_limit {
        text += " While its side still has men, the same king may not make more than three \
                 moves in a row without capturing.";
    }
    if rules.crowning_wins {
        text += " Here that is moot: the game ends as the first king is crowned.";
    }
    text
}

/// Kings in a few words.
pub fn king_short(rules: &Rules) -> String {
    let range = match rules.king {
        KingRange::Short => return "short (one square)".to_string(),
        KingRange::Flying if rules.board.is_diagonal() => "flying",
        KingRange::Flying => "flying, straight lines",
    };
    let landing = match rules.king_landing {
        KingLanding::Any => "",
        KingLanding::MustContinue => ", must land to jump again",
        KingLanding::DirectlyBehind => ", land directly behind",
    };
    let limit = if rules.king_move_limit {
        ", at most three moves in a row"
    } else {
        ""
    };
    let first = match (rules.crowning_wins, rules.no_move_wins()) {
        (false, _) => "",
        (true, false) => "; the first one crowned wins",
        (true, true) => "; the first one crowned loses",
    };
    format!("{range}{landing}{limit}{first}")
}

/// Which capture must be taken, in a sentence.
pub fn choice(rules: &Rules) -> &'static str {
    match rules.choice {
        CaptureChoice::Free => {
            "When there are several captures, the player may choose any \
            of them, not necessarily the one that takes the most."
        }
        CaptureChoice::Majority => {
            "When there are several captures, the one that takes the \
            most pieces must be chosen (kings and men count alike); among equal ones, any."
        }
        CaptureChoice::Italian => {
            "When there are several captures, the one that takes the \
            most pieces must be chosen; on a tie, a capture with a king rather than a man; then \
            the one that takes the most kings; then the one that meets a king earliest."
        }
        CaptureChoice::MajorityThenKings => {
            "When there are several captures, the one that \
            takes the most pieces must be chosen; on a tie, the one that takes the most kings."
        }
        CaptureChoice::KingFirst => {
            "When a king can capture, a king must capture (any of \
            its captures); otherwise any capture may be chosen."
        }
        CaptureChoice::FrisianValue => {
            "When there are several captures, the one of highest \
            value must be chosen, a king counting just under two men; on equal value, a \
            capture made by a king comes first."
        }
    }
}

/// Which capture must be taken, in a few words.
pub fn choice_short(rules: &Rules) -> &'static str {
    match rules.choice {
        CaptureChoice::Free => "free choice",
        CaptureChoice::Majority => "take the most",
        CaptureChoice::Italian => "take the most, then Italian precedence",
        CaptureChoice::MajorityThenKings => "take the most, then the most kings",
        CaptureChoice::KingFirst => "kings capture first",
        CaptureChoice::FrisianValue => "take the highest value",
    }
}

/// What captured pieces do during the move, in a sentence.
pub fn removal(rules: &Rules) -> String {
    let mut text = match rules.removal {
        Removal::AtEnd => "Captured pieces are removed when the move is over: until then they \
            block the way, and no piece may be jumped twice."
            .to_string(),
        Removal::Immediate => "Captured pieces leave the board at once, so their squares may \
            be crossed again in the same move."
            .to_string(),
    };
    if rules.no_reversal {
        text += " A capturing piece may not turn straight back between two jumps.";
    }
    text
}

/// When captured pieces go, in a few words.
pub fn removal_short(rules: &Rules) -> &'static str {
    match rules.removal {
        Removal::AtEnd => "at the end of the move",
        Removal::Immediate => "at once",
    }
}

/// A man reaching the far row in the middle of a capture, in a sentence.
pub fn mid_capture(rules: &Rules) -> &'static str {
    match rules.promotion {
        MidCapturePromotion::Stop => {
            "A man that reaches the far row in the middle of a \
            capture is crowned and the move ends there."
        }
        MidCapturePromotion::ContinueAsKing => {
            "A man that reaches the far row in the middle \
            of a capture is crowned at once and goes on capturing as a king in the same move."
        }
        MidCapturePromotion::PassThrough => {
            "A man that reaches the far row in the middle of a \
            capture and can jump on goes on capturing as a man; it is crowned only if the move \
            ends on the far row."
        }
    }
}

/// A man reaching the far row in the middle of a capture, in a few words.
pub fn mid_capture_short(rules: &Rules) -> &'static str {
    match rules.promotion {
        MidCapturePromotion::Stop => "crowned, move ends",
        MidCapturePromotion::ContinueAsKing => "crowned, goes on as a king",
        MidCapturePromotion::PassThrough => "goes on as a man",
    }
}

/// How the game is won.
pub fn winning(rules: &Rules) -> String {
    if rules.no_move_wins() {
        format!(
            "This is the giveaway form of {}: the moves are the same, but a player who cannot \
             move (no pieces left, or every piece blocked) wins. The aim is to be rid of every \
             piece.{}",
            rules.variant.base.id(),
            if rules.crowning_wins {
                " A player who crowns a king leaves the other without a move, so crowning loses."
            } else {
                ""
            }
        )
    } else if rules.crowning_wins {
        "The first player to crown a king wins. A player who cannot move (no pieces left, or \
         every piece blocked) loses."
            .to_string()
    } else {
        "A player who cannot move (no pieces left, or every piece blocked) loses.".to_string()
    }
}

/// How squares are named.
pub fn naming(rules: &Rules) -> String {
    let mut text = match rules.naming {
        SquareNaming::Algebraic => "Squares are named like a chessboard's, a1 to h8 from \
            White's side (files a to h from White's left, ranks 1 to 8 from White's back row)."
            .to_string(),
        SquareNaming::Numeric { corner } => format!(
            "The playing squares are numbered 1 to {}, row by row, starting from the {} \
             corner as White sees the board.",
            if rules.board.is_diagonal() {
                rules.board.squares()
            } else {
                64
            },
            match corner {
                0 => "bottom left",
                1 => "bottom right",
                2 => "top left",
                _ => "top right",
            }
        ),
    };
    text += &format!(
        " A move is written as its start and end squares, joined by '-' for a quiet move and \
         '{}' for a capture.",
        rules.capture_separator
    );
    if let Some(game_type) = rules.game_type {
        text += &format!(" In PDN files the game is GameType {game_type}.");
    }
    text
}

/// How squares are named, in a few words.
pub fn naming_short(rules: &Rules) -> String {
    match rules.naming {
        SquareNaming::Algebraic => "a1-h8".to_string(),
        SquareNaming::Numeric { .. } => format!(
            "1-{}",
            if rules.board.is_diagonal() {
                rules.board.squares()
            } else {
                64
            }
        ),
    }
}

/// "White" or "Black".
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn number_word(n: u32) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        n => n.to_string(),
    }
}
