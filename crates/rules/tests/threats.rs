//! `Position::threatened`: the side to move's pieces the other side could capture if it were
//! its turn (the page's "threatened pieces" marks).

use ultima::{Bitboard, Position, Rules, Square};

fn threatened(fen: &str) -> Vec<String> {
    let pos = Position::from_fen(fen, Rules::default()).expect("the position parses");
    pos.threatened()
        .into_iter()
        .map(|sq| sq.to_string())
        .collect()
}

#[test]
fn the_pieces_the_other_side_could_take() {
    // The Withdrawer on e4 would move away from the Pawn on d4.
    assert_eq!(threatened("4k3/8/8/8/3pW3/8/8/3K4 b"), ["d4"]);
    // The Long Leaper on d8 would leap both Pawns at once (the Defending lesson's first step).
    assert_eq!(threatened("3lk3/8/3P4/8/3P4/8/8/4K3 w"), ["d4", "d6"]);
    // With the gap closed, nothing.
    assert!(threatened("3lk3/8/3P4/3P4/8/8/8/4K3 w").is_empty());
    // A frozen Withdrawer threatens nothing (the Defending lesson's last step, solved).
    assert!(threatened("4k3/8/8/8/8/2I5/Pw6/XP2K3 w").is_empty());
    assert_eq!(threatened("4k2I/8/8/8/8/8/Pw6/XP2K3 w"), ["a1", "b1", "a2"]);
}

#[test]
fn in_check_the_king_alone() {
    // The Withdrawer on e5 would move away from the King on e4.
    assert_eq!(threatened("7k/6pp/8/4w3/4K3/8/PP6/8 w"), ["e4"]);
}

#[test]
fn only_the_side_to_moves_pieces_and_the_position_unchanged() {
    let fens = [
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1",
        "3lk3/8/3P4/8/3P4/8/8/4K3 w",
        "4k2I/8/8/8/8/8/Pw6/XP2K3 w",
    ];
    for fen in fens {
        let pos = Position::from_fen(fen, Rules::default()).unwrap();
        let before = pos.to_string();
        let mine: Bitboard = Square::all()
            .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.color == pos.turn()))
            .collect();
        let threatened = pos.threatened();
        assert_eq!(threatened & mine, threatened, "{fen}");
        assert_eq!(pos.to_string(), before, "{fen}: unchanged");
    }
}

#[test]
fn the_passed_position_is_the_other_sides_turn_on_the_same_pieces() {
    let pos = Position::from_fen("3lk3/8/3P4/8/3P4/8/8/4K3 w 0 1", Rules::default()).unwrap();
    let passed = pos.passed().expect("no check: a pass is possible");
    assert_eq!(passed.to_fen(), "3lk3/8/3P4/8/3P4/8/8/4K3 b 1 1");
    assert_eq!(passed.hash(), passed.compute_hash());
    // The Long Leaper's leap over both Pawns is Black's there, and the threat here.
    let leap = passed
        .legal_moves()
        .iter()
        .find(|m| m.to_string() == "d8-d3xd4xd6")
        .copied();
    assert!(leap.is_some(), "{:?}", passed.legal_moves());
    assert_eq!(
        passed.passed().unwrap().to_fen(),
        "3lk3/8/3P4/8/3P4/8/8/4K3 w 2 2"
    );
}

#[test]
fn no_pass_in_check() {
    let pos = Position::from_fen("7k/6pp/8/4w3/4K3/8/PP6/8 w", Rules::default()).unwrap();
    assert!(pos.passed().is_none());
}
