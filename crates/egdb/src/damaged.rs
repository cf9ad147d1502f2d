//! Files a command went past because they cannot be read (a check or a listing names each
//! and goes on), and the failure it ends with.

use crate::store::EgdbError;
use damier_core::Variant;
use std::fmt;

/// The failure of a command that went on past damaged files: the first named, and how many.
#[derive(Debug)]
pub struct DamagedFiles {
    first: EgdbError,
    count: usize,
}

impl DamagedFiles {
    /// Nothing when `files` is empty, else the failure naming them.
    ///
    /// # Errors
    /// [`DamagedFiles`] when there is any file.
    pub fn check(files: Vec<EgdbError>) -> Result<(), DamagedFiles> {
        let count = files.len();
        match files.into_iter().next() {
            None => Ok(()),
            Some(first) => Err(DamagedFiles { first, count }),
        }
    }

    /// How many files are damaged.
    pub fn count(&self) -> usize {
        self.count
    }
}

impl fmt::Display for DamagedFiles {
    /// One file named with what to do; several counted, the first named.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.count {
            1 => write!(f, "{} (delete it and build it again)", self.first),
            n => write!(
                f,
                "{n} damaged files, the first {} (delete them and build them again)",
                self.first
            ),
        }
    }
}

impl std::error::Error for DamagedFiles {}

/// The line naming a damaged file of `variant`'s set as it is met, before the rest of a
/// report.
pub(crate) fn damaged_line(variant: Variant, e: &EgdbError) -> String {
    format!("{variant}: damaged: {e}")
}

/// A file damaged in block 0, for tests of what is said of damaged files.
#[cfg(test)]
pub(crate) fn damaged_file(path: &str) -> EgdbError {
    EgdbError::File {
        path: std::path::PathBuf::from(path),
        reason: crate::format::FormatError::Damaged("block 0".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::damaged_file as damaged;
    use super::*;

    #[test]
    fn one_file_is_named_several_are_counted() {
        assert!(DamagedFiles::check(Vec::new()).is_ok());
        let one = DamagedFiles::check(vec![damaged("a.egdb")]).unwrap_err();
        assert_eq!(one.count(), 1);
        assert_eq!(
            one.to_string(),
            format!("{} (delete it and build it again)", damaged("a.egdb"))
        );
        let two = DamagedFiles::check(vec![damaged("a.egdb"), damaged("b.egdb")]).unwrap_err();
        assert_eq!(
            two.to_string(),
            format!(
                "2 damaged files, the first {} (delete them and build them again)",
                damaged("a.egdb")
            )
        );
        assert!(damaged_line(Variant::INTERNATIONAL, &damaged("a.egdb"))
            .starts_with("international: damaged: a.egdb: "));
    }
}
