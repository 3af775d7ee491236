//! `ultima datagen`: training positions for the evaluation's tuner (`ultima tune`), from
//! engine self-play.
//!
//! Game `g` of seed `S` starts from random plies drawn from `S` and `g` alone and goes on
//! with the engine at a fixed number of nodes a move from a cleared table, so each game, and
//! the file, is the same wherever and however often it is made, with any `--jobs`. Every
//! quiet position of a game is kept — not in check, and the engine's move neither captures
//! nor suicides, so the static evaluation is a fair guess of the position's worth — with the
//! game's result. A game still going after `--max-plies` counts as a draw.
//!
//! The file is text: a `#` line recording the command, then one line per position, White's
//! score (`1`, `0.5` or `0`) and the position string.

use crate::matches::opening;
use crate::mining;
use crate::options::Options;
use crate::parallel;
use std::io::Write;
use std::time::Instant;
use ultima::{Color, Game, Rules};
use ultima_engine::{Engine, Limits, NoHandler, Rng};

/// Games played side by side before their positions are written, in game order.
const ROUND: u64 = 64;

/// What one `ultima datagen` run plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub seed: u64,
    pub nodes: u64,
    pub plies_random: u32,
    pub max_plies: usize,
}

impl Settings {
    /// The command line that makes game data with these settings (the file's first line).
    pub fn command(&self, games: u64) -> String {
        format!(
            "ultima datagen --games {games} --seed {} --nodes {} --plies-random {} --max-plies {}",
            self.seed, self.nodes, self.plies_random, self.max_plies
        )
    }
}

