//! The tunable numbers of the evaluation and the search, in one place.

use ultima::Role;

/// Evaluation weights, in centipawns (a Pawn is 100).
#[derive(Clone, Debug, PartialEq)]
pub struct EvalParams {
    /// Material by [`Role`] index (King, Withdrawer, Coordinator, Immobilizer, Long Leaper,
    /// Chameleon, Pawn); the King's entry is unused.
    pub value: [i32; 7],
    /// What a frozen piece loses, in percent of its value.
    pub frozen_percent: [i32; 7],
    /// Per square a free (unfrozen) piece can slide to, by role (0 by default: see below).
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
    /// Quiescence skips the positional terms when material alone is this far outside the
    /// window.
    pub lazy_margin: i32,
}

impl Default for EvalParams {
    fn default() -> EvalParams {
        let mut value = [0; 7];
        value[Role::Withdrawer.index()] = 450;
        value[Role::Coordinator.index()] = 425;
        value[Role::Immobilizer.index()] = 550;
        value[Role::LongLeaper.index()] = 400;
        value[Role::Chameleon.index()] = 375;
        value[Role::Pawn.index()] = 100;
        let mut frozen_percent = [35; 7];
        frozen_percent[Role::Pawn.index()] = 25;
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
            frozen_percent,
            mobility,
            king_freedom: [-70, -40, -20, -8, 0, 4, 8, 10, 12],
            king_frozen: 80,
            immobilizer_near_king: 30,
            king_attacker,
            coordinator_line: 35,
            coordinator_near_line: 10,
            leaper_line: 10,
            tempo: 10,
            lazy_margin: 300,
        }
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
    /// the same 100,000 nodes a move, beat the search without them (see the README's Search
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
    /// Extend moves into check by one ply.
    pub check_extension: bool,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
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
        }
    }
}
