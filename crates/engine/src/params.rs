//! The tunable numbers of the evaluation and the search, in one place.

use core::fmt;
use ultima::{Color, Role, Square};

/// Evaluation weights, in centipawns (a Pawn is 100).
///
/// Every weight is also reachable by its [`Weight`] name ([`EvalParams::get`],
/// [`EvalParams::set`]), so that a tuner can treat them as one vector and the evaluation's
/// code names each term once for both uses (the `Terms` of [`crate::eval`]).
#[derive(Clone, Debug, PartialEq)]
pub struct EvalParams {
    /// Material by [`Role`] index (King, Withdrawer, Coordinator, Immobilizer, Long Leaper,
    /// Chameleon, Pawn); the King's entry is unused.
    pub value: [i32; 7],
    /// What a frozen piece loses, by role.
    pub frozen_penalty: [i32; 7],
    /// Per square a free (unfrozen) officer can slide to, by role (0 by default: see below).
    pub mobility: [i32; 7],
    /// The King's own freedom: by the number of empty squares around it (0..=8).
    pub king_freedom: [i32; 9],
    /// Our King frozen by the enemy Immobilizer.
    pub king_frozen: i32,
    /// The enemy Immobilizer two steps from our King.
    pub immobilizer_near_king: i32,
    /// Free enemy pieces within two steps of our King, by role.
    pub king_attacker: [i32; 7],
    /// Our King on the rank or file of the enemy King while the enemy has a free Coordinator:
    /// the Coordinator needs one move to reach our King's other line.
    pub coordinator_line: i32,
    /// The same with the two Kings one rank or file apart (one King move from it).
    pub coordinator_near_line: i32,
    /// Enemy free Long Leapers on a line through our King.
    pub leaper_line: i32,
    /// For the side to move.
    pub tempo: i32,
    /// Per enemy piece one of our free Long Leapers could leap at once (the piece next on
    /// one of its lines, an empty square beyond).
    pub leaper_targets: i32,
    /// Per enemy piece next to one of our free Withdrawers with an empty square on the
    /// Withdrawer's other side (it could withdraw from it at once).
    pub withdrawer_targets: i32,
    /// Where each piece stands: by role and [`Weight::square_index`] (the board seen from
    /// its owner's side, files folded onto a–d). `None`: no such term (the hand-set
    /// weights), which also spares its cost.
    pub squares: Option<Box<SquareWeights>>,
    /// Quiescence skips the positional terms when material alone is this far outside the
    /// window (not a weight of the evaluation: a bound of the search).
    pub lazy_margin: i32,
}

/// The name of one weight of [`EvalParams`]: what a term of the evaluation adds to and a
/// tuner fits. [`Weight::index`] numbers them `0..Weight::COUNT`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    Value(Role),
    FrozenPenalty(Role),
    Mobility(Role),
    /// By the number of empty squares around the King, `0..=8`.
    KingFreedom(usize),
    KingFrozen,
    ImmobilizerNearKing,
    KingAttacker(Role),
    CoordinatorLine,
    CoordinatorNearLine,
    LeaperLine,
    Tempo,
    LeaperTargets,
    WithdrawerTargets,
    /// By role and [`Weight::square_index`], `0..32`.
    Square(Role, usize),
}

impl Weight {
    /// How many weights there are.
    pub const COUNT: usize = 3 * 7 + 9 + 2 + 7 + 3 + 1 + 2 + 7 * 32;

    /// The weight's place in `0..COUNT`.
    pub fn index(self) -> usize {
        match self {
            Weight::Value(r) => r.index(),
            Weight::FrozenPenalty(r) => 7 + r.index(),
            Weight::Mobility(r) => 14 + r.index(),
            Weight::KingFreedom(n) => 21 + n,
            Weight::KingFrozen => 30,
            Weight::ImmobilizerNearKing => 31,
            Weight::KingAttacker(r) => 32 + r.index(),
            Weight::CoordinatorLine => 39,
            Weight::CoordinatorNearLine => 40,
            Weight::LeaperLine => 41,
            Weight::Tempo => 42,
            Weight::LeaperTargets => 43,
            Weight::WithdrawerTargets => 44,
            Weight::Square(r, i) => 45 + 32 * r.index() + i,
        }
    }

