//! Which of two equivalent ways the capture search uses to find a piece's short jumps, chosen
//! once at run time for the processor at hand.
//!
//! *Gather*: one PEXT per set and one PDEP back (`geometry::short_jump_lands`), a single
//! instruction each on Intel since Haswell and AMD since Zen 3. *Shifts*: two shifts per
//! direction. On AMD processors before Zen 3 PEXT and PDEP are microcode taking tens of
//! cycles, and shifts are faster there; both paths are compiled into every build that has
//! BMI2, and [`current`] picks one from the processor's vendor and family.

use std::sync::atomic::{AtomicU8, Ordering};

/// How the capture search finds short jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapturePath {
    /// PEXT and PDEP over per-square jump masks.
    Gather,
    /// Two shifts per direction.
    Shifts,
}

impl CapturePath {
    /// The name used on the command line and in reports.
    pub const fn name(self) -> &'static str {
        match self {
            CapturePath::Gather => "gather",
            CapturePath::Shifts => "shifts",
        }
    }

    /// The instructions the path rests on, for reports.
    pub const fn describe(self) -> &'static str {
        match self {
            CapturePath::Gather => "PEXT/PDEP gather",
            CapturePath::Shifts => "shifts",
        }
    }
}

impl std::fmt::Display for CapturePath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A capture path that was asked for but cannot run in this build or on this processor.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    /// Not `gather` or `shifts`.
    #[error("unknown capture path '{0}' (expected gather or shifts)")]
    Unknown(String),
    /// The gather path needs a build for BMI2 (see `.cargo/config.toml`).
    #[error("the gather capture path needs a build with BMI2 (PEXT and PDEP); this one has none")]
    NotBuilt,
}

impl std::str::FromStr for CapturePath {
    type Err = PathError;

    fn from_str(text: &str) -> Result<Self, PathError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "gather" | "pext" => Ok(CapturePath::Gather),
            "shifts" | "shift" => Ok(CapturePath::Shifts),
            _ => Err(PathError::Unknown(text.to_string())),
        }
    }
}

const UNSET: u8 = 0;
const GATHER: u8 = 1;
const SHIFTS: u8 = 2;

/// The path in use: [`UNSET`] until the first capture search (or [`set`]) decides.
static CHOSEN: AtomicU8 = AtomicU8::new(UNSET);

/// Whether this build has the gather path at all (BMI2 in its target features).
pub const fn gather_built() -> bool {
    cfg!(all(target_arch = "x86_64", target_feature = "bmi2"))
}

/// The path in use, decided on first use by [`detect`] unless [`set`] chose one.
#[inline]
pub fn current() -> CapturePath {
    match CHOSEN.load(Ordering::Relaxed) {
        GATHER => CapturePath::Gather,
        SHIFTS => CapturePath::Shifts,
        _ => {
            let path = detect();
            // A race with `set` or another thread's detection stores an equally valid path.
            CHOSEN.store(code(path), Ordering::Relaxed);
            path
        }
    }
}

/// Use `path` from now on (for measurement, or a user's explicit choice).
pub fn set(path: CapturePath) -> Result<(), PathError> {
    if path == CapturePath::Gather && !gather_built() {
        return Err(PathError::NotBuilt);
    }
    CHOSEN.store(code(path), Ordering::Relaxed);
    Ok(())
}

fn code(path: CapturePath) -> u8 {
    match path {
        CapturePath::Gather => GATHER,
        CapturePath::Shifts => SHIFTS,
    }
}

/// The faster path for this processor: gather where the build has it and the processor runs
/// PEXT and PDEP in hardware.
pub fn detect() -> CapturePath {
    if gather_built() && !slow_pext(vendor_and_family()) {
        CapturePath::Gather
    } else {
        CapturePath::Shifts
    }
}

/// The processor's vendor string and family (base plus extended, as the vendors' manuals
/// define the displayed family), where the processor says.
#[cfg(target_arch = "x86_64")]
fn vendor_and_family() -> Option<([u8; 12], u32)> {
    use std::arch::x86_64::__cpuid;
    let leaf0 = __cpuid(0);
    let mut vendor = [0u8; 12];
    vendor[0..4].copy_from_slice(&leaf0.ebx.to_le_bytes());
    vendor[4..8].copy_from_slice(&leaf0.edx.to_le_bytes());
    vendor[8..12].copy_from_slice(&leaf0.ecx.to_le_bytes());
    if leaf0.eax < 1 {
        return Some((vendor, 0));
    }
    let eax = __cpuid(1).eax;
    let base = (eax >> 8) & 0xf;
    let family = if base == 0xf {
        base + ((eax >> 20) & 0xff)
    } else {
        base
    };
    Some((vendor, family))
}

#[cfg(not(target_arch = "x86_64"))]
fn vendor_and_family() -> Option<([u8; 12], u32)> {
    None
}

