//! Position strings, move text and game records: good and bad inputs with the answers
//! expected (RULES §6).

use ultima::{
    Color, Game, Glyph, LineNote, MoveMark, MoveNote, MoveText, Position, PositionOutcome, Reason,
    RecordNotes, Rules, StartSetup, Undone,
};

#[test]
fn invalid_position_strings_say_what_and_where() {
    let text = include_str!("data/invalid.fens");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (fen, expected) = line.split_once(" => ").expect("fixture line");
        let err = Position::from_fen(fen, Rules::default())
            .expect_err(fen)
            .to_string();
        assert!(
            err.contains(expected),
            "{fen:?}: got '{err}', wanted '{expected}'"
        );
        checked += 1;
    }
    assert!(checked >= 15);
}

#[test]
fn position_string_prints_canonically() {
    let p = Position::from_fen("  4k3/8/8/p7/8/8/p7/L3K3   w  ", Rules::default()).unwrap();
    assert_eq!(p.to_fen(), "4k3/8/8/p7/8/8/p7/L3K3 w 0 1");
    let p = Position::from_fen("4k3/8/8/p7/8/8/p7/L3K3 b 12 40", Rules::default()).unwrap();
    assert_eq!(p.to_fen(), "4k3/8/8/p7/8/8/p7/L3K3 b 12 40");
    assert_eq!(
        Position::default().to_fen(),
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1"
    );
}

#[test]
fn king_capture_allows_a_missing_king_as_a_finished_game() {
    let rules: Rules = "king_capture".parse().unwrap();
    let p = Position::from_fen("8/8/8/8/8/8/8/3K4 b", rules).unwrap();
    assert!(p.legal_moves().is_empty());
    let o = Game::new(p).outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(ultima::Color::White), Reason::KingCaptured)
    );
    assert!(Position::from_fen("8/8/8/8/8/8/8/8 w", rules).is_err());
    // Under king_capture a King may be left capturable, and capturing it ends the game.
    let p = Position::from_fen("4k3/8/8/8/8/8/8/3KW3 w", rules).unwrap();
    let mut game = Game::new(p);
    game.play_text("e1-e7").unwrap();
    game.play_text("e8-d8").unwrap();
    assert_eq!(game.play_text("e7-f6").unwrap().to_string(), "e7-f6xd8");
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(ultima::Color::White), Reason::KingCaptured)
    );
    assert!(game
        .play_text("d1-d2")
        .unwrap_err()
        .to_string()
        .contains("the game is over"));
}

#[test]
fn setups_give_the_arrays_of_rules_section_3() {
    let start =
        |s: &str| Position::start(s.parse::<StartSetup>().unwrap(), Rules::default()).to_fen();
    assert_eq!(
        start("rotated"),
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1"
    );
    assert_eq!(
        start("mirrored"),
        "ilxkwxlc/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1"
    );
    assert_eq!(start("custom:da/eh"), start("rotated"));
    assert_eq!(
        start("custom:eh/da"),
        "ilxkwxlc/pppppppp/8/8/8/8/PPPPPPPP/CLXWKXLI w 0 1"
    );
    for bad in [
        "",
        "rotate",
        "custom:",
        "custom:da",
        "custom:xa/eh",
        "custom:dah/eh",
    ] {
        let err = bad.parse::<StartSetup>().unwrap_err().to_string();
        assert!(err.contains("unknown setup"), "{bad}: {err}");
    }
    for s in ["rotated", "mirrored", "custom:ea/dh"] {
        assert_eq!(s.parse::<StartSetup>().unwrap().to_string(), s);
    }
}

#[test]
fn rules_text_round_trips_and_rejects_unknown_options() {
    let all: Rules =
        "king_capture distance_1968 no_repetition_draw no_move_limit_draw no_bare_kings_draw"
            .parse()
            .unwrap();
    assert_eq!(all.to_string().parse::<Rules>().unwrap(), all);
    let err = "kingcapture".parse::<Rules>().unwrap_err().to_string();
    assert!(err.contains("unknown rule option 'kingcapture'"), "{err}");
}

