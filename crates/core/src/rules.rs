//! The rules of each variant as data: one [`Rules`] value per row of RULES.md §2.

use crate::geometry::BoardKind;
use crate::variant::{Base, Variant};
use crate::Color;

/// How men capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManCapture {
    /// Diagonally forward only.
    Forward,
    /// Diagonally forward and backward.
    ForwardBackward,
    /// Diagonally and orthogonally, all eight directions (Frisian).
    AllEight,
    /// Orthogonally forward and sideways (Turkish).
    OrthogonalForwardSideways,
}

/// How far kings move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingRange {
    /// One square, like a man but in every direction.
    Short,
    /// Any distance along an empty line.
    Flying,
}

/// Where a flying king may land after jumping a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingLanding {
    /// Any empty square beyond the captured piece.
    Any,
    /// A square from which it can jump again, if there is one; otherwise any.
    MustContinue,
    /// Only the square directly beyond the captured piece (Thai).
    DirectlyBehind,
}

/// Which of the available captures a player may choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureChoice {
    /// Any complete capture sequence.
    Free,
    /// A sequence taking the most pieces.
    Majority,
    /// Most pieces, then with a king, then most kings, then kings captured earliest.
    Italian,
    /// Most pieces, then most kings (Spanish, Portuguese).
    MajorityThenKings,
    /// With a king if any king can capture, otherwise free (Czech).
    KingFirst,
    /// Highest value, a king worth just under two men, then with a king (Frisian).
    FrisianValue,
}

impl CaptureChoice {
    /// Frisian value of a captured man.
    pub const FRISIAN_MAN: u64 = 100;
    /// Frisian value of a captured king: just under two men.
    pub const FRISIAN_KING: u64 = 199;

    /// Whether every capture of two or more pieces outranks every capture of one, so that
    /// where a jump can go on, the single jumps need not be searched.
    pub const fn multiple_beats_single(self) -> bool {
        match self {
            CaptureChoice::Majority | CaptureChoice::Italian | CaptureChoice::MajorityThenKings => {
                true
            }
            CaptureChoice::FrisianValue => Self::FRISIAN_KING < 2 * Self::FRISIAN_MAN,
            CaptureChoice::Free | CaptureChoice::KingFirst => false,
        }
    }
}

/// What happens when a man reaches the far row in the middle of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MidCapturePromotion {
    /// The move ends there and the man is crowned.
    Stop,
    /// The man is crowned at once and goes on capturing as a king.
    ContinueAsKing,
    /// The man goes on capturing as a man; crowned only if the move ends on the far row.
    PassThrough,
}

/// When captured pieces leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// At the end of the move: they block, and cannot be jumped twice.
    AtEnd,
    /// At once: their squares may be crossed again.
    Immediate,
}

/// How squares are named (RULES.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareNaming {
    /// Numbered playing squares, 1 at `corner` seen from White (0 bottom-left, 1 bottom-right,
    /// 2 top-left, 3 top-right), row by row.
    Numeric {
        /// Where square 1 is, seen from White's side.
        corner: u8,
    },
    /// a1–h8 from White's side.
    Algebraic,
}

/// Everything that distinguishes one variant's play from another's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The variant these rules belong to.
    pub variant: Variant,
    /// Board shape.
    pub board: BoardKind,
    /// Whether a1 is a light (non-playing) square on the real board.
    pub mirrored: bool,
    /// Who moves first from the start position.
    pub first: Color,
    /// Men per side at the start.
    pub men: u32,
    /// Rows each side fills at the start, counted from its own back rank.
    pub start_rows: std::ops::Range<u32>,
    /// How men capture.
    pub man_capture: ManCapture,
    /// Whether men may capture kings.
    pub man_takes_king: bool,
    /// How kings move.
    pub king: KingRange,
    /// Where a flying king lands after a capture.
    pub king_landing: KingLanding,
    /// Which capture must be chosen.
    pub choice: CaptureChoice,
    /// Promotion in the middle of a capture.
    pub promotion: MidCapturePromotion,
    /// When captured pieces are removed.
    pub removal: Removal,
    /// A capturing piece may not reverse direction between two jumps (Turkish).
    pub no_reversal: bool,
    /// A king may not make more than three quiet moves in a row while its side has men (Frisian).
    pub king_move_limit: bool,
    /// The first side to crown a king wins at once (Breakthrough): a position with a king on
    /// the board has no moves, and its side to move, the one that did not crown, has lost.
    pub crowning_wins: bool,
    /// How squares are named.
    pub naming: SquareNaming,
    /// Separator in captures (`x`, or `:` in Russian).
    pub capture_separator: char,
    /// PDN `GameType` tag value, if the variant has an official one.
    pub game_type: Option<&'static str>,
}

