//! Correction history: how far the searches of earlier nodes found the static evaluation off,
//! by what of the position those nodes shared, added to the evaluation of later ones
//! ([`SearchParams::correction`]).
//!
//! A node's search ends with a better estimate of its worth than its static evaluation. The
//! difference is kept, by gravity, in tables indexed by a hash of the side's Pawns and by a
//! hash of each side's other pieces: nodes that share a Pawn formation or one side's officers
//! tend to share the evaluation's error, and a search meets thousands of them. The pruning
//! that judges a node by its static evaluation (reverse futility, futility, null move) then
//! judges by the corrected one.
//!
//! CITE: correction history (chessprogramming.org/Static_Evaluation_Correction_History).
//!
//! [`SearchParams::correction`]: crate::params::SearchParams::correction

use ultima::{Board, Color, Role};

/// Entries per table and side to move.
const SIZE: usize = 1 << 14;

/// The bound of an entry, kept by gravity.
const LIMIT: i32 = 1024;

/// An entry's unit is 1/16 of a centipawn: an entry at `LIMIT` shifts the evaluation by 64
/// centipawns, the three tables together by at most 192.
const GRAIN: i32 = 16;

/// The indices of one position in the tables: by the Pawns of both sides, and by the
/// officers (every piece but the Pawns) of each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Keys {
    pawns: usize,
    officers: [usize; 2],
}

impl Keys {
    /// The keys of `board` with `mover` to move: multiplicative hashes of the piece sets, a
    /// few multiplications (nothing is kept as moves are played).
    pub fn of(board: &Board, mover: Color) -> Keys {
        const MIX: [u64; 7] = [
            0x9E37_79B9_7F4A_7C15,
            0xBF58_476D_1CE4_E5B9,
            0x94D0_49BB_1331_11EB,
            0xD6E8_FEB8_6659_FD93,
            0xA076_1D64_78BD_642F,
            0xE703_7ED1_A0B4_28DB,
            0x8EBC_6AF0_9C88_C6E3,
        ];
        let side = mover.index() * SIZE;
        let slot = |h: u64| side + (h >> (64 - SIZE.trailing_zeros())) as usize;
        let pawns = board
            .pieces(Color::White, Role::Pawn)
            .0
            .wrapping_mul(MIX[0])
            ^ board
                .pieces(Color::Black, Role::Pawn)
                .0
                .rotate_left(32)
                .wrapping_mul(MIX[1]);
        let officers = |c: Color| {
            Role::ALL
                .into_iter()
                .filter(|&r| r != Role::Pawn)
                .fold(c.index() as u64, |h, r| {
                    h ^ board.pieces(c, r).0.wrapping_mul(MIX[r.index()])
                })
        };
        Keys {
            pawns: slot(pawns),
            officers: [
                slot(officers(Color::White).wrapping_mul(MIX[2])),
                slot(officers(Color::Black).wrapping_mul(MIX[3])),
            ],
        }
    }
}

/// The correction tables of one engine, kept from search to search within a game.
pub(crate) struct Correction {
    /// By side to move and [`Keys::pawns`].
    pawns: Vec<i16>,
    /// By side to move and [`Keys::officers`], one table per owner of the officers.
    officers: [Vec<i16>; 2],
}

impl Correction {
    pub fn new() -> Correction {
        Correction {
            pawns: vec![0; 2 * SIZE],
            officers: [vec![0; 2 * SIZE], vec![0; 2 * SIZE]],
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.pawns.fill(0);
        self.officers.iter_mut().for_each(|t| t.fill(0));
    }

    /// What to add to the static evaluation of the position of `keys`, in centipawns.
    #[inline]
    pub fn of(&self, keys: Keys) -> i32 {
        let sum = i32::from(self.pawns[keys.pawns])
            + i32::from(self.officers[0][keys.officers[0]])
            + i32::from(self.officers[1][keys.officers[1]]);
        sum / GRAIN
    }

    /// Learns from a search of `depth` plies that found the position of `keys` worth `error`
    /// centipawns more than its corrected static evaluation.
    pub fn update(&mut self, keys: Keys, depth: i32, error: i32) {
        let bonus = (error * GRAIN * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let [white, black] = &mut self.officers;
        for entry in [
            &mut self.pawns[keys.pawns],
            &mut white[keys.officers[0]],
            &mut black[keys.officers[1]],
        ] {
            let e = i32::from(*entry);
            *entry = (e + bonus - e * bonus.abs() / LIMIT) as i16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ultima::Position;

    /// Repeated errors of one sign pull the correction towards them, and no further than
    /// the bound.
    #[test]
    fn updates_converge_within_the_bound() {
        let pos = Position::default();
        let keys = Keys::of(pos.board(), pos.turn());
        let mut c = Correction::new();
        assert_eq!(c.of(keys), 0);
        for _ in 0..1000 {
            c.update(keys, 10, 500);
        }
        let up = c.of(keys);
        assert!(up > 100 && up <= 3 * LIMIT / GRAIN, "{up}");
        for _ in 0..1000 {
            c.update(keys, 10, -500);
        }
        assert!(c.of(keys) < -100, "{}", c.of(keys));
        c.clear();
        assert_eq!(c.of(keys), 0);
    }

    /// The side to move has tables of its own.
    #[test]
    fn sides_differ() {
        let pos = Position::default();
        let white = Keys::of(pos.board(), Color::White);
        let black = Keys::of(pos.board(), Color::Black);
        let mut c = Correction::new();
        c.update(white, 8, 200);
        assert!(c.of(white) > 0);
        assert_eq!(c.of(black), 0);
    }
}