#[test]
fn move_text_accepts_every_documented_form() {
    let p = Position::from_fen("4k3/8/8/p7/8/8/p7/L3K3 w", Rules::default()).unwrap();
    for text in [
        "a1-a6",
        "a1-a6xa2xa5",
        "a1-a6 xa2 xa5",
        "La1-a6",
        "L a1-a6",
        "l a1-a6",
        "La1-a6 xa2 xa5+",
        "  a1-a6xa2xa5  ",
    ] {
        assert_eq!(
            p.parse_move(text).unwrap().to_string(),
            "a1-a6xa2xa5",
            "{text}"
        );
    }
    // Suicides, both forms.
    let frozen = Position::from_fen("8/8/8/3pk3/2I5/8/8/K7 b", Rules::default()).unwrap();
    for text in ["d5-", "@-d5", "P@-d5", "p d5-"] {
        assert_eq!(
            frozen.parse_move(text).unwrap().to_string(),
            "d5-",
            "{text}"
        );
    }
    // A move starting on the c-file is not read as a Coordinator letter.
    let start = Position::default();
    assert_eq!(start.parse_move("c2-c4").unwrap().to_string(), "c2-c4");
    assert_eq!(
        "Cc2-c4".parse::<MoveText>().unwrap(),
        MoveText::Normal {
            role: Some(ultima::Role::Coordinator),
            from: "c2".parse().unwrap(),
            to: "c4".parse().unwrap(),
            captures: None
        }
    );
}

#[test]
fn bad_move_text_gets_a_clear_error() {
    let p = Position::from_fen("4k3/8/8/p7/8/8/p7/L3K3 w", Rules::default()).unwrap();
    let cases = [
        ("", "expected a square like e4 at column 1"),
        ("a1", "expected '-' after the start square"),
        ("a1-a9", "expected a square like e4 at column 4"),
        ("a1-a6x", "expected a square like e4 at column 7"),
        ("a1-a6 y", "expected 'x' and a captured square"),
        (
            "a1-a6xa2",
            "lists the wrong captures: the move is a1-a6xa2xa5",
        ),
        ("Wa1-a6", "names the wrong piece: it moves a long leaper"),
        ("b1-b2", "there is no piece on b1"),
        ("a2-a1", "the piece on a2 is black's and it is white's turn"),
        ("a1-a2", "cannot go to a2"),
        ("a1-", "is not frozen"),
        ("@-", "expected a square like e4 at column 3"),
    ];
    for (text, expected) in cases {
        let err = p.parse_move(text).unwrap_err().to_string();
        assert!(
            err.contains(expected),
            "{text:?}: got '{err}', wanted '{expected}'"
        );
    }
    let frozen = Position::from_fen("4k3/8/8/3i4/3X4/8/8/4K3 w", Rules::default()).unwrap();
    let err = frozen.parse_move("d4-d3").unwrap_err().to_string();
    assert!(err.contains("the chameleon on d4 is frozen"), "{err}");
}

#[test]
fn display_form_marks_check_and_mate() {
    let p = Position::from_fen("8/8/8/4k3/2K2I2/8/8/8 w", Rules::default()).unwrap();
    let m = p.parse_move("c4-d5").unwrap();
    assert_eq!(p.display_move(m), "Kc4-d5#");
    let p = Position::from_fen("4k3/8/8/p7/8/8/p7/L3K3 w", Rules::default()).unwrap();
    assert_eq!(
        p.display_move(p.parse_move("a1-a6").unwrap()),
        "La1-a6 xa2 xa5"
    );
    assert_eq!(p.move_mark(p.parse_move("a1-a6").unwrap()), None);
    // Check: White's Withdrawer arrives on d7, next to Black's King on e8, with room to step
    // away from it (to c6).
    let p = Position::from_fen("4k3/8/8/8/8/8/8/3WK3 w", Rules::default()).unwrap();
    let m = p.parse_move("d1-d7").unwrap();
    assert_eq!(p.move_mark(m), Some(MoveMark::Check));
    assert_eq!(p.display_move(m), "Wd1-d7+");
}

