//! The tablebase's build job, checks, figures and packing, through the library's API, on
//! the small game (`tables_support::small_game`) built once for them all. They were unit
//! tests; as integration tests the library is not compiled a second time for them
//! (docs/performance.md).

/// The build job: its phases, a second build that keeps every file, builds refused before
/// anything is written, packing.
mod job {
    use crate::tables_support::small_game::{RULE, STONES, build_small_game, fresh_dir, small_game};
    use morris::tablebase::driver::job::*;
    use morris::tablebase::driver::{BuildOptions, Refused};
    use morris::tablebase::shared::cell::cells;
    use morris::tablebase::{RuleProfile, Subspace, TablebaseError, canonical_positions};

    #[test]
    fn a_build_runs_its_phases_in_order_and_sums_them_up() {
        let (_, report, events) = small_game();
        let moving = report.moving.as_ref().expect("a moving phase");
        let pair = Subspace::new(3, 3);
        assert_eq!(moving.pairs.iter().map(|r| (r.pair.clone(), r.kept)).collect::<Vec<_>>(), [(vec![pair], false)]);
        assert_eq!(moving.solved(), canonical_positions(pair));
        let placing = report.placing.as_ref().expect("a placing phase");
        assert_eq!(placing.cells.len(), cells(STONES).len());
        assert!(placing.cells.iter().all(|c| !c.kept && c.counts.iter().sum::<u64>() == c.positions));
        let packed = report.packed.as_ref().expect("packed");
        assert_eq!((packed.report.cells, packed.report.packed), (cells(STONES).len(), cells(STONES).len()));
        // The events: a plan, a pair, a summary; a plan, a line a ply (the last first), a
        // summary; the packing.
        let kinds: Vec<&str> = events.iter().map(|(k, _)| *k).collect();
        let plies = usize::from(2 * STONES);
        let mut expected = vec!["planned", "pair", "moving", "planned"];
        expected.extend(std::iter::repeat_n("ply", plies));
        expected.extend(["placing", "packed"]);
        assert_eq!(kinds, expected);
        let ply_lines: Vec<&String> = events.iter().filter(|(k, _)| *k == "ply").map(|(_, l)| l).collect();
        assert!(ply_lines[0].starts_with(&format!("  ply {:>2}  ", plies - 1)), "{}", ply_lines[0]);
        // Ply 0 is the empty board alone.
        assert!(
            ply_lines[plies - 1].starts_with(&format!("  ply  0  {:>14} positions  ", 1)),
            "{}",
            ply_lines[plies - 1]
        );
        assert!(ply_lines[plies - 1].contains("| 100.0% done"), "{}", ply_lines[plies - 1]);
        let summary = &events[2].1;
        let solved = morris::words::human(canonical_positions(pair));
        assert!(summary.starts_with(&format!("built 1 pair (0 kept): {solved} positions solved in ")), "{summary}");
        assert!(summary.ends_with(" M positions/s with 2 threads\n"), "{summary}");
        assert!(events[1].1.starts_with("     3-3  "), "{}", events[1].1);
    }