/// `ultima datagen --out F [--games N] [--seed S] [--nodes K] [--plies-random P]
/// [--max-plies M] [--jobs J]`.
pub fn run(raw: &[String]) -> Result<(), String> {
    let o = Options::parse(
        raw,
        &[
            "out",
            "games",
            "seed",
            "nodes",
            "plies-random",
            "max-plies",
            "jobs",
        ],
    )?;
    if let Some(extra) = o.positional.first() {
        return Err(format!("unexpected argument '{extra}'"));
    }
    let out = o.get("out").ok_or("--out FILE is needed")?;
    let games = o.number("games", 1..=10_000_000u64)?.unwrap_or(1000);
    let settings = Settings {
        seed: o.number("seed", 0..=u64::MAX)?.unwrap_or(1),
        nodes: o.number("nodes", 100..=100_000_000u64)?.unwrap_or(3000),
        plies_random: o.number("plies-random", 0..=40u32)?.unwrap_or(8),
        max_plies: o.number("max-plies", 20..=2000usize)?.unwrap_or(300),
    };
    let jobs = o.number("jobs", 1..=64u64)?.unwrap_or(1);
    let file = std::fs::File::create(out).map_err(|e| format!("cannot write {out}: {e}"))?;
    let mut file = std::io::BufWriter::new(file);
    let write_error = |e: std::io::Error| format!("cannot write {out}: {e}");
    writeln!(file, "# {}", settings.command(games)).map_err(write_error)?;

    let started = Instant::now();
    let mut positions = 0u64;
    let mut first = 0;
    while first < games {
        let round = first..games.min(first + ROUND);
        for lines in play_round(&settings, round.clone(), jobs)? {
            positions += lines.len() as u64;
            for line in lines {
                writeln!(file, "{line}").map_err(write_error)?;
            }
        }
        file.flush().map_err(write_error)?;
        first = round.end;
        eprintln!(
            "datagen: {first}/{games} games, {positions} positions, {:.0} s",
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// The data lines of games `round`, in game order, played by `jobs` threads.
fn play_round(
    settings: &Settings,
    round: std::ops::Range<u64>,
    jobs: u64,
) -> Result<Vec<Vec<String>>, String> {
    let first = round.start;
    parallel::map_in_order(
        (round.end - first) as usize,
        jobs as usize,
        || Engine::new(mining::config(4, 0)),
        |engine, i| game_lines(settings, first + i as u64, engine),
    )?
    .into_iter()
    .collect()
}

/// Game `g`'s quiet positions, each a data line with the game's result.
pub fn game_lines(settings: &Settings, g: u64, engine: &mut Engine) -> Result<Vec<String>, String> {
    let mut rng = Rng::new(
        settings
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(g),
    );
    let mut game = opening(Rules::default(), settings.plies_random, &mut rng);
    engine.new_game();
    let mut quiet = Vec::new();
    while game.outcome().is_none() && game.moves().len() < settings.max_plies {
        let pos = *game.position();
        let r = engine.search(
            &pos,
            &game.history_hashes(),
            Limits::nodes(settings.nodes),
            &mut NoHandler,
        );
        let m = r.best_move.ok_or("a game in progress has a move")?;
        if !pos.is_check() && !m.is_capture() && !m.is_suicide() && !r.score.is_mate() {
            quiet.push(pos.to_fen());
        }
        game.play(m).map_err(|e| e.to_string())?;
    }
    let score = white_score(&game);
    Ok(quiet
        .into_iter()
        .map(|fen| format!("{score} {fen}"))
        .collect())
}

/// White's score in a finished game as the data file writes it; an unfinished game is a draw.
fn white_score(game: &Game) -> &'static str {
    match game.outcome().and_then(|o| o.winner) {
        Some(Color::White) => "1",
        Some(Color::Black) => "0",
        None => "0.5",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> Settings {
        Settings {
            seed: 3,
            nodes: 300,
            plies_random: 6,
            max_plies: 60,
        }
    }

    #[test]
    fn a_game_is_the_same_every_time_and_its_lines_parse() {
        let mut a = Engine::new(mining::config(1, 0));
        let mut b = Engine::new(mining::config(1, 0));
        // A used engine gives the same game as a fresh one.
        game_lines(&settings(), 0, &mut b).unwrap();
        let lines = game_lines(&settings(), 1, &mut a).unwrap();
        assert_eq!(lines, game_lines(&settings(), 1, &mut b).unwrap());
        assert!(!lines.is_empty());
        for line in &lines {
            let (score, fen) = line.split_once(' ').unwrap();
            assert!(["1", "0.5", "0"].contains(&score));
            let pos = ultima::Position::from_fen(fen, Rules::default()).unwrap();
            assert!(!pos.is_check());
        }
    }

    /// FNV-1a, 64 bits: a digest of data lines that stays the same on every platform and
    /// Rust release (std's hasher promises neither).
    fn fnv1a(text: &str) -> u64 {
        text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    }

    /// Game 999 of the data the shipped weights were fitted on (`tuned.rs`'s header:
    /// `--games 14000 --seed 1 --nodes 4000 --plies-random 8 --max-plies 300`), its 203 lines
    /// as the file has them. It is the file's first game that a search going on four plies
    /// past a mate it has found, instead of the miners' two, plays differently: its last two
    /// positions become `…/2K5/8/1k6 w 25 125` and `…/k7/8 b 28 126` (5849ba1). A change of
    /// the engine's search that reaches the miners shows here in a second, not after the
    /// ten-minute `datagen` and the tune.
    #[test]
    fn the_tuning_data_s_game_999_comes_out_as_shipped() {
        let shipped = Settings {
            seed: 1,
            nodes: 4000,
            plies_random: 8,
            max_plies: 300,
        };
        let mut engine = Engine::new(mining::config(4, 0));
        let lines = game_lines(&shipped, 999, &mut engine).unwrap();
        assert_eq!(lines.len(), 203);
        assert_eq!(
            lines[0],
            "1 cl2kxli/pp1pp1pp/5p2/w1x5/2P5/7P/P1PP1PP1/ILXKWXLC w 0 6"
        );
        assert_eq!(
            lines[201..],
            [
                "1 8/8/8/8/8/2K5/k2C4/8 b 24 124",
                "1 8/8/8/8/1K6/8/k1C5/8 b 28 126"
            ]
        );
        assert_eq!(fnv1a(&lines.join("\n")), 0x77f0_0d2d_939d_e4db);
    }

    #[test]
    fn rounds_come_out_in_game_order_whatever_the_jobs() {
        let one = play_round(&settings(), 0..4, 1).unwrap();
        let two = play_round(&settings(), 0..4, 2).unwrap();
        assert_eq!(one, two);
        assert_eq!(one.len(), 4);
    }
}
