//! Every integration test, in one test binary: one crate to compile and link instead of
//! one per file, and one process whose threads take the next test as soon as a core is
//! free, instead of binaries run one after another, each waiting on its slowest test.
//! Each file is a module; `cargo test --profile ci --test all serve::` runs one file's
//! tests (or any name filter, as usual). `Cargo.toml` turns off the automatic discovery
//! of `tests/*.rs` (`autotests = false`), so a new file is added here.
//!
//! The support modules below are shared by several files.

mod engines_support;
mod http;
#[path = "classroom_support/reference.rs"]
mod reference;
mod scratch;
mod slurm_support;
mod tables_support;
mod webdriver;

mod bad_input;
mod brute_force;
mod check;
mod classroom_golden;
mod classroom_programs;
mod classroom_reference;
mod doc_commands;
mod engine;
mod game_texts;
mod grade;
mod legality;
mod perft;
mod placing;
mod play;
mod play_cli;
mod probe_batch;
mod protocol_binary;
mod protocol_live;
mod referee;
mod roster;
mod sandbox;
mod serve;
mod serve_browser;
mod sprt;
mod tablebase;
mod tablebase_api;
mod tournament_api;
mod tune;
mod wire;