#[test]
fn display_form_marks_no_stalemate_as_mate() {
    // Black's Immobilizer arrives next to White's lone King, which can no longer move and is not
    // in check: stalemate, a win for Black (RULES §4), but no mate, so no `#`.
    let p = Position::from_fen("4k3/8/8/8/8/2i5/8/K7 b", Rules::default()).unwrap();
    let m = p.parse_move("c3-b2").unwrap();
    let mut after = p;
    after.play_unchecked(m);
    assert_eq!(
        after.outcome(),
        Some(PositionOutcome::Stalemate {
            winner: Color::Black
        })
    );
    assert_eq!(p.move_mark(m), None);
    assert_eq!(p.display_move(m), "Ic3-b2");
}

#[test]
fn display_form_marks_a_king_capture_as_mate_under_king_capture() {
    let rules: Rules = "king_capture".parse().unwrap();
    let p = Position::from_fen("K7/1k6/8/8/8/8/8/8 b", rules).unwrap();
    let m = p.parse_move("b7-a8").unwrap();
    let mut after = p;
    after.play_unchecked(m);
    assert_eq!(
        after.outcome(),
        Some(PositionOutcome::KingCaptured {
            winner: Color::Black
        })
    );
    assert_eq!(p.move_mark(m), Some(MoveMark::Mate));
    assert_eq!(p.display_move(m), "Kb7-a8 xa8#");
    // Checkmate still ends a game under king_capture, and is marked the same way.
    let p = Position::from_fen("8/8/8/4k3/2K2I2/8/8/8 w", rules).unwrap();
    assert_eq!(p.display_move(p.parse_move("c4-d5").unwrap()), "Kc4-d5#");
}

#[test]
fn records_import_game_courier_forms_and_comments() {
    let record = r#"[Event "Club game"]
[White "A. Player"]
[Setup "4k3/8/8/p7/8/8/p7/L3K3 w"]

1. L a1-a6 {two pawns} e8-d8 2.La6-a1 ; back home
d8-c8 *
"#;
    let game = Game::from_record(record).unwrap();
    assert_eq!(game.moves().len(), 4);
    assert_eq!(game.header("White"), Some("A. Player"));
    let out = game.to_record();
    assert!(out.starts_with("[Event \"Club game\"]\n[White \"A. Player\"]\n[Setup \"4k3/8/8/p7/8/8/p7/L3K3 w 0 1\"]\n[Rules \"default\"]\n[Result \"*\"]\n\n1. a1-a6xa2xa5 e8-d8 2. a6-a1 d8-c8 *\n"), "{out}");
    assert_eq!(Game::from_record(&out).unwrap().to_record(), out);
}

