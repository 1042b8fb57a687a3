//! A protocol-following engine that plays random legal moves: the referee's test opponent
//! and a template for engine authors (protocol.md). Not a strong player.
//!
//! `random_mover --color white|black --movetime S [--opening "D2 F4"] [--seed N] [--fault F]`
//!
//! `--fault` breaks one rule on purpose, for the referee's `check` tests.

use std::io::{self, Write};

use clap::Parser;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;

use morris::rules::notation::parse_move;
use morris::rules::{Color, MoveList, STANDARD};

/// Plays random legal moves on stdin/stdout.
#[derive(Parser, Debug)]
struct Args {
    /// The colour this engine plays
    #[arg(long)]
    color: Color,
    /// Seconds per move (unused: random moves are instant)
    #[arg(long, default_value_t = 1.0)]
    movetime: f64,
    /// Moves from the start, white-space separated
    #[arg(long, default_value = "")]
    opening: String,
    /// Seed of the random moves
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Break one protocol rule on purpose
    #[arg(long, value_enum)]
    fault: Option<Fault>,
}

/// A protocol rule to break.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    /// Say nothing when sent an illegal move
    IgnoreIllegal,
    /// Never print a result line
    NoResult,
    /// Ignore EOF and quit: keep running until killed
    NoExit,
    /// Answer an illegal move with a move line
    AnswerIllegal,
    /// Write its moves in lower case (`d2-f2`)
    LowerCase,
    /// Write each move after a word (`move D2`)
    Prefixed,
    /// Refuse `--opening` as an argument parser that does not know it does: a usage line
    /// and the complaint on stderr, status 2
    NoOpening,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    if args.fault == Some(Fault::NoOpening) && !args.opening.is_empty() {
        eprintln!("usage: random_mover [--color COLOR] [--movetime S]");
        eprintln!("random_mover: error: unrecognized arguments: --opening {}", args.opening);
        std::process::exit(2);
    }
    let mut game = morris::rules::notation::game_after(&STANDARD, &args.opening)?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(args.seed);
    let topology = STANDARD.topology;
    let mut out = io::stdout().lock();
    let mut reported = false;
    let mut input = io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        if let Some(outcome) = game.outcome() {
            if !reported && args.fault != Some(Fault::NoResult) {
                writeln!(out, "result {outcome}")?;
                out.flush()?;
                reported = true;
            }
        } else if game.position().side_to_move() == args.color {
            let mut list = MoveList::new();
            game.position().legal_moves(&mut list);
            if let Some(&m) = list.as_slice().choose(&mut rng) {
                game.play_unchecked(m);
                let text = m.display(topology).to_string();
                match args.fault {
                    Some(Fault::LowerCase) => writeln!(out, "{}", text.to_ascii_lowercase())?,
                    Some(Fault::Prefixed) => writeln!(out, "move {text}")?,
                    _ => writeln!(out, "{text}")?,
                }
                out.flush()?;
                continue;
            }
        }
        // Lines bounded as every reader of ours is (an over-long one is cut).
        let too_long = match morris::lines::read_line(&mut input, &mut buf, morris::lines::MAX_LINE) {
            Ok(read @ (morris::lines::ReadLine::Line | morris::lines::ReadLine::TooLong)) => {
                read == morris::lines::ReadLine::TooLong
            }
            Ok(morris::lines::ReadLine::Eof) | Err(_) => return finish(args.fault),
        };
        let line = String::from_utf8_lossy(&buf).into_owned();
        let text = line.trim();
        if too_long {
            // The engine's answer (protocol.md §5), and nothing of the line.
            let max = morris::lines::MAX_LINE;
            writeln!(out, "error line too long (more than {max} bytes): expected a move or a command")?;
            out.flush()?;
            continue;
        }
        if text == "quit" {
            return finish(args.fault);
        }
        match parse_move(text, topology)
            .map_err(|e| e.to_string())
            .and_then(|m| game.play(m).map_err(|e| e.to_string()))
        {
            Ok(()) => {}
            Err(_) if args.fault == Some(Fault::IgnoreIllegal) => {}
            Err(_) if args.fault == Some(Fault::AnswerIllegal) => {
                let mut list = MoveList::new();
                game.position().with_side_to_move(args.color).generate_moves(&mut list);
                if let Some(m) = list.as_slice().first() {
                    writeln!(out, "{}", m.display(topology))?;
                    out.flush()?;
                }
            }
            Err(reason) => {
                writeln!(out, "illegal {text}: {reason}")?;
                out.flush()?;
            }
        }
    }
}

fn finish(fault: Option<Fault>) -> anyhow::Result<()> {
    if fault == Some(Fault::NoExit) {
        loop {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
    Ok(())
}
