//! Training recovers weights it is shown: positions scored by known weights, learned back
//! from their scores alone; and the same data and seed give the same weights on any number of
//! threads.

use damier_core::{with_geometry, Variant};
use damier_engine::eval::learned::{
    material_only, Dense, FeatureReader, Layout, PatternView, CONFIGS,
};
use damier_engine::Weights;
use damier_game::Board;
use damier_learn::data::{GameBlock, Record, Writer};
use damier_learn::train::{self, Config, Dataset};

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The score `weights` give a record.
fn score_of(variant: Variant, weights: &Weights, record: &Record) -> i32 {
    with_geometry!(variant.rules().board, G => {
        let pos = record.position::<G>(variant).unwrap();
        FeatureReader::<G>::new(variant, weights.view()).read(&pos).score(weights.values())
    })
}

/// Games of random play whose quiet positions are scored by `truth`.
fn scored_games(variant: Variant, truth: &Weights, games: usize, seed: u64) -> Dataset {
    let mut rng = Rng(seed);
    let mut blocks = Vec::new();
    for key in 0..games {
        let mut board = Board::start(variant);
        let mut records = Vec::new();
        for ply in 0..120 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            if !board.must_capture() {
                let score = score_of(variant, truth, &Record::new(&board, 0, 0));
                records.push(Record::new(&board, score, ply));
            }
            board = board.play_unchecked(&moves[rng.below(moves.len())]);
        }
        blocks.push(GameBlock {
            key: key as u32,
            records,
        });
    }
    Dataset {
        variant,
        games: blocks,
        files: Vec::new(),
        repeated: 0,
    }
}

fn truth(variant: Variant, with_patterns: bool) -> Weights {
    let layout = Layout::of(variant.rules().board);
    let mut values = material_only(variant, 0.0);
    values[layout.dense_entry(Dense::Men)] = [90.0, 130.0];
    values[layout.dense_entry(Dense::Kings)] = [260.0, 330.0];
    values[layout.dense_entry(Dense::Tempo)] = [2.0, 6.0];
    values[layout.tempo_entry()] = [12.0, -4.0];
    if with_patterns {
        // Each region: own men on its lower four squares are worth 30 each, the opponent's
        // on its upper four cost 20 each (what no count of men over the board can say).
        for (config, v) in values
            .iter_mut()
            .take(layout.regions.len() * CONFIGS)
            .enumerate()
        {
            let mut digits = config % CONFIGS;
            let mut worth = 0.0;
            for square in 0..8 {
                match (digits % 3, square < 4) {
                    (1, true) => worth += 30.0,
                    (2, false) => worth -= 20.0,
                    _ => {}
                }
                digits /= 3;
            }
            *v = [worth, worth / 2.0];
        }
    }
    Weights::from_centimen(variant, PatternView::Pieces, &values, 150.0, "truth")
}

fn config() -> Config {
    Config {
        epochs: 25,
        threads: 2,
        seed: 3,
        lambda: 0.0,
        learning_rate: 2.0,
        l2: 0.0,
        l2_global: 0.0,
        batch: 256,
        validation_percent: 10,
        scale: Some(150.0),
        init: None,
        patterns: false,
        view: PatternView::Pieces,
    }
}

#[test]
fn the_global_terms_are_recovered_from_their_scores() {
    let variant: Variant = "english".parse().unwrap();
    let truth = truth(variant, false);
    let data = scored_games(variant, &truth, 300, 0xABCD);
    let trained = train::train(&data, &config(), &mut |_| true).unwrap();
    let layout = Layout::of(variant.rules().board);
    let got = trained.weights.centimen();
    let want = truth.centimen();
    let close = |g: f32, w: f32, what: &str| {
        assert!(
            (g - w).abs() <= 0.05 * w.abs() + 1.0,
            "{what}: {g} against {w}"
        );
    };
    for phase in 0..2 {
        for term in [Dense::Men, Dense::Tempo] {
            let e = layout.dense_entry(term);
            close(got[e][phase], want[e][phase], term.name());
        }
        let e = layout.tempo_entry();
        close(got[e][phase], want[e][phase], "side to move");
        // Kings are told apart only as a whole: k kings are worth k·king plus the first,
        // second and third king's terms, which the truth leaves at zero.
        let value = |w: &[[f32; 2]], k: usize| {
            let mut v = k as f32 * w[layout.dense_entry(Dense::Kings)][phase];
            for (i, term) in [Dense::FirstKing, Dense::SecondKing, Dense::ThirdKing]
                .iter()
                .enumerate()
            {
                if k > i {
                    v += w[layout.dense_entry(*term)][phase];
                }
            }
            v
        };
        for k in 1..=2 {
            close(value(&got, k), value(&want, k), &format!("{k} kings"));
        }
    }
    assert!(trained.best_loss < trained.start_loss);
}

#[test]
fn a_penalty_on_the_global_terms_holds_them_at_their_start() {
    let variant: Variant = "english".parse().unwrap();
    let data = scored_games(variant, &truth(variant, false), 300, 0xABCD);
    let held = train::train(
        &data,
        &Config {
            l2_global: 100.0,
            ..config()
        },
        &mut |_| true,
    )
    .unwrap();
    let layout = Layout::of(variant.rules().board);
    let got = held.weights.centimen();
    let start = material_only(variant, 250.0);
    for term in Dense::ALL {
        let e = layout.dense_entry(term);
        for phase in 0..2 {
            assert!(
                (got[e][phase] - start[e][phase]).abs() <= 3.0,
                "{}: {} against its start {}",
                term.name(),
                got[e][phase],
                start[e][phase]
            );
        }
    }
    assert!(held.weights.notes().contains("l2-global 100"));
    // Without it the same data move men from 100 to the truth's 90 and 130 (the test above).
    let free = train::train(&data, &config(), &mut |_| true)
        .unwrap()
        .weights
        .centimen();
    let men = layout.dense_entry(Dense::Men);
    assert!((free[men][1] - 130.0).abs() < 7.0, "{:?}", free[men]);
}

