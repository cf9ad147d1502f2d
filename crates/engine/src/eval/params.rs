//! Evaluation weights as data, one set per family of variants, in hundredths of a man.
//! They are plain numbers so that self-play tuning can replace them later.

use damier_core::{Base, Variant};

/// The weights of the evaluation terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// Value of a king (a man is 100).
    pub king: i32,
    /// Bonus for a man by its row, counted from its own back rank (index 0), for the first
    /// `advance.len()` rows; rows beyond take the last value.
    pub advance: Vec<i32>,
    /// How much of the advancement bonus to give when the board is still full (percent);
    /// it grows to 100% as pieces come off.
    pub advance_opening_percent: i32,
    /// A man on one of the central squares.
    pub centre: i32,
    /// A man still on its back rank, guarding the crowning squares, while the opponent has
    /// men to crown.
    pub back_rank: i32,
    /// Each square a king can move to.
    pub king_mobility: i32,
    /// Each legal quiet move of a man.
    pub man_mobility: i32,
    /// A man with nothing in front of it that could stop it, by rows still to go (index 0:
    /// one row to go).
    pub runaway: Vec<i32>,
    /// Percent of the material balance kept in endings that are known to be drawn or nearly
    /// so (a lone king against few pieces with flying kings).
    pub drawish_percent: i32,
}

impl Params {
    /// The weights for `variant`.
    pub fn for_variant(variant: Variant) -> Params {
        let mut p = Params {
            king: 300,
            advance: vec![0, 2, 4, 6, 9, 12, 16, 20, 24],
            advance_opening_percent: 30,
            centre: 6,
            back_rank: 8,
            king_mobility: 3,
            man_mobility: 2,
            runaway: vec![180, 120, 70, 40],
            drawish_percent: 15,
        };
        match variant.base {
            // Short kings are worth much less than flying ones.
            Base::English | Base::Italian => {
                p.king = 140;
                p.advance = vec![0, 2, 5, 8, 12, 16, 20];
                p.king_mobility = 4;
                p.runaway = vec![70, 45, 25];
                p.drawish_percent = 60;
            }
            Base::Spanish | Base::Portuguese | Base::Czech | Base::Thai => {
                p.king = 250;
                p.advance = vec![0, 2, 5, 8, 12, 16, 20];
                p.runaway = vec![150, 90, 50];
            }
            Base::Russian | Base::Brazilian | Base::German | Base::Pool => {
                p.king = 270;
                p.advance = vec![0, 2, 5, 8, 12, 16, 20];
                p.runaway = vec![170, 100, 55];
            }
            // Rules give a king just under two men in Frisian captures.
            Base::Frisian | Base::Frysk => {
                p.king = 190;
            }
            // The first king wins: a man that cannot be stopped is nearly the game.
            Base::Breakthrough => {
                p.advance = vec![0, 3, 6, 10, 15, 21, 28, 36, 45];
                p.advance_opening_percent = 50;
                p.runaway = vec![900, 700, 500, 300];
            }
            Base::International | Base::Canadian | Base::SriLankan => {}
            Base::Turkish => {
                p.king = 260;
                p.advance = vec![0, 0, 3, 6, 10, 14, 20];
                p.centre = 3;
                p.back_rank = 0;
                p.runaway = vec![150, 90, 50];
            }
        }
        p
    }
}