    /// Every weight, in index order.
    pub fn all() -> impl Iterator<Item = Weight> {
        let by_role = |f: fn(Role) -> Weight| Role::ALL.into_iter().map(f);
        by_role(Weight::Value)
            .chain(by_role(Weight::FrozenPenalty))
            .chain(by_role(Weight::Mobility))
            .chain((0..9).map(Weight::KingFreedom))
            .chain([Weight::KingFrozen, Weight::ImmobilizerNearKing])
            .chain(by_role(Weight::KingAttacker))
            .chain([
                Weight::CoordinatorLine,
                Weight::CoordinatorNearLine,
                Weight::LeaperLine,
                Weight::Tempo,
                Weight::LeaperTargets,
                Weight::WithdrawerTargets,
            ])
            .chain(
                Role::ALL
                    .into_iter()
                    .flat_map(|r| (0..32).map(move |i| Weight::Square(r, i))),
            )
    }

    /// Whether the evaluation ever counts this weight: the King has no material, frozen
    /// penalty or mobility term (a frozen King is [`Weight::KingFrozen`]), and only the
    /// officers have mobility. A tuner leaves the others at 0.
    pub fn is_used(self) -> bool {
        match self {
            Weight::Value(r) | Weight::FrozenPenalty(r) => r != Role::King,
            Weight::Mobility(r) => !matches!(r, Role::King | Role::Pawn),
            _ => true,
        }
    }

    /// The index of `sq` in a [`Weight::Square`] table for a piece of `owner`: ranks counted
    /// from the owner's side, files folded onto a–d (the two starting arrays differ only by
    /// the King's and Immobilizer's files, so left and right share their weights).
    #[inline]
    pub fn square_index(owner: Color, sq: Square) -> usize {
        let rank = if owner == Color::White {
            sq.rank()
        } else {
            7 - sq.rank()
        };
        let file = sq.file().min(7 - sq.file());
        (rank * 4 + file) as usize
    }
}

/// The [`Weight::Square`] weights, kept where the evaluation reads them: by owner, role and
/// square, each of the 32 weights of a role written on the four squares it stands for (its
/// file and the mirrored one, for either owner). A piece's weight is then one lookup: folding
/// its square at each evaluation had cost 14% of the positional terms' instructions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareWeights {
    by_square: [[[i32; 64]; 7]; 2],
}

impl SquareWeights {
    /// Every weight 0.
    pub const ZERO: SquareWeights = SquareWeights {
        by_square: [[[0; 64]; 7]; 2],
    };

    /// The weight of `role` at [`Weight::square_index`] `i`.
    pub fn get(&self, role: Role, i: usize) -> i32 {
        let sq = Square::from_coords((i % 4) as i32, (i / 4) as i32).expect("an index below 32");
        self.by_square[Color::White.index()][role.index()][sq.index()]
    }

    /// Sets the weight of `role` at [`Weight::square_index`] `i`, on each square it stands for.
    pub fn set(&mut self, role: Role, i: usize, v: i32) {
        // As `get` does: an index no square has is a caller's bug, not a weight to drop.
        assert!(i < 32, "a square weight index below 32, not {i}");
        for c in Color::ALL {
            for sq in Square::all() {
                if Weight::square_index(c, sq) == i {
                    self.by_square[c.index()][role.index()][sq.index()] = v;
                }
            }
        }
    }

    /// The weight of a piece of `owner` and `role` on `sq`.
    #[inline(always)]
    pub fn at(&self, owner: Color, role: Role, sq: Square) -> i32 {
        self.by_square[owner.index()][role.index()][sq.index()]
    }
}

impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Weight::Value(r) => write!(f, "value {}", r.name()),
            Weight::FrozenPenalty(r) => write!(f, "frozen {}", r.name()),
            Weight::Mobility(r) => write!(f, "mobility {}", r.name()),
            Weight::KingFreedom(n) => write!(f, "king freedom {n}"),
            Weight::KingFrozen => f.write_str("king frozen"),
            Weight::ImmobilizerNearKing => f.write_str("immobilizer near king"),
            Weight::KingAttacker(r) => write!(f, "king attacker {}", r.name()),
            Weight::CoordinatorLine => f.write_str("coordinator line"),
            Weight::CoordinatorNearLine => f.write_str("coordinator near line"),
            Weight::LeaperLine => f.write_str("leaper line"),
            Weight::Tempo => f.write_str("tempo"),
            Weight::LeaperTargets => f.write_str("leaper targets"),
            Weight::WithdrawerTargets => f.write_str("withdrawer targets"),
            Weight::Square(r, i) => {
                write!(
                    f,
                    "square {} {}{}",
                    r.name(),
                    (b'a' + (i % 4) as u8) as char,
                    i / 4 + 1
                )
            }
        }
    }
}

impl EvalParams {
    /// The weight named `w`.
    #[inline]
    pub fn get(&self, w: Weight) -> i32 {
        match w {
            Weight::Value(r) => self.value[r.index()],
            Weight::FrozenPenalty(r) => self.frozen_penalty[r.index()],
            Weight::Mobility(r) => self.mobility[r.index()],
            Weight::KingFreedom(n) => self.king_freedom[n],
            Weight::KingFrozen => self.king_frozen,
            Weight::ImmobilizerNearKing => self.immobilizer_near_king,
            Weight::KingAttacker(r) => self.king_attacker[r.index()],
            Weight::CoordinatorLine => self.coordinator_line,
            Weight::CoordinatorNearLine => self.coordinator_near_line,
            Weight::LeaperLine => self.leaper_line,
            Weight::Tempo => self.tempo,
            Weight::LeaperTargets => self.leaper_targets,
            Weight::WithdrawerTargets => self.withdrawer_targets,
            Weight::Square(r, i) => self.squares.as_ref().map_or(0, |t| t.get(r, i)),
        }
    }

    /// Sets the weight named `w` (a square weight creates the square tables).
    pub fn set(&mut self, w: Weight, v: i32) {
        match w {
            Weight::Value(r) => self.value[r.index()] = v,
            Weight::FrozenPenalty(r) => self.frozen_penalty[r.index()] = v,
            Weight::Mobility(r) => self.mobility[r.index()] = v,
            Weight::KingFreedom(n) => self.king_freedom[n] = v,
            Weight::KingFrozen => self.king_frozen = v,
            Weight::ImmobilizerNearKing => self.immobilizer_near_king = v,
            Weight::KingAttacker(r) => self.king_attacker[r.index()] = v,
            Weight::CoordinatorLine => self.coordinator_line = v,
            Weight::CoordinatorNearLine => self.coordinator_near_line = v,
            Weight::LeaperLine => self.leaper_line = v,
            Weight::Tempo => self.tempo = v,
            Weight::LeaperTargets => self.leaper_targets = v,
            Weight::WithdrawerTargets => self.withdrawer_targets = v,
            Weight::Square(r, i) => self
                .squares
                .get_or_insert_with(|| Box::new(SquareWeights::ZERO))
                .set(r, i, v),
        }
    }

    /// Every weight, by [`Weight::index`].
    pub fn weights(&self) -> Vec<i32> {
        Weight::all().map(|w| self.get(w)).collect()
    }

    /// The hand-set weights ([`EvalParams::hand`]) with `weights` (by [`Weight::index`],
    /// [`Weight::COUNT`] of them) in place of theirs; the square tables only if one of
    /// their weights is not 0.
    pub fn from_weights(weights: &[i32]) -> EvalParams {
        assert_eq!(weights.len(), Weight::COUNT, "one number per weight");
        let mut p = EvalParams::hand();
        for (w, &v) in Weight::all().zip(weights) {
            if v != 0 || !matches!(w, Weight::Square(..)) {
                p.set(w, v);
            }
        }
        p
    }

