//! Zobrist keys, made at compile time from a fixed seed so hashes are the same on every
//! platform and in every build.

use crate::{Color, Role, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build() -> ([[[u64; 64]; 7]; 2], u64) {
    let mut keys = [[[0; 64]; 7]; 2];
    let mut state = 0x5541_4C54_494D_4131; // "UALTIMA1"
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 7 {
            let mut s = 0;
            while s < 64 {
                let (next, key) = splitmix(state);
                state = next;
                keys[c][r][s] = key;
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    let (_, side) = splitmix(state);
    (keys, side)
}

static KEYS: ([[[u64; 64]; 7]; 2], u64) = build();

/// The key of a piece on a square.
#[inline]
pub fn piece_key(color: Color, role: Role, sq: Square) -> u64 {
    KEYS.0[color.index()][role.index()][sq.index()]
}

/// The key toggled when Black is to move.
#[inline]
pub fn black_to_move_key() -> u64 {
    KEYS.1
}