#[test]
fn records_read_their_main_line_past_variations_and_numeric_glyphs() {
    // PGN's variations in parentheses, nested, with their own move numbers, glyphs (`$1`) and
    // comments (a parenthesis in a comment is not a variation).
    let record = "[Event \"Study\"]\n\n1. b2-b5 (1. a2-a4 g7-g5 (1... h7-h4) 2. a4-a5) $1 g7-g4\n(1... g7-g3 $2 {or (g7-g2)}) 2. c2-c4 () *\n";
    let game = Game::from_record(record).unwrap();
    let played: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    assert_eq!(played, ["b2-b5", "g7-g4", "c2-c4"]);
    assert_eq!(game.header("Event"), Some("Study"));
    // Each side line from the start, in the order its variation opens; the empty one is none.
    assert_eq!(
        Game::record_side_lines(record).unwrap(),
        [
            vec!["a2-a4", "g7-g5", "a4-a5"],
            vec!["a2-a4", "h7-h4"],
            vec!["b2-b5", "g7-g3"],
        ]
    );
    // A record without variations has none; the side lines' moves are not checked here (the
    // analysis board plays them and stops a line at its first illegal move).
    assert!(Game::record_side_lines("1. b2-b5 g7-g4 *")
        .unwrap()
        .is_empty());
    assert_eq!(
        Game::record_side_lines("1. b2-b5 (1. b2-b9) *").unwrap(),
        [vec!["b2-b9"]]
    );
    // Lines of more than 50,000 moves in all, each counted from the start, are refused: a long
    // game with a variation after every move would make millions. Read in linear time (a
    // million tokens here), so that no text makes either call hang.
    let many = format!("{}{}*", "b2-b5 ".repeat(300), "(a2-a4) ".repeat(200));
    let err = Game::record_side_lines(&many).unwrap_err().to_string();
    assert!(
        err.contains("the variations hold 60000 moves counted from the start, more than 50000"),
        "{err}"
    );
    let huge = format!(
        "{}{}*",
        "b2-b5 ".repeat(500_000),
        "(a2-a4) ".repeat(500_000)
    );
    assert!(Game::record_side_lines(&huge).is_err());
    assert!(
        Game::from_record(&huge).is_err(),
        "b2-b5 is not legal twice"
    );
    // Parentheses that do not pair are refused by both, with the line.
    for (bad, wanted) in [
        (
            "1. b2-b5 (1. a2-a4 *",
            "line 1: a variation '(' is not closed",
        ),
        ("1. b2-b5\n1... g7-g4) *", "line 2: ')' closes no variation"),
        (
            "(1. a2-a4) 1. b2-b5 *",
            "line 1: '(' opens a variation before any move",
        ),
    ] {
        let err = Game::from_record(bad).unwrap_err().to_string();
        assert!(err.contains(wanted), "{bad:?}: {err}");
        let err = Game::record_side_lines(bad).unwrap_err().to_string();
        assert!(err.contains(wanted), "{bad:?}: {err}");
    }
}

#[test]
fn side_lines_are_written_as_variations_and_read_back() {
    let game = Game::from_record("[White \"A\"]\n\n1. b2-b5 g7-g4 2. c2-c4 *").unwrap();
    // Lines from the start, as the analysis board keeps them: where they leave the main line
    // (or each other), in any form of move text.
    let side = [
        vec!["a2-a4", "g7-g5", "a4-a5"],
        vec!["a2-a4", "h7-h4"],
        vec!["b2-b5", "g7-g3"],
        vec!["Pb2-b5", "g7-g4", "d2-d4"],
        vec!["b2-b5", "g7-g3", "e2-e4"],
    ]
    .map(|line| line.into_iter().map(String::from).collect::<Vec<_>>());
    let record = game.record_with_side_lines(&side).unwrap();
    assert!(record.starts_with("[White \"A\"]\n"), "{record}");
    assert!(
        record.ends_with("\n\n1. b2-b5 (1. a2-a4 g7-g5 (1... h7-h4) 2. a4-a5) 1... g7-g4 (1... g7-g3\n2. e2-e4) 2. c2-c4 (2. d2-d4) *\n"),
        "{record}"
    );
    // Read back: the same game and the same lines, in canonical text.
    assert_eq!(
        Game::from_record(&record).unwrap().to_record(),
        game.to_record()
    );
    assert_eq!(
        Game::record_side_lines(&record).unwrap(),
        [
            vec!["a2-a4", "g7-g5", "a4-a5"],
            vec!["a2-a4", "h7-h4"],
            vec!["b2-b5", "g7-g3", "e2-e4"],
            vec!["b2-b5", "g7-g4", "d2-d4"],
        ]
    );
    // No side lines: the record as ever; a line with a move that is not legal: which and why.
    assert_eq!(game.record_with_side_lines(&[]).unwrap(), game.to_record());
    let bad = [vec!["b2-b5".to_string(), "g7-g4".into(), "b5-b9".into()]];
    let err = game.record_with_side_lines(&bad).unwrap_err().to_string();
    assert!(err.starts_with("side line 1, move 3 'b5-b9': "), "{err}");
    // A line that runs on past the game's end would make the record another game.
    let longer = [["b2-b5", "g7-g4", "c2-c4", "d7-d5"]
        .map(String::from)
        .to_vec()];
    let err = game
        .record_with_side_lines(&longer)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("side line 1, move 4 'd7-d5': the line follows the game to its last move"),
        "{err}"
    );
    let err = Game::default()
        .record_with_side_lines(&[vec!["b2-b5".into()]])
        .unwrap_err();
    assert_eq!((err.line, err.ply), (1, 1), "{err}");
}