    /// The weights fitted to self-play games by `ultima tune` (`crates/engine/src/tuned.rs`):
    /// the engine's own ([`EvalParams::default`]).
    pub fn tuned() -> EvalParams {
        EvalParams::from_weights(&crate::tuned::WEIGHTS)
    }

    /// The weights set by hand before the tuned ones. They are the base the tuner starts
    /// from and fits `K` to, the material values of the reference players, and the weights
    /// the puzzle set was mined and is verified with; the player setting `tuned=0` plays them.
    pub fn hand() -> EvalParams {
        let mut value = [0; 7];
        value[Role::Withdrawer.index()] = 450;
        value[Role::Coordinator.index()] = 425;
        value[Role::Immobilizer.index()] = 550;
        value[Role::LongLeaper.index()] = 400;
        value[Role::Chameleon.index()] = 375;
        value[Role::Pawn.index()] = 100;
        // A frozen piece loses 35% of its value (a Pawn 25%), rounded down.
        let mut frozen_penalty = [0; 7];
        for r in &Role::ALL[1..] {
            let percent = if *r == Role::Pawn { 25 } else { 35 };
            frozen_penalty[r.index()] = value[r.index()] * percent / 100;
        }
        // Mobility is off: at 3 cp a square (2 for the Chameleon) it lost 6-2-20 at 40 000
        // nodes a move against the same engine without it.
        let mobility = [0; 7];
        let mut king_attacker = [0; 7];
        king_attacker[Role::King.index()] = 10;
        king_attacker[Role::Withdrawer.index()] = 20;
        king_attacker[Role::Coordinator.index()] = 10;
        king_attacker[Role::Immobilizer.index()] = 0;
        king_attacker[Role::LongLeaper.index()] = 12;
        king_attacker[Role::Chameleon.index()] = 12;
        king_attacker[Role::Pawn.index()] = 6;
        EvalParams {
            value,
            frozen_penalty,
            mobility,
            king_freedom: [-70, -40, -20, -8, 0, 4, 8, 10, 12],
            king_frozen: 80,
            immobilizer_near_king: 30,
            king_attacker,
            coordinator_line: 35,
            coordinator_near_line: 10,
            leaper_line: 10,
            tempo: 10,
            // Not in the hand-set evaluation: terms for the tuner.
            leaper_targets: 0,
            withdrawer_targets: 0,
            squares: None,
            lazy_margin: 300,
        }
    }
}

impl Default for EvalParams {
    /// The engine's weights: the tuned ones ([`EvalParams::tuned`]). At equal time they beat
    /// the hand-set ones by about +175 Elo (the README's "Evaluation tuned on data").
    fn default() -> EvalParams {
        EvalParams::tuned()
    }
}

