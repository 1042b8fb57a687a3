//! The two solvers, side by side, each from the shared layer only: [`moving`], the
//! retrograde analysis of one pair of moving subspaces, and [`placing`], one placing cell
//! from the layers of the next ply. Neither plans, reads a directory or prints: the
//! [`driver`](super::driver) hands them their inputs and writes what they return. The one
//! file a solver writes itself is the [`checkpoint`] of a long moving solve, at the path
//! the driver names.

pub mod checkpoint;
pub mod moving;
pub mod placing;