    #[test]
    fn a_second_build_keeps_every_file_and_says_so() {
        let (dir, ..) = small_game();
        let copy = fresh_dir("job-again");
        std::fs::create_dir_all(&copy).unwrap();
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            if entry.path().is_file() {
                std::fs::copy(entry.path(), copy.join(entry.file_name())).unwrap();
            }
        }
        let (report, events) = build_small_game(&copy, Phases::Both);
        let moving = report.moving.unwrap();
        assert!(moving.pairs.iter().all(|r| r.kept) && moving.solved() == 0);
        assert!(events.iter().any(|(k, l)| *k == "pair" && l == "     3-3  kept (already built)"));
        let placing = report.placing.unwrap();
        assert!(placing.cells.iter().all(|c| c.kept));
        assert_eq!(report.packed.unwrap().report.packed, 0);
        let summary = &events.iter().find(|(k, _)| *k == "placing").unwrap().1;
        let n = cells(STONES).len();
        assert!(summary.starts_with(&format!("built {n} placing cells ({n} kept): 0 positions solved")), "{summary}");
        // Only the placing phase: the same cells, kept.
        let (report, _) = build_small_game(&copy, Phases::PlacingOnly);
        assert!(report.moving.is_none() && report.placing.unwrap().cells.iter().all(|c| c.kept));
    }

    #[test]
    fn builds_that_cannot_be_done_are_refused_before_anything_is_written() {
        let dir = fresh_dir("job-refused");
        let request = |subspaces: Vec<Subspace>, max_memory_gb| BuildRequest {
            dir: dir.clone(),
            subspaces,
            max_stones: None,
            phases: Phases::MovingOnly,
            options: BuildOptions::new(1, RuleProfile::new(RULE)),
            max_memory_gb,
        };
        let err = run_build(&request(vec![Subspace::new(2, 3)], None), &(), &mut |_| {}).unwrap_err();
        assert_eq!(err.to_string(), "subspace 2-3 is not possible: each side has 3 to 9 stones");
        let mut planned = 0;
        let err = run_build(&request(vec![Subspace::new(4, 3)], Some(0.0)), &(), &mut |e| {
            planned += usize::from(matches!(e, BuildEvent::Planned(_)));
        })
        .unwrap_err();
        assert!(matches!(err, JobError::Refused(Refused::Memory { .. })), "{err}");
        assert_eq!(planned, 1);
        assert!(!dir.exists() || std::fs::read_dir(&dir).unwrap().next().is_none());
        assert_eq!(
            moving_targets(&[Subspace::new(4, 3)], None).unwrap(),
            [Subspace::new(4, 3)],
            "named subspaces only, their dependencies come from the plan"
        );
        assert_eq!(moving_targets(&[], Some(3)).unwrap(), [Subspace::new(3, 3)]);
        assert_eq!(moving_targets(&[], None).unwrap().len(), 49, "every subspace of 3 to 9 stones a side");
    }

    #[test]
    fn a_pack_needs_a_directory_with_the_set() {
        let (dir, ..) = small_game();
        let missing = fresh_dir("job-no-dir");
        assert!(matches!(pack_set(&missing, 3, RuleProfile::new(RULE), 1), Err(TablebaseError::NoDirectory(_))));
        let err = pack_set(dir, 4, RuleProfile::new(RULE), 1).unwrap_err();
        assert!(matches!(err, TablebaseError::NoPlacingSet { stones: 4, .. }), "{err}");
        let again = pack_set(dir, 3, RuleProfile::new(RULE), 1).unwrap();
        assert_eq!((again.report.cells, again.report.packed), (cells(STONES).len(), 0));
        assert!(again.to_string().starts_with(&format!(
            "packed 0 of {} placing cells ({} already), ",
            again.report.cells, again.report.cells
        )));
    }
}

/// The independent check of stored values.
mod verify {
    use crate::tables_support::small_game::{RULE, STONES, fresh_dir, small_game};
    use morris::rules::STANDARD;
    use morris::tablebase::shared::cell::cells;
    use morris::tablebase::shared::store::write_table;
    use morris::tablebase::verify::*;
    use morris::tablebase::{RuleProfile, Subspace, Table, Wdl, canonical_positions, rules_text};
    use morris::words::human;
    use std::ops::ControlFlow;