/// Search settings.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchParams {
    /// Half-width of the first aspiration window (0: no aspiration windows).
    pub aspiration: i32,
    /// Aspiration windows from this depth on.
    pub aspiration_depth: u32,
    /// The deepest quiescence line, in plies after the horizon.
    pub qsearch_depth: u32,
    /// Extra margin of delta pruning in quiescence.
    pub delta_margin: i32,
    /// Null-move pruning from this depth on (0: off). On from depth 3, together with reverse
    /// futility pruning up to depth 3: the two cut the nodes of a depth-8 search by 2.5×
    /// (`ultima bench --depth 8 --player level:8,nmp=0,rfp=0` against the defaults) and, at
    /// the same 100,000 nodes a move, beat the search without them (see the README's Pruning
    /// section for the match). Each alone, at 40,000 nodes a move, had shown no gain
    /// (-11 ± 52 and -18 ± 52 Elo over 160 games).
    pub null_move_depth: i32,
    /// Reverse futility pruning margin per ply, up to `rfp_depth` (0: off).
    pub rfp_margin: i32,
    pub rfp_depth: i32,
    /// Futility pruning margin at depth 1 (0: off).
    pub futility_margin: i32,
    /// Late move reductions from this depth on (0: off), after `lmr_moves` moves: +117 ± 110
    /// Elo over 40 games at 40 000 nodes a move.
    pub lmr_depth: i32,
    pub lmr_moves: usize,
    /// Late move reductions by logarithms (0: off, the reductions of 1 to 3 plies): `0.5 +
    /// ln(depth) · ln(move number) / (lmr_log / 100)` plies, rounded down (`reduction.rs`);
    /// 150 by default, with [`SearchParams::correction`]. Alone it played no better (+1 Elo
    /// over 263 games at 0.2 s a move); with the correction, see there.
    pub lmr_log: i32,
    /// Extend moves into check by one ply.
    pub check_extension: bool,
    /// Late move pruning up to this depth (0: off): away from the principal variation and
    /// out of check, once `lmp_moves + depth²` quiet moves have been searched, the node's
    /// remaining quiet moves and suicides are not. On from depth 3 it beat the search
    /// without it by +164 ± 76 Elo at 0.2 s a move (SPRT accepted after 82 games) and was
    /// accepted at 1 s after 11 games (9 wins, 2 draws); see the README's Pruning section.
    pub lmp_depth: i32,
    pub lmp_moves: usize,
    /// When the host stops the search (its clock, [`crate::Deadline`]) in the middle of an
    /// iteration, play a root move that iteration has proven better than the last one's
    /// choice, instead of throwing the unfinished iteration away. A node budget that runs
    /// out ([`crate::Limits::nodes`], the levels 3–7) still answers with the last completed
    /// iteration, so the levels play as their matches placed them.
    pub play_unfinished: bool,
    /// Order the quiet move that last refuted the opponent's previous move (its counter
    /// move) right after the killers, and do not reduce it: +49 Elo (95% +18 .. +81) over 358
    /// games at 0.2 s a move, SPRT accepted; see the README's Move ordering section.
    // CITE: chessprogramming.org/Countermove_Heuristic.
    pub counter_moves: bool,
    /// Order quiet moves by continuation history as well: how well a move did after the
    /// same piece-and-destination one and two plies before, added to its square history,
    /// every history score kept by gravity (`history.rs`): +27 Elo (95% +6 .. +47) over
    /// 919 games at 0.2 s a move, SPRT accepted; see the README's Move ordering section.
    // CITE: chessprogramming.org/History_Heuristic (counter move history, follow-up history).
    pub continuation_history: bool,
    /// Late move reductions adjusted by history (0: off): a quiet move is reduced one ply
    /// less for each this much of the history score that orders it (at most two), one more
    /// when the score is this far below zero. At 16,384 it acts on few moves: most of those
    /// that reach the reduction score between −3,072 and 0, and under 0.3% score 11,264 or
    /// more (a depth-9 bench search). Those few are reduced less; the bench search grows at
    /// some depths and shrinks at others (depth 9: 2,596,584 nodes against 2,474,949; depth
    /// 8: 1,199,197 against 1,257,681) and plays better: +34 Elo (95% +9 .. +59) over 590
    /// games at 0.2 s a move, SPRT accepted; see the README's Pruning section.
    // CITE: chessprogramming.org/Late_Move_Reductions (reductions by history).
    pub history_reduction: i32,
    /// List and try a node's captures before listing its other moves, which are listed only
    /// when no capture has refuted the node: a capture refutes 43% of the nodes that list
    /// moves in a depth-9 bench search, and those are spared listing, scoring and sorting the
    /// rest. The rest are scored once the captures' subtrees have updated the history tables,
    /// so their order is not quite that of scoring every move at once: over 207 positions the
    /// searches take 0.8% more nodes, and 7% less time in both builds (see the README's
    /// "Search speed").
    pub captures_first: bool,
    /// A search without a depth limit ends once its iterations are this many plies past a
    /// mate it has found: deeper ones could only find a shorter mate, but the pruning near the
    /// leaves can hide the shortest for a ply or two (a mate in 3 of the tactical test set is
    /// found as a mate in 4 until depth 11). Four by default; the data sets were mined with
    /// two, which their miners keep so that the sets come out the same.
    pub mate_margin: u32,
    /// Reverse futility pruning, futility pruning and the null-move test read the
    /// transposition table's score in place of the static evaluation when the entry's bound
    /// says the node is worth more (a lower bound above it), less (an upper bound below it),
    /// or exactly that: the entry was searched, the evaluation only guesses. +41 Elo (95% +13
    /// .. +70) over 459 games at 0.2 s a move, SPRT accepted; see the README's Pruning section.
    // CITE: chessprogramming.org/Transposition_Table (using the stored score as a better
    // static evaluation).
    pub tt_eval: bool,
    /// Correct the static evaluation of the search's nodes by what the searches of earlier
    /// nodes with the same Pawns or the same officers of one side found it to be off
    /// (`correction.rs`). Alone it played no measurably better (+9 Elo over 523 games at 0.2 s
    /// a move). With [`SearchParams::lmr_log`] at 150 the two halve the nodes of the nine
    /// bench middlegames to depth 13, search a ply deeper in 1 s in the browser, and lose
    /// nothing at equal time: +6 Elo (95% −14 .. +26) over 880 games at 0.2 s a move, the
    /// SPRT for no loss (−20 .. 0 Elo) accepted; see the README's Pruning section.
    pub correction: bool,
    /// Internal iterative reduction from this depth on (0: off): a node below the root that
    /// the transposition table knows no move for is searched one ply shallower. Its moves come in a worse
    /// order and the search of it is likelier wasted; the iteration before will have stored
    /// a move for the next visit. 4 by default, with [`SearchParams::improving`]: the pair
    /// beat the search without it by +63 Elo (95% +26 .. +102) over 267 games at 0.2 s a
    /// move, SPRT accepted; see the README's Pruning section.
    // CITE: chessprogramming.org/Internal_Iterative_Reductions.
    pub iir_depth: i32,
    /// Judge whether the side to move is improving (its static evaluation above the one two
    /// plies before) and prune more where it is not: reverse futility pruning's margin is one
    /// ply's smaller for an improving node, and late move pruning stops after two thirds of
    /// the quiet moves where the node is not improving. On by default, with
    /// [`SearchParams::iir_depth`] (see there); alone, +23 Elo (95% −19 .. +66) over 209
    /// games, undecided when stopped.
    // CITE: chessprogramming.org/Improving.
    pub improving: bool,
}

