//! A flag (a player's time running out on the clock) ends the game: a loss, or a draw when the
//! other side cannot win (`Position::can_win`: a lone King, except under `king_capture`). It is
//! written in the record's Result and Termination and read back, and undo takes it back alone.

use ultima::{Color, Game, Outcome, Position, Reason, Rules, Undone};

fn game_from(fen: &str, rules: &str) -> Game {
    Game::new(Position::from_fen(fen, rules.parse::<Rules>().unwrap()).unwrap())
}

fn outcome(game: &Game) -> (Option<Color>, Reason) {
    let o = game.outcome().expect("the game is over");
    (o.winner, o.reason)
}

#[test]
fn a_flag_loses_when_the_other_side_can_win() {
    let mut game = Game::default();
    game.play_text("b2-b5").unwrap();
    game.flag(Color::Black).unwrap();
    assert_eq!(outcome(&game), (Some(Color::White), Reason::Timeout));
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "white wins by time forfeit"
    );
    assert!(game.play_text("g7-g4").is_err(), "no move after the flag");
    assert!(game.flag(Color::White).is_err(), "no second flag");
    assert!(
        game.resign(Color::White).is_err(),
        "no resignation after the flag"
    );
}

#[test]
fn a_flag_draws_against_a_lone_king() {
    // White has only its King: Black's flag cannot make White the winner.
    let mut game = game_from("4k3/pp6/8/8/8/8/8/4K3 b", "default");
    game.flag(Color::Black).unwrap();
    assert_eq!(outcome(&game), (None, Reason::TimeoutCannotWin));
    assert_eq!(game.outcome().unwrap().result_text(), "1/2-1/2");
    // White's flag loses: Black has more than its King.
    let mut game = game_from("4k3/pp6/8/8/8/8/8/4K3 w", "default");
    game.flag(Color::White).unwrap();
    assert_eq!(outcome(&game), (Some(Color::Black), Reason::Timeout));
    // Under king_capture a lone King can still win (the other King may step next to it).
    let mut game = game_from("4k3/pp6/8/8/8/8/8/4K3 b", "king_capture");
    game.flag(Color::Black).unwrap();
    assert_eq!(outcome(&game), (Some(Color::White), Reason::Timeout));
    // With the bare-Kings draw off, two lone Kings play on; a flag then draws.
    let mut game = game_from("4k3/8/8/8/8/8/8/4K3 w", "no_bare_kings_draw");
    game.flag(Color::White).unwrap();
    assert_eq!(outcome(&game), (None, Reason::TimeoutCannotWin));
}

#[test]
fn every_piece_besides_the_king_counts_as_able_to_win() {
    for piece in ['P', 'W', 'C', 'I', 'L', 'X'] {
        let fen = format!("4k3/8/8/8/8/8/{piece}7/4K3 b");
        let position = Position::from_fen(&fen, Rules::default()).unwrap();
        assert!(position.can_win(Color::White), "{fen}");
        assert!(!position.can_win(Color::Black), "{fen}");
    }
    assert!(Position::default().can_win(Color::White));
    assert!(Position::default().can_win(Color::Black));
}

/// The ground of the lone-King rule, checked by brute force on small material: from no
/// position where White has only its King does a series of legal moves, both sides helping,
/// leave Black (King and one other piece) without a legal move. Every placement of the three
/// pieces with either side to move is a position the game may reach, so looking at each one
/// once covers every series of moves.
#[test]
fn a_lone_king_never_leaves_the_other_side_without_a_move() {
    let mut checked = 0;
    for piece in ['p', 'w', 'c', 'i', 'l', 'x'] {
        for (wk, bk, other) in placements() {
            let mut board = ['.'; 64];
            board[wk] = 'K';
            board[bk] = 'k';
            board[other] = piece;
            let fen = format!("{} b", fen_board(&board));
            let Ok(position) = Position::from_fen(&fen, Rules::default()) else {
                continue;
            };
            assert!(
                !position.legal_moves().is_empty(),
                "{fen}: a lone King left Black without a move"
            );
            checked += 1;
        }
    }
    assert!(checked > 6 * 60_000, "{checked} positions checked");
}