/// Whether PEXT and PDEP are microcoded on this processor: AMD's families 15h (Excavator, the
/// first of AMD's with BMI2) to 17h (Zen, Zen+ and Zen 2), and Hygon's 18h (built on Zen).
/// Zen 3 (19h) and later run them in one cycle, as Intel has since Haswell.
fn slow_pext(cpu: Option<([u8; 12], u32)>) -> bool {
    match cpu {
        Some((vendor, family)) => match &vendor {
            b"AuthenticAMD" => (0x15..=0x17).contains(&family),
            b"HygonGenuine" => family == 0x18,
            _ => false,
        },
        None => false,
    }
}

/// The instruction-set extensions this build was compiled to use (`.cargo/config.toml`) that
/// the processor at hand lacks: running its code there would stop on an illegal instruction.
pub fn missing_features() -> Vec<&'static str> {
    #[allow(unused_mut)]
    let mut missing = Vec::new();
    #[cfg(all(target_arch = "x86_64", target_feature = "popcnt"))]
    if !std::arch::is_x86_feature_detected!("popcnt") {
        missing.push("POPCNT");
    }
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi1"))]
    if !std::arch::is_x86_feature_detected!("bmi1") {
        missing.push("BMI1");
    }
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    if !std::arch::is_x86_feature_detected!("bmi2") {
        missing.push("BMI2");
    }
    missing
}

/// The environment variable that forces a path (`gather` or `shifts`), for measurement; by
/// default [`detect`] chooses.
pub const ENV_VAR: &str = "DAMIER_CAPTURE_PATH";

/// [`ENV_VAR`] set to a path that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("reading {ENV_VAR}: {0}")]
pub struct EnvError(pub PathError);

/// Use the path [`ENV_VAR`] names, if it is set (a program calls this once, at its start).
///
/// # Errors
/// [`EnvError`] for a value that is not a path, or names one this build does not have.
pub fn apply_env() -> Result<(), EnvError> {
    match std::env::var_os(ENV_VAR) {
        Some(value) => apply(&value.to_string_lossy()),
        None => Ok(()),
    }
}

/// Use the path `value` names.
fn apply(value: &str) -> Result<(), EnvError> {
    value.parse().and_then(set).map_err(EnvError)
}

/// How the capture search runs and why, as the speed reports (`perft`, `bench`) say it:
/// `capture path: gather (PEXT/PDEP gather), chosen for this processor`.
pub fn report_line() -> String {
    report_line_of(current(), std::env::var_os(ENV_VAR).is_some())
}

fn report_line_of(path: CapturePath, forced: bool) -> String {
    let why = if forced {
        format!("forced by {ENV_VAR}")
    } else {
        "chosen for this processor".to_string()
    };
    format!("capture path: {} ({}), {why}", path.name(), path.describe())
}

/// Why this build cannot run on this processor ([`missing_features`]), and how to build one
/// that can; `None` when it can.
pub fn missing_features_note() -> Option<String> {
    missing_note(&missing_features())
}

fn missing_note(missing: &[&str]) -> Option<String> {
    (!missing.is_empty()).then(|| {
        format!(
            "this build uses {} instructions, which this processor does not have; build it \
             for this processor with RUSTFLAGS=\"-C target-cpu=native\" cargo build --release",
            missing.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_forces_a_path_in_these_words() {
        assert_eq!(
            apply("pdep").unwrap_err().to_string(),
            "reading DAMIER_CAPTURE_PATH: unknown capture path 'pdep' (expected gather or shifts)"
        );
        assert_eq!(
            report_line_of(CapturePath::Shifts, true),
            "capture path: shifts (shifts), forced by DAMIER_CAPTURE_PATH"
        );
        assert_eq!(
            report_line_of(CapturePath::Gather, false),
            "capture path: gather (PEXT/PDEP gather), chosen for this processor"
        );
        assert_eq!(missing_note(&[]), None);
        assert_eq!(
            missing_note(&["BMI1", "BMI2"]).unwrap(),
            "this build uses BMI1, BMI2 instructions, which this processor does not have; build \
             it for this processor with RUSTFLAGS=\"-C target-cpu=native\" cargo build --release"
        );
    }

    #[test]
    fn amd_before_zen3_takes_the_shifts() {
        assert!(slow_pext(Some((*b"AuthenticAMD", 0x17))));
        assert!(slow_pext(Some((*b"AuthenticAMD", 0x15))));
        assert!(slow_pext(Some((*b"HygonGenuine", 0x18))));
        assert!(!slow_pext(Some((*b"AuthenticAMD", 0x19))));
        assert!(!slow_pext(Some((*b"AuthenticAMD", 0x1a))));
        assert!(!slow_pext(Some((*b"GenuineIntel", 6))));
        assert!(!slow_pext(None));
    }

    #[test]
    fn this_processor_runs_this_build() {
        // The tests are running, so the processor has what the build uses.
        assert!(missing_features().is_empty());
        if !gather_built() {
            assert_eq!(detect(), CapturePath::Shifts);
        }
    }

    #[test]
    fn names_read_back() {
        for path in [CapturePath::Gather, CapturePath::Shifts] {
            assert_eq!(path.name().parse::<CapturePath>(), Ok(path));
        }
        assert!(matches!(
            "pdep-ish".parse::<CapturePath>(),
            Err(PathError::Unknown(_))
        ));
    }
}
