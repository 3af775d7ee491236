//! The invariants of the rules crate's public API, checked by the property tests, the fuzz
//! targets and the long run of random games alike (one copy, shared as a test module).
//!
//! [`check_position`] holds for every position a game can reach; [`check_game`] for every
//! state of a [`Game`]. Both panic with the position and what broke.

#![allow(dead_code)]

use ultima::{
    Bitboard, Board, CaptureWay, Color, Game, Move, MoveList, Position, PositionOutcome, Reason,
    Role, Rules, Square, StartSetup,
};

/// Every rule set the random games and fuzz targets play under: the defaults, each option,
/// and two of the draw rules switched off (so that games also end by the other reasons; the
/// 100-ply rule stays on so that every game ends).
pub const RULE_SETS: [&str; 5] = [
    "default",
    "king_capture",
    "distance_1968",
    "king_capture,distance_1968",
    "no_repetition_draw,no_bare_kings_draw",
];

/// Rule set `i` of [`RULE_SETS`] (wrapping).
pub fn rules(i: usize) -> Rules {
    RULE_SETS[i % RULE_SETS.len()]
        .parse()
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Start setup `i` of the 18 there are (rotated, mirrored, 16 custom arrays; wrapping).
pub fn setup(i: usize) -> StartSetup {
    match i % 18 {
        0 => StartSetup::Rotated,
        1 => StartSetup::Mirrored,
        n => {
            let bits = n - 2;
            let side = |b: usize| ultima::SideArray {
                king_on_e: bits >> b & 1 == 1,
                immobilizer_on_h: bits >> (b + 1) & 1 == 1,
            };
            StartSetup::Custom {
                white: side(0),
                black: side(2),
            }
        }
    }
}

/// The invariants of one position (RULES issue: position string round trip, make/unmake
/// restores the position and its hash, the incremental hash equals a fresh one, no legal move
/// leaves the mover in check under the default rules, every legal move's text parses back to
/// the same move), plus the agreement of the API's different ways of asking the same thing.
/// Returns the legal moves, so callers need not generate them again.
pub fn check_position(pos: &Position) -> MoveList {
    let rules = *pos.rules();
    let fen = pos.to_fen();
    let again = Position::from_fen(&fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(&again, pos, "position string round trip of {fen}");
    assert_eq!(pos.hash(), pos.compute_hash(), "incremental hash of {fen}");
    check_counts(pos.board(), &fen);

    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal_moves(), moves.len(), "move count of {fen}");
    assert_eq!(
        pos.has_legal_move(),
        !moves.is_empty(),
        "has_legal_move of {fen}"
    );
    let mut captures = MoveList::new();
    pos.fill_legal_captures(&mut captures);
    let expected: Vec<Move> = moves.iter().copied().filter(|m| m.is_capture()).collect();
    assert_eq!(
        captures.as_slice(),
        expected.as_slice(),
        "captures of {fen}"
    );
    let mut by_square = 0;
    for (sq, piece) in pos.board().iter() {
        let from = pos.legal_moves_from(sq);
        if piece.color != pos.turn() {
            assert!(from.is_empty(), "{fen}: the opponent's piece on {sq} moves");
        }
        assert!(
            from.iter().all(|m| m.from() == sq),
            "{fen}: moves from {sq}"
        );
        by_square += from.len();
    }
    assert_eq!(by_square, moves.len(), "moves by square of {fen}");
    assert_eq!(pos.is_check(), pos.checkers().any(), "checkers of {fen}");
    for sq in Square::all() {
        assert_eq!(
            pos.board().freezers(sq).any(),
            pos.is_frozen(sq),
            "{fen}: the freezers of {sq}"
        );
    }
    check_fills(pos, &moves);
    check_null_move(pos);
    // The threatened pieces, found from the passed position's captures alone, are what every
    // legal move there would take.
    let threatened = match pos.passed() {
        Some(passed) => passed
            .legal_moves()
            .iter()
            .fold(Bitboard::EMPTY, |taken, m| taken | m.captures()),
        None => pos.board().pieces(pos.turn(), Role::King),
    };
    assert_eq!(pos.threatened(), threatened, "threatened pieces of {fen}");

    for &m in &moves {
        assert!(pos.is_legal(m), "{fen}: {m} listed but not legal");
        check_explained(pos, m, &fen);
        let text = m.to_string();
        let parsed = pos.parse_move(&text);
        assert_eq!(parsed, Ok(m), "{fen}: text of {m}");
        let shown = pos.display_move(m);
        assert_eq!(pos.parse_move(&shown), Ok(m), "{fen}: display text {shown}");
        let mut after = *pos;
        let undo = after.play_unchecked(m);
        assert_eq!(after.hash(), after.compute_hash(), "{fen}: hash after {m}");
        check_counts(after.board(), &format!("{fen} after {m}"));
        assert_eq!(after.turn(), !pos.turn(), "{fen}: turn after {m}");
        // Under the default rules no legal move leaves the mover's King capturable, which is
        // exactly what position validation rejects.
        if !rules.king_capture {
            assert!(
                Position::from_setup(after.to_setup(), rules).is_ok(),
                "{m} leaves the King in check in {fen}"
            );
        }
        after.undo(m, undo);
        assert_eq!(&after, pos, "{fen}: undo of {m}");
        let played = pos.play(m).unwrap_or_else(|(_, e)| panic!("{fen}: {e}"));
        assert_eq!(played.hash(), played.compute_hash(), "{fen}: play of {m}");
    }

    check_outcome(pos, &moves);
    moves
}

/// The piece counts a board keeps as pieces come and go are its bit counts.
fn check_counts(board: &Board, what: &str) {
    for c in Color::ALL {
        for r in Role::ALL {
            assert_eq!(
                board.count(c, r),
                board.pieces(c, r).count(),
                "{what}: count of {c:?} {r:?}"
            );
        }
    }
}

/// The in-place fills and the pseudo-legal lists with their deferred King test, which the
/// engine uses, give exactly the legal moves, in order, whatever the list held before.
fn check_fills(pos: &Position, moves: &MoveList) {
    let fen = pos.to_fen();
    let mut list = moves.clone();
    list.truncate(list.len() / 2);
    pos.fill_legal_captures(&mut list);
    assert!(
        list.iter()
            .copied()
            .eq(moves.iter().copied().filter(|m| m.is_capture())),
        "fill_legal_captures over a used list in {fen}"
    );
    pos.fill_legal_moves(&mut list);
    assert_eq!(&list, moves, "fill_legal_moves in {fen}");
    let mut pseudo = moves.clone();
    let test = pos.fill_pseudo_moves(&mut pseudo);
    assert!(
        pseudo
            .iter()
            .copied()
            .filter(|&m| test.allows(pos, m))
            .eq(moves.iter().copied()),
        "fill_pseudo_moves and its King test in {fen}"
    );
    let all = pseudo.clone();
    let test = pos.fill_pseudo_captures(&mut pseudo);
    assert!(
        pseudo
            .iter()
            .copied()
            .eq(all.iter().copied().filter(|m| m.is_capture())),
        "fill_pseudo_captures: the captures of fill_pseudo_moves, in order, in {fen}"
    );
    let mut quiets = moves.clone();
    pos.fill_pseudo_quiets(&mut quiets);
    assert!(
        quiets
            .iter()
            .copied()
            .eq(all.iter().copied().filter(|m| !m.is_capture())),
        "fill_pseudo_quiets: the other moves of fill_pseudo_moves, in order, in {fen}"
    );
    assert!(
        pseudo
            .iter()
            .copied()
            .filter(|&m| test.allows(pos, m))
            .eq(moves.iter().copied().filter(|m| m.is_capture())),
        "fill_pseudo_captures and its King test in {fen}"
    );
    for from in pos.board().by_color(pos.turn()) {
        pos.fill_legal_moves_from(from, &mut list);
        assert!(
            list.iter()
                .copied()
                .eq(moves.iter().copied().filter(|m| m.from() == from)),
            "fill_legal_moves_from {from} in {fen}"
        );
    }
}

/// A null move (not in check) swaps the side to move, keeps the board and an exact hash, leaves
/// a valid position, and undoes exactly.
fn check_null_move(pos: &Position) {
    if pos.is_check() {
        return;
    }
    let fen = pos.to_fen();
    let rules = *pos.rules();
    let mut passed = *pos;
    let undo = passed.play_null();
    assert_eq!(passed.turn(), !pos.turn(), "null move turn in {fen}");
    assert_eq!(passed.board(), pos.board(), "null move board in {fen}");
    assert_eq!(
        passed.hash(),
        passed.compute_hash(),
        "null move hash in {fen}"
    );
    if !rules.king_capture {
        assert!(
            Position::from_setup(passed.to_setup(), rules).is_ok(),
            "null move leaves an invalid position in {fen}"
        );
    }
    passed.undo_null(undo);
    assert_eq!(&passed, pos, "null move undo in {fen}");
}

/// The position's outcome agrees with its moves and pieces.
fn check_outcome(pos: &Position, moves: &MoveList) {
    let fen = pos.to_fen();
    let kings = pos.board().by_role(ultima::Role::King).count();
    match pos.outcome() {
        Some(PositionOutcome::KingCaptured { winner }) => {
            assert!(
                pos.rules().king_capture && kings == 1,
                "{fen}: king captured"
            );
            assert!(
                pos.board().king_of(winner).is_some(),
                "{fen}: winner's King"
            );
            assert!(moves.is_empty(), "{fen}: moves after the King was captured");
        }
        Some(PositionOutcome::Checkmate { winner } | PositionOutcome::Stalemate { winner }) => {
            assert!(moves.is_empty(), "{fen}: mate with legal moves");
            assert_eq!(winner, !pos.turn(), "{fen}: who wins a mate");
            let mate = matches!(pos.outcome(), Some(PositionOutcome::Checkmate { .. }));
            assert_eq!(mate, pos.is_check(), "{fen}: checkmate or stalemate");
        }
        Some(PositionOutcome::BareKings) => {
            assert_eq!(pos.board().occupied().count(), 2, "{fen}: bare Kings");
            assert!(
                pos.rules().bare_kings_draw,
                "{fen}: bare Kings switched off"
            );
        }
        Some(PositionOutcome::MoveLimit) => {
            assert!(pos.halfmoves() >= 100, "{fen}: move limit");
            assert!(
                pos.rules().move_limit_draw,
                "{fen}: move limit switched off"
            );
        }
        None => assert!(!moves.is_empty(), "{fen}: no move and no outcome"),
    }
}

/// The invariants of a game: its current position replays from its start and moves; the
/// outcome agrees with the position; the record reads back to the same game; a finished game
/// refuses moves.
pub fn check_game(game: &Game) {
    let mut replay = *game.start();
    for &m in game.moves() {
        replay = replay
            .play(m)
            .unwrap_or_else(|(p, e)| panic!("replaying the game: {e} in {p}"));
    }
    assert_eq!(&replay, game.position(), "the moves replay to the position");
    assert_eq!(game.rules(), game.start().rules(), "the game's rules");

    let outcome = game.outcome();
    if let Some(o) = game.position().outcome() {
        // The position's own end (or a repetition found first) ends the game.
        assert!(
            outcome.is_some(),
            "{}: {o:?} but the game goes on",
            game.position()
        );
    }
    if let Some(o) = outcome {
        if o.reason == Reason::Repetition {
            // Counted apart from the rules crate's hashes: the positions replayed and compared
            // in full.
            let now = game.position();
            let same = |p: &Position| p.board() == now.board() && p.turn() == now.turn();
            let mut pos = *game.start();
            let mut seen = usize::from(same(&pos));
            for &m in game.moves() {
                pos.play_unchecked(m);
                seen += usize::from(same(&pos));
            }
            assert!(seen >= 3, "repetition with {seen} occurrences");
            assert_eq!(game.repetitions(), seen, "repetitions counted");
        }
        let mut copy = game.clone();
        if let Some(&m) = game.position().legal_moves().first() {
            assert!(copy.play(m).is_err(), "a finished game accepted {m}");
        }
    }

    let record = game.to_record();
    let back = Game::from_record(&record).unwrap_or_else(|e| panic!("{e}\n{record}"));
    assert_eq!(back.to_record(), record, "record round trip");
    assert_eq!(
        back.position(),
        game.position(),
        "record round trip\n{record}"
    );
    assert_eq!(back.moves(), game.moves(), "record round trip\n{record}");
    assert_eq!(back.outcome(), outcome, "record round trip\n{record}");
}

/// Every piece a legal move captures is explained once, in the move's order, by the way its
/// mover (or, for a Chameleon, the victim) takes pieces, with the geometry of RULES §2: a
/// displaced piece stood on the destination, a withdrawn-from one next to the start opposite
/// the travel, a leapt one on the path, a coordinated one on a corner with the mover's King, a
/// pinched one next to the destination with the mover's own piece beyond.
fn check_explained(pos: &Position, m: Move, fen: &str) {
    let explained = pos.captures_explained(m);
    let squares: Vec<Square> = explained.iter().map(|c| c.square).collect();
    let captured: Vec<Square> = m.captures().into_iter().collect();
    assert_eq!(squares, captured, "{fen}: the captures of {m} explained");
    let (Some(to), from) = (m.to(), m.from()) else {
        return;
    };
    let step = |a: i32, b: i32| (b - a).signum();
    let (df, dr) = (step(from.file(), to.file()), step(from.rank(), to.rank()));
    for c in explained {
        assert_eq!(Some(c.victim), pos.board().role_at(c.square), "{fen}: {m}");
        assert_eq!(c.imitated, m.role() == Role::Chameleon, "{fen}: {m}");
        let way = c.way;
        let ok = match way {
            CaptureWay::Displacement => c.square == to,
            CaptureWay::Withdrawal => from.offset(-df, -dr) == Some(c.square),
            CaptureWay::Leap => (1..from.distance(to) as i32)
                .filter_map(|k| from.offset(k * df, k * dr))
                .any(|sq| sq == c.square),
            CaptureWay::Coordination { king } => {
                pos.board().king_of(pos.turn()) == Some(king)
                    && ((c.square.file() == to.file() && c.square.rank() == king.rank())
                        || (c.square.file() == king.file() && c.square.rank() == to.rank()))
            }
            CaptureWay::Pinch { partner } => {
                c.square.distance(to) == 1
                    && (c.square.file() == to.file() || c.square.rank() == to.rank())
                    && pos.board().color_at(partner) == Some(pos.turn())
            }
        };
        assert!(ok, "{fen}: {m} takes {} by {way:?}", c.square);
    }
}
