//! The transposition table: a fixed-size array of entries indexed by the rules crate's
//! Zobrist hash ([`ultima::Position::hash`]).

use crate::score::Eval;
use ultima::Move;

/// A move packed in 16 bits: enough to find it again among the legal moves, since no two
/// legal moves share start and destination (RULES §6.2). `0` is no move.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct MoveKey(pub u16);

impl MoveKey {
    pub const NONE: MoveKey = MoveKey(0);

    #[inline]
    pub fn of(m: Move) -> MoveKey {
        match m {
            Move::Normal { from, to, .. } => {
                MoveKey(0x8000 | (from.index() as u16) << 6 | to.index() as u16)
            }
            Move::Suicide { square, .. } => MoveKey(0x4000 | square.index() as u16),
        }
    }

    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The start square's index.
    #[inline]
    pub fn start_index(self) -> usize {
        if self.0 & 0x8000 != 0 {
            (self.0 >> 6 & 63) as usize
        } else {
            (self.0 & 63) as usize
        }
    }

    /// The destination square's index (a suicide's own square).
    #[inline]
    pub fn end_index(self) -> usize {
        (self.0 & 63) as usize
    }
}

/// How the stored score bounds the true one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score is at most this (no move reached alpha).
    Upper = 1,
    /// The true score is at least this (a move reached beta).
    Lower = 2,
    Exact = 3,
}

impl Bound {
    /// Whether `score`, bounded so, says more about the node than `guess` does: an exact
    /// score, a lower bound above the guess, an upper bound below it. The pruning tests read
    /// the table's score in place of the static evaluation so, and a search's result corrects
    /// the evaluation only so.
    #[inline]
    pub fn improves_on(self, score: i32, guess: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score > guess,
            Bound::Upper => score < guess,
        }
    }
}

/// One stored search result: 16 bytes.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: MoveKey,
    score: i16,
    eval: i16,
    depth: u8,
    /// Bound in the low 2 bits (0: empty), search generation above.
    flags: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: MoveKey,
    /// Relative to the probing node (mate distances adjusted).
    pub score: Eval,
    pub eval: i16,
    pub depth: i32,
    pub bound: Bound,
}

/// The table. Its size is fixed when made.
pub struct Table {
    entries: Vec<Entry>,
    /// 64 minus log2 of the number of entries: a key's top bits are its slot.
    shift: u32,
    generation: u8,
}

impl Table {
    /// A table of at most `megabytes` MB: a power-of-two number of entries (at least two), so
    /// that a slot is a shift of the key. A 128-bit multiply would allow any size, but wasm
    /// has no such instruction and calls a helper function at every probe and store.
    pub fn new(megabytes: usize) -> Table {
        let fit = (megabytes * 1024 * 1024 / core::mem::size_of::<Entry>()).max(2);
        let bits = usize::BITS - 1 - fit.leading_zeros();
        Table {
            entries: vec![Entry::default(); 1 << bits],
            shift: 64 - bits,
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries become easier to replace.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key >> self.shift) as usize
    }

    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let e = &self.entries[self.index(key)];
        if e.key != key || e.flags & 3 == 0 {
            return None;
        }
        let bound = match e.flags & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        };
        Some(Hit {
            mv: e.mv,
            score: Eval(e.score).out_of_tt(ply),
            eval: e.eval,
            depth: e.depth as i32,
            bound,
        })
    }

    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        mv: MoveKey,
        score: Eval,
        eval: i16,
        depth: i32,
        bound: Bound,
    ) {
        let generation = self.generation;
        let i = self.index(key);
        let e = &mut self.entries[i];
        let same = e.key == key;
        let replace = !same
            || bound == Bound::Exact
            || depth + 2 >= e.depth as i32
            || e.flags >> 2 != generation;
        let replace = replace
            && (same
                || e.flags >> 2 != generation
                || depth + 1 >= e.depth as i32
                || e.flags & 3 == 0);
        if !replace {
            return;
        }
        let mv = if mv.is_none() && same { e.mv } else { mv };
        *e = Entry {
            key,
            mv,
            score: score.to_tt(ply).0,
            eval,
            depth: depth.clamp(0, 255) as u8,
            flags: generation << 2 | bound as u8,
        };
    }

    /// Per mille of the first thousand entries filled in this search.
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        let used = self.entries[..n]
            .iter()
            .filter(|e| e.flags & 3 != 0 && e.flags >> 2 == self.generation)
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_16_bytes() {
        assert_eq!(core::mem::size_of::<Entry>(), 16);
        assert_eq!(Table::new(1).entries.len(), 65536);
    }

    #[test]
    fn sizes_round_down_to_a_power_of_two() {
        // 3 MB holds 196,608 entries: the table takes the 131,072 that are a power of two.
        let t = Table::new(3);
        assert_eq!(t.entries.len(), 1 << 17);
        assert_eq!(t.index(u64::MAX), (1 << 17) - 1);
        assert_eq!(t.index(1 << 47), 1);
        assert_eq!(Table::new(0).entries.len(), 2);
    }

    #[test]
    fn store_and_probe() {
        let mut t = Table::new(1);
        let pos = ultima::Position::default();
        let m = pos.legal_moves()[3];
        t.store(
            0xABCD,
            2,
            MoveKey::of(m),
            Eval::mate_in(5),
            17,
            4,
            Bound::Exact,
        );
        let hit = t.probe(0xABCD, 2).unwrap();
        assert_eq!(hit.mv, MoveKey::of(m));
        assert_eq!(hit.score, Eval::mate_in(5));
        assert_eq!((hit.eval, hit.depth, hit.bound), (17, 4, Bound::Exact));
        assert!(t.probe(0xABCE, 2).is_none());
    }
}