    #[test]
    fn a_directory_of_right_tables_passes_every_check() {
        let (dir, ..) = small_game();
        let pair = Subspace::new(3, 3);
        let mut heard = Vec::new();
        let summary = verify_tables(dir, &[], 2, 1, &(), &mut |r| {
            heard.push((r.subspace, r.positions, r.errors));
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(heard, [(pair, canonical_positions(pair), 0)]);
        assert_eq!(summary, VerifySummary { placing: false, checked: canonical_positions(pair), wrong: 0 });
        assert_eq!(summary.to_string(), "verify: all values agree with their children\n");
        let sampled = verify_tables(dir, &[pair], 2, 7, &(), &mut |_| ControlFlow::Continue(())).unwrap();
        assert_eq!(sampled.checked, canonical_positions(pair).div_ceil(7));
        // Every 25th position: the placing check probes each move's child (slow).
        let placing = verify_placing_sets(dir, 2, 25, &(), &mut |r| {
            assert_eq!((r.stones, r.profile, r.wrong), (STONES, RuleProfile::new(RULE), 0));
            assert!(r.to_string().starts_with("placing, 3 stones a side, rule 12: "), "{r}");
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(placing.checked, cells(STONES).iter().map(|c| c.positions().div_ceil(25)).sum::<u64>());
        assert_eq!(placing.to_string(), "verify: every placing value is the best of its moves\n");
    }

    #[test]
    fn a_wrong_value_on_disk_is_found_and_shown() {
        let (dir, ..) = small_game();
        let pair = Subspace::new(3, 3);
        let rules = rules_text(RuleProfile::new(RULE));
        let mut table = Table::load(dir, pair, &rules, STANDARD.topology, true).unwrap();
        let k = table.wdl.iter().position(|&c| c == Wdl::Win.code()).expect("a win in 3-3");
        table.wdl[k] = Wdl::Loss.code();
        let damaged = fresh_dir("verify-damaged");
        std::fs::create_dir_all(&damaged).unwrap();
        write_table(&damaged, pair, &rules, RuleProfile::new(RULE), &table.wdl, &table.distance).unwrap();
        let mut lines = String::new();
        let summary = verify_tables(&damaged, &[], 1, 1, &(), &mut |r| {
            lines.push_str(&r.to_string());
            ControlFlow::Break(())
        })
        .unwrap();
        assert!(!summary.passed() && summary.wrong >= 1);
        assert_eq!(summary.to_string(), format!("verify: {} wrong values\n", summary.wrong));
        assert!(lines.starts_with(&format!(
            "3-3: {} positions, {} wrong (",
            human(table.wdl.len() as u64),
            summary.wrong
        )));
        // The first few wrong values, each with two different values (the damaged
        // position, and any whose value its own decided).
        let examples: Vec<&str> = lines.lines().skip(1).collect();
        assert_eq!(examples.len() as u64, summary.wrong.min(MAX_EXAMPLES as u64), "{lines}");
        for example in examples {
            let (_, values) = example.split_once(": stored ").expect(example);
            let (stored, recomputed) = values.split_once(", children say ").expect(example);
            assert_ne!(stored, recomputed);
        }
    }
}

/// The figures a directory's tables give.
mod stats {
    use crate::tables_support::small_game::{RULE, STONES, fresh_dir, small_game};
    use morris::rules::STANDARD;
    use morris::tablebase::shared::cell::cells;
    use morris::tablebase::shared::store::table_path;
    use morris::tablebase::stats::*;
    use morris::tablebase::{RuleProfile, Subspace, Table, TablebaseError, Wdl, canonical_positions, rules_text};

    #[test]
    fn the_moving_figures_are_the_tables_own() {
        let (dir, ..) = small_game();
        let pair = Subspace::new(3, 3);
        let stats = moving_stats(dir, true).unwrap();
        assert_eq!(stats.profile, RuleProfile::new(RULE));
        assert_eq!(stats.tables.iter().map(|t| t.subspace).collect::<Vec<_>>(), [pair]);
        let t = &stats.tables[0];
        assert_eq!(t.positions, canonical_positions(pair));
        // The header's counts, against the classes read from the file.
        let table = Table::load(dir, pair, &rules_text(stats.profile), STANDARD.topology, true).unwrap();
        let mut counts = [0u64; 5];
        for &c in &table.wdl {
            counts[usize::from(c)] += 1;
        }
        assert_eq!(t.summary.counts, counts);
        assert_eq!(
            t.summary.longest_win,
            table
                .distance
                .iter()
                .zip(&table.wdl)
                .filter(|&(_, &c)| c == Wdl::Win.code())
                .map(|(&d, _)| d)
                .max()
                .unwrap()
        );
        assert!(t.file_bytes > 0);
        // Over the full board: every way to put 3 and 3 stones on 24 points.
        assert_eq!(t.full_board.as_ref().unwrap().total(), 2024 * 1330);
        let text = stats.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "rule profile: a no-removal rule of 12 plies");
        assert!(lines[1].starts_with("subspace   positions ") && lines[1].ends_with("file-MB  full-board  full-win-%"));
        assert!(lines[2].starts_with(&format!(
            "     3-3 {:>11} {:>11} ",
            t.positions,
            counts[usize::from(Wdl::Win.code())]
        )));
        assert_eq!(lines.len(), 3);
        assert!(moving_stats(dir, false).unwrap().tables[0].full_board.is_none());
    }

    #[test]
    fn the_placing_figures_sum_each_ply_and_the_set() {
        let (dir, ..) = small_game();
        let stats = placing_stats(dir).unwrap();
        assert_eq!(stats.sets.len(), 1);
        let set = &stats.sets[0];
        assert_eq!((set.stones, set.profile, set.cells), (STONES, RuleProfile::new(RULE), cells(STONES).len()));
        assert_eq!(set.plies.iter().map(|p| p.ply).collect::<Vec<_>>(), [5, 4, 3, 2, 1, 0]);
        for p in &set.plies {
            let of_ply: Vec<_> = cells(STONES).into_iter().filter(|c| c.ply == p.ply).collect();
            assert_eq!(p.cells, of_ply.len());
            assert_eq!(p.positions, of_ply.iter().map(|c| c.positions()).sum::<u64>());
            assert_eq!(p.counts.iter().sum::<u64>(), p.positions);
        }
        let all = set.total();
        assert_eq!(all.positions, cells(STONES).iter().map(|c| c.positions()).sum::<u64>());
        // The empty board, White to move.
        assert_eq!(set.plies[5].positions, 1);
        let text = stats.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "placing phase, 3 stones a side, a no-removal rule of 12 plies; the side to move's results:"
        );
        assert_eq!(lines[1], "| ply | to move | cells | positions | wins | draws | losses | MB |");
        assert!(lines[8].starts_with("| 0 | White | 1 | 1 | "), "{}", lines[8]);
        assert!(lines[9].starts_with(&format!("| all | | {} | {} | ", set.cells, morris::words::human(all.positions))));
        assert_eq!(lines.len(), 10);
        // Moving tables alone.
        let moving = fresh_dir("stats-moving-only");
        std::fs::create_dir_all(&moving).unwrap();
        let pair = Subspace::new(3, 3);
        std::fs::copy(table_path(dir, pair), table_path(&moving, pair)).unwrap();
        assert!(matches!(placing_stats(&moving), Err(TablebaseError::NoPlacingTables(_))));
        assert_eq!(moving_stats(&moving, false).unwrap().tables.len(), 1);
    }
}

/// What opening and probing the tables costs.
mod bench {
    use crate::tables_support::small_game::{STONES, fresh_dir, small_game};
    use morris::tablebase::bench::*;
    use morris::tablebase::{Subspace, TablebaseError, canonical_positions};

    #[test]
    fn a_bench_probes_every_kind_the_directory_holds() {
        let (dir, ..) = small_game();
        let report = bench(dir, &BenchSettings { probes: 40, seed: 3 }).unwrap();
        assert_eq!((report.tables, report.positions), (1, canonical_positions(Subspace::new(3, 3))));
        assert_eq!((report.fast.probes, report.full.probes), (40, 40));
        assert!(report.fast_alone <= 40 && report.draws <= 40);
        assert_eq!(report.placing.len(), 1);
        let p = &report.placing[0];
        assert_eq!((p.stones, p.probes.probes, p.batch_rows), (STONES, 40, 40));
        assert!(p.batch_rates.iter().all(|&r| r > 0.0));
        let text = report.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            format!(
                "tablebase bench: 1 tables, {} positions, in {}",
                morris::words::human(report.positions),
                dir.display()
            )
        );
        assert!(
            lines[3].starts_with("40 random moving probes, fast form (win/draw/loss at count 0), first pass: median ")
        );
        assert!(lines[5].starts_with("the fast form alone answers "));
        assert!(lines[9].starts_with("40 random placing probes (3 stones, rule 12), first pass: "));
        assert!(lines[11].starts_with("40 rows through probe --batch (3 stones, rule 12, one thread), first pass: "));
        assert_eq!(lines.len(), 13 + usize::from(report.memory.is_some()));
        // The same seed draws the same positions: the same share of draws.
        assert_eq!(bench(dir, &BenchSettings { probes: 40, seed: 3 }).unwrap().draws, report.draws);
        let empty = fresh_dir("bench-empty");
        std::fs::create_dir_all(&empty).unwrap();
        let err = bench(&empty, &BenchSettings { probes: 1, seed: 1 }).unwrap_err();
        assert!(matches!(err, BenchError::Tablebase(TablebaseError::MissingTable { .. })), "{err}");
    }
}

/// The build graph of cells.
mod cells {
    use crate::tables_support::small_game::{RULE, fresh_dir, small_game};
    use morris::tablebase::RuleProfile;
    use morris::tablebase::driver::cells::*;

