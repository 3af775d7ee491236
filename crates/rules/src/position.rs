//! A legal game position: the board, the side to move, the counters, the rules in force and
//! an incrementally updated Zobrist hash.

use crate::check::{king_attackers, reach};
use crate::fen::{FenError, PositionError, Setup};
use crate::movegen::KingGuard;
use crate::{
    zobrist, Bitboard, Board, Color, Move, MoveList, Piece, Role, Rules, Square, StartSetup,
};
use core::cell::OnceCell;
use core::fmt;

/// A position that can arise in a game under its [`Rules`]. The only ways in are
/// [`Position::start`] and [`Position::from_setup`] (or [`Position::from_fen`]), which reject
/// what RULES §6.1 rejects, so every method may rely on it.
///
/// # Examples
///
/// ```
/// use ultima::{Position, Rules};
/// let pos = Position::from_fen("4k3/8/8/p7/8/8/p7/L3K3 w", Rules::default())?;
/// let leaps: Vec<String> = pos
///     .legal_moves_from("a1".parse()?)
///     .iter()
///     .map(|m| m.to_string())
///     .filter(|t| t.starts_with("a1-a"))
///     .collect();
/// assert_eq!(leaps, ["a1-a3xa2", "a1-a4xa2", "a1-a6xa2xa5", "a1-a7xa2xa5", "a1-a8xa2xa5"]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) rules: Rules,
    pub(crate) hash: u64,
}

/// What [`Position::play_unchecked`] hands back so that [`Position::undo`] can restore the
/// position exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The roles of the captured pieces, 3 bits each, in ascending square order.
    captured: u64,
    halfmoves: u32,
    hash: u64,
}

/// The King-safety test of RULES §4 for the moves of [`Position::fill_pseudo_moves`], valid
/// for the position that filled the list.
/// Its preparation waits for the first move tested: a search may test none.
pub struct KingTest {
    /// `false` when every listed move is legal (`king_capture` rules, or no list at all).
    needed: bool,
    /// Whether the position is in check, when the caller said so.
    in_check: Option<bool>,
    guard: OnceCell<KingGuard>,
}

impl KingTest {
    /// Whether `m`, a move of the list, is legal in `pos`, the position that filled it.
    #[inline]
    pub fn allows(&self, pos: &Position, m: Move) -> bool {
        !self.needed
            || self
                .guard
                .get_or_init(|| {
                    let in_check = match self.in_check {
                        Some(known) => {
                            debug_assert_eq!(known, pos.is_check(), "knowing_check was told wrong");
                            known
                        }
                        None => pos.is_check(),
                    };
                    KingGuard::new(pos, in_check)
                })
                .allows(pos, m)
    }

    /// The same test, told whether the position that filled the list is in check (what
    /// [`Position::is_check`] answers), so that it does not ask again: a search has asked
    /// already, and the question costs about as much as the rest of the test's preparation.
    /// The answer must be right, or the test is wrong.
    pub fn knowing_check(mut self, in_check: bool) -> KingTest {
        self.in_check = Some(in_check);
        self
    }
}

/// An illegal move handed to [`Position::play`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError {
    pub text: String,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move in this position", self.text)
    }
}

impl std::error::Error for PlayError {}

impl Default for Position {
    /// The default start under the default rules.
    fn default() -> Position {
        Position::start(StartSetup::Rotated, Rules::default())
    }
}

impl Position {
    /// The starting position of `setup` under `rules`, White to move.
    pub fn start(setup: StartSetup, rules: Rules) -> Position {
        Position::new_unchecked(setup.board(), Color::White, 0, 1, rules)
    }

