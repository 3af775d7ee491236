//! Geometry tables computed at compile time: rays in the eight directions, king steps,
//! lines and distance balls. Nothing to initialise at run time, in native code or in wasm.

use crate::{Bitboard, Square};

/// One of the eight directions a piece can travel in, clockwise from north (towards rank 8).
///
/// The even indices are the orthogonal directions, and `index ^ 4` is the opposite: the
/// tables below are indexed by [`Dir::index`], and the arithmetic keeps the hot paths free of
/// matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

/// `(file, rank)` steps by [`Dir::index`].
const STEPS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

impl Dir {
    /// Every direction, in index order.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The position in [`Dir::ALL`], 0..8.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn opposite(self) -> Dir {
        Dir::ALL[self.index() ^ 4]
    }

    #[inline]
    pub const fn is_orthogonal(self) -> bool {
        self.index() & 1 == 0
    }

    /// The directions of a set of [`Dir::bit`]s, in index order.
    #[inline]
    pub fn among(dirs: u8) -> impl Iterator<Item = Dir> {
        let mut rest = dirs;
        core::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let d = Dir::ALL[rest.trailing_zeros() as usize & 7];
            rest &= rest - 1;
            Some(d)
        })
    }

    /// This direction's bit in a set of directions (see [`directions_to`]).
    #[inline]
    pub const fn bit(self) -> u8 {
        1 << self.index()
    }

    /// Whether travelling this way increases the square index (N, NE, E, NW).
    #[inline]
    pub const fn is_increasing(self) -> bool {
        matches!(self, Dir::N | Dir::NE | Dir::E | Dir::NW)
    }

    /// The file step: -1, 0 or 1.
    #[inline]
    pub const fn df(self) -> i32 {
        STEPS[self.index()].0
    }

    /// The rank step: -1, 0 or 1.
    #[inline]
    pub const fn dr(self) -> i32 {
        STEPS[self.index()].1
    }

    /// The neighbour of `sq` in this direction, or `None` at the edge.
    #[inline]
    pub fn step(self, sq: Square) -> Option<Square> {
        STEP_TABLE[self.index()][sq.index()]
    }

    /// The direction from `a` to `b` if they share a line, else `None`.
    pub fn between(a: Square, b: Square) -> Option<Dir> {
        let (df, dr) = (b.file() - a.file(), b.rank() - a.rank());
        if (df, dr) == (0, 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let unit = (df.signum(), dr.signum());
        Dir::ALL.into_iter().find(|d| (d.df(), d.dr()) == unit)
    }
}