    #[test]
    fn a_graph_groups_what_is_left_by_level_and_knows_what_is_built() {
        let empty = fresh_dir("graph-empty");
        let profile = RuleProfile::new(RULE);
        let g = Graph::of(&empty, 5, false, profile);
        assert_eq!(g.to_build(), g.cells.len());
        let groups = g.to_build_by_level();
        assert_eq!(groups.iter().map(|(_, c)| c.len()).sum::<usize>(), g.cells.len());
        for (n, (level, group)) in groups.iter().enumerate() {
            assert_eq!(*level, n, "no level of the moving pairs is empty");
            assert!(group.iter().all(|c| g.levels[g.cells.iter().position(|x| x == c).unwrap()] == *level));
        }
        let json = g.to_json();
        assert_eq!(json["cells"].as_array().map(Vec::len), Some(g.cells.len()));
        assert_eq!(json["cells"][0]["name"], "3-3");
        assert_eq!(json["no_removal_plies"], 12);
        let forecast = g.forecast();
        assert_eq!(forecast.predictions.iter().map(|p| p.nodes).collect::<Vec<_>>(), [1, 2, 8, 32, 128]);
        assert!(forecast.critical_path_seconds <= forecast.total_seconds);
        let text = forecast.to_string();
        assert!(text.starts_with(&format!("{} cells in {} levels; ", g.cells.len(), forecast.levels)), "{text}");
        assert_eq!(text.lines().count(), 7);
        // The small game's directory holds 3-3: nothing is left of its graph.
        let (dir, ..) = small_game();
        let built = Graph::of(dir, 3, false, profile);
        assert_eq!((built.cells.len(), built.to_build()), (1, 0));
        assert!(built.to_build_by_level().is_empty());
    }
}

/// The placing cells packed, modeled and read back.
mod pack {
    use crate::tables_support::small_game::{fresh_dir, small_game};
    use morris::tablebase::driver::pack::*;
    use morris::tablebase::shared::cell::{
        PlacingCell, PlacingFile, PlacingHeader, cells, count_codes, dictionary_path, placing_rules, write_cell,
    };
    use morris::tablebase::{RuleProfile, TablebaseError};