    fn new_unchecked(
        board: Board,
        turn: Color,
        halfmoves: u32,
        fullmoves: u32,
        rules: Rules,
    ) -> Position {
        let mut pos = Position {
            board,
            turn,
            halfmoves,
            fullmoves,
            rules,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// Validates a parsed [`Setup`] under `rules` (RULES §6.1).
    ///
    /// # Errors
    ///
    /// A side without exactly one King (at most one under `king_capture`), more than 16
    /// pieces a side, or a side to move that could capture the enemy King at once (default
    /// rules).
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        let board = setup.board;
        for color in Color::ALL {
            let kings = board.pieces(color, Role::King).count();
            if kings > 1 || (kings == 0 && !rules.king_capture) {
                return Err(PositionError::KingCount { color, kings });
            }
            let pieces = board.by_color(color).count();
            if pieces > 16 {
                return Err(PositionError::TooManyPieces { color, pieces });
            }
        }
        if board.by_role(Role::King).is_empty() {
            return Err(PositionError::NoKings);
        }
        if setup.fullmoves == 0 {
            return Err(PositionError::ZeroMoveNumber);
        }
        let pos =
            Position::new_unchecked(board, setup.turn, setup.halfmoves, setup.fullmoves, rules);
        if !rules.king_capture && pos.can_capture_king() {
            return Err(PositionError::KingCapturable { mover: setup.turn });
        }
        Ok(pos)
    }

    /// Parses and validates a position string (RULES §6.1).
    ///
    /// # Errors
    ///
    /// [`FenError`] says what is wrong and where.
    pub fn from_fen(text: &str, rules: Rules) -> Result<Position, FenError> {
        let setup: Setup = text.parse()?;
        Ok(Position::from_setup(setup, rules)?)
    }

    /// The position string (RULES §6.1), counters included.
    pub fn to_fen(&self) -> String {
        self.to_setup().to_string()
    }

    /// The unchecked description of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Plies since the last capture or suicide.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The full-move number: 1 at the start, growing after each Black move.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash of the placement and the side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// The hash computed from scratch; [`Position::hash`] keeps it incrementally.
    pub fn compute_hash(&self) -> u64 {
        let pieces = self
            .board
            .iter()
            .fold(0, |h, (sq, p)| h ^ zobrist::piece_key(p.color, p.role, sq));
        pieces ^ self.turn.fold_wb(0, zobrist::black_to_move_key())
    }

    /// All frozen pieces of both sides (RULES §2.8).
    pub fn frozen(&self) -> Bitboard {
        self.board.frozen(Color::White) | self.board.frozen(Color::Black)
    }

    /// Whether the piece on `sq` is frozen.
    pub fn is_frozen(&self, sq: Square) -> bool {
        self.frozen().contains(sq)
    }

    /// The enemy pieces that could capture the side to move's King (RULES §4).
    pub fn checkers(&self) -> Bitboard {
        match self.board.king_of(self.turn) {
            Some(k) => king_attackers::<false>(&self.board, &self.rules, k, !self.turn),
            None => Bitboard::EMPTY,
        }
    }

    /// The side to move's pieces that the other side could capture if it were its turn: the
    /// squares every capturing legal move of the other side would empty after a pass (a null
    /// move). They are what a player has to look after, and what the page marks as threatened.
    /// In check it is the King's square alone: the pass is then impossible (the other side
    /// would capture the King), and the check is the threat to answer first.
    pub fn threatened(&self) -> Bitboard {
        let Some(passed) = self.passed() else {
            return self.board.pieces(self.turn, Role::King);
        };
        // Only the captures are generated: every snapshot asks this.
        let mut captures = MoveList::new();
        passed.fill_legal_captures(&mut captures);
        captures
            .iter()
            .fold(Bitboard::EMPTY, |taken, m| taken | m.captures())
    }

    /// The position after the side to move passes: the same pieces, the other side to move.
    /// What that side would play there is the threat a player must answer (the analysis board
    /// shows the engine's choice as an arrow). `None` in check, where a pass would let the
    /// other side capture the King: the check is then the threat.
    pub fn passed(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut passed = *self;
        passed.play_null();
        Some(passed)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.board
            .king_of(self.turn)
            .is_some_and(|k| king_attackers::<true>(&self.board, &self.rules, k, !self.turn).any())
    }

    /// Whether the side to move could capture the enemy King now.
    fn can_capture_king(&self) -> bool {
        self.board
            .king_of(!self.turn)
            .is_some_and(|k| king_attackers::<true>(&self.board, &self.rules, k, self.turn).any())
    }

    /// Whether the game has ended because a King is gone (only possible under `king_capture`).
    pub(crate) fn king_missing(&self) -> bool {
        // Not `count() < 2`: there are at most two Kings (`from_setup`), and a bit count is a
        // dozen instructions in the baseline x86-64 target; every move list asks this.
        !self.board.by_role(Role::King).is_pair()
    }

    /// Calls `f` with every legal move whose piece stands on `from_mask`.
    pub(crate) fn for_each_legal<F: FnMut(Move)>(&self, from_mask: Bitboard, f: &mut F) {
        self.for_each_legal_where::<false, _, _>(from_mask, |_| true, f);
    }

    /// Calls `f` with every legal move whose piece stands on `from_mask` and that `keep`
    /// accepts. `keep` is asked first, so the moves it rejects cost no King-safety test.
    /// With `CAPTURES`, only capturing moves are generated in the first place.
    #[inline]
    fn for_each_legal_where<const CAPTURES: bool, K: Fn(Move) -> bool, F: FnMut(Move)>(
        &self,
        from_mask: Bitboard,
        keep: K,
        f: &mut F,
    ) {
        if self.king_missing() {
            return;
        }
        if self.rules.king_capture {
            self.for_each_pseudo::<CAPTURES, _>(from_mask, &mut |m| {
                if keep(m) {
                    f(m)
                }
            });
            return;
        }
        let guard = KingGuard::new(self, self.is_check());
        self.for_each_pseudo::<CAPTURES, _>(from_mask, &mut |m| {
            if keep(m) && guard.allows(self, m) {
                f(m)
            }
        });
    }

    /// Replaces the contents of `out` with the moves of RULES §2 before the King-safety test
    /// of RULES §4, and returns that test: `test.allows(self, m)` tells which are legal. A
    /// search that stops at the first moves it tries (a refutation) then tests only those.
    /// The legal ones come in the order of [`Position::legal_moves`].
    pub fn fill_pseudo_moves(&self, out: &mut MoveList) -> KingTest {
        self.fill_pseudo::<false>(out)
    }

    /// [`Position::fill_pseudo_moves`] for the moves that capture (those of
    /// [`Position::fill_legal_captures`] before their test).
    pub fn fill_pseudo_captures(&self, out: &mut MoveList) -> KingTest {
        self.fill_pseudo::<true>(out)
    }

    /// [`Position::fill_pseudo_moves`] for the moves that capture nothing (suicides among
    /// them), in the same order, without a King-safety test: the one that came with
    /// [`Position::fill_pseudo_captures`] serves them. Together the two list every move once,
    /// so that a search can list and try the captures first and the rest only when no
    /// capture refuted the position.
    pub fn fill_pseudo_quiets(&self, out: &mut MoveList) {
        out.clear();
        if self.king_missing() {
            return;
        }
        self.for_each_pseudo::<false, _>(Bitboard::FULL, &mut |m| {
            if !m.is_capture() {
                out.push(m)
            }
        });
    }

    /// The pseudo-legal moves (`CAPTURES`: only those that capture) into `out`, with their test.
    fn fill_pseudo<const CAPTURES: bool>(&self, out: &mut MoveList) -> KingTest {
        out.clear();
        if self.king_missing() {
            return KingTest {
                needed: false,
                in_check: None,
                guard: OnceCell::new(),
            };
        }
        self.for_each_pseudo::<CAPTURES, _>(Bitboard::FULL, &mut |m| out.push(m));
        self.king_test()
    }

    fn king_test(&self) -> KingTest {
        KingTest {
            needed: !self.rules.king_capture,
            in_check: None,
            guard: OnceCell::new(),
        }
    }

    /// Every legal move (RULES §4), suicides included.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.fill_legal_moves(&mut list);
        list
    }

