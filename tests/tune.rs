//! `morris tune`: the same tables and seed give the same weights (and the same file)
//! twice; a missing or unreadable tables directory is one line of error. The tables are
//! the moving tables up to 4-4, built by the binary into a temporary directory (seconds).

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::tables_support::morris;

/// The moving tables up to 4-4 in a fresh temporary directory `name`.
fn small_tables(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("morris-tune-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().expect("a UTF-8 temp dir");
    let out = morris(&["tablebase", "build", "--dir", d, "--max-stones", "4", "--no-placing"], None);
    assert!(out.status.success(), "tablebase build: {}", String::from_utf8_lossy(&out.stderr));
    dir
}

fn tune(tables: &Path, out: &Path) -> Output {
    let (t, o) = (tables.to_str().expect("UTF-8"), out.to_str().expect("UTF-8"));
    let patterns = out.with_extension("patterns");
    let p = patterns.to_str().expect("UTF-8");
    let net = out.with_extension("net");
    let n = net.to_str().expect("UTF-8");
    morris(
        &[
            "tune",
            "--tables",
            t,
            "--positions",
            "120",
            "--seed",
            "7",
            "--iterations",
            "150",
            "--epochs",
            "5",
            "--out",
            o,
            "--patterns-out",
            p,
            "--net-out",
            n,
            "--hidden",
            "16",
            "--net-epochs",
            "3",
        ],
        None,
    )
}

#[test]
fn tune_gives_the_same_weights_twice_with_the_same_seed() {
    let tables = small_tables("same");
    let (first, second) = (tables.join("first.weights"), tables.join("second.weights"));
    let a = tune(&tables, &first);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let b = tune(&tables, &second);
    assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
    let report = String::from_utf8_lossy(&a.stdout);
    assert!(report.contains("4 pairs: 3-3 3-4 4-3 4-4"), "{report}");
    assert!(report.contains("error before:") && report.contains("error after:"), "{report}");
    // Everything but the line naming the file written is the same.
    let strip = |o: &Output| {
        String::from_utf8_lossy(&o.stdout).lines().filter(|l| !l.starts_with("wrote")).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(strip(&a), strip(&b));
    let (x, y) = (std::fs::read_to_string(&first).expect("first"), std::fs::read_to_string(&second).expect("second"));
    assert_eq!(x, y);
    // The file written is a weights file: every weight, and the errors in its header.
    let weights = morris::eval::Weights::parse(&x).expect("the written file parses");
    assert_eq!(weights.stone, 100);
    assert!(x.contains("# error after:"), "{x}");
    // So are the pattern weights, and they are a patterns file with some weight not zero.
    let read = |p: &Path| std::fs::read_to_string(p.with_extension("patterns")).expect("patterns written");
    let (p, q) = (read(&first), read(&second));
    assert_eq!(p, q);
    let patterns = morris::eval::Patterns::parse(&p, morris::rules::STANDARD.topology).expect("the patterns parse");
    assert!(patterns.values().iter().any(|&v| v != 0), "{p}");
    assert!(report.contains("with the patterns (5 passes):"), "{report}");
    // And the network: the same file twice, a network file with some weight not zero.
    let read = |p: &Path| std::fs::read_to_string(p.with_extension("net")).expect("network written");
    let (n, m) = (read(&first), read(&second));
    assert_eq!(n, m);
    let net = morris::eval::net::Network::parse(&n, morris::rules::STANDARD.topology).expect("the network parses");
    assert_eq!(net.hidden(), 16);
    assert!(n.lines().any(|l| l.starts_with("input ") && l.split(' ').skip(3).any(|v| v != "0")), "{n}");
    assert!(n.contains("--net-out") && report.contains("with the network:"), "{report}");
    // A samples file is written once and read back the next time: the same weights.
    let (t, samples) = (tables.to_str().expect("UTF-8"), tables.join("samples.bin"));
    let s = samples.to_str().expect("UTF-8");
    let n_path = tables.join("with-samples.net");
    let n_out = n_path.to_str().expect("UTF-8");
    let with_samples = |out: &str| {
        let o = tables.join(out);
        let args = ["tune", "--tables", t, "--positions", "120", "--seed", "7", "--iterations", "150", "--epochs", "5"];
        let net = ["--net-out", n_out, "--hidden", "16", "--net-epochs", "3"];
        morris(&[&args[..], &net, &["--samples", s, "--out", o.to_str().expect("UTF-8")]].concat(), None)
    };
    for out in ["third.weights", "fourth.weights"] {
        let run = with_samples(out);
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        assert_eq!(std::fs::read_to_string(tables.join(out)).expect("written"), x, "{out}");
    }
    assert!(samples.is_file());
    // A run stopped between two batches of games left them beside its file (`.part`):
    // started again, it plays only the games left and ends with the samples of a run never
    // stopped, and the part is removed. (300 positions: 120 come from the first batch.)
    let settings = morris::tune::TuneSettings::new(300, 7);
    let origin = morris::tune::store::Origin::of(&settings);
    let (tb, pairs) = morris::tune::open_tables(&tables).expect("the tables open");
    let mut batches = Vec::new();
    let all = morris::tune::sample(&tb, &pairs, &settings, Default::default(), &mut |set| batches.push(set.clone()));
    assert!(batches.len() >= 2, "one batch found every position: nothing to go on with");
    let stopped = &batches[batches.len() - 2];
    let (more, part) = (tables.join("more.bin"), morris::tune::store::part_path(&tables.join("more.bin")));
    std::fs::write(&part, morris::tune::store::to_bytes(stopped, &origin)).expect("write");
    let m = more.to_str().expect("UTF-8");
    let args = ["tune", "--tables", t, "--positions", "300", "--seed", "7", "--iterations", "10", "--epochs", "1"];
    let run = morris(&[&args[..], &["--samples", m]].concat(), None);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(std::fs::read(&more).expect("written"), morris::tune::store::to_bytes(&all, &origin));
    assert!(!part.exists(), "the part is left behind");
    let said = format!("for the side to move; went on from the {} games a stopped run kept", stopped.games);
    assert!(String::from_utf8_lossy(&run.stdout).contains(&said), "{}", String::from_utf8_lossy(&run.stdout));
    // A garbage samples file is one line naming it, and nothing is written.
    std::fs::write(&samples, b"not samples").expect("write");
    let err = one_line_error(&with_samples("fifth.weights"));
    assert!(err.contains("samples.bin") && err.contains("not a samples file"), "{err}");
    assert!(!tables.join("fifth.weights").exists());
    let _ = std::fs::remove_dir_all(&tables);
}

fn one_line_error(out: &Output) -> String {
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    err
}

#[test]
fn tune_without_usable_tables_is_one_line_of_error() {
    let base = std::env::temp_dir().join(format!("morris-tune-{}-bad", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).expect("temp dir");
    let out = base.join("out.weights");
    let missing = base.join("nowhere");
    let err = one_line_error(&tune(&missing, &out));
    assert!(err.contains("no usable moving tables") && err.contains("nowhere"), "{err}");
    // Files with the tables' names and garbage in them.
    let garbage = base.join("garbage");
    std::fs::create_dir_all(&garbage).expect("garbage dir");
    for name in ["3-3.mtb", "3-3.wdl"] {
        std::fs::write(garbage.join(name), b"not a table at all").expect("write");
    }
    let err = one_line_error(&tune(&garbage, &out));
    assert!(err.contains("no usable moving tables"), "{err}");
    // An empty directory.
    let empty = base.join("empty");
    std::fs::create_dir_all(&empty).expect("empty dir");
    let err = one_line_error(&tune(&empty, &out));
    assert!(err.contains("no usable moving tables"), "{err}");
    // A start weights file that is missing or not a weights file.
    for (name, text) in [("missing.weights", None), ("garbage.weights", Some("stone = lots\n"))] {
        let start = base.join(name);
        if let Some(text) = text {
            std::fs::write(&start, text).expect("write");
        }
        let (t, s, o) = (empty.to_str().expect("UTF-8"), start.to_str().expect("UTF-8"), out.to_str().expect("UTF-8"));
        let err = one_line_error(&morris(&["tune", "--tables", t, "--start", s, "--out", o], None));
        assert!(err.contains("--start") && err.contains(name), "{err}");
    }
    assert!(!out.exists());
    let _ = std::fs::remove_dir_all(&base);
}
