//! Zobrist keys: one random 64-bit key per (side, point), per (side, stones in hand) and
//! for Black to move, generated at compile time from a fixed seed so keys are the same
//! in every build and every run.

use crate::topology::MAX_POINTS;

/// The most stones in hand a key exists for.
pub const MAX_IN_HAND: usize = 32;

pub(crate) struct Keys {
    pub stone: [[u64; MAX_POINTS]; 2],
    pub in_hand: [[u64; MAX_IN_HAND + 1]; 2],
    pub black_to_move: u64,
}

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn generate() -> Keys {
    let mut keys = Keys { stone: [[0; MAX_POINTS]; 2], in_hand: [[0; MAX_IN_HAND + 1]; 2], black_to_move: 0 };
    let mut state = 0x4D4F_5252_4953_u64; // "MORRIS"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_POINTS {
            let (s, k) = splitmix(state);
            state = s;
            keys.stone[c][i] = k;
            i += 1;
        }
        // Zero stones in hand hashes to 0, so moving-phase keys depend on stones alone.
        let mut h = 1;
        while h <= MAX_IN_HAND {
            let (s, k) = splitmix(state);
            state = s;
            keys.in_hand[c][h] = k;
            h += 1;
        }
        c += 1;
    }
    let (_, k) = splitmix(state);
    keys.black_to_move = k;
    keys
}

pub(crate) static KEYS: Keys = generate();
