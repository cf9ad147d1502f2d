//! A set on disk: built once, kept on a second run, probed as it was solved, and refused
//! when damaged.

use damier_core::{fen, Diagonal8, Variant};
use damier_egdb::build::{solve_in_memory, HOLE};
use damier_egdb::format::BLOCK_ENTRIES;
use damier_egdb::store::{build_set, set_variant, slice_path, variant_dir, SetEvent};
use damier_egdb::{Egdb, InMemory, Indexer, Slice, Value};
use std::path::PathBuf;
use std::sync::Mutex;

fn temp_root(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("damier-egdb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_built_set_probes_as_solved_and_a_rerun_keeps_it() {
    let root = temp_root("build");
    let variant: Variant = "english".parse().unwrap();
    let events = Mutex::new(Vec::new());
    build_set(&root, variant, 3, &|e| events.lock().unwrap().push(e)).unwrap();
    let started = events
        .lock()
        .unwrap()
        .iter()
        .filter(|e| matches!(e, SetEvent::Start { .. }))
        .count();
    assert_eq!(started, Slice::build_order(3, 12).len());

    let db = Egdb::open(&root, variant, 4).unwrap();
    assert_eq!(db.max_pieces(), 3);
    let rules = variant.rules();
    let solved = solve_in_memory::<Diagonal8>(rules, 3, |_| true);
    for (&m, codes) in &solved {
        let ix = Indexer::new::<Diagonal8>(rules, m);
        for (i, &code) in codes.iter().enumerate().step_by(7) {
            if code == HOLE {
                continue;
            }
            let pos = ix.position::<Diagonal8>(rules, i as u64).unwrap();
            assert_eq!(
                db.probe(&pos).unwrap(),
                Some(Value::from_code(code)),
                "{m} #{i}"
            );
        }
    }
    // The cache (4 MiB) holds the whole 3-piece set: probing it again reads no block, while
    // a cache of nothing reads every block again.
    let blocks: u64 = solved
        .values()
        .map(|codes| codes.len().div_ceil(BLOCK_ENTRIES as usize) as u64)
        .sum();
    let probe_all = |db: &Egdb| {
        for (&m, codes) in &solved {
            let ix = Indexer::new::<Diagonal8>(rules, m);
            for i in (0..codes.len()).filter(|&i| codes[i] != HOLE).step_by(7) {
                db.probe(&ix.position::<Diagonal8>(rules, i as u64).unwrap())
                    .unwrap();
            }
        }
    };
    assert_eq!(db.stats().blocks_read, blocks);
    probe_all(&db);
    assert_eq!(db.stats().blocks_read, blocks);
    let uncached = Egdb::open(&root, variant, 0).unwrap();
    probe_all(&uncached);
    probe_all(&uncached);
    assert!(uncached.stats().blocks_read >= 2 * blocks);

    // A probe from the cache alone answers only what an earlier probe brought in, and reads
    // nothing itself.
    let fresh = Egdb::open(&root, variant, 4).unwrap();
    let kings = fen::parse(rules, "W:WK29,K30:BK1").unwrap();
    assert!(matches!(
        fresh.probe_cached::<Diagonal8>(&kings),
        InMemory::OnDisk(_)
    ));
    assert_eq!(fresh.stats().blocks_read, 0);
    let value = fresh.probe::<Diagonal8>(&kings).unwrap();
    assert!(matches!(value, Some(Value::Win(_))), "two kings beat one");
    assert!(matches!(
        fresh.probe_cached::<Diagonal8>(&kings),
        InMemory::Answer(v) if v == value
    ));
    assert_eq!(fresh.stats().blocks_read, 1);

    // Four pieces are not there: no answer rather than a wrong one.
    let four = fen::parse(rules, "W:WK29,K30:BK1,K2").unwrap();
    assert_eq!(db.probe::<Diagonal8>(&four).unwrap(), None);

    events.lock().unwrap().clear();
    build_set(&root, variant, 3, &|e| events.lock().unwrap().push(e)).unwrap();
    assert!(events
        .lock()
        .unwrap()
        .iter()
        .all(|e| matches!(e, SetEvent::Kept { .. })));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn black_to_move_reads_the_turned_position() {
    let root = temp_root("turn");
    let variant: Variant = "english".parse().unwrap();
    build_set(&root, variant, 2, &|_| {}).unwrap();
    let db = Egdb::open(&root, variant, 1).unwrap();
    let rules = variant.rules();
    // Mirror images: White king 1 and Black king 9 with White to move; the turned board has
    // Black to move with its king on 32 and White's on 24.
    let white = fen::parse(rules, "W:WK1:BK9").unwrap();
    let black = fen::parse(rules, "B:WK24:BK32").unwrap();
    let v = db.probe::<Diagonal8>(&white).unwrap();
    assert!(v.is_some());
    assert_eq!(v, db.probe::<Diagonal8>(&black).unwrap());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_damaged_or_foreign_file_is_an_error() {
    let root = temp_root("damage");
    let variant: Variant = "english".parse().unwrap();
    build_set(&root, variant, 2, &|_| {}).unwrap();
    let path = slice_path(&variant_dir(&root, variant), "K1-K1".parse().unwrap());
    let good = std::fs::read(&path).unwrap();

    std::fs::write(&path, &good[..good.len() - 3]).unwrap();
    let err = Egdb::open(&root, variant, 1).expect_err("a cut file is refused");
    assert!(err.to_string().contains("K1-K1.egdb"), "{err}");

    let mut bent = good.clone();
    let last = bent.len() - 2;
    bent[last] ^= 0x55;
    std::fs::write(&path, &bent).unwrap();
    let db = Egdb::open(&root, variant, 1).unwrap();
    let pos = fen::parse(variant.rules(), "W:WK29:BK1").unwrap();
    let probed = db.probe::<Diagonal8>(&pos);
    assert!(
        probed.is_err(),
        "a damaged block must not answer: {probed:?}"
    );
    // The handle keeps the failure, for a search that went on without the block.
    let damage = db.damage().expect("the failure is kept");
    assert!(damage.file.ends_with("K1-K1.egdb"), "{damage}");
    assert!(damage.reason.starts_with("damaged: block"), "{damage}");
    drop(db);
    // A build reads every block of the files it keeps: the damaged pair is built again.
    let events = Mutex::new(Vec::new());
    build_set(&root, variant, 2, &|e| events.lock().unwrap().push(e)).unwrap();
    let events = events.into_inner().unwrap();
    assert!(
        events.iter().any(|e| matches!(e,
            SetEvent::Damaged { material, reason }
                if material.to_string() == "K1-K1" && reason.contains("K1-K1.egdb"))),
        "{events:?}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), good);

    // Another slice's file under this name.
    let other = std::fs::read(slice_path(
        &variant_dir(&root, variant),
        "K1-M1".parse().unwrap(),
    ))
    .unwrap();
    std::fs::write(&path, other).unwrap();
    let err = Egdb::open(&root, variant, 1).expect_err("a foreign file is refused");
    assert!(err.to_string().contains("expected english K1-K1"), "{err}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_game_under_two_names_has_one_set() {
    let v = |name: &str| name.parse::<Variant>().unwrap();
    for (alias, owner) in [
        ("german", "brazilian"),
        ("portuguese", "spanish"),
        ("sri-lankan", "canadian"),
        ("german-giveaway", "brazilian-giveaway"),
    ] {
        assert_eq!(set_variant(v(alias)), v(owner), "{alias}");
    }
    // Variants whose endings differ keep their own sets.
    for own in [
        "english",
        "russian",
        "pool",
        "international",
        "thai",
        "brazilian",
    ] {
        assert_eq!(set_variant(v(own)), v(own), "{own}");
        assert_eq!(damier_egdb::store::shared_set_note(v(own)), None, "{own}");
    }
    assert_eq!(
        damier_egdb::store::shared_set_note(v("portuguese")).unwrap(),
        "portuguese is spanish under another name: it uses spanish's databases"
    );

    // Built under one name, probed under the other: the same files, the same answers.
    let root = temp_root("shared");
    build_set(&root, v("german"), 3, &|_| {}).unwrap();
    assert_eq!(variant_dir(&root, v("german")), root.join("brazilian"));
    assert!(root.join("brazilian").is_dir());
    assert!(!root.join("german").exists(), "no second folder");
    let german = Egdb::open(&root, v("german"), 4).unwrap();
    let brazilian = Egdb::open(&root, v("brazilian"), 4).unwrap();
    assert_eq!(german.max_pieces(), 3);
    assert_eq!(brazilian.max_pieces(), 3);
    let rules = v("brazilian").rules();
    let ix = Indexer::new::<Diagonal8>(rules, "K2-K1".parse().unwrap());
    let (mut wins, mut probed) = (0, 0);
    for i in (0..ix.size()).step_by(97) {
        let (Some(pos), Some(as_german)) = (
            ix.position::<Diagonal8>(rules, i),
            ix.position::<Diagonal8>(v("german").rules(), i),
        ) else {
            continue;
        };
        let value = brazilian.probe::<Diagonal8>(&pos).unwrap();
        assert_eq!(
            german.probe::<Diagonal8>(&as_german).unwrap(),
            value,
            "#{i}"
        );
        probed += 1;
        wins += usize::from(matches!(value, Some(Value::Win(_))));
    }
    assert!(probed > 100 && wins > 0, "{probed} probed, {wins} wins");
    std::fs::remove_dir_all(&root).unwrap();
}

/// A header may be valid and still name a slice no set holds: refused, not a panic in the
/// numbering.
#[test]
fn a_file_naming_an_impossible_slice_is_refused() {
    let root = temp_root("impossible");
    let variant: Variant = "english".parse().unwrap();
    build_set(&root, variant, 2, &|_| {}).unwrap();
    let dir = variant_dir(&root, variant);
    let good = std::fs::read(slice_path(&dir, "K1-K1".parse().unwrap())).unwrap();
    let header = damier_egdb::format::Header::read(&mut &good[..]).unwrap();
    // The slice's counts come after the magic, version and variant name; the checksum
    // closes the header.
    let mut forged = good.clone();
    let at = 13 + usize::from(forged[12]);
    forged[at + 1] = 20;
    forged[at + 3] = 20;
    let end = header.len() as usize - 4;
    let crc = crc32fast::hash(&forged[..end]);
    forged[end..end + 4].copy_from_slice(&crc.to_le_bytes());
    let material: Slice = "K20-K20".parse().unwrap();
    assert_eq!(
        damier_egdb::format::Header::read(&mut &forged[..])
            .unwrap()
            .material,
        material
    );
    std::fs::write(slice_path(&dir, material), &forged).unwrap();
    let err = Egdb::open(&root, variant, 1).expect_err("an impossible slice is refused");
    assert!(err.to_string().contains("which no set holds"), "{err}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_summary_counts_the_files_on_disk_and_names_what_is_missing() {
    let root = temp_root("summary");
    let english: Variant = "english".parse().unwrap();
    build_set(&root, english, 3, &|_| {}).unwrap();
    let dir = variant_dir(&root, english);
    let on_disk = |pieces: u32| -> (usize, u64) {
        let files: Vec<u64> = Egdb::open(&root, english, 1)
            .unwrap()
            .slices()
            .iter()
            .filter(|(m, _)| m.pieces() == pieces)
            .map(|&(m, _)| std::fs::metadata(slice_path(&dir, m)).unwrap().len())
            .collect();
        (files.len(), files.iter().sum())
    };
    let set = Egdb::open(&root, english, 1).unwrap().summary();
    assert_eq!((set.variant, set.complete_to, &set.dir), (english, 3, &dir));
    assert!(set.also_serves.is_empty());
    assert_eq!(
        set.by_pieces.iter().map(|c| c.pieces).collect::<Vec<_>>(),
        [2, 3]
    );
    for c in &set.by_pieces {
        assert!(c.slices > 0);
        assert_eq!(
            (c.slices, c.bytes),
            on_disk(c.pieces),
            "{} pieces",
            c.pieces
        );
    }
    assert_eq!(set.slices, set.by_pieces.iter().map(|c| c.slices).sum());
    assert_eq!(set.bytes, set.by_pieces.iter().map(|c| c.bytes).sum());
    assert!(set.missing.is_empty());
    assert_eq!(damier_egdb::sets_under(&root), [english]);

    // One 3-piece file gone: the set is complete to 2 pieces and names the slice missing.
    let gone: Slice = "K2-K1".parse().unwrap();
    let gone = if slice_path(&dir, gone).exists() {
        gone
    } else {
        gone.swapped()
    };
    std::fs::remove_file(slice_path(&dir, gone)).unwrap();
    let set = Egdb::open(&root, english, 1).unwrap().summary();
    assert_eq!(set.complete_to, 2);
    assert!(set.missing.contains(&gone), "{:?}", set.missing);

    // A set that another name plays by its rules says so.
    let brazilian: Variant = "brazilian".parse().unwrap();
    build_set(&root, brazilian, 2, &|_| {}).unwrap();
    let set = Egdb::open(&root, brazilian, 1).unwrap().summary();
    assert!(set.also_serves.contains(&"german".parse().unwrap()));
    assert_eq!(damier_egdb::sets_under(&root), [english, brazilian]);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_position_is_explained_with_its_moves_or_refused_with_the_reason() {
    let root = temp_root("explain");
    let english: Variant = "english".parse().unwrap();
    let rules = english.rules();
    build_set(&root, english, 3, &|_| {}).unwrap();
    let db = Egdb::open(&root, english, 1).unwrap();
    let position = |text: &str| fen::parse::<Diagonal8>(rules, text).unwrap();

    // Two kings against one win in English; every move is listed with its value, best first,
    // and the best keep the win.
    let pos = position("W:WK1,K3:BK32");
    let e = db.explain(&pos).unwrap();
    assert_eq!(e.material, "K2-K1".parse().unwrap());
    assert!(matches!(e.value, Value::Win(_)), "{}", e.value);
    assert_eq!(e.drawn_by_rule, None);
    let moves = e.moves.as_ref().unwrap();
    assert_eq!(moves.len(), pos.legal_moves().len());
    assert!(e.keeps(moves[0].1));
    assert!(moves.windows(2).all(|w| !w[1].1.better_than(w[0].1)));
    // Printed: the value, then a move a line, the best marked as keeping it.
    let lines = e.lines(&pos, db.dir());
    assert_eq!(lines.len(), 1 + moves.len(), "{lines:?}");
    assert!(
        lines[0].starts_with("K2-K1, white to move: win in "),
        "{lines:?}"
    );
    assert!(lines[1].ends_with("  keeps it"), "{lines:?}");

    // Frisian's king against king is drawn by rule as it stands: the value is that draw,
    // and no move "keeps" it, whatever the moves' own values.
    let frisian: Variant = "frisian".parse().unwrap();
    build_set(&root, frisian, 2, &|_| {}).unwrap();
    let fdb = Egdb::open(&root, frisian, 1).unwrap();
    let pos = fen::parse::<damier_core::Diagonal10>(frisian.rules(), "W:WK46:BK5").unwrap();
    let e = fdb.explain(&pos).unwrap();
    assert_eq!(e.value, Value::Draw);
    assert!(e
        .drawn_by_rule
        .as_deref()
        .unwrap()
        .contains("one king against one king"));
    let moves = e.moves.as_ref().unwrap();
    assert!(!moves.is_empty() && moves.iter().all(|m| !e.keeps(m.1)));
    let lines = e.lines(&pos, fdb.dir());
    assert!(lines[1].starts_with("  the game is drawn by rule as it stands ("));
    assert!(lines.iter().all(|l| !l.contains("keeps it")), "{lines:?}");

    // Refusals, with their reasons.
    assert!(matches!(
        db.explain(&position("W:W:B")),
        Err(damier_egdb::Unexplained::Empty)
    ));
    let over = db.explain(&position("W:WK1:B")).unwrap_err();
    assert_eq!(over.to_string(), "the game is over: black has no pieces");
    let four = db.explain(&position("W:WK1,K3:BK30,K32")).unwrap_err();
    assert!(four.to_string().contains("K2-K2 is not in"), "{four}");

    // A move into a slice that is gone: the position's value stays, the moves name the slice.
    let dir = variant_dir(&root, english);
    let k1_k1: Slice = "K1-K1".parse().unwrap();
    std::fs::remove_file(slice_path(&dir, k1_k1)).unwrap();
    let db = Egdb::open(&root, english, 1).unwrap();
    // White's king must take the man on 6 (1x10), which leaves a king each.
    let e = db.explain(&position("W:WK1:BK32,6")).unwrap();
    assert_eq!(e.moves, Err(vec![k1_k1]));
    assert_eq!(
        e.lines(&position("W:WK1:BK32,6"), db.dir())[1],
        format!(
            "  the moves' values are not shown: they need slice K1-K1, which is not in {}",
            dir.display()
        )
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_slices_named_for_a_check_must_be_stored_and_within_its_pieces() {
    use damier_egdb::verify::{check_only, OnlyError};
    let root = temp_root("only");
    let variant: Variant = "english".parse().unwrap();
    build_set(&root, variant, 2, &|_| {}).unwrap();
    let slice = |name: &str| name.parse::<Slice>().unwrap();
    // Stored as it is named or as its swap, both pass.
    assert_eq!(check_only(&root, variant, 2, &[slice("K1-K1")]), Ok(()));
    let stored = Slice::build_order(2, 12)[0];
    assert_eq!(check_only(&root, variant, 2, &[stored.swapped()]), Ok(()));
    assert_eq!(
        check_only(&root, variant, 1, &[stored]),
        Err(OnlyError::MorePieces {
            slice: stored,
            pieces: 1
        })
    );
    let missing = slice("K2-K1");
    let refused = check_only(&root, variant, 3, &[missing]).unwrap_err();
    assert!(
        matches!(refused, OnlyError::NotStored { .. }),
        "{refused:?}"
    );
    assert!(
        refused
            .to_string()
            .starts_with("K2-K1: neither it nor K1-K2 is in "),
        "{refused}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn probe_speed_probes_the_same_positions_cold_then_warm() {
    use damier_egdb::bench::{probe_speed, BenchError};
    let root = temp_root("bench");
    let english: Variant = "english".parse().unwrap();
    assert!(matches!(
        probe_speed(&root, english, 100, 64),
        Err(BenchError::NoSet(_))
    ));
    build_set(&root, english, 3, &|_| {}).unwrap();
    let [cold, warm] = probe_speed(&root, english, 2000, 64).unwrap();
    assert_eq!((cold.name, warm.name), ("cold", "warm"));
    assert_eq!((cold.probes, warm.probes), (2000, 2000));
    // The cold pass reads blocks; the warm one finds them all in a cache that holds the set.
    assert!(cold.blocks_read > 0);
    assert_eq!(warm.blocks_read, cold.blocks_read);
    assert!(warm.per_second() > 0.0);
    for probes in [0, damier_egdb::bench::MAX_PROBES + 1] {
        let e = probe_speed(&root, english, probes, 64).unwrap_err();
        assert!(matches!(e, BenchError::Probes(n) if n == probes), "{e}");
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_named_folder_must_hold_a_sound_set_and_the_default_folder_serves_what_it_can() {
    use damier_egdb::source::{Source, SourceError};
    let root = temp_root("source");
    let english: Variant = "english".parse().unwrap();
    let russian: Variant = "russian".parse().unwrap();
    build_set(&root, english, 2, &|_| {}).unwrap();
    let named = Source::from_arg(Some(root.to_str().unwrap()));
    assert_eq!(named, Source::Folder(root.clone()));
    assert_eq!(Source::from_arg(Some("none")), Source::None);
    assert_eq!(Source::from_arg(None), Source::Default);

    let opened = named.open(english, 1).unwrap();
    assert_eq!(opened.db.as_ref().unwrap().max_pieces(), 2);
    assert!(opened.warnings().is_empty() && opened.missing.is_none());
    let err = named.open(russian, 1).unwrap_err();
    assert!(
        matches!(err, SourceError::Empty { .. }) && err.is_usage(),
        "{err}"
    );
    assert!(
        err.to_string().contains("no russian databases there"),
        "{err}"
    );
    assert!(Source::None.open(english, 1).unwrap().db.is_none());
    let (sets, warnings) = named.open_all(1).unwrap();
    assert_eq!(sets.keys().copied().collect::<Vec<_>>(), vec![english]);
    assert!(warnings.is_empty());
    let gone = Source::Folder(root.join("gone"));
    assert!(matches!(
        gone.open_all(1),
        Err(SourceError::NoSuchFolder(_))
    ));

    // A damaged file: refused in a named folder, left out with a warning from the default one
    // (the only test that sets the default folder, through its variable).
    let path = slice_path(&variant_dir(&root, english), "K1-K1".parse().unwrap());
    let good = std::fs::read(&path).unwrap();
    std::fs::write(&path, &good[..good.len() - 3]).unwrap();
    let err = named.open(english, 1).unwrap_err();
    assert!(
        matches!(err, SourceError::Damaged(_)) && !err.is_usage(),
        "{err}"
    );
    std::env::set_var("DAMIER_EGDB", &root);
    let opened = Source::Default.open(english, 1).unwrap();
    let warnings = opened.warnings();
    let db = opened.db.expect("the sound files are served");
    assert!(!db.slices().is_empty());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("K1-K1.egdb"), "{warnings:?}");
    let opened = Source::Default.open(russian, 1).unwrap();
    assert!(opened.db.is_none());
    assert!(
        opened
            .missing
            .unwrap()
            .starts_with("no russian endgame databases in"),
        "the default folder without the variant's files says how to build them"
    );
    std::env::remove_var("DAMIER_EGDB");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_build_notes_each_pair_kept_damaged_or_written() {
    use damier_egdb::store::{build_job, JobOutcome};
    let root = temp_root("notes");
    let variant: Variant = "english".parse().unwrap();
    let notes = Mutex::new(Vec::new());
    build_set(&root, variant, 2, &|e| {
        notes.lock().unwrap().extend(e.note())
    })
    .unwrap();
    let written = notes.into_inner().unwrap();
    assert_eq!(
        written.len(),
        Slice::build_order(2, 12).len(),
        "{written:?}"
    );
    assert!(
        written
            .iter()
            .any(|n| n.starts_with("K1-K1: ") && n.contains(" positions, ")),
        "{written:?}"
    );
    let notes = Mutex::new(Vec::new());
    build_set(&root, variant, 2, &|e| {
        notes.lock().unwrap().extend(e.note())
    })
    .unwrap();
    let again = notes.into_inner().unwrap();
    assert!(
        again
            .iter()
            .all(|n| n.ends_with(": kept from an earlier run")),
        "{again:?}"
    );
    let pair: Slice = "K1-K1".parse().unwrap();
    let outcome = build_job(&root, variant, pair, &|_| {}).unwrap();
    assert_eq!(outcome, JobOutcome::Kept);
    assert_eq!(outcome.note(pair), "K1-K1: kept from an earlier run");
    std::fs::remove_dir_all(&root).unwrap();
}