    /// What `morris tablebase model` makes of a small build's cells (the 3-stone game)
    /// reads back as they were, and the same cells give the same bytes: the carried
    /// modeled cells are what the command makes of the whole build.
    #[test]
    fn modeled_cells_read_back_and_are_made_alike_every_time() {
        use {fresh_dir, small_game};
        let (dir, _, _) = small_game();
        let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "ptb"))
            .collect();
        files.sort();
        assert!(files.len() > 10, "{} cells", files.len());
        let (a, b) = (fresh_dir("modeled-a"), fresh_dir("modeled-b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        let mut heard = 0;
        let done = model_cells(&files, &a, 2, &mut |_| heard += 1).expect("model");
        model_cells(&files, &b, 1, &mut |_| {}).expect("model again");
        assert_eq!((done.len(), heard), (files.len(), files.len()));
        for f in &files {
            let name = f.file_name().unwrap();
            let before = PlacingFile::open_path(f, None, None).unwrap();
            let after = PlacingFile::open_path(&a.join(name), None, None).unwrap();
            assert!(after.is_modeled());
            assert_eq!(after.header, before.header);
            assert!(same_codes(&after.read_all().unwrap(), &before.read_all().unwrap(), before.header.positions));
            assert_eq!(std::fs::read(a.join(name)).unwrap(), std::fs::read(b.join(name)).unwrap(), "{name:?}");
        }
        // Written over the cells themselves, or into a file: refused, nothing written.
        let e = model_cells(&files[..1], dir, 1, &mut |_| {}).unwrap_err().to_string();
        assert!(e.contains("over itself"), "{e}");
        let e = model_cells(&files[..1], &files[0].join("sub"), 1, &mut |_| {}).unwrap_err();
        assert!(matches!(e, TablebaseError::Io { .. }), "{e}");
        // A folder not there yet is made.
        assert_eq!(model_cells(&files[..1], &a.join("new"), 1, &mut |_| {}).expect("made").len(), 1);
        std::fs::remove_dir_all(&a).ok();
        std::fs::remove_dir_all(&b).ok();
    }

    /// Codes with the kind of structure the tables have: long stretches of one value,
    /// and stretches where the values follow the index in a short pattern.
    fn codes_of(cell: PlacingCell, n: u64) -> Vec<u8> {
        let salt = u64::from(cell.ply) * 31 + u64::from(cell.us) * 7 + u64::from(cell.them);
        let mut packed = vec![0u8; n.div_ceil(4) as usize];
        for i in 0..n {
            let stretch = (i / 1500).wrapping_add(salt).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 61;
            let code = match stretch {
                0..=2 => 0,
                3 => 1,
                _ => u8::from((i * (salt % 5 + 3)) % 11 < 4) + u8::from(i % 29 == 0),
            };
            packed[(i / 4) as usize] |= code << (2 * (i % 4));
        }
        packed
    }

    #[test]
    fn a_set_packs_with_its_dictionary_reads_back_and_resumes() {
        let dir = std::env::temp_dir().join(format!("morris-pack-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let (stones, profile) = (4, RuleProfile::new(100));
        let rules = placing_rules(stones, profile);
        let mut written = Vec::new();
        let mut write = |cell: PlacingCell| {
            let positions = cell.positions();
            let packed = codes_of(cell, positions);
            let counts = count_codes(&packed, positions);
            let header = PlacingHeader { cell, rules: rules.clone(), stones, profile, positions, counts };
            write_cell(&dir, &header, &packed).unwrap();
            written.push((cell, packed));
        };
        // The small cells first, too few blocks to train a dictionary: packed without one.
        let (small, large): (Vec<PlacingCell>, Vec<PlacingCell>) =
            cells(stones).into_iter().partition(|c| c.positions() < 5000);
        small.iter().for_each(|&c| write(c));
        let early = pack_placing(&dir, stones, profile, 2, &mut |_| {}).unwrap();
        assert_eq!((early.packed, early.dictionary), (small.len(), 0));
        // Then the rest: the set trains its dictionary and keeps the cells packed without.
        large.iter().for_each(|&c| write(c));
        let mut heard = 0;
        let report = pack_placing(&dir, stones, profile, 2, &mut |c| heard += usize::from(!c.kept)).unwrap();
        assert_eq!((report.cells, report.packed, heard), (written.len(), large.len(), large.len()));
        assert_ne!(report.dictionary, 0, "enough blocks to train a dictionary");
        for (cell, packed) in &written {
            let file = PlacingFile::open(&dir, *cell, stones, profile, Some(&rules)).unwrap();
            let expected = if small.contains(cell) { 0 } else { report.dictionary };
            assert_eq!(file.packed_with(), Some(expected), "{cell}");
            assert!(same_codes(&file.read_all().unwrap(), packed, cell.positions()), "{cell}");
            for i in (0..cell.positions()).step_by(301) {
                assert_eq!(file.code(i).unwrap(), (packed[(i / 4) as usize] >> (2 * (i % 4))) & 3, "{cell} {i}");
            }
        }
        // A second run keeps every cell.
        let again = pack_placing(&dir, stones, profile, 2, &mut |_| {}).unwrap();
        assert_eq!((again.packed, again.dictionary), (0, report.dictionary));
        // Without its dictionary a packed cell is refused, by name.
        std::fs::remove_file(dictionary_path(&dir, stones, profile)).unwrap();
        let err = pack_placing(&dir, stones, profile, 2, &mut |_| {}).unwrap_err().to_string();
        assert!(err.contains("is missing"), "{err}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