impl SearchParams {
    /// The search the shipped data sets were mined with (the tuning data behind
    /// [`EvalParams::tuned`], the puzzle set, the tactical test set), which their miners keep
    /// so that the sets come out the same: none of what came after them. Every setting is
    /// written out here, so that a new one cannot be added without its value as of the sets;
    /// [`SearchParams::default`] is this plus what came later.
    pub fn as_of_data_sets() -> SearchParams {
        SearchParams {
            aspiration: 40,
            aspiration_depth: 4,
            qsearch_depth: 6,
            delta_margin: 150,
            null_move_depth: 3,
            rfp_margin: 90,
            rfp_depth: 3,
            futility_margin: 250,
            lmr_depth: 3,
            lmr_moves: 3,
            check_extension: true,
            lmp_depth: 0,
            lmp_moves: 4,
            play_unfinished: true,
            counter_moves: false,
            continuation_history: false,
            history_reduction: 0,
            captures_first: false,
            mate_margin: 2,
            tt_eval: false,
            correction: false,
            lmr_log: 0,
            iir_depth: 0,
            improving: false,
        }
    }
}

impl Default for SearchParams {
    /// [`SearchParams::as_of_data_sets`] and what each later change that a match accepted
    /// turned on.
    fn default() -> SearchParams {
        SearchParams {
            lmp_depth: 3,
            counter_moves: true,
            continuation_history: true,
            history_reduction: 16_384,
            captures_first: true,
            mate_margin: 4,
            tt_eval: true,
            correction: true,
            lmr_log: 150,
            iir_depth: 4,
            improving: true,
            ..SearchParams::as_of_data_sets()
        }
    }
}