/// Every placement of two Kings and one more piece on distinct squares, Kings not adjacent.
fn placements() -> impl Iterator<Item = (usize, usize, usize)> {
    let apart = |a: usize, b: usize| (a % 8).abs_diff(b % 8) > 1 || (a / 8).abs_diff(b / 8) > 1;
    (0..64).flat_map(move |wk| {
        (0..64)
            .filter(move |&bk| apart(wk, bk))
            .flat_map(move |bk| {
                (0..64)
                    .filter(move |&o| o != wk && o != bk)
                    .map(move |o| (wk, bk, o))
            })
    })
}

/// The board part of a position string from 64 letters, a1 first ('.' for an empty square).
fn fen_board(board: &[char; 64]) -> String {
    (0..8)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    '.' => empty += 1,
                    c => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[test]
fn undo_takes_back_the_flag_alone() {
    let mut game = Game::default();
    game.play_text("b2-b5").unwrap();
    let position = *game.position();
    game.flag(Color::Black).unwrap();
    let flagged = game.outcome().unwrap();
    assert_eq!(game.undo(), Some(Undone::Verdict(flagged)));
    assert_eq!(game.outcome(), None, "the game goes on");
    assert_eq!(*game.position(), position);
    game.play_text("g7-g4").unwrap();
}

#[test]
fn a_flag_is_written_in_the_record_and_read_back() {
    let mut game = Game::default();
    game.play_text("b2-b5").unwrap();
    game.set_header("TimeControl", "180+2").unwrap();
    game.flag(Color::Black).unwrap();
    let record = game.to_record();
    assert!(record.contains("[Result \"1-0\"]"), "{record}");
    assert!(
        record.contains("[Termination \"time forfeit\"]"),
        "{record}"
    );
    let again = Game::from_record(&record).unwrap();
    assert_eq!(outcome(&again), (Some(Color::White), Reason::Timeout));
    assert_eq!(again.to_record(), record);
    assert_eq!(again.header("TimeControl"), Some("180+2"));

    // The draw against a lone King, of the side to move.
    let mut game = game_from("4k3/pp6/8/8/8/8/8/4K3 b", "default");
    game.flag(Color::Black).unwrap();
    let record = game.to_record();
    assert!(
        record.contains("[Termination \"time forfeit against a lone King\"]"),
        "{record}"
    );
    let again = Game::from_record(&record).unwrap();
    assert_eq!(outcome(&again), (None, Reason::TimeoutCannotWin));
    assert_eq!(again.to_record(), record);
}

#[test]
fn a_record_whose_flag_contradicts_its_result_is_refused() {
    // White has only its King, so Black's flag cannot give 1-0.
    let record = "[Setup \"4k3/pp6/8/8/8/8/8/4K3 b\"]\n[Result \"1-0\"]\n\
                  [Termination \"time forfeit\"]\n\n1-0\n";
    let err = Game::from_record(record).unwrap_err();
    assert!(err.to_string().contains("on time"), "{err}");
    // A flag never overrides an ending of the moves themselves: the checkmate stands.
    let mate =
        "[Setup \"8/8/8/4k3/2K2I2/8/8/8 w\"]\n[Termination \"time forfeit\"]\n\n1. c4-d5 1-0";
    let game = Game::from_record(mate).unwrap();
    assert_eq!(outcome(&game), (Some(Color::White), Reason::Checkmate));
    // Any case of the termination is read; other terminations are resignations as before.
    let game = Game::from_record("[Termination \"Time forfeit\"]\n\n1. b2-b5 0-1").unwrap();
    assert_eq!(outcome(&game), (Some(Color::Black), Reason::Timeout));
    let game = Game::from_record("[Termination \"abandoned\"]\n\n1. b2-b5 0-1").unwrap();
    assert_eq!(outcome(&game), (Some(Color::Black), Reason::Resignation));
    let o: Outcome = game.outcome().unwrap();
    assert_eq!(o.result_text(), "0-1");
}
