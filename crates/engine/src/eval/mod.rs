//! Static evaluation, in hundredths of a man from the side to move's point of view.
//!
//! Two evaluations share one interface, [`Evaluator`]:
//! - [`learned`]: patterns of men in overlapping regions of the board, material and a few
//!   global terms, each weight blended between opening and ending, with the weights as data
//!   per variant ([`Weights`]), fitted to self-play games by `damier train`. Every variant
//!   that has weights compiled in uses them by default.
//! - [`classic`]: nine hand-set terms, kept as the yardstick the learned weights are
//!   measured against (`eval=classic` in a match) and for variants without weights.
//!
//! Which one a search uses is an [`EvalChoice`].

pub mod classic;
mod endings;
pub mod learned;
mod masks;
mod params;

pub use learned::{PatternView, Weights, WeightsError};
pub use params::Params;

use damier_core::{Geometry, Position, Variant};
use std::sync::Arc;

/// Which evaluation a search uses.
#[derive(Clone, Debug, Default)]
pub enum EvalChoice {
    /// The weights compiled into the program for the variant (the classic evaluation where
    /// there are none).
    #[default]
    Builtin,
    /// The hand-set classic evaluation.
    Classic,
    /// Weights read from a file; a search of another variant uses the builtin weights.
    Weights(Arc<Weights>),
}

impl EvalChoice {
    /// Read a choice as the command line and the Hub parameter write it: `builtin`,
    /// `classic`, or the path of a weights file, which must be for `variant` when one is
    /// given.
    ///
    /// # Errors
    /// [`WeightsError`] when the file cannot be read, is not a weights file, or is for
    /// another variant.
    pub fn parse(text: &str, variant: Option<Variant>) -> Result<EvalChoice, WeightsError> {
        match text {
            "builtin" | "learned" => Ok(EvalChoice::Builtin),
            "classic" => Ok(EvalChoice::Classic),
            path => {
                let weights = Weights::load(std::path::Path::new(path))?;
                if let Some(v) = variant {
                    weights.check_variant(v)?;
                }
                Ok(EvalChoice::Weights(Arc::new(weights)))
            }
        }
    }

    /// A short description for logs and PDN tags.
    pub fn describe(&self) -> String {
        match self {
            EvalChoice::Builtin => "builtin".into(),
            EvalChoice::Classic => "classic".into(),
            EvalChoice::Weights(w) => format!("weights for {}", w.variant()),
        }
    }
}

/// The evaluation of one variant on its board shape.
pub struct Evaluator<G: Geometry> {
    kind: Kind<G>,
}

enum Kind<G: Geometry> {
    Classic(classic::Classic<G>),
    Learned(learned::Learned<G>),
}

impl<G: Geometry> Evaluator<G> {
    /// The default evaluation of `variant` (whose board must be `G`): its builtin weights,
    /// or the classic evaluation where it has none.
    pub fn new(variant: Variant) -> Evaluator<G> {
        Evaluator::choose(variant, &EvalChoice::Builtin)
    }

    /// The evaluation `choice` names, for `variant`.
    pub fn choose(variant: Variant, choice: &EvalChoice) -> Evaluator<G> {
        let weights = match choice {
            EvalChoice::Classic => None,
            EvalChoice::Weights(w) if w.variant() == variant => Some(Arc::clone(w)),
            EvalChoice::Weights(_) | EvalChoice::Builtin => learned::builtin(variant),
        };
        let kind = match weights {
            Some(w) => Kind::Learned(learned::Learned::new(w)),
            None => Kind::Classic(classic::Classic::new(variant)),
        };
        Evaluator { kind }
    }

    /// The classic evaluation of `variant`.
    pub fn classic(variant: Variant) -> Evaluator<G> {
        Evaluator::choose(variant, &EvalChoice::Classic)
    }

    /// Whether learned weights are in use.
    pub fn is_learned(&self) -> bool {
        matches!(self.kind, Kind::Learned(_))
    }

    /// The position's value for the side to move.
    #[inline]
    pub fn evaluate(&self, pos: &Position<G>) -> i32 {
        match &self.kind {
            Kind::Learned(e) => e.evaluate(pos),
            Kind::Classic(e) => e.evaluate(pos),
        }
    }
}
