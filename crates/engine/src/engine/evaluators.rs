//! Evaluations made ready once: per engine for the variant it last searched, and per
//! process for every engine using the same one.

use super::Engine;
use crate::eval::{EvalChoice, Evaluator};
use damier_core::Geometry;
use std::any::Any;
use std::sync::{Arc, Mutex};

/// Evaluations made ready, shared by every engine of the process that uses the same one
/// (a server's games, a match's players): a learned evaluation's tables take hundreds of KB,
/// and an engine for each of many games must not copy them. Held weakly: an evaluation no
/// engine uses any more is freed.
type SharedEvaluators = Vec<(
    (damier_core::Variant, usize),
    std::sync::Weak<dyn Any + Send + Sync>,
)>;
static SHARED_EVALUATORS: Mutex<SharedEvaluators> = Mutex::new(Vec::new());

/// The evaluation of `variant` by `choice`, made once while some engine holds it.
fn shared_evaluator<G: Geometry>(
    variant: damier_core::Variant,
    choice: &EvalChoice,
) -> Arc<dyn Any + Send + Sync> {
    // Builtin and classic are the same for every engine; a weights file is the same when it
    // is the same loaded file.
    let choice_key = match choice {
        EvalChoice::Builtin => 0,
        EvalChoice::Classic => 1,
        EvalChoice::Weights(w) => Arc::as_ptr(w) as usize,
    };
    let key = (variant, choice_key);
    let mut cache = SHARED_EVALUATORS.lock().unwrap_or_else(|e| e.into_inner());
    cache.retain(|(_, weak)| weak.strong_count() > 0);
    if let Some(live) = cache
        .iter()
        .find(|(k, _)| *k == key)
        .and_then(|(_, weak)| weak.upgrade())
        .filter(|e| e.is::<Evaluator<G>>())
    {
        return live;
    }
    let made: Arc<dyn Any + Send + Sync> = Arc::new(Evaluator::<G>::choose(variant, choice));
    cache.push((key, Arc::downgrade(&made)));
    made
}

/// An [`Evaluator`] of some board, for one variant.
pub(super) struct Prepared {
    variant: damier_core::Variant,
    evaluator: Arc<dyn Any + Send + Sync>,
}

impl Engine {
    /// The evaluation in use for `variant`, made once and kept until the variant or the
    /// choice changes.
    pub(super) fn evaluator<G: Geometry>(
        &self,
        variant: damier_core::Variant,
    ) -> Arc<Evaluator<G>> {
        let mut prepared = self.prepared.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = prepared.as_ref().filter(|p| p.variant == variant) {
            if let Ok(evaluator) = Arc::clone(&p.evaluator).downcast::<Evaluator<G>>() {
                return evaluator;
            }
        }
        let evaluator = shared_evaluator::<G>(variant, &self.eval);
        let typed = Arc::clone(&evaluator)
            .downcast::<Evaluator<G>>()
            .unwrap_or_else(|_| Arc::new(Evaluator::<G>::choose(variant, &self.eval)));
        *prepared = Some(Prepared { variant, evaluator });
        typed
    }
}