#[test]
fn notes_are_written_after_their_moves_and_read_past() {
    let game = Game::from_record("1. b2-b5 g7-g4 2. c2-c4 d7-d5 *").unwrap();
    let note = |line, ply, glyph, comment: &str| LineNote {
        line,
        ply,
        note: MoveNote {
            glyph,
            comment: comment.into(),
        },
    };
    let moves = vec![
        // A comment: Black's next move is numbered again, as after a variation.
        note(0, 1, Some(Glyph::Blunder), "Blunder (-60%); better g7-g3."),
        note(0, 2, Some(Glyph::Dubious), "  "),
        // A brace would end the comment early.
        note(0, 3, None, "a {nested} brace"),
        // Past the game's moves, or a line not given: left out.
        note(0, 4, Some(Glyph::Good), "never written"),
        note(2, 0, Some(Glyph::Good), "never written"),
        // On the side line's own move.
        note(1, 1, Some(Glyph::Interesting), "the mate"),
        // On a move the side line shares with the game: on that move, the first glyph kept.
        note(1, 0, Some(Glyph::Good), "well"),
    ];
    // The game's comment, before its first move.
    let notes = RecordNotes {
        comment: "A short {game}.".into(),
        moves,
    };
    let side = [vec!["b2-b5".to_string(), "g7-g3".into()]];
    let record = game.annotated_record(&notes, &side).unwrap();
    assert!(
        record.ends_with("\n\n{A short {game).} 1. b2-b5! {well} 1... g7-g4?? {Blunder (-60%); better g7-g3.}\n(1... g7-g3!? {the mate}) 2. c2-c4?! d7-d5 {a {nested) brace} *\n"),
        "{record}"
    );
    // Read back: the game and its side line, the notes past them, and the notes on their own.
    assert_eq!(
        Game::from_record(&record).unwrap().to_record(),
        game.to_record()
    );
    assert_eq!(Game::record_side_lines(&record).unwrap(), side);
    assert_eq!(
        Game::record_notes(&record).unwrap(),
        RecordNotes {
            comment: "A short {game).".into(),
            moves: vec![
                note(0, 0, Some(Glyph::Good), "well"),
                note(0, 1, Some(Glyph::Blunder), "Blunder (-60%); better g7-g3."),
                note(1, 1, Some(Glyph::Interesting), "the mate"),
                note(0, 2, Some(Glyph::Dubious), ""),
                note(0, 3, None, "a {nested) brace"),
            ],
        }
    );
    // Before the first move, comments are the game's (joined); an assessment there is on no
    // move and read past.
    let read = Game::record_notes("{One} ; two\n$1 1. b2-b5 *").unwrap();
    assert_eq!(read.comment, "One two");
    assert_eq!(read.moves, []);
    // A comment right after a variation's '(' introduces it: it is on the variation's first
    // move, before that move's own (an assessment there, before any move, is read past); in a
    // variation without moves it is on no move and read past.
    let read = Game::record_notes(
        "1. b2-b5 ({Also} $2 1. a2-a4 {quiet} ({Or} ; this\n1. c2-c4!) ({lost} )) g7-g4 *",
    )
    .unwrap();
    assert_eq!(
        read.moves,
        [
            note(1, 0, None, "Also quiet"),
            note(2, 0, Some(Glyph::Good), "Or this")
        ]
    );
    assert_eq!(
        Game::record_side_lines("1. b2-b5 ({Also} 1. a2-a4 ({Or} 1. c2-c4)) g7-g4 *").unwrap(),
        [vec!["a2-a4".to_string()], vec!["c2-c4".to_string()]]
    );
    // Every glyph reads past; no notes is the record with side lines.
    for glyph in Glyph::ALL {
        let notes = RecordNotes {
            comment: String::new(),
            moves: vec![note(0, 0, Some(glyph), ""), note(0, 1, Some(glyph), "x")],
        };
        let written = game.annotated_record(&notes, &[]).unwrap();
        assert_eq!(
            Game::from_record(&written).unwrap().to_record(),
            game.to_record(),
            "{written}"
        );
    }
    assert_eq!(
        game.annotated_record(&RecordNotes::default(), &side)
            .unwrap(),
        game.record_with_side_lines(&side).unwrap()
    );
}