#[test]
fn patterns_are_learned_and_the_result_does_not_depend_on_threads() {
    let variant: Variant = "english".parse().unwrap();
    let truth = truth(variant, true);
    let data = scored_games(variant, &truth, 400, 0xABCD);
    let cfg = Config {
        patterns: true,
        epochs: 12,
        ..config()
    };
    let mut losses = Vec::new();
    let two = train::train(&data, &cfg, &mut |e| {
        losses.push(e.validation_loss);
        true
    })
    .unwrap();
    assert_eq!(losses.len(), 12);
    // Scored on games it never saw, the learned patterns come close to the truth's scores,
    // much closer than the best a model without patterns can do.
    let dense_only = train::train(
        &data,
        &Config {
            patterns: false,
            ..cfg.clone()
        },
        &mut |_| true,
    )
    .unwrap();
    let unseen = scored_games(variant, &truth, 60, 0x1234);
    let rms = |w: &Weights| {
        let errors: Vec<f64> = unseen
            .games
            .iter()
            .flat_map(|g| &g.records)
            .map(|r| f64::from(score_of(variant, w, r) - i32::from(r.score)))
            .collect();
        (errors.iter().map(|e| e * e).sum::<f64>() / errors.len() as f64).sqrt()
    };
    let (with_patterns, without) = (rms(&two.weights), rms(&dense_only.weights));
    eprintln!("rms error with patterns {with_patterns:.1}, without {without:.1}");
    assert!(
        with_patterns < without / 3.0,
        "error with patterns {with_patterns:.1}, without {without:.1}"
    );
    // The default penalty keeps rare configurations small but does not swamp the patterns
    // (a penalty scaled per batch once held every pattern weight at zero on real data).
    let penalised = train::train(
        &data,
        &Config {
            l2: Config::default().l2,
            ..cfg.clone()
        },
        &mut |_| true,
    )
    .unwrap();
    let penalised = rms(&penalised.weights);
    assert!(
        penalised < 0.9 * without,
        "error with the default penalty {penalised:.1}, without patterns {without:.1}"
    );
    let one = train::train(
        &data,
        &Config {
            threads: 1,
            ..cfg.clone()
        },
        &mut |_| true,
    )
    .unwrap();
    assert_eq!(one.weights, two.weights);
}

#[test]
fn too_little_data_is_a_clear_error() {
    let variant: Variant = "english".parse().unwrap();
    let data = scored_games(variant, &truth(variant, false), 1, 5);
    let err = train::train(&data, &config(), &mut |_| true)
        .unwrap_err()
        .to_string();
    assert!(err.contains("too few positions"), "{err}");
}

#[test]
fn training_stopped_after_an_epoch_keeps_the_best_epoch_so_far() {
    let variant: Variant = "english".parse().unwrap();
    let data = scored_games(variant, &truth(variant, false), 300, 0xABCD);
    let mut seen = Vec::new();
    let stopped = train::train(&data, &config(), &mut |e| {
        seen.push((e.epoch, e.validation_loss));
        e.epoch < 2
    })
    .unwrap();
    assert_eq!(seen.len(), 2);
    assert_eq!(stopped.epochs_run, 2);
    assert!((1..=2).contains(&stopped.best_epoch));
    let best = seen.iter().map(|s| s.1).fold(f64::INFINITY, f64::min);
    assert_eq!(stopped.best_loss, best);
    assert!(
        stopped.weights.notes().contains("2 epochs"),
        "{}",
        stopped.weights.notes()
    );
}

#[test]
fn games_read_twice_are_counted_once() {
    let variant: Variant = "english".parse().unwrap();
    let dir = std::env::temp_dir().join(format!("damier-repeat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = scored_games(variant, &truth(variant, false), 6, 7);
    let (a, b) = (dir.join("a.dtp"), dir.join("b.dtp"));
    for (path, games) in [(&a, &data.games[..4]), (&b, &data.games[2..])] {
        let _ = std::fs::remove_file(path);
        let (mut w, _) = Writer::open(path, variant).unwrap();
        for g in games {
            w.write_game(&g.records).unwrap();
        }
    }
    // b repeats two of a's games; a listed twice repeats all four.
    let both = train::load(variant, &[a.clone(), b.clone()]).unwrap();
    assert_eq!((both.games.len(), both.repeated), (6, 2));
    let twice = train::load(variant, &[a.clone(), a.clone()]).unwrap();
    assert_eq!((twice.games.len(), twice.repeated), (4, 4));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn weights_are_not_written_over_a_training_file_or_into_a_missing_folder() {
    let dir = std::env::temp_dir().join(format!("damier-train-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data_file = dir.join("games.bin");
    std::fs::write(&data_file, b"").unwrap();
    let data = Dataset {
        variant: "english".parse().unwrap(),
        games: Vec::new(),
        files: vec![(data_file.clone(), false)],
        repeated: 0,
    };
    // The same file named another way is still the same file.
    let same = dir.join(".").join("games.bin");
    let err = data.check_out(&same).unwrap_err().to_string();
    assert!(err.contains("is one of the training files read"), "{err}");
    assert!(data.check_out(&dir.join("new.weights")).is_ok());

    assert!(train::check_out(&dir.join("new.weights")).is_ok());
    let err = train::check_out(&dir).unwrap_err().to_string();
    assert!(
        err.ends_with("is a folder; name the weights file to write"),
        "{err}"
    );
    let err = train::check_out(&dir.join("gone").join("w.weights"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("does not exist"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
