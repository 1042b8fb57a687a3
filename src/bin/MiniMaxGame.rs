//! `MiniMaxGame`: the classroom handout's program of that name (see `morris::classroom`).
#![allow(non_snake_case)] // the handout names the program
#[path = "../classroom_cli.rs"]
mod classroom_cli;

fn main() -> std::process::ExitCode {
    classroom_cli::main(&morris::classroom::MINIMAX_GAME)
}