#[test]
fn records_keep_the_moves_before_a_bad_one() {
    let record = "1. b2-b5 g7-g4 2. b5-b9 *";
    let err = Game::from_record(record).unwrap_err();
    assert!(err.to_string().contains("move 2. b5-b9"), "{err}");
    let partial = err.partial.expect("moves before the error are kept");
    assert_eq!(partial.moves().len(), 2);

    let err = Game::from_record("1. b2-b5 g7-g4 2. a2-a3 h8-h1").unwrap_err();
    assert!(err.to_string().contains("move 2... h8-h1"), "{err}");

    let err = Game::from_record("[Rules \"fast\"]\n1. b2-b5").unwrap_err();
    assert!(
        err.to_string()
            .contains("line 1: unknown rule option 'fast'"),
        "{err}"
    );
    let err = Game::from_record("[Setup \"8/8 w\"]\n").unwrap_err();
    assert!(err.to_string().contains("line 1: position string"), "{err}");
    let err = Game::from_record("[Result 1-0]\n").unwrap_err();
    assert!(err.to_string().contains("malformed header"), "{err}");
}

#[test]
fn headers_may_share_a_line_with_each_other_and_with_the_movetext() {
    // As a record written into one line of an HTML attribute or a URL has them (PGN's import
    // format allows it): the same game as with a line each.
    let one_line = Game::from_record(
        "[White \"A [b] \\\"c\\\"\"][Setup \"4k3/8/8/p7/8/8/p7/L3K3 w\"] 1. a1-a6 e8-d7",
    )
    .unwrap();
    let lines = Game::from_record(
        "[White \"A [b] \\\"c\\\"\"]\n[Setup \"4k3/8/8/p7/8/8/p7/L3K3 w\"]\n\n1. a1-a6 e8-d7",
    )
    .unwrap();
    assert_eq!(one_line.to_record(), lines.to_record());
    assert_eq!(one_line.moves().len(), 2);
    assert!(
        one_line.to_record().contains("[White \"A [b] \\\"c\\\"\"]"),
        "{}",
        one_line.to_record()
    );
    // A header left open, or followed by something that is not one, is still refused.
    for bad in [
        "[White \"A\"] [Setup \"4k3/8/8/8/8/8/8/4K3 w\"",
        "[White \"A\" x] 1. b2-b5",
    ] {
        let err = Game::from_record(bad).unwrap_err();
        assert!(
            err.to_string().contains("line 1: malformed header"),
            "{bad}: {err}"
        );
    }
}

#[test]
fn records_carry_results_and_reasons() {
    // Stalemate ends the game; a contradicting result is refused.
    let start = "[Setup \"8/8/8/4k3/2K2I2/8/8/8 w\"]\n";
    let game = Game::from_record(&format!("{start}1. c4-d5 1-0")).unwrap();
    assert_eq!(game.outcome().unwrap().reason, Reason::Checkmate);
    let err = Game::from_record(&format!("{start}1. c4-d5 0-1")).unwrap_err();
    assert!(err.to_string().contains("the record says 0-1"), "{err}");
    // A decisive result on an unfinished game is a resignation.
    let game = Game::from_record("1. b2-b5 0-1").unwrap();
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(ultima::Color::Black), Reason::Resignation)
    );
    assert!(game.to_record().contains("[Termination \"resignation\"]"));
    // A Black-to-move start numbers its first move with "...".
    let p = Position::from_fen("8/8/8/3pk3/2I5/8/8/K7 b 0 7", Rules::default()).unwrap();
    let mut g = Game::new(p);
    g.play_text("d5-").unwrap();
    assert!(g.to_record().contains("\n7... d5- *"), "{}", g.to_record());
}

