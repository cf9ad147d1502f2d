//! The record of slices that passed a check, so that a long check stopped part way goes on
//! where it stopped. A slice is known by its file's length and time of change: rebuilding or
//! replacing the file makes it unknown again.

use crate::slice::Slice;
use crate::store::{slice_path, EgdbError};
use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

/// The record's file in a variant's folder.
pub const RECORD_FILE: &str = "checked.txt";

/// What identifies a slice file's contents without reading them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    len: u64,
    modified_ns: u128,
}

/// The slices of one folder that passed, as read from its record.
#[derive(Debug)]
pub struct CheckRecord {
    dir: PathBuf,
    passed: HashMap<Slice, Stamp>,
}

impl CheckRecord {
    /// Read the record of `dir` (a variant's folder). A missing record is an empty one, and a
    /// line it cannot read is passed over: the record only saves work, so the worst a damaged
    /// one does is have a slice checked again.
    ///
    /// # Errors
    /// The record exists and cannot be read.
    pub fn load(dir: &Path) -> Result<CheckRecord, EgdbError> {
        let path = dir.join(RECORD_FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(reason) => return Err(EgdbError::Folder { path, reason }),
        };
        let passed = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| {
                let mut fields = line.split_whitespace();
                let material = fields.next()?.parse().ok()?;
                let len = fields.next()?.parse().ok()?;
                let modified_ns = fields.next()?.parse().ok()?;
                Some((material, Stamp { len, modified_ns }))
            })
            .collect();
        Ok(CheckRecord {
            passed,
            ..CheckRecord::empty(dir)
        })
    }

    /// A record of nothing, for `dir`.
    pub fn empty(dir: &Path) -> CheckRecord {
        CheckRecord {
            dir: dir.to_path_buf(),
            passed: HashMap::new(),
        }
    }

    /// Whether `material`'s file passed a check and has not changed since.
    pub fn passed(&self, material: Slice) -> bool {
        let now = stamp(&slice_path(&self.dir, material)).ok();
        self.passed.get(&material).is_some_and(|&r| Some(r) == now)
    }

    /// `material`'s file as it is now: taken before a check and recorded after it, so that a
    /// file replaced while it was checked is not recorded as checked.
    ///
    /// # Errors
    /// The file cannot be looked at.
    pub fn stamp(&self, material: Slice) -> Result<Stamp, EgdbError> {
        let path = slice_path(&self.dir, material);
        stamp(&path).map_err(|reason| EgdbError::Folder { path, reason })
    }

    /// Note that `material`'s file, as `now` found it, passed.
    ///
    /// # Errors
    /// The record cannot be written.
    pub fn add(&mut self, material: Slice, now: Stamp) -> Result<(), EgdbError> {
        let path = self.dir.join(RECORD_FILE);
        let mut text = String::new();
        if !path.exists() {
            text.push_str(
                "# Slices that passed `damier egdb verify`: slice, file length, time of change \
                 (ns since 1970). Delete this file to have them all checked again.\n",
            );
        }
        text.push_str(&format!("{material} {} {}\n", now.len, now.modified_ns));
        // One write of an appended file, so that checks of other slices running at the same
        // time never interleave their lines.
        let written = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .and_then(|mut file| file.write_all(text.as_bytes()));
        written.map_err(|reason| EgdbError::Folder { path, reason })?;
        self.passed.insert(material, now);
        Ok(())
    }
}

fn stamp(path: &Path) -> std::io::Result<Stamp> {
    let meta = std::fs::metadata(path)?;
    let since = meta.modified()?.duration_since(UNIX_EPOCH);
    Ok(Stamp {
        len: meta.len(),
        // A time before 1970 cannot be told apart from others before it: never recorded.
        modified_ns: since.map_err(std::io::Error::other)?.as_nanos(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, SystemTime};

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("damier-checked-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn slice(dir: &Path, name: &str, bytes: &[u8]) -> Slice {
        let material: Slice = name.parse().unwrap();
        std::fs::write(slice_path(dir, material), bytes).unwrap();
        material
    }

    fn set_modified(dir: &Path, material: Slice, secs: u64) {
        std::fs::File::options()
            .write(true)
            .open(slice_path(dir, material))
            .and_then(|f| f.set_modified(SystemTime::UNIX_EPOCH + Duration::from_secs(secs)))
            .unwrap();
    }

    #[test]
    fn a_passed_slice_stays_passed_until_its_file_changes() {
        let dir = folder("changes");
        let kept = slice(&dir, "K2-K1", b"twelve bytes");
        let grown = slice(&dir, "K1-K2", b"twelve bytes");
        let touched = slice(&dir, "M1-K2", b"twelve bytes");
        let never = slice(&dir, "K2-M1", b"twelve bytes");
        let mut record = CheckRecord::load(&dir).unwrap();
        for m in [kept, grown, touched] {
            assert!(!record.passed(m));
            let now = record.stamp(m).unwrap();
            record.add(m, now).unwrap();
            assert!(record.passed(m));
        }
        std::fs::write(slice_path(&dir, grown), b"thirteen bytes").unwrap();
        set_modified(&dir, touched, 1 << 30);

        let read_again = CheckRecord::load(&dir).unwrap();
        assert!(read_again.passed(kept));
        assert!(!read_again.passed(grown), "a file of another length");
        assert!(!read_again.passed(touched), "a file changed since");
        assert!(!read_again.passed(never));
        std::fs::remove_file(slice_path(&dir, kept)).unwrap();
        assert!(!read_again.passed(kept), "a file gone");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_replaced_during_its_check_is_not_passed() {
        let dir = folder("replaced");
        let m = slice(&dir, "K2-K1", b"the file checked");
        let mut record = CheckRecord::load(&dir).unwrap();
        let before = record.stamp(m).unwrap();
        std::fs::write(slice_path(&dir, m), b"a file rebuilt meanwhile").unwrap();
        record.add(m, before).unwrap();
        assert!(!record.passed(m));
        assert!(!CheckRecord::load(&dir).unwrap().passed(m));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn lines_it_cannot_read_are_passed_over() {
        let dir = folder("damaged");
        let good = slice(&dir, "K2-K1", b"bytes");
        set_modified(&dir, good, 1_000_000_000);
        std::fs::write(
            dir.join(RECORD_FILE),
            "# a comment\nK2-K1 5 1000000000000000000\nK9-Q1 5 1\nK1-K2 five 1\nK1-K2\n\n",
        )
        .unwrap();
        let record = CheckRecord::load(&dir).unwrap();
        assert!(record.passed(good));
        assert!(!record.passed("K1-K2".parse().unwrap()));
        assert_eq!(record.passed.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
