//! `morris sandbox`: what the engines' sandbox does on this machine (bubblewrap, the
//! cgroup that holds the memory and process limits, the unprivileged uid) and what it
//! costs to start an engine in it, measured against starting it plainly.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::referee::SandboxArgs;
use morris::referee::engine::EngineCommand;
use morris::referee::sandbox::child::Launch;
use morris::referee::sandbox::jail::Sandbox;
use morris::referee::sandbox::limits::EngineLimits;

/// Options of `morris sandbox`.
#[derive(clap::Args, Debug)]
pub struct SandboxCmdArgs {
    /// Starts to time in each way
    #[arg(long, default_value_t = 50, value_name = "N")]
    pub runs: usize,
    /// The program to start (it should exit at once)
    #[arg(long, default_value = "true", value_name = "PROGRAM")]
    pub program: String,
    /// An engine command (`CMD ARGS` or `NAME=CMD ARGS`, as `morris match` takes it): show
    /// which program it runs and what the sandbox shows of it; repeatable
    #[arg(long = "engine", value_name = "CMD")]
    pub engines: Vec<String>,
    /// The sandbox and its limits
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

/// Median and largest time to start `program` in `sandbox` and see it exit, over `runs`.
fn time_starts(sandbox: &Sandbox, program: &str, runs: usize) -> anyhow::Result<(Duration, Duration)> {
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        let argv = [program.to_string()];
        let launch = Launch { argv: &argv, folder: None, core: Some(0), writable: None, stdin: false };
        let mut child = sandbox.spawn(launch)?;
        let status = child.wait();
        drop(child);
        times.push(start.elapsed());
        anyhow::ensure!(status.is_some_and(|s| s.success()), "{program} failed in the sandbox ({status:?})");
    }
    times.sort_unstable();
    Ok((times[times.len() / 2], times[times.len() - 1]))
}

/// Runs `morris sandbox`.
///
/// # Errors
/// Bad limits, or a program that does not start or fails.
pub fn run(args: &SandboxCmdArgs) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(args.runs >= 1, "--runs must be at least 1");
    let limits = args.sandbox.over(EngineLimits::default())?;
    let sandbox = args.sandbox.sandbox(limits);
    say!("{}", sandbox.summary());
    say!(
        "processes bounded (a fork bomb stops at the limit): {}",
        if sandbox.processes_bounded() { "yes" } else { "no" }
    );
    say!("{}", sandbox.pinning());
    let here = std::env::current_dir()?;
    for spec in &args.engines {
        let engine = EngineCommand::parse(spec)?;
        let program = engine.words.first().map_or("", String::as_str);
        match sandbox.resolve(program, &here) {
            Ok(resolved) => say!("engine {}: {resolved}", engine.name),
            Err(e) => say!("engine {}: cannot start {program}: {e}", engine.name),
        }
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let (plain, plain_max) = time_starts(&Sandbox::off(), &args.program, args.runs)?;
    let (boxed, boxed_max) = time_starts(&sandbox, &args.program, args.runs)?;
    say!("start and exit of '{}', {} runs each:", args.program, args.runs);
    say!("  plain      median {:7.2} ms, max {:7.2} ms", ms(plain), ms(plain_max));
    say!("  sandboxed  median {:7.2} ms, max {:7.2} ms", ms(boxed), ms(boxed_max));
    say!("  sandbox cost per engine start: {:.2} ms (median)", ms(boxed.saturating_sub(plain)));
    Ok(ExitCode::SUCCESS)
}
