//! Endgame databases from Python: probes (value, distance, the moves that keep it), and the
//! jobs that build a set, one pair of slices at a time, for `damier.cluster`.

use crate::{error, variant, Board, DamierError, Move};
use damier_egdb::store::{self, JobOutcome};
use damier_egdb::{Egdb as Store, Slice, Value};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;

/// What a database says of a position, for its side to move: `result` is `"win"`, `"draw"`
/// or `"loss"`, `plies` the moves of either side to the end of the game (None for a draw).
/// Draw rules that count moves are not part of it.
#[pyclass(frozen, module = "damier", get_all)]
#[derive(Clone)]
pub struct EgdbValue {
    result: &'static str,
    plies: Option<u16>,
}

impl From<Value> for EgdbValue {
    fn from(v: Value) -> EgdbValue {
        match v {
            Value::Win(n) => EgdbValue {
                result: "win",
                plies: Some(n),
            },
            Value::Draw => EgdbValue {
                result: "draw",
                plies: None,
            },
            Value::Loss(n) => EgdbValue {
                result: "loss",
                plies: Some(n),
            },
        }
    }
}

impl EgdbValue {
    fn value(&self) -> Value {
        match (self.result, self.plies) {
            ("win", Some(n)) => Value::Win(n),
            ("loss", Some(n)) => Value::Loss(n),
            _ => Value::Draw,
        }
    }
}

#[pymethods]
impl EgdbValue {
    fn __str__(&self) -> String {
        self.value().to_string()
    }
    fn __repr__(&self) -> String {
        format!("EgdbValue({})", self.value())
    }
    fn __eq__(&self, other: &EgdbValue) -> bool {
        self.value() == other.value()
    }
}

/// A variant's endgame databases in a folder (`dir`, else `$DAMIER_EGDB` or the user's data
/// folder, as the command line finds them), with a cache of `cache_mb` MiB.
#[pyclass(module = "damier")]
pub struct Egdb {
    store: Store,
}

#[pymethods]
impl Egdb {
    #[new]
    #[pyo3(signature = (variant, dir = None, cache_mb = 64))]
    fn new(variant: &str, dir: Option<PathBuf>, cache_mb: usize) -> PyResult<Egdb> {
        let v = self::variant(variant)?;
        let root = dir.unwrap_or_else(store::default_root);
        let store = Store::open(&root, v, cache_mb.max(1)).map_err(error)?;
        if store.slices().is_empty() {
            return Err(DamierError::new_err(store.no_set(None).to_string()));
        }
        Ok(Egdb { store })
    }

    /// The variant served.
    #[getter]
    fn variant(&self) -> String {
        self.store.variant().to_string()
    }

    /// Every position of this many pieces or fewer is in the set.
    #[getter]
    fn max_pieces(&self) -> u32 {
        self.store.max_pieces()
    }

    /// The slices present (`K2M1-K1`: kings and men of the side to move, then the other
    /// side's), each with its size in bytes.
    fn slices(&self) -> Vec<(String, u64)> {
        self.store
            .slices()
            .into_iter()
            .map(|(m, bytes)| (m.to_string(), bytes))
            .collect()
    }

    /// The value of `board` for its side to move, or None when its slice is not in the set.
    fn probe(&self, board: &Board) -> PyResult<Option<EgdbValue>> {
        self.check_variant(board)?;
        let value = self.store.probe_board(board.position()).map_err(error)?;
        Ok(value.map(EgdbValue::from))
    }

    /// Every legal move of `board` with the value it keeps for the side to move, best first
    /// (the shortest win, the longest loss); None when a slice it reaches is missing.
    fn moves(&self, board: &Board) -> PyResult<Option<Vec<(Move, EgdbValue)>>> {
        self.check_variant(board)?;
        let position = board.position();
        let moves = self.store.moves_board(position).map_err(error)?;
        Ok(moves.map(|moves| {
            moves
                .into_iter()
                .map(|(mv, v)| {
                    let info = position.describe(&mv);
                    (Move { info }, EgdbValue::from(v))
                })
                .collect()
        }))
    }

    fn __repr__(&self) -> String {
        format!(
            "Egdb({}, {} slices, complete to {} pieces, {})",
            self.store.variant(),
            self.store.slices().len(),
            self.store.max_pieces(),
            self.store.dir().display()
        )
    }
}

impl Egdb {
    fn check_variant(&self, board: &Board) -> PyResult<()> {
        let found = board.game.variant();
        if found != self.store.variant() {
            return Err(DamierError::new_err(format!(
                "the databases are {}'s, the board plays {found}",
                self.store.variant()
            )));
        }
        Ok(())
    }
}

/// The folder databases are found in when none is named.
#[pyfunction]
pub fn egdb_default_dir() -> PathBuf {
    store::default_root()
}

/// The jobs that build `variant`'s databases up to `pieces` pieces, each after the jobs it
/// needs: a list of (slice, [slices it needs]), as `damier egdb plan` prints them.
#[pyfunction]
pub fn egdb_plan(variant: &str, pieces: u32) -> PyResult<Vec<(String, Vec<String>)>> {
    let v = self::variant(variant)?;
    if let Some(why) = damier_egdb::unbuildable_set(pieces) {
        return Err(DamierError::new_err(why));
    }
    Ok(store::plan(v, pieces)
        .into_iter()
        .map(|job| {
            let needs = job.needs.iter().map(Slice::to_string).collect();
            (job.material.to_string(), needs)
        })
        .collect())
}

/// Build one job of a set — `slice` and its swap — into `dir` (the slices it needs must be
/// there), on `threads` threads (0: every core), without holding the interpreter's lock.
/// Returns `{"slice", "kept", "positions", "bytes", "replaced"}`: a pair already there is
/// kept, not built again (`kept` True, no positions); `replaced` says why damaged files of the
/// pair were built again (None when there were none).
#[pyfunction]
#[pyo3(signature = (variant, slice, dir = None, threads = 0))]
pub fn egdb_build_slice<'py>(
    py: Python<'py>,
    variant: &str,
    slice: &str,
    dir: Option<PathBuf>,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let v = self::variant(variant)?;
    let material: Slice = slice.parse().map_err(error)?;
    if let Some(why) = material.unbuildable() {
        return Err(DamierError::new_err(format!("slice {slice}: {why}")));
    }
    let root = dir.unwrap_or_else(store::default_root);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(error)?;
    let outcome = py
        .allow_threads(|| pool.install(|| store::build_job(&root, v, material, &|_| {})))
        .map_err(error)?;
    let (kept, positions, bytes, replaced) = match outcome {
        JobOutcome::Kept => (true, 0, 0, None),
        JobOutcome::Built {
            positions,
            bytes,
            replaced,
            ..
        } => (false, positions, bytes, replaced),
    };
    let done = PyDict::new(py);
    done.set_item("slice", material.pair_key().to_string())?;
    done.set_item("kept", kept)?;
    done.set_item("positions", positions)?;
    done.set_item("bytes", bytes)?;
    done.set_item("replaced", replaced)?;
    Ok(done)
}
