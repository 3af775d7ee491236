//! Move generation: how each piece moves and what it captures (RULES §2), and the filter
//! that keeps the mover's King safe (RULES §4).

use crate::attacks::{
    directions_to, first_blocker, king_steps, opposite_directions, queen_attacks, queen_lines,
    queen_slides, ray, rook_attacks, rook_lines, rook_slides, slide, Dir, ALL_DIRECTIONS,
};
use crate::check::king_attackers;
use crate::{Bitboard, Board, Move, Position, Role, Square};
use core::cell::Cell;

/// The enemy pieces among `victims` pinched by a piece arriving on `to`: each orthogonal
/// neighbour in `victims` with a piece of `friends` just beyond it (RULES §2.6, §2.7c).
/// Four shifts instead of a walk per direction.
#[inline]
fn pinched(to: Square, victims: Bitboard, friends: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let t = 1u64 << to.index();
    let f = friends.0;
    // Each term: the neighbour one way, if the square beyond it (same way) holds a friend;
    // the file masks keep east and west steps from wrapping to the next rank.
    let north = (t << 8) & (f >> 8);
    let south = (t >> 8) & (f << 8);
    let east = (t << 1) & NOT_A & ((f & NOT_A) >> 1);
    let west = (t >> 1) & NOT_H & ((f & NOT_H) << 1);
    Bitboard((north | south | east | west) & victims.0)
}

/// The squares where a piece arriving pinches something of `victims` against `friends`:
/// where [`pinched`] is not empty. Computed once per generation, so that the many Pawn and
/// Chameleon destinations that take nothing cost one bit test.
#[inline]
fn pinch_squares(victims: Bitboard, friends: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let (v, f) = (victims.0, friends.0);
    // Each term: a victim one square that way and a friend two squares that way; the file
    // masks drop pairs that would wrap to the next rank.
    let north = (v >> 8) & (f >> 16);
    let south = (v << 8) & (f << 16);
    let east = ((v & NOT_A) >> 1) & ((f & NOT_A) >> 2);
    let west = ((v & NOT_H) << 1) & ((f & NOT_H) << 2);
    Bitboard(north | south | east | west)
}

/// The two corners of the rectangle spanned by a Coordinator on `to` and its King on `king`;
/// empty when they share a rank or file (RULES §2.3).
#[inline]
fn corners(to: Square, king: Option<Square>) -> Bitboard {
    match king {
        Some(k) if k.file() != to.file() && k.rank() != to.rank() => {
            let mut c = Bitboard::EMPTY;
            if let Some(a) = Square::from_coords(to.file(), k.rank()) {
                c = c.with(a);
            }
            if let Some(b) = Square::from_coords(k.file(), to.rank()) {
                c = c.with(b);
            }
            c
        }
        _ => Bitboard::EMPTY,
    }
}

/// The enemy piece on the square behind `from`, opposite to the direction of travel `d`,
/// if it is among `victims` (withdrawal, RULES §2.2, §2.7a). Callers pass only the victims
/// next to `from`: usually there are none, and then no direction needs a look.
#[inline]
fn withdrawn(from: Square, d: Dir, victims: Bitboard) -> Bitboard {
    if victims.is_empty() {
        return Bitboard::EMPTY;
    }
    match d.opposite().step(from) {
        Some(s) if victims.contains(s) => Bitboard::from_square(s),
        _ => Bitboard::EMPTY,
    }
}

/// Calls `walk` with each direction in index order: every one for a full generation, whose
/// eight walks the compiler lays out one after the other, or, for captures (`CAPTURES`), only
/// those of `lines`, a set of [`Dir::bit`]s, usually empty.
#[inline(always)]
fn for_each_line<const CAPTURES: bool>(lines: u8, walk: &mut impl FnMut(Dir)) {
    if CAPTURES {
        Dir::among(lines).for_each(walk);
    } else {
        Dir::ALL.into_iter().for_each(walk);
    }
}

/// Where a capture-only walk from `from` in direction `d` may start: next to the line's
/// first piece if that piece is `leapable` (the squares before it are empty and capture
/// nothing by leaping), or `None` when the line's first piece cannot be leapt.
#[inline]
fn leap_start(from: Square, d: Dir, occupied: Bitboard, leapable: Bitboard) -> Option<Square> {
    let first = first_blocker(from, d, occupied).filter(|&f| leapable.contains(f))?;
    Some(d.opposite().step(first).unwrap_or(from))
}

