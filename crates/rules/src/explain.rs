//! How a move takes each piece it captures (RULES §2), for a player reading it: in Ultima a
//! capture can come from a piece that never touches its victim (a Withdrawer moving away, a
//! Coordinator across the board with its King), so the page says how, from these facts.

use crate::{Move, Position, Role, Square};

/// How one captured piece is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureWay {
    /// The mover steps onto it: a King (§2.1), or a Chameleon taking a King (§2.7e).
    Displacement,
    /// The mover moves directly away from it: a Withdrawer (§2.2), or a Chameleon taking a
    /// Withdrawer (§2.7a).
    Withdrawal,
    /// It stands on a corner of the rectangle of the mover's new square and its own King's,
    /// `king`: a Coordinator (§2.3), or a Chameleon taking a Coordinator (§2.7d).
    Coordination { king: Square },
    /// The mover leaps over it: a Long Leaper (§2.5), or a Chameleon taking a Long Leaper (§2.7b).
    Leap,
    /// The mover pinches it against its own piece on `partner`: a Pawn (§2.6), or a Chameleon
    /// taking a Pawn (§2.7c).
    Pinch { partner: Square },
}

/// One piece a move captures, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
    /// Where it stood.
    pub square: Square,
    /// What it was.
    pub victim: Role,
    pub way: CaptureWay,
    /// Whether the mover is a Chameleon, taking the victim by the victim's own way.
    pub imitated: bool,
}

impl Position {
    /// The pieces `m` captures, in the move's order (ascending squares), each with how it is
    /// taken. `m` is a legal move of this position; for a quiet move or a suicide, none. A move
    /// that is not legal here never panics: a capture it could not make is left out.
    pub fn captures_explained(&self, m: Move) -> Vec<Capture> {
        let Move::Normal { role, to, .. } = m else {
            return Vec::new();
        };
        let king = self.board.king_of(self.turn);
        // A Chameleon takes each piece by that piece's own way (§2.7).
        let imitated = role == Role::Chameleon;
        m.captures()
            .into_iter()
            .filter_map(|square| {
                let victim = self.board.role_at(square)?;
                let way = match if imitated { victim } else { role } {
                    Role::King => CaptureWay::Displacement,
                    Role::Withdrawer => CaptureWay::Withdrawal,
                    Role::Coordinator => CaptureWay::Coordination { king: king? },
                    Role::LongLeaper => CaptureWay::Leap,
                    Role::Pawn => CaptureWay::Pinch {
                        partner: square
                            .offset(square.file() - to.file(), square.rank() - to.rank())?,
                    },
                    Role::Immobilizer | Role::Chameleon => return None,
                };
                Some(Capture {
                    square,
                    victim,
                    way,
                    imitated,
                })
            })
            .collect()
    }
}
