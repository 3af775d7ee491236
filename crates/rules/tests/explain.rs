//! `Position::captures_explained`: how a move takes each piece, on the worked examples of RULES
//! §7 (the random games of `properties.rs` check the geometry of every capture).

use ultima::{CaptureWay, Position, Rules};

/// The explanation of `text` in `fen`: each capture as "square victim way imitated".
fn explained(fen: &str, text: &str) -> Vec<String> {
    let pos = Position::from_fen(fen, Rules::default()).expect("the position parses");
    let m = pos.parse_move(text).expect("the move is legal");
    pos.captures_explained(m)
        .iter()
        .map(|c| {
            let way = match c.way {
                CaptureWay::Displacement => "displacement".to_string(),
                CaptureWay::Withdrawal => "withdrawal".to_string(),
                CaptureWay::Leap => "leap".to_string(),
                CaptureWay::Coordination { king } => format!("coordination with {king}"),
                CaptureWay::Pinch { partner } => format!("pinch against {partner}"),
            };
            format!(
                "{} {} {way}{}",
                c.square,
                c.victim.name(),
                if c.imitated { " imitated" } else { "" }
            )
        })
        .collect()
}

#[test]
fn each_piece_its_own_way() {
    // Example 2: the Long Leaper leaps two Pawns.
    assert_eq!(
        explained("4k3/8/8/p7/8/8/p7/L3K3 w", "a1-a6xa2xa5"),
        ["a2 pawn leap", "a5 pawn leap"]
    );
    // Example 4: the Withdrawer moves away from d5.
    assert_eq!(
        explained("7k/8/8/3pp3/3W4/2p5/8/K7 w", "d4-d3xd5"),
        ["d5 pawn withdrawal"]
    );
    // Example 5: the Coordinator's rectangle with its King on c2.
    assert_eq!(
        explained("7k/8/2p5/8/3C4/8/2K2p2/8 w", "d4-f6xf2xc6"),
        [
            "f2 pawn coordination with c2",
            "c6 pawn coordination with c2"
        ]
    );
    // Example 6: the Pawn pinches e4 against the Withdrawer on f4 and d5 against the Long
    // Leaper on d6.
    assert_eq!(
        explained("k7/8/3L4/3pl3/2p1pW2/8/8/3P3K w", "d1-d4xe4xd5"),
        ["e4 pawn pinch against f4", "d5 pawn pinch against d6"]
    );
    // A King steps onto its victim.
    assert_eq!(
        explained("4k3/8/8/8/8/8/3p4/4K3 w", "e1-d2xd2"),
        ["d2 pawn displacement"]
    );
}

#[test]
fn the_chameleon_imitates_each_victim() {
    // Example 7: seven captures, four ways, each the victim's own.
    assert_eq!(
        explained(
            "2P3k1/2p5/Pp1pP2c/2l5/7K/2l5/2X5/2w5 w",
            "c2-c6xc1xc3xc5xb6xd6xh6xc7"
        ),
        [
            "c1 withdrawer withdrawal imitated",
            "c3 long leaper leap imitated",
            "c5 long leaper leap imitated",
            "b6 pawn pinch against a6 imitated",
            "d6 pawn pinch against e6 imitated",
            "h6 coordinator coordination with h4 imitated",
            "c7 pawn pinch against c8 imitated",
        ]
    );
    // Example 8: along a rook line it pinches the Pawn.
    assert_eq!(
        explained("4k3/8/8/8/8/1Pp5/8/3X1X1K w", "d1-d3xc3"),
        ["c3 pawn pinch against b3 imitated"]
    );
}

#[test]
fn quiet_moves_and_suicides_explain_nothing() {
    assert!(explained("4k3/8/8/8/8/1Pp5/8/3X1X1K w", "f1-d3").is_empty());
    assert!(explained("4k3/8/8/3i4/3X4/8/8/4K3 w", "d4-").is_empty());
    let start = Position::default();
    assert!(start
        .legal_moves()
        .iter()
        .all(|&m| start.captures_explained(m).is_empty()));
    // A move that is not legal here is not explained wrongly, and nothing panics: the King on
    // e1 does not stand next to d3.
    let pos = Position::from_fen("4k3/8/8/8/8/3p4/8/4K3 w", Rules::default()).unwrap();
    let elsewhere = Position::from_fen("4k3/8/8/8/8/8/3p4/4K3 w", Rules::default()).unwrap();
    let m = elsewhere.parse_move("e1-d2xd2").unwrap();
    assert!(pos.captures_explained(m).is_empty(), "no piece on d2 here");
}