/// The squares a Coordinator may arrive on to capture something with its King on `king`: on
/// the file of an enemy piece on the King's rank, or on the rank of one on its file (a
/// superset: [`corners`] decides).
#[inline]
fn coordinator_targets(king: Option<Square>, enemy: Bitboard) -> Bitboard {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const RANK_1: u64 = 0xFF;
    let Some(k) = king else {
        return Bitboard::EMPTY;
    };
    let mut t = 0;
    for e in enemy & Bitboard(RANK_1 << (8 * k.rank())) {
        t |= FILE_A << e.file();
    }
    for e in enemy & Bitboard(FILE_A << k.file()) {
        t |= RANK_1 << (8 * e.rank());
    }
    Bitboard(t)
}

impl Position {
    /// Calls `f` with every move of RULES §2 whose piece stands on `from_mask`, without
    /// looking at the mover's King safety. With `CAPTURES`, only the moves that capture,
    /// in the same order, skipping the work for the others (quiescence asks for these).
    pub(crate) fn for_each_pseudo<const CAPTURES: bool, F: FnMut(Move)>(
        &self,
        from_mask: Bitboard,
        f: &mut F,
    ) {
        let b = &self.board;
        let us = self.turn;
        let occupied = b.occupied();
        let own = b.by_color(us);
        let enemy = b.by_color(!us);
        let frozen = b.frozen(us);
        let movable = own & !frozen & from_mask;
        let own_king = b.king_of(us);

        // Suicide of a frozen piece other than the King (RULES §2.8).
        if !CAPTURES {
            for role in Role::ALL.into_iter().skip(1) {
                for square in b.pieces(us, role) & frozen & from_mask {
                    f(Move::Suicide { role, square });
                }
            }
        }

        let king_targets = if CAPTURES { enemy } else { !own };
        for from in movable & b.by_role(Role::King) {
            for to in king_steps(from) & king_targets {
                let captures = enemy & Bitboard::from_square(to);
                f(Move::Normal {
                    role: Role::King,
                    from,
                    to,
                    captures,
                });
            }
        }

        for from in movable & b.by_role(Role::Withdrawer) {
            let victims = king_steps(from) & enemy;
            if CAPTURES && victims.is_empty() {
                continue;
            }
            let reach = self.reach(from, us);
            for d in Dir::ALL {
                let captures = withdrawn(from, d, victims);
                if CAPTURES && captures.is_empty() {
                    continue;
                }
                for to in slide(from, d, occupied) & reach {
                    f(Move::Normal {
                        role: Role::Withdrawer,
                        from,
                        to,
                        captures,
                    });
                }
            }
        }

        let coordinators = movable & b.by_role(Role::Coordinator);
        let coordinator_to = if CAPTURES && coordinators.any() {
            coordinator_targets(own_king, enemy)
        } else {
            Bitboard::FULL
        };
        for from in coordinators {
            for to in queen_slides(from, occupied) & self.reach(from, us) & coordinator_to {
                let captures = corners(to, own_king) & enemy;
                if CAPTURES && captures.is_empty() {
                    continue;
                }
                f(Move::Normal {
                    role: Role::Coordinator,
                    from,
                    to,
                    captures,
                });
            }
        }

        let immobilizers = if CAPTURES {
            Bitboard::EMPTY
        } else {
            movable & b.by_role(Role::Immobilizer)
        };
        for from in immobilizers {
            for to in queen_slides(from, occupied) & self.reach(from, us) {
                f(Move::Normal {
                    role: Role::Immobilizer,
                    from,
                    to,
                    captures: Bitboard::EMPTY,
                });
            }
        }

        let mut pawns = movable & b.by_role(Role::Pawn);
        let pinch_at = if pawns.any() {
            pinch_squares(enemy, own)
        } else {
            Bitboard::EMPTY
        };
        let pawn_to = if CAPTURES { pinch_at } else { Bitboard::FULL };
        if CAPTURES {
            // Only the Pawns on the rank or file of an empty square where arriving pinches,
            // with nothing between: the rook lines from those squares find them (usually
            // there are none, and then no Pawn's slides are looked at).
            let mut reaching = Bitboard::EMPTY;
            for to in pinch_at & !occupied {
                reaching |= rook_attacks(to, occupied);
            }
            pawns &= reaching;
        }
        for from in pawns {
            for to in rook_slides(from, occupied) & self.reach(from, us) & pawn_to {
                let captures = if pinch_at.contains(to) {
                    pinched(to, enemy, own)
                } else {
                    Bitboard::EMPTY
                };
                if CAPTURES && captures.is_empty() {
                    continue;
                }
                f(Move::Normal {
                    role: Role::Pawn,
                    from,
                    to,
                    captures,
                });
            }
        }

        for from in movable & b.by_role(Role::LongLeaper) {
            self.long_leaper_moves::<CAPTURES, F>(from, f);
        }

        for from in movable & b.by_role(Role::Chameleon) {
            self.chameleon_moves::<CAPTURES, F>(from, own_king, f);
        }
    }

