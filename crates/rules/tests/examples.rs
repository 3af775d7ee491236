//! The worked examples of RULES §7, each as stated there.

use ultima::{Bitboard, Game, Position, Reason, Rules, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Rules::default()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves_from(sq(from))
        .iter()
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

fn all_moves(p: &Position) -> Vec<String> {
    p.legal_moves().iter().map(|m| m.to_string()).collect()
}

#[test]
fn ex01_start_has_32_moves_and_16_with_distance_rule() {
    let start = Position::default();
    let moves = start.legal_moves();
    assert_eq!(moves.len(), 32);
    assert!(moves.iter().all(|m| m.role() == ultima::Role::Pawn));
    let rules: Rules = "distance_1968".parse().unwrap();
    let start_1968 = Position::start(Default::default(), rules);
    let moves = start_1968.legal_moves();
    assert_eq!(moves.len(), 16);
    assert!(moves
        .iter()
        .all(|m| m.to().is_some_and(|to| to.rank() <= 3)));
}

#[test]
fn ex02_long_leaper_several_captures() {
    let p = pos("4k3/8/8/p7/8/8/p7/L3K3 w");
    let on_a_file: Vec<String> = moves_from(&p, "a1")
        .into_iter()
        .filter(|m| m.starts_with("a1-a"))
        .collect();
    assert_eq!(
        on_a_file,
        [
            "a1-a3xa2",
            "a1-a4xa2",
            "a1-a6xa2xa5",
            "a1-a7xa2xa5",
            "a1-a8xa2xa5"
        ]
    );
}

#[test]
fn ex03_two_pieces_in_a_row_cannot_be_leapt() {
    let p = pos("4k3/8/8/8/8/p7/p7/L3K3 w");
    let moves = moves_from(&p, "a1");
    assert_eq!(moves.len(), 10);
    let mut expected = vec!["a1-b1", "a1-c1", "a1-d1"];
    let diag = ["b2", "c3", "d4", "e5", "f6", "g7", "h8"].map(|t| format!("a1-{t}"));
    expected.extend(diag.iter().map(String::as_str));
    expected.sort();
    assert_eq!(moves, expected);
}

#[test]
fn ex04_withdrawer_captures_only_what_it_moves_away_from() {
    let p = pos("7k/8/8/3pp3/3W4/2p5/8/K7 w");
    let moves = moves_from(&p, "d4");
    assert_eq!(moves.len(), 16);
    let captures: Vec<&String> = moves.iter().filter(|m| m.contains('x')).collect();
    assert_eq!(captures, ["d4-d1xd5", "d4-d2xd5", "d4-d3xd5"]);
    assert_eq!(p.legal_moves().len(), 19);
}

#[test]
fn ex05_coordinator() {
    let p = pos("7k/8/2p5/8/3C4/8/2K2p2/8 w");
    let moves = moves_from(&p, "d4");
    assert_eq!(moves.len(), 24);
    let mut captures: Vec<&String> = moves.iter().filter(|m| m.contains('x')).collect();
    captures.sort();
    assert_eq!(
        captures,
        ["d4-b6xc6", "d4-d6xc6", "d4-f4xf2", "d4-f6xf2xc6"]
    );
    assert_eq!(p.legal_moves().len(), 32);
}

#[test]
fn ex06_pawn_pinch_orthogonal_with_friend_beyond() {
    let p = pos("k7/8/3L4/3pl3/2p1pW2/8/8/3P3K w");
    let moves = moves_from(&p, "d1");
    assert_eq!(moves.len(), 9);
    let captures: Vec<&String> = moves.iter().filter(|m| m.contains('x')).collect();
    assert_eq!(captures, ["d1-d4xe4xd5"]);
}

#[test]
fn ex07_chameleon_seven_captures() {
    let p = pos("2P3k1/2p5/Pp1pP2c/2l5/7K/2l5/2X5/2w5 w");
    let m = p.parse_move("c2-c6").unwrap();
    assert_eq!(m.to_string(), "c2-c6xc1xc3xc5xb6xd6xh6xc7");
    assert!(p.is_legal(m));
    assert_eq!(m.captures().count(), 7);
}

#[test]
fn ex08_chameleon_takes_pawns_only_moving_orthogonally() {
    let p = pos("4k3/8/8/8/8/1Pp5/8/3X1X1K w");
    assert!(all_moves(&p).contains(&"d1-d3xc3".to_string()));
    let diagonal = p.parse_move("f1-d3").unwrap();
    assert_eq!(diagonal.to_string(), "f1-d3");
    assert!(diagonal.captures().is_empty());
}

#[test]
fn ex09_chameleon_and_immobilizer_freeze_each_other() {
    let p = pos("4k3/8/8/3i4/3X4/8/8/4K3 w");
    assert!(p.is_frozen(sq("d4")) && p.is_frozen(sq("d5")));
    // Each by the other.
    assert_eq!(
        p.board().freezers(sq("d4")),
        Bitboard::from_square(sq("d5"))
    );
    assert_eq!(
        p.board().freezers(sq("d5")),
        Bitboard::from_square(sq("d4"))
    );
    let mut moves = all_moves(&p);
    moves.sort();
    assert_eq!(moves.len(), 6);
    assert!(moves.contains(&"d4-".to_string()));
    assert_eq!(moves.iter().filter(|m| m.starts_with("e1-")).count(), 5);
}

#[test]
fn ex10_suicide_of_a_frozen_piece() {
    let p = pos("8/8/8/3pk3/2I5/8/8/K7 b");
    let moves = all_moves(&p);
    assert_eq!(moves.len(), 8);
    assert!(moves.contains(&"d5-".to_string()));
    assert_eq!(moves.iter().filter(|m| m.starts_with("e5-")).count(), 7);
}

#[test]
fn ex11_king_may_step_next_to_a_frozen_king() {
    let p = pos("8/8/8/4k3/2K2I2/8/8/8 w");
    let moves = all_moves(&p);
    assert!(moves.contains(&"c4-d4".to_string()));
    assert!(moves.contains(&"c4-d5".to_string()));
    let mut game = Game::new(p);
    game.play_text("c4-d5").unwrap();
    assert_eq!(game.position().legal_moves().len(), 0);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(ultima::Color::White));

    let bare = pos("8/8/8/4k3/2K5/8/8/8 w");
    let mut king = moves_from(&bare, "c4");
    king.sort();
    assert_eq!(king, ["c4-b3", "c4-b4", "c4-b5", "c4-c3", "c4-c5", "c4-d3"]);
}

#[test]
fn ex12_stalemate_loses() {
    let p = pos("8/8/8/4k3/5I2/8/8/K7 b");
    assert!(!p.is_check());
    assert_eq!(p.legal_moves().len(), 0);
    let game = Game::new(p);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(ultima::Color::White));
    assert_eq!(outcome.reason, Reason::Stalemate);
    assert!(game.to_record().contains("[Result \"1-0\"]"));
}