#[test]
fn draws_by_repetition_move_limit_and_bare_kings() {
    let mut game = Game::new(Position::from_fen("k7/8/8/8/8/8/8/7K w", Rules::default()).unwrap());
    assert_eq!(game.outcome().unwrap().reason, Reason::BareKings);
    let no_bare: Rules = "no_bare_kings_draw".parse().unwrap();
    game = Game::new(Position::from_fen("k7/8/8/8/8/8/8/7K w", no_bare).unwrap());
    assert!(game.outcome().is_none());
    for m in [
        "h1-g1", "a8-b8", "g1-h1", "b8-a8", "h1-g1", "a8-b8", "g1-h1",
    ] {
        game.play_text(m).unwrap();
    }
    assert!(game.outcome().is_none());
    game.play_text("b8-a8").unwrap();
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome().unwrap().reason, Reason::Repetition);
    assert!(game.play_text("h1-g1").is_err());

    let p = Position::from_fen("k7/p7/8/8/8/8/P7/7K w 99 80", Rules::default()).unwrap();
    let mut game = Game::new(p);
    assert!(game.outcome().is_none());
    game.play_text("h1-g1").unwrap();
    assert_eq!(game.outcome().unwrap().reason, Reason::MoveLimit);
    let off: Rules = "no_move_limit_draw".parse().unwrap();
    let p = Position::from_fen("k7/p7/8/8/8/8/P7/7K b 100 80", off).unwrap();
    assert!(Game::new(p).outcome().is_none());
}

#[test]
fn undo_redo_and_resignation() {
    let mut game = Game::default();
    game.play_text("b2-b5").unwrap();
    game.play_text("g7-g4").unwrap();
    let undone = game.undo().unwrap();
    assert!(matches!(undone, Undone::Move(m) if m.to_string() == "g7-g4"));
    assert_eq!(game.redo_len(), 1);
    assert_eq!(game.redo().unwrap().to_string(), "g7-g4");
    assert_eq!(game.redo(), None);
    game.undo();
    game.play_text("a7-a6").unwrap();
    assert_eq!(game.redo_len(), 0, "a new move forgets the undone ones");
    // An undone move is not replayed while a verdict ends the game, and its count says so; the
    // verdict taken back, it is replayable again.
    game.undo();
    game.agree_draw().unwrap();
    assert_eq!((game.redo_len(), game.redo()), (0, None));
    assert!(matches!(game.undo(), Some(Undone::Verdict(_))));
    assert_eq!(game.redo_len(), 1);
    assert_eq!(game.redo().unwrap().to_string(), "a7-a6");
    game.resign(ultima::Color::White).unwrap();
    assert!(game.play_text("a2-a3").is_err());
    assert!(game.resign(ultima::Color::Black).is_err());
}