    /// Long Leaper (RULES §2.5): along each line over empty squares and over enemy pieces
    /// each followed by an empty square, capturing every piece it leaps.
    #[inline]
    fn long_leaper_moves<const CAPTURES: bool, F: FnMut(Move)>(&self, from: Square, f: &mut F) {
        let b = &self.board;
        let occupied = b.occupied();
        let enemy = b.by_color(!self.turn);
        let reach = self.reach(from, self.turn);
        // For captures only: a line whose first piece is an enemy within reach, the only
        // lines that can hold a leap. The queen's attacks are those first pieces, one lookup
        // per line instead of a scan per direction (usually no line qualifies).
        let lines = if CAPTURES {
            directions_to(from, queen_attacks(from, occupied) & enemy & reach)
        } else {
            ALL_DIRECTIONS
        };
        let mut walk = |d: Dir| {
            let mut captures = Bitboard::EMPTY;
            let mut s = from;
            if CAPTURES {
                // Only a leap captures, and the line's first piece is the first to leap: the
                // walk starts next to it. The same moves, in the same order, as the whole walk.
                match leap_start(from, d, occupied, enemy & reach) {
                    Some(start) => s = start,
                    None => return,
                }
            }
            while let Some(n) = d.step(s) {
                if !reach.contains(n) {
                    break;
                }
                if !occupied.contains(n) {
                    if CAPTURES && captures.is_empty() {
                        s = n;
                        continue;
                    }
                    f(Move::Normal {
                        role: Role::LongLeaper,
                        from,
                        to: n,
                        captures,
                    });
                } else if enemy.contains(n) && d.step(n).is_some_and(|a| !occupied.contains(a)) {
                    captures = captures.with(n);
                } else {
                    break;
                }
                s = n;
            }
        };
        for_each_line::<CAPTURES>(lines, &mut walk);
    }

    /// Chameleon (RULES §2.7): moves like a queen, leaping only enemy Long Leapers, and
    /// captures each kind of enemy piece by that piece's own method; next to the enemy King it
    /// may also step onto it.
    #[inline]
    fn chameleon_moves<const CAPTURES: bool, F: FnMut(Move)>(
        &self,
        from: Square,
        own_king: Option<Square>,
        f: &mut F,
    ) {
        let b = &self.board;
        let us = self.turn;
        let them = !us;
        let occupied = b.occupied();
        let own = b.by_color(us);
        let reach = self.reach(from, us);
        // Only a Withdrawer next to the Chameleon can be taken by withdrawal.
        let withdrawers = b.pieces(them, Role::Withdrawer) & king_steps(from);
        let leapers = b.pieces(them, Role::LongLeaper);
        let pawns = b.pieces(them, Role::Pawn);
        let coordinators = b.pieces(them, Role::Coordinator);
        let pinch_at = pinch_squares(pawns, own);
        let captures_on_arrival = |d: Dir, to: Square| {
            let mut c = withdrawn(from, d, withdrawers) | (corners(to, own_king) & coordinators);
            if d.is_orthogonal() && pinch_at.contains(to) {
                c |= pinched(to, pawns, own);
            }
            c
        };
        // For captures only: the squares where arriving can coordinate or pinch (a superset),
        // so that the others cost nothing unless a Withdrawer is left or a Leaper leapt.
        let coordinating = if CAPTURES && coordinators.any() {
            coordinator_targets(own_king, coordinators)
        } else {
            Bitboard::EMPTY
        };
        let pinching = if CAPTURES { pinch_at } else { Bitboard::EMPTY };
        let lines = if CAPTURES {
            // The lines the walk below would not skip: away from a Withdrawer next to the
            // Chameleon, with a square within reach where arriving coordinates (any line) or
            // pinches (a rank or file), or whose first piece is an enemy Long Leaper within
            // reach. Found from the queen's attacks, one lookup per line, instead of a scan per
            // direction: usually no line qualifies.
            let attacks = queen_attacks(from, occupied);
            let slides = attacks & !occupied & reach;
            let pinching_slides = slides & rook_lines(from) & pinching;
            opposite_directions(directions_to(from, withdrawers))
                | directions_to(from, (slides & coordinating) | pinching_slides)
                | directions_to(from, attacks & leapers & reach)
        } else {
            ALL_DIRECTIONS
        };

        let mut walk = |d: Dir| {
            let mut leapt = Bitboard::EMPTY;
            let mut s = from;
            let arrival_matters = coordinating
                | if d.is_orthogonal() {
                    pinching
                } else {
                    Bitboard::EMPTY
                };
            let withdrawing = CAPTURES && withdrawn(from, d, withdrawers).any();
            if CAPTURES
                && !withdrawing
                && (slide(from, d, occupied) & reach & arrival_matters).is_empty()
            {
                // Without a Withdrawer left behind or a square where arriving captures, only a
                // leap over the line's first piece could: the walk starts next to it, or the
                // line is skipped.
                match leap_start(from, d, occupied, leapers & reach) {
                    Some(start) => s = start,
                    None => return,
                }
            }
            while let Some(n) = d.step(s) {
                if !reach.contains(n) {
                    break;
                }
                if !occupied.contains(n) {
                    if CAPTURES && leapt.is_empty() && !withdrawing && !arrival_matters.contains(n)
                    {
                        s = n;
                        continue;
                    }
                    let captures = leapt | captures_on_arrival(d, n);
                    if !CAPTURES || captures.any() {
                        f(Move::Normal {
                            role: Role::Chameleon,
                            from,
                            to: n,
                            captures,
                        });
                    }
                } else if leapers.contains(n) && d.step(n).is_some_and(|a| !occupied.contains(a)) {
                    leapt = leapt.with(n);
                } else {
                    break;
                }
                s = n;
            }
        };
        for_each_line::<CAPTURES>(lines, &mut walk);

        // Imitating the King: one step onto the adjacent enemy King (RULES §2.7e).
        if let Some(king) = b.king_of(them) {
            if king_steps(from).contains(king) {
                if let Some(d) = Dir::between(from, king) {
                    f(Move::Normal {
                        role: Role::Chameleon,
                        from,
                        to: king,
                        captures: Bitboard::from_square(king) | captures_on_arrival(d, king),
                    });
                }
            }
        }
    }
}