const fn build_steps() -> [[Option<Square>; 64]; 8] {
    let mut t = [[None; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut i = 0;
        while i < 64 {
            let sq = Square::new_masked(i as u32);
            t[d][i] = sq.offset(STEPS[d].0, STEPS[d].1);
            i += 1;
        }
        d += 1;
    }
    t
}

const fn build_rays() -> [[u64; 64]; 8] {
    let mut t = [[0; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut i = 0;
        while i < 64 {
            let (mut f, mut r) = ((i % 8) as i32, (i / 8) as i32);
            let mut bits = 0u64;
            loop {
                f += STEPS[d].0;
                r += STEPS[d].1;
                if f < 0 || f > 7 || r < 0 || r > 7 {
                    break;
                }
                bits |= 1 << (r * 8 + f);
            }
            t[d][i] = bits;
            i += 1;
        }
        d += 1;
    }
    t
}

const fn build_king() -> [u64; 64] {
    let mut t = [0; 64];
    let mut i = 0;
    while i < 64 {
        let mut d = 0;
        while d < 8 {
            if let Some(s) = STEP_TABLE[d][i] {
                t[i] |= 1 << s.index();
            }
            d += 1;
        }
        i += 1;
    }
    t
}

const fn build_balls() -> [[u64; 9]; 64] {
    let mut t = [[0; 9]; 64];
    let mut i = 0;
    while i < 64 {
        let mut n = 0;
        while n < 9 {
            let mut j: i32 = 0;
            while j < 64 {
                let df = (i % 8) as i32 - j % 8;
                let dr = (i / 8) as i32 - j / 8;
                let dist = if df.abs() > dr.abs() {
                    df.abs()
                } else {
                    dr.abs()
                };
                if dist <= n as i32 {
                    t[i][n] |= 1 << j;
                }
                j += 1;
            }
            n += 1;
        }
        i += 1;
    }
    t
}

static STEP_TABLE: [[Option<Square>; 64]; 8] = build_steps();
static RAYS: [[u64; 64]; 8] = build_rays();
static KING: [u64; 64] = build_king();
static BALLS: [[u64; 9]; 64] = build_balls();
static QUEEN_LINES: [u64; 64] = build_queen_lines();

const fn build_queen_lines() -> [u64; 64] {
    let mut t = [0; 64];
    let mut i = 0;
    while i < 64 {
        let mut d = 0;
        while d < 8 {
            t[i] |= RAYS[d][i];
            d += 1;
        }
        i += 1;
    }
    t
}

/// Every direction, as a set of [`Dir::bit`]s.
pub const ALL_DIRECTIONS: u8 = 0xFF;

/// `DIRECTION_BITS[a][b]`: the [`Dir::bit`] of the direction from `a` to `b`, or 0 when they
/// share no line (or are the same square).
static DIRECTION_BITS: [[u8; 64]; 64] = build_direction_bits();

const fn build_direction_bits() -> [[u8; 64]; 64] {
    let mut t = [[0; 64]; 64];
    let mut d = 0;
    while d < 8 {
        let mut a = 0;
        while a < 64 {
            let mut b = 0;
            while b < 64 {
                if RAYS[d][a] & (1 << b) != 0 {
                    t[a][b] = 1 << d;
                }
                b += 1;
            }
            a += 1;
        }
        d += 1;
    }
    t
}

/// The directions from `from` in which some square of `targets` lies, as a set of
/// [`Dir::bit`]s: one lookup per target, for the move generator to skip the lines that hold
/// none (targets off `from`'s lines count for nothing).
#[inline]
pub fn directions_to(from: Square, targets: Bitboard) -> u8 {
    let row = &DIRECTION_BITS[from.index()];
    let mut dirs = 0;
    for t in targets {
        dirs |= row[t.index()];
    }
    dirs
}

/// The square just past `to` on the line from `from` through `to`: where a Long Leaper on
/// `from` lands when it leaps the piece on `to`. `None` when the two share no line or `to` is
/// at the edge. Two lookups, no arithmetic on files and ranks.
#[inline]
pub fn beyond(from: Square, to: Square) -> Option<Square> {
    let dirs = DIRECTION_BITS[from.index()][to.index()];
    if dirs == 0 {
        return None;
    }
    STEP_TABLE[dirs.trailing_zeros() as usize & 7][to.index()]
}

/// The opposite of each direction of a set of [`Dir::bit`]s (`index ^ 4`, see [`Dir`]).
#[inline]
pub const fn opposite_directions(dirs: u8) -> u8 {
    dirs.rotate_left(4)
}

/// All squares from `sq` (exclusive) to the edge in direction `d`.
#[inline]
pub fn ray(sq: Square, d: Dir) -> Bitboard {
    Bitboard(RAYS[d.index()][sq.index()])
}

/// The squares on the eight lines through `sq`, `sq` excluded.
#[inline]
pub fn queen_lines(sq: Square) -> Bitboard {
    Bitboard(QUEEN_LINES[sq.index()])
}

/// The squares on the rank and file of `sq`, `sq` excluded.
#[inline]
pub fn rook_lines(sq: Square) -> Bitboard {
    ray(sq, Dir::N) | ray(sq, Dir::E) | ray(sq, Dir::S) | ray(sq, Dir::W)
}

/// The (up to eight) squares a king step away from `sq`.
#[inline]
pub fn king_steps(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares at most `n` king steps from `sq` (`n` is clamped to 8).
#[inline]
pub fn within(sq: Square, n: u32) -> Bitboard {
    Bitboard(BALLS[sq.index()][n.min(8) as usize])
}

/// The empty squares a slider on `sq` reaches in direction `d` before the first occupied
/// square of `occupied`, with an early return for an open line. Written instead as one bit
/// scan with a sentinel bit (so that there always is something to find) and the blocker
/// masked off, wasm perft fell from 0.658× and 0.639× native to 0.594× and 0.604× (two runs of
/// `node bench/wasm-ratio.mjs 5`, alternating with the build before).
#[inline]
pub fn slide(sq: Square, d: Dir, occupied: Bitboard) -> Bitboard {
    let r = RAYS[d.index()][sq.index()];
    let blockers = r & occupied.0;
    if blockers == 0 {
        return Bitboard(r);
    }
    let b = if d.is_increasing() {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    Bitboard(r & !RAYS[d.index()][b as usize] & !(1 << b))
}

/// The first occupied square of `occupied` from `sq` in direction `d`, if any.
#[inline]
pub fn first_blocker(sq: Square, d: Dir, occupied: Bitboard) -> Option<Square> {
    let blockers = Bitboard(RAYS[d.index()][sq.index()] & occupied.0);
    if d.is_increasing() {
        blockers.first()
    } else {
        blockers.last()
    }
}

/// Empty squares reachable along the four orthogonal lines: [`queen_attacks`]' lookups for the
/// rank and the file, blockers removed.
#[inline]
pub fn rook_slides(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(rank_and_file_attacks(sq.index() & 63, occupied.0) & !occupied.0)
}

/// [`queen_attacks`] along the rank and the file only.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(rank_and_file_attacks(sq.index() & 63, occupied.0))
}

/// Empty squares reachable along the eight lines: [`queen_attacks`], blockers removed.
#[inline]
pub fn queen_slides(sq: Square, occupied: Bitboard) -> Bitboard {
    queen_attacks(sq, occupied) & !occupied
}

/// The squares a queen on `sq` attacks: the empty squares of its eight lines up to and
/// including the first occupied square of each (whether `occupied` holds `sq` or not).
///
/// Four lookups, one per line, in tables of 9 KB: the line's six inner squares (its ends
/// cannot block anything beyond them) are gathered into a 6-bit index, by a shift for the
/// rank and by one multiplication for the file and the two diagonals, whose bits land in
/// the product's top byte without carries. The engine's evaluation asks for the attacks of
/// every free officer at every node it evaluates; one bit scan per direction took about
/// twice the instructions.
// CITE: "kindergarten bitboards" (chessprogramming.org/Kindergarten_Bitboards).
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let i = sq.index() & 63;
    Bitboard(rank_and_file_attacks(i, occupied.0) | diagonal_attacks(i, occupied.0))
}

/// [`queen_attacks`] along the rank and the file of the square with index `i` (below 64).
#[inline]
fn rank_and_file_attacks(i: usize, occ: u64) -> u64 {
    let (file, rank) = (i & 7, i >> 3);
    let on_rank = u64::from(LINE[file][(occ >> (8 * rank + 1)) as usize & 63]) << (8 * rank);
    let file_index = ((occ >> file) & A_FILE_INNER).wrapping_mul(FILE_GATHER) >> 58;
    on_rank | FILE_LINE[rank][file_index as usize] << file
}

/// [`queen_attacks`] along the two diagonals of the square with index `i` (below 64).
#[inline]
fn diagonal_attacks(i: usize, occ: u64) -> u64 {
    let diagonal = |mask: u64| {
        let index = (occ & mask).wrapping_mul(B_FILE) >> 58;
        LINE_ON_EVERY_RANK[i & 7][index as usize] & mask
    };
    diagonal(DIAGONALS[i][0]) | diagonal(DIAGONALS[i][1])
}

/// The squares of a1–a8's inner ranks 2–7.
const A_FILE_INNER: u64 = 0x0001_0101_0101_0100;
/// Moves the A file's bit of rank `k` (1..=6, counted from 0) to bit `57 + k` of the product:
/// bits `57 - 7k`.
const FILE_GATHER: u64 = (1 << 50) | (1 << 43) | (1 << 36) | (1 << 29) | (1 << 22) | (1 << 15);
/// Moves a diagonal's square on file `f` to bit `57 + f` of the product, whatever its rank.
const B_FILE: u64 = 0x0202_0202_0202_0202;

/// `LINE[f][o]`: the squares of a rank that a slider on file `f` attacks when the rank's
/// files b–g hold `o` (bit 0 for b); the slider's own square is never a blocker.
static LINE: [[u8; 64]; 8] = build_line();
/// [`LINE`] laid along the A file: bit `8k` for file `k`.
static FILE_LINE: [[u64; 64]; 8] = build_file_line();
/// [`LINE`] copied onto every rank, for a diagonal's mask to pick its squares from.
static LINE_ON_EVERY_RANK: [[u64; 64]; 8] = build_line_on_every_rank();
/// The two diagonals through each square (a1–h8's direction, then a8–h1's), the square
/// itself left out.
static DIAGONALS: [[u64; 2]; 64] = build_diagonals();

const fn build_line() -> [[u8; 64]; 8] {
    let mut t = [[0; 64]; 8];
    let mut f = 0;
    while f < 8 {
        let mut o = 0;
        while o < 64 {
            let occ = ((o as u8) << 1) & !(1 << f);
            let mut line = 0u8;
            let mut x = f + 1;
            while x < 8 {
                line |= 1 << x;
                if occ & (1 << x) != 0 {
                    break;
                }
                x += 1;
            }
            let mut x = f;
            while x > 0 {
                x -= 1;
                line |= 1 << x;
                if occ & (1 << x) != 0 {
                    break;
                }
            }
            t[f][o] = line;
            o += 1;
        }
        f += 1;
    }
    t
}

const fn build_file_line() -> [[u64; 64]; 8] {
    let mut t = [[0; 64]; 8];
    let mut r = 0;
    while r < 8 {
        let mut o = 0;
        while o < 64 {
            let mut k = 0;
            while k < 8 {
                if LINE[r][o] & (1 << k) != 0 {
                    t[r][o] |= 1 << (8 * k);
                }
                k += 1;
            }
            o += 1;
        }
        r += 1;
    }
    t
}

const fn build_line_on_every_rank() -> [[u64; 64]; 8] {
    let mut t = [[0; 64]; 8];
    let mut f = 0;
    while f < 8 {
        let mut o = 0;
        while o < 64 {
            t[f][o] = LINE[f][o] as u64 * 0x0101_0101_0101_0101;
            o += 1;
        }
        f += 1;
    }
    t
}

const fn build_diagonals() -> [[u64; 2]; 64] {
    let mut t = [[0; 2]; 64];
    let mut i = 0;
    while i < 64 {
        t[i][0] = RAYS[Dir::NE.index()][i] | RAYS[Dir::SW.index()][i];
        t[i][1] = RAYS[Dir::NW.index()][i] | RAYS[Dir::SE.index()][i];
        i += 1;
    }
    t
}

/// Every square a king step away from some member of `bb` (members included).
#[inline]
pub fn neighbourhood(bb: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let b = bb.0;
    let row = b | ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    Bitboard(row | (row << 8) | (row >> 8))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn slide_stops_before_blocker() {
        let occ = Bitboard::from_square(sq("d6")) | Bitboard::from_square(sq("b4"));
        let north = slide(sq("d4"), Dir::N, occ);
        assert_eq!(north, Bitboard::from_square(sq("d5")));
        let west = slide(sq("d4"), Dir::W, occ);
        assert_eq!(west, Bitboard::from_square(sq("c4")));
        assert_eq!(slide(sq("d4"), Dir::S, occ).count(), 3);
        assert_eq!(first_blocker(sq("d4"), Dir::W, occ), Some(sq("b4")));
    }

    /// A queen's attacks are its slides plus the first occupied square of each line, found
    /// square by square, on random occupancies sparse and dense.
    #[test]
    fn queen_attacks_are_slides_plus_first_blockers() {
        let mut x = 0x1234_5678_9ABC_DEF0u64;
        let mut next = || {
            // xorshift64
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..3000 {
            // A quarter, a half and three quarters of the board occupied, in turn.
            let occ = match round % 3 {
                0 => next() & next(),
                1 => next(),
                _ => next() | next(),
            };
            for from in Square::all() {
                let occ = Bitboard(occ & !(1 << from.index()));
                let mut slides = Bitboard::EMPTY;
                let mut first = Bitboard::EMPTY;
                for d in Dir::ALL {
                    let mut at = from;
                    while let Some(to) = d.step(at) {
                        if occ.contains(to) {
                            first |= Bitboard::from_square(to);
                            break;
                        }
                        slides |= Bitboard::from_square(to);
                        at = to;
                    }
                }
                assert_eq!(queen_slides(from, occ), slides, "{from}");
                assert_eq!(rook_slides(from, occ), slides & rook_lines(from), "{from}");
                assert_eq!(queen_attacks(from, occ), slides | first, "{from}");
                // The evaluation asks with the queen's own square occupied.
                let with_queen = occ | Bitboard::from_square(from);
                assert_eq!(queen_attacks(from, with_queen), slides | first, "{from}");
            }
        }
    }

    /// `directions_to` names the direction of every target on one of the lines,
    /// `opposite_directions` turns each around, and `beyond` steps past the target.
    #[test]
    fn directions_to_targets_on_lines() {
        for from in Square::all() {
            for to in Square::all() {
                let found = directions_to(from, Bitboard::from_square(to));
                let expected = Dir::between(from, to).map_or(0, Dir::bit);
                assert_eq!(found, expected, "{from} to {to}");
                let back = Dir::between(to, from).map_or(0, Dir::bit);
                assert_eq!(opposite_directions(found), back, "{from} to {to}");
            }
        }
        for from in Square::all() {
            for to in Square::all() {
                let past = Dir::between(from, to).and_then(|d| d.step(to));
                assert_eq!(beyond(from, to), past, "{from} through {to}");
            }
        }
        // b5 is on no line through d4.
        let targets = [sq("d8"), sq("h4"), sq("a1"), sq("b5")];
        let dirs = directions_to(sq("d4"), targets.into_iter().collect());
        assert_eq!(dirs, Dir::N.bit() | Dir::E.bit() | Dir::SW.bit());
    }

    #[test]
    fn tables_agree_with_geometry() {
        assert_eq!(king_steps(sq("a1")).count(), 3);
        assert_eq!(king_steps(sq("e4")).count(), 8);
        assert_eq!(queen_lines(sq("d4")).count(), 27);
        assert_eq!(within(sq("a1"), 1).count(), 4);
        assert_eq!(neighbourhood(Bitboard::from_square(sq("h8"))).count(), 4);
        assert_eq!(Dir::between(sq("a1"), sq("h8")), Some(Dir::NE));
        assert_eq!(Dir::between(sq("a1"), sq("b3")), None);
    }
}