impl Rules {
    /// The rules of `variant`.
    pub fn of(variant: Variant) -> &'static Rules {
        &ALL_RULES[variant.index()]
    }

    /// Whether two rule sets generate the same moves on the same board (they may differ in
    /// the board, orientation, naming, who starts or the winning condition).
    pub fn same_moves_as(&self, other: &Rules) -> bool {
        self.man_capture == other.man_capture
            && self.man_takes_king == other.man_takes_king
            && self.king == other.king
            && self.king_landing == other.king_landing
            && self.choice == other.choice
            && self.promotion == other.promotion
            && self.removal == other.removal
            && self.no_reversal == other.no_reversal
            && self.king_move_limit == other.king_move_limit
            && self.crowning_wins == other.crowning_wins
    }

    /// Whether two variants play one game under two names (German and Brazilian, Portuguese
    /// and Spanish, Canadian and Sri Lankan, and their giveaway forms): the same moves on the
    /// same internal board from the same start, the same side first and the same winner. They
    /// may differ only in how the board is shown and named, so one's self-play positions are
    /// the other's.
    pub fn same_game_as(&self, other: &Rules) -> bool {
        self.same_moves_as(other)
            && self.board == other.board
            && self.first == other.first
            && self.men == other.men
            && self.start_rows == other.start_rows
            && self.no_move_wins() == other.no_move_wins()
    }

    /// Whether a side with no legal move wins (giveaway forms) rather than loses.
    pub fn no_move_wins(&self) -> bool {
        self.variant.giveaway
    }

    /// The rules of `variant`, computed (at compile time for [`Rules::of`]'s table).
    pub const fn build(variant: Variant) -> Rules {
        use CaptureChoice::*;
        use KingLanding::*;
        use ManCapture::*;
        use MidCapturePromotion::*;
        let mut r = Rules {
            variant,
            board: BoardKind::Diagonal8,
            mirrored: false,
            first: Color::White,
            men: 12,
            start_rows: 0..3,
            man_capture: ForwardBackward,
            man_takes_king: true,
            king: KingRange::Flying,
            king_landing: Any,
            choice: Majority,
            promotion: PassThrough,
            removal: Removal::AtEnd,
            no_reversal: false,
            king_move_limit: false,
            crowning_wins: false,
            naming: SquareNaming::Algebraic,
            capture_separator: 'x',
            game_type: None,
        };
        // Numbering corners, seen from White (see `SquareNaming`).
        const TOP_LEFT: SquareNaming = SquareNaming::Numeric { corner: 2 };
        const BOTTOM_RIGHT: SquareNaming = SquareNaming::Numeric { corner: 1 };
        match variant.base {
            Base::English | Base::Pool => {
                r.first = Color::Black;
                r.naming = TOP_LEFT;
                if matches!(variant.base, Base::English) {
                    r.man_capture = Forward;
                    r.king = KingRange::Short;
                    r.choice = Free;
                    r.promotion = Stop;
                    r.game_type = Some("21,B,8,8,N1,0");
                } else {
                    r.king_landing = MustContinue;
                    r.choice = Free;
                    r.game_type = Some("23,B,8,8,N1,0");
                }
            }
            Base::Italian => {
                r.mirrored = true;
                r.man_capture = Forward;
                r.man_takes_king = false;
                r.king = KingRange::Short;
                r.choice = Italian;
                r.promotion = Stop;
                r.naming = TOP_LEFT;
                r.game_type = Some("22,W,8,8,N2,1");
            }
            Base::Spanish | Base::Portuguese => {
                r.mirrored = true;
                r.man_capture = Forward;
                r.choice = MajorityThenKings;
                r.promotion = Stop;
                r.naming = BOTTOM_RIGHT;
                r.game_type = Some(if matches!(variant.base, Base::Spanish) {
                    "24,W,8,8,N1,1"
                } else {
                    "28,W,8,8,N1,1"
                });
            }
            Base::Czech => {
                // Czech federation rules, art. 4.6 and 4.13 (RULES.md §2): a king that lands on
                // or crosses a diagonal where it can capture again must do so.
                r.man_capture = Forward;
                r.king_landing = MustContinue;
                r.choice = KingFirst;
                r.promotion = Stop;
                r.game_type = Some("29,W,8,8,A0,0");
            }
            Base::Russian => {
                r.king_landing = MustContinue;
                r.choice = Free;
                r.promotion = ContinueAsKing;
                r.capture_separator = ':';
                r.game_type = Some("25,W,8,8,A0,0");
            }
            Base::Brazilian | Base::German => {
                r.game_type = Some("26,W,8,8,A0,0");
            }
            Base::International | Base::Frisian | Base::Frysk | Base::Breakthrough => {
                r.board = BoardKind::Diagonal10;
                r.men = 20;
                r.start_rows = 0..4;
                r.naming = TOP_LEFT;
                match variant.base {
                    Base::Frisian | Base::Frysk => {
                        r.man_capture = AllEight;
                        r.choice = FrisianValue;
                        r.king_move_limit = true;
                        r.game_type = Some("40,W,10,10,N2,0");
                        if matches!(variant.base, Base::Frysk) {
                            // Five men a side on the back rows; lidraughts' own GameType.
                            r.men = 5;
                            r.start_rows = 0..1;
                            r.game_type = Some("97");
                        }
                    }
                    Base::Breakthrough => {
                        r.crowning_wins = true;
                        // lidraughts' own GameType, written bare as lidraughts writes it.
                        r.game_type = Some("96");
                    }
                    _ => r.game_type = Some("20,W,10,10,N2,0"),
                }
            }
            Base::Canadian | Base::SriLankan => {
                r.board = BoardKind::Diagonal12;
                r.men = 30;
                r.start_rows = 0..5;
                r.naming = TOP_LEFT;
                if matches!(variant.base, Base::SriLankan) {
                    r.mirrored = true;
                } else {
                    r.game_type = Some("27,W,12,12,N2,0");
                }
            }
            Base::Turkish => {
                r.board = BoardKind::Orthogonal8;
                r.men = 16;
                r.start_rows = 1..3;
                r.man_capture = OrthogonalForwardSideways;
                r.removal = Removal::Immediate;
                r.no_reversal = true;
                r.game_type = Some("30,W,8,8,A0,0");
            }
            Base::Thai => {
                r.first = Color::Black;
                r.men = 8;
                r.start_rows = 0..2;
                r.man_capture = Forward;
                r.king_landing = DirectlyBehind;
                r.choice = Free;
                r.promotion = Stop;
                r.removal = Removal::Immediate;
                r.naming = BOTTOM_RIGHT;
                r.game_type = Some("31,B,8,8,N2,0");
            }
        }
        r
    }
}

/// Every variant's rules, in [`Variant::index`] order, computed at compile time.
static ALL_RULES: [Rules; Variant::COUNT] = {
    let mut i = 0;
    // Placeholder values, each overwritten below.
    let mut all = [const { Rules::build(Variant::INTERNATIONAL) }; Variant::COUNT];
    while i < Variant::COUNT {
        all[i] = Rules::build(Variant::from_index(i));
        i += 1;
    }
    all
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_consistent_rules() {
        for v in Variant::all() {
            let r = v.rules();
            assert_eq!(r.variant, v);
            let rows = r.start_rows.len() as u32;
            let per_row = if r.board.is_diagonal() {
                r.board.size() / 2
            } else {
                r.board.size()
            };
            assert_eq!(rows * per_row, r.men, "{v}");
            assert_eq!(Variant::from_index(v.index()), v);
        }
    }
}