/// Decides quickly which moves leave the mover's King safe.
///
/// Most moves cannot expose the King: a move only makes a new attack possible by emptying a
/// square (its start, or a captured piece's square) or by moving the Immobilizer that froze
/// an attacker; arriving pieces only block or freeze, and captures only remove attackers.
/// So a move that is not a King move, made while not in check, that empties no square an
/// attack could pass through (`danger`, built per capture method from the attackers present)
/// and, for the Immobilizer, leaves no enemy piece it holds unfrozen, is legal without
/// further work. When only the start square is in doubt, one test per piece decides for all
/// its moves: the King's square is tested with the piece taken off the board, which frees
/// and opens all the moving could, and where the piece lands it only blocks or freezes.
/// Every other move is played on a copy of the board and the King's square is tested.
pub(crate) struct KingGuard {
    king: Square,
    in_check: bool,
    theirs: Bitboard,
    /// Squares whose emptying could open an attack on the King.
    danger: Bitboard,
    /// Start squares whose piece was taken off in a test, and those where that left the King
    /// safe.
    lifted: Cell<Bitboard>,
    safe_lifted: Cell<Bitboard>,
}

impl KingGuard {
    /// `in_check` is [`Position::is_check`], which the caller may know already.
    pub(crate) fn new(pos: &Position, in_check: bool) -> KingGuard {
        let b = &pos.board;
        let us = pos.turn;
        let them = !us;
        let theirs = b.by_color(them);
        // Callers make sure both Kings are on the board.
        let king = b.king_of(us).unwrap_or(Square::new_masked(0));
        let mut danger = Bitboard::EMPTY;
        // Most positions have no enemy Long Leaper on the King's lines and no enemy
        // Withdrawer next to it: two tests then stand for the eight directions' walk.
        let leapers = b.pieces(them, Role::LongLeaper) & queen_lines(king);
        let withdrawers = b.pieces(them, Role::Withdrawer) & king_steps(king);
        if (leapers | withdrawers).any() {
            for d in Dir::ALL {
                let line = ray(king, d);
                // A Long Leaper out on this line, leaping the King to land on the other side.
                if (line & leapers).any() {
                    danger |= line;
                    if let Some(landing) = d.opposite().step(king) {
                        danger = danger.with(landing);
                    }
                }
                // A Withdrawer next to the King, needing room to step away.
                if let Some(w) = d.step(king) {
                    if withdrawers.contains(w) {
                        if let Some(room) = d.step(w) {
                            danger = danger.with(room);
                        }
                    }
                }
            }
        }
        // A Pawn sliding next to the King, with a piece of its own beyond.
        if b.pieces(them, Role::Pawn).any() {
            for d in Dir::ORTHOGONAL {
                if let (Some(arrival), Some(beyond)) = (d.opposite().step(king), d.step(king)) {
                    if theirs.contains(beyond) {
                        danger |= rook_lines(arrival).with(arrival);
                    }
                }
            }
        }
        // A Coordinator travelling to the King's rank or file, its King aligned with ours.
        if let Some(their_king) = b.king_of(them) {
            let coordinators = b.pieces(them, Role::Coordinator);
            if coordinators.any()
                && (their_king.rank() == king.rank() || their_king.file() == king.file())
            {
                danger |= rook_lines(king);
                for c in coordinators {
                    danger |= queen_lines(c);
                }
            }
        }
        KingGuard {
            king,
            in_check,
            theirs,
            danger,
            lifted: Cell::new(Bitboard::EMPTY),
            safe_lifted: Cell::new(Bitboard::EMPTY),
        }
    }

