//! Fuzzing of every parser with proptest (stable toolchain; no nightly for cargo fuzz here).
//!
//! `cargo test` runs a short pass; a long run sets the number of cases:
//! `ULTIMA_FUZZ_CASES=2000000 cargo test --release -p ultima --test fuzz`.
//! Each input must be accepted or rejected with an error, never panic; what is accepted must
//! print back to text that parses to the same value.

use proptest::prelude::*;
use ultima::{Game, MoveText, Position, Rules, Setup, StartSetup};

fn cases() -> u32 {
    std::env::var("ULTIMA_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

/// Text from the alphabet of the formats, so that inputs reach deep into the parsers.
const FORMAT_ALPHABET: &str = "[KWCILXPkwcilxp1-9/ wb0-9a-hx@\\-\\[\\]\"\\.+#{};\n*]{0,120}";

/// Checks one input against every parser.
fn check_all(text: &str) {
    if let Ok(setup) = text.parse::<Setup>() {
        let printed = setup.to_string();
        assert_eq!(
            printed.parse::<Setup>().expect("printed setup parses"),
            setup
        );
        for rules in ["default", "king_capture", "distance_1968"] {
            if let Ok(pos) = Position::from_setup(setup, rules.parse().unwrap()) {
                assert_eq!(
                    Position::from_fen(&pos.to_fen(), *pos.rules()).unwrap(),
                    pos
                );
                // Whatever position was accepted, generation and outcome work on it.
                let _ = pos.legal_moves();
                let _ = pos.outcome();
            }
        }
    }
    if let Ok(mt) = text.parse::<MoveText>() {
        assert_eq!(
            mt.to_string()
                .parse::<MoveText>()
                .expect("printed move text parses"),
            mt
        );
    }
    let _ = Position::default().parse_move(text);
    if let Ok(game) = Game::from_record(text) {
        let record = game.to_record();
        let again = Game::from_record(&record).expect("printed record parses");
        assert_eq!(again.to_record(), record);
    }
    if let Ok(rules) = text.parse::<Rules>() {
        assert_eq!(rules.to_string().parse::<Rules>().unwrap(), rules);
    }
    if let Ok(setup) = text.parse::<StartSetup>() {
        assert_eq!(setup.to_string().parse::<StartSetup>().unwrap(), setup);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn any_text(text in ".{0,120}") {
        check_all(&text);
    }

    #[test]
    fn format_alphabet(text in FORMAT_ALPHABET) {
        check_all(&text);
    }

    /// Position strings with plausible shape: 8 ranks of piece letters and digits.
    #[test]
    fn position_shaped(ranks in prop::collection::vec("[KWCILXPkwcilxp1-8]{1,8}", 6..10),
                       side in "[wbx]", counters in "( [0-9]{1,3} [0-9]{1,3})?") {
        let text = format!("{} {side}{counters}", ranks.join("/"));
        check_all(&text);
    }

    /// Records: headers then moves from a real game's alphabet.
    #[test]
    fn record_shaped(setup in "(rotated|mirrored|custom:[de][ah]/[de][ah]|[a-z]{0,5})",
                     moves in prop::collection::vec("([1-9]\\. )?[a-h][1-8]-[a-h][1-8]?(x[a-h][1-8])?", 0..12)) {
        let text = format!("[Setup \"{setup}\"]\n\n{}", moves.join(" "));
        check_all(&text);
    }
}