    /// Replaces the contents of `out` with [`Position::legal_moves`]: a search that keeps
    /// one list per ply fills it in place instead of copying a returned list (7 KB).
    pub fn fill_legal_moves(&self, out: &mut MoveList) {
        out.clear();
        self.for_each_legal(Bitboard::FULL, &mut |m| out.push(m));
    }

    /// [`Position::fill_legal_moves`] for the moves of the piece on `from`.
    pub fn fill_legal_moves_from(&self, from: Square, out: &mut MoveList) {
        out.clear();
        self.for_each_legal(Bitboard::from_square(from), &mut |m| out.push(m));
    }

    /// The legal moves of the piece on `from` (its suicide included, if frozen).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        self.fill_legal_moves_from(from, &mut list);
        list
    }

    /// Replaces the contents of `out` with the legal moves that capture something (for the
    /// AI's quiescence search, which keeps one list per ply instead of a new one on the stack).
    pub fn fill_legal_captures(&self, out: &mut MoveList) {
        out.clear();
        self.for_each_legal_where::<true, _, _>(Bitboard::FULL, |_| true, &mut |m| out.push(m));
    }

    /// The number of legal moves, without storing them.
    pub fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        self.for_each_legal(Bitboard::FULL, &mut |_| n += 1);
        n
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        // Generation cannot stop early through a closure; a count of one piece at a time
        // stops at the first piece that has a move.
        let own = self.board.by_color(self.turn);
        own.into_iter().any(|sq| {
            let mut any = false;
            self.for_each_legal(Bitboard::from_square(sq), &mut |_| any = true);
            any
        })
    }

    /// Whether `m` is a legal move here.
    pub fn is_legal(&self, m: Move) -> bool {
        let mut found = false;
        self.for_each_legal(Bitboard::from_square(m.from()), &mut |l| found |= l == m);
        found
    }

    /// Plays a legal move, handing back the position unchanged if it is not legal.
    ///
    /// # Errors
    ///
    /// [`PlayError`] if `m` is not among [`Position::legal_moves`].
    // The position is handed back by value, as it came: it is `Copy`, and 112 bytes since the
    // board keeps its piece counts, which puts the error just over clippy's 128-byte line.
    #[allow(clippy::result_large_err)]
    pub fn play(mut self, m: Move) -> Result<Position, (Position, PlayError)> {
        if !self.is_legal(m) {
            let text = m.to_string();
            return Err((self, PlayError { text }));
        }
        self.play_unchecked(m);
        Ok(self)
    }

    /// Plays `m`, which must be legal (for search and perft), and returns what
    /// [`Position::undo`] needs.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        let mut undo = self.undo_record();
        let us = self.turn;
        let mut hash = self.hash;
        let mut victims = 0;
        self.board.play(us, m, |color, role, sq| {
            hash ^= zobrist::piece_key(color, role, sq);
            if color != us {
                undo.captured |= (role as u64) << (3 * victims);
                victims += 1;
            }
        });
        self.hash = hash;
        self.end_ply(m.is_capture() || m.is_suicide());
        undo
    }

    /// Takes back `m`, the last move played by [`Position::play_unchecked`].
    pub fn undo(&mut self, m: Move, undo: Undo) {
        self.take_back_ply(undo);
        let us = self.turn;
        let them = !us;
        match m {
            Move::Normal {
                role,
                from,
                to,
                captures,
            } => {
                self.board.take(to, us, role);
                self.board.put(from, us, role);
                for (i, sq) in captures.into_iter().enumerate() {
                    let victim = Role::ALL[(undo.captured >> (3 * i) & 7) as usize];
                    self.board.put(sq, them, victim);
                }
            }
            Move::Suicide { role, square } => self.board.put(square, us, role),
        }
    }

    /// Passes the turn (a "null move", for the AI's null-move pruning; not a move of the
    /// game): the same placement with the other side to move, counted as a ply without a
    /// capture. The side to move must not be in check, or the result would let the other side
    /// capture a King. Returns what [`Position::undo_null`] needs.
    pub fn play_null(&mut self) -> Undo {
        let undo = self.undo_record();
        self.end_ply(false);
        undo
    }

    /// Takes back the null move [`Position::play_null`] just played.
    pub fn undo_null(&mut self, undo: Undo) {
        self.take_back_ply(undo);
    }

    /// What [`Position::take_back_ply`] restores, before a ply changes anything.
    #[inline]
    fn undo_record(&self) -> Undo {
        Undo {
            captured: 0,
            halfmoves: self.halfmoves,
            hash: self.hash,
        }
    }

    /// What every ply does besides moving pieces, a real move or a null move: counts it
    /// (from 0 again after a capture or suicide, `resets`), and gives the turn to the other
    /// side. The hash must already hold the ply's piece changes.
    #[inline]
    fn end_ply(&mut self, resets: bool) {
        self.halfmoves = if resets { 0 } else { self.halfmoves + 1 };
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        self.hash ^= zobrist::black_to_move_key();
    }

    /// Undoes [`Position::end_ply`] and restores the counters and hash of `undo`: the mover
    /// is to move again.
    #[inline]
    fn take_back_ply(&mut self, undo: Undo) {
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        self.halfmoves = undo.halfmoves;
        self.hash = undo.hash;
    }

    /// The squares a piece of the side to move on `sq` may travel to under the distance rule.
    #[inline]
    pub(crate) fn reach(&self, sq: Square, color: Color) -> Bitboard {
        reach(&self.rules, sq, color)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_setup(), f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