    #[inline]
    pub(crate) fn allows(&self, pos: &Position, m: Move) -> bool {
        let role = m.role();
        if self.in_check {
            return self.may_answer_check(m) && self.safe_after(pos, m);
        }
        if role == Role::King || (m.captures() & self.danger).any() {
            return self.safe_after(pos, m);
        }
        let from = m.from();
        let start_in_doubt =
            self.danger.contains(from) || (role == Role::Immobilizer && !self.frees_nothing(m));
        !start_in_doubt || self.safe_lifted(pos, from) || self.safe_after(pos, m)
    }

    /// Whether `m` could end a check at all. Emptying squares never ends one (every capture
    /// method only needs empty squares on its path), so a move that is no King move, captures
    /// nothing and freezes nothing must land on an attack's path to block it: on `danger`,
    /// which holds every square of every path. Suicides are left to the full test.
    #[inline]
    fn may_answer_check(&self, m: Move) -> bool {
        match m {
            Move::Normal {
                role, to, captures, ..
            } => {
                matches!(role, Role::King | Role::Immobilizer)
                    || captures.any()
                    || self.danger.contains(to)
            }
            Move::Suicide { .. } => true,
        }
    }

    /// Whether the King is safe with the mover's piece on `from` taken off the board, tested
    /// once per square.
    fn safe_lifted(&self, pos: &Position, from: Square) -> bool {
        if !self.lifted.get().contains(from) {
            self.lifted.set(self.lifted.get().with(from));
            let mut board: Board = pos.board;
            if let Some(role) = board.role_at(from) {
                board.take(from, pos.turn, role);
            }
            if king_attackers::<true>(&board, &pos.rules, self.king, !pos.turn).is_empty() {
                self.safe_lifted.set(self.safe_lifted.get().with(from));
            }
        }
        self.safe_lifted.get().contains(from)
    }

    /// Whether the Immobilizer move `m` keeps frozen every enemy piece it holds now (it holds
    /// those next to it, RULES §2.8): the ones still next to it on arrival. A suicide frees
    /// them all. Another Immobilizer may hold them too; ignoring it only costs a slow test.
    #[inline]
    fn frees_nothing(&self, m: Move) -> bool {
        let held = self.theirs & king_steps(m.from());
        match m.to() {
            Some(to) => (held & !king_steps(to)).is_empty(),
            None => held.is_empty(),
        }
    }

    /// Plays `m` on a copy of the board and tests the King's square.
    fn safe_after(&self, pos: &Position, m: Move) -> bool {
        let us = pos.turn;
        let mut board: Board = pos.board;
        board.play(us, m, |_, _, _| {});
        let king = match m {
            Move::Normal {
                role: Role::King,
                to,
                ..
            } => to,
            _ => self.king,
        };
        king_attackers::<true>(&board, &pos.rules, king, !us).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pinch_squares` is exactly where `pinched` finds something, edges and corners included.
    #[test]
    fn pinch_squares_agree_with_pinched() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for _ in 0..3000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let victims = Bitboard(x & 0x5A5A_A5A5_3C3C_C3C3);
            let friends = Bitboard(x.rotate_left(23) & !victims.0);
            let at = pinch_squares(victims, friends);
            for i in 0..64 {
                let to = Square::new_masked(i);
                assert_eq!(
                    at.contains(to),
                    pinched(to, victims, friends).any(),
                    "{to:?} with victims {victims:?} friends {friends:?}"
                );
            }
        }
    }
}
