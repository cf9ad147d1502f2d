//! Replacing a file the user keeps (saved games, puzzle progress, self-play settings,
//! weights) so that a failure part way never costs its old content.

use std::fs::File;
use std::io;
use std::path::Path;

/// Replace the file `path` with what `write` writes, so that whoever reads `path` (after a
/// kill, a power loss or a full disk) finds the old file or the new one whole, never a part:
/// the new bytes go to a hidden file beside it (`.tmp…`), are synced to the disk, and the file
/// is renamed over `path`. When `write` or a step after it fails, `path` is untouched and the
/// hidden file removed (a kill leaves it behind). What is not a file (a device, a pipe) is
/// written as it is.
///
/// # Errors
/// The first step that failed.
pub fn replace_file(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    // A device or a pipe (`--out /dev/stdout`) is written, not replaced.
    if std::fs::metadata(path).is_ok_and(|meta| !meta.is_file()) {
        return write(&mut File::create(path)?);
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    #[cfg_attr(not(unix), allow(unused_mut))]
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    builder.permissions(permissions(path));
    // The hidden file's name is no concern of the user's: an error names the folder.
    let mut part = builder
        .tempfile_in(dir)
        .map_err(|e| without_hidden_name(e, dir))?;
    write(part.as_file_mut())?;
    part.as_file().sync_all()?;
    part.persist(path)?;
    // The rename is kept on the disk by syncing the folder, where the system allows it.
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// `error` (tempfile's, which ends "at path <hidden file>") told as a failure to create a file
/// in `dir`, with the system's reason.
fn without_hidden_name(error: io::Error, dir: &Path) -> io::Error {
    let text = error.to_string();
    let reason = text
        .rsplit_once(" at path ")
        .map_or(text.as_str(), |(r, _)| r);
    io::Error::new(
        error.kind(),
        format!("cannot create a file in {}: {reason}", dir.display()),
    )
}

/// The replaced file's permissions, or for a new file those the user's umask leaves of
/// read and write for all, as any file the program creates (a temporary file would otherwise
/// be its owner's only).
#[cfg(unix)]
fn permissions(path: &Path) -> std::fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .map(|meta| meta.permissions())
        .unwrap_or_else(|_| std::fs::Permissions::from_mode(0o666))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("damier-replace-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_replacement_that_fails_part_way_leaves_the_old_file_whole() {
        let dir = scratch("part");
        let path = dir.join("selfplay.json");
        std::fs::write(&path, "{\"old\": true}\n").unwrap();
        // The new content fails after half of it is written, as on a full disk: what is on
        // the disk under the file's name is still the old content, and nothing else is left.
        let new = "{\"new\": [1, 2, 3, 4, 5, 6, 7, 8]}\n";
        let err = replace_file(&path, |file| {
            file.write_all(&new.as_bytes()[..new.len() / 2])?;
            file.flush()?;
            // What was written so far is on the disk, under another name than the file's.
            assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"old\": true}\n");
            Err(io::Error::new(io::ErrorKind::StorageFull, "no space left"))
        })
        .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::StorageFull);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"old\": true}\n");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["selfplay.json"]);
        // A whole write replaces it, and leaves nothing else behind.
        replace_file(&path, |file| file.write_all(new.as_bytes())).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), new);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file in a folder that is not there: the error names the folder and the reason, not
    /// the hidden file that could not be made.
    #[test]
    fn a_missing_folder_is_told_without_the_hidden_name() {
        let path = Path::new("/nonexistent-damier-folder/game.pdn");
        let err = replace_file(path, |file| file.write_all(b"*")).unwrap_err();
        let text = err.to_string();
        assert_eq!(err.kind(), io::ErrorKind::NotFound);
        assert!(!text.contains(".tmp"), "{text}");
        assert!(
            text.starts_with("cannot create a file in /nonexistent-damier-folder: No such file"),
            "{text}"
        );
    }

    /// A temporary file is its owner's only; the file it becomes is not: a new one gets the
    /// permissions any file the program creates gets, a replaced one keeps its own.
    #[cfg(unix)]
    #[test]
    fn permissions_are_a_new_files_or_the_old_files() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("modes");
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let plain = dir.join("plain.pdn");
        std::fs::write(&plain, "").unwrap();
        let fresh = dir.join("fresh.pdn");
        replace_file(&fresh, |file| file.write_all(b"1. 32-28 *\n")).unwrap();
        assert_eq!(mode(&fresh), mode(&plain));
        std::fs::set_permissions(&fresh, std::fs::Permissions::from_mode(0o640)).unwrap();
        replace_file(&fresh, |file| file.write_all(b"1. 33-28 *\n")).unwrap();
        assert_eq!(mode(&fresh), 0o640);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
