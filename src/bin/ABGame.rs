//! `ABGame`: the classroom handout's program of that name (see `morris::classroom`).
#![allow(non_snake_case)] // the handout names the program
fn main() -> std::process::ExitCode {
    morris::cmd::classroom::main(&morris::classroom::AB_GAME)
}