/// Undo after a resignation takes back the resignation alone: the game goes on from the same
/// position with the same moves, and the next undo takes back a move.
#[test]
fn undo_after_a_resignation_takes_back_only_the_resignation() {
    let mut game = Game::default();
    game.play_text("b2-b5").unwrap();
    game.play_text("g7-g4").unwrap();
    let moves = game.moves().to_vec();
    let position = *game.position();
    game.resign(ultima::Color::White).unwrap();
    let resigned = game.outcome().unwrap();
    assert_eq!(game.undo(), Some(Undone::Verdict(resigned)));
    assert_eq!(game.outcome(), None, "the game goes on");
    assert_eq!(game.moves(), moves);
    assert_eq!(*game.position(), position);
    assert_eq!(game.redo_len(), 0);
    game.play_text("a2-a3").unwrap();
    assert!(matches!(game.undo(), Some(Undone::Move(m)) if m.to_string() == "a2-a3"));

    // The same for an agreed draw, and at the start of a game.
    let mut game = Game::default();
    game.agree_draw().unwrap();
    let agreed = game.outcome().unwrap();
    assert_eq!(agreed.reason, Reason::Agreement);
    assert_eq!(game.undo(), Some(Undone::Verdict(agreed)));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.undo(), None, "nothing left to take back");
}

/// `take_back_to` is `undo` repeated until the verdict is gone and no more than the given
/// moves stand: the same position, moves and redo as step by step.
#[test]
fn take_back_to_is_undo_repeated() {
    let played = ["b2-b5", "g7-g4", "d2-d5", "a7-a6"];
    let mut game = Game::default();
    for text in played {
        game.play_text(text).unwrap();
    }
    game.resign(ultima::Color::Black).unwrap();
    for plies in [0, 1, 3, 4, 9] {
        let mut stepped = game.clone();
        while stepped.outcome().is_some() || stepped.positions().len() - 1 > plies {
            stepped.undo().unwrap();
        }
        let mut at_once = game.clone();
        at_once.take_back_to(plies);
        assert_eq!(at_once.outcome(), None, "{plies}");
        assert_eq!(at_once.position(), stepped.position(), "{plies}");
        assert_eq!(at_once.positions(), stepped.positions(), "{plies}");
        assert_eq!(at_once.redo_len(), stepped.redo_len(), "{plies}");
        assert_eq!(
            at_once.redo_len(),
            played.len().saturating_sub(plies),
            "{plies}"
        );
        // The moves taken back come again with redo, in order.
        while at_once.redo().is_some() {}
        assert_eq!(at_once.moves(), game.moves(), "{plies}");
    }
}

/// A resignation is part of the game and of its record: the record reads back resigned, with
/// the same moves, and undo then takes back the resignation alone.
#[test]
fn a_resignation_round_trips_through_the_record() {
    let mut game = Game::default();
    game.play_text("b2-b5").unwrap();
    game.play_text("g7-g4").unwrap();
    game.resign(ultima::Color::White).unwrap();
    let record = game.to_record();
    assert!(record.contains("[Result \"0-1\"]"), "{record}");
    assert!(record.contains("[Termination \"resignation\"]"), "{record}");
    let mut again = Game::from_record(&record).unwrap();
    assert_eq!(again.outcome(), game.outcome());
    assert_eq!(again.moves(), game.moves());
    assert_eq!(again.to_record(), record);
    assert!(matches!(again.undo(), Some(Undone::Verdict(_))));
    assert_eq!(again.outcome(), None);
    assert_eq!(again.moves(), game.moves());
}

/// Fuzz finding (api_sequences): a header value with a line break was written into the record
/// as two lines, and the record no longer read back. Such headers are now refused, as are
/// names the reader would not accept and the game's own headers; the game is left unchanged.
#[test]
fn headers_the_record_could_not_hold_are_refused() {
    let mut game = Game::default();
    for (name, value) in [
        ("White", "A.\nPlayer"),
        ("White", "A.\r"),
        ("", "x"),
        ("Two words", "x"),
        ("Setup", "mirrored"),
        ("Result", "1-0"),
    ] {
        let err = game.set_header(name, value).unwrap_err();
        assert!(err.to_string().starts_with("header '"), "{err}");
    }
    assert_eq!(game.to_record(), Game::default().to_record());
    game.set_header("White", "A. \"Quoted\" \\ Player").unwrap();
    let back = Game::from_record(&game.to_record()).unwrap();
    assert_eq!(back.header("White"), Some("A. \"Quoted\" \\ Player"));
    assert_eq!(back.to_record(), game.to_record());
}
