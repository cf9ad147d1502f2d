//! The set a newcomer should build first: the most pieces whose set builds in minutes on a
//! laptop and takes tens of megabytes (the figures are in docs/egdb.md).

use damier_core::{BoardKind, Variant};

/// What building [`recommended`] costs, roughly, on a 2-core machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recommended {
    /// Pieces on the board, at most.
    pub pieces: u32,
    /// Minutes to build, about.
    pub minutes: u32,
    /// Megabytes on disk, about.
    pub megabytes: u32,
}

impl Recommended {
    /// The command that builds `variant`'s recommended set.
    pub fn command(variant: Variant) -> String {
        format!("damier egdb build -v {variant} --recommended")
    }

    /// The line telling a user who asked for `variant`'s recommended set what it is.
    pub fn choice_note(&self, variant: Variant) -> String {
        format!(
            "{variant}: the recommended set, {} pieces (about {} min and {} MB)",
            self.pieces, self.minutes, self.megabytes
        )
    }

    /// A line for a user whose `variant` has no databases in `folder`: what the engine does
    /// without them, and the command that builds them.
    pub fn missing_note(&self, variant: Variant, folder: &std::path::Path) -> String {
        format!(
            "no {variant} endgame databases in {}: the engine plays without them \
             (`{}` builds {} pieces in about {} min, {} MB)",
            folder.display(),
            Recommended::command(variant),
            self.pieces,
            self.minutes,
            self.megabytes
        )
    }
}

/// The recommended set of `variant`: 5 pieces on the 8x8 diagonal boards (about 3 minutes and
/// 40 to 65 MB), 4 on the larger boards and Turkish's (1 to 10 minutes, 7 to 35 MB).
pub fn recommended(variant: Variant) -> Recommended {
    let rules = variant.rules();
    match rules.board {
        BoardKind::Diagonal8 => Recommended {
            pieces: 5,
            minutes: 4,
            megabytes: 65,
        },
        BoardKind::Orthogonal8 => Recommended {
            pieces: 4,
            minutes: 6,
            megabytes: 20,
        },
        BoardKind::Diagonal10 if rules.man_capture == damier_core::rules::ManCapture::AllEight => {
            Recommended {
                pieces: 4,
                minutes: 10,
                megabytes: 35,
            }
        }
        BoardKind::Diagonal10 => Recommended {
            pieces: 4,
            minutes: 1,
            megabytes: 7,
        },
        BoardKind::Diagonal12 => Recommended {
            pieces: 4,
            minutes: 2,
            megabytes: 27,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_a_set_of_minutes() {
        for variant in Variant::all() {
            let r = recommended(variant);
            assert!((4..=5).contains(&r.pieces), "{variant}");
            assert!(r.minutes <= 10 && r.megabytes <= 100, "{variant}");
        }
        assert_eq!(recommended("english".parse().unwrap()).pieces, 5);
        assert_eq!(recommended(Variant::INTERNATIONAL).pieces, 4);
        assert_eq!(
            recommended(Variant::INTERNATIONAL).choice_note(Variant::INTERNATIONAL),
            "international: the recommended set, 4 pieces (about 1 min and 7 MB)"
        );
        let note = recommended("russian".parse().unwrap()).missing_note(
            "russian".parse().unwrap(),
            std::path::Path::new("/data/egdb"),
        );
        assert_eq!(
            note,
            "no russian endgame databases in /data/egdb: the engine plays without them \
             (`damier egdb build -v russian --recommended` builds 5 pieces in about 4 min, 65 MB)"
        );
    }
}
