//! `ultima play-engine`: the child's side of the protocol of [`crate::remote`], one of this
//! build's players answering another build's `ultima match`.

use crate::options::Options;
use crate::players::{Player, Spec};
use crate::remote::{parse_go, GREETING};
use std::io::{BufRead, Write};
use std::time::Duration;
use ultima_engine::Limits;

/// `ultima play-engine <player> [--time-ms T | --nodes N] [--hash MB]`: the child's side.
/// Serves requests on standard input until it closes.
pub fn serve(raw: &[String]) -> Result<(), String> {
    let o = Options::parse(raw, &["time-ms", "nodes", "hash"])?;
    o.exclusive(&["time-ms", "nodes"])?;
    let [text] = o.positional.as_slice() else {
        return Err(format!(
            "'play-engine' takes 1 argument (a player), got {}",
            o.positional.len()
        ));
    };
    let spec = Spec::parse(text)?;
    if matches!(spec, Spec::Exe { .. }) {
        return Err("'play-engine' plays this build's own players, not another build".into());
    }
    let global = Limits {
        time_ms: o.number("time-ms", 1..=3_600_000)?,
        nodes: o.number("nodes", 1..=u64::MAX)?,
        ..Limits::default()
    };
    let hash = o.number("hash", 1..=4096)?.unwrap_or(16);
    let name = spec.name();
    // Not a build by `exe:`, so no wait for one.
    let mut player = Player::new(spec, hash, &global, Duration::ZERO)?;
    let mut out = std::io::stdout().lock();
    let mut say = |line: String| -> Result<(), String> {
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write to the match: {e}"))
    };
    say(format!("{GREETING} {name}"))?;
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| format!("cannot read from the match: {e}"))?;
        let reply = match line.split_once(' ').unwrap_or((line.as_str(), "")) {
            ("new", seed) => match seed.parse::<u64>() {
                Ok(seed) => player.new_game(seed).map(|()| "ok".to_string()),
                Err(_) => Err(format!("seed '{seed}' is not a whole number")),
            },
            ("go", fields) => parse_go(fields).and_then(|game| {
                let (nodes, depth) = (player.nodes, player.depth_sum);
                match player.choose(&game, &global)? {
                    Some(m) => Ok(format!(
                        "move {m} {} {}",
                        player.nodes - nodes,
                        player.depth_sum - depth
                    )),
                    None => Err("no move: the game is over".into()),
                }
            }),
            (word, _) => Err(format!("unknown request '{word}' (new, go)")),
        };
        say(reply.unwrap_or_else(|e| format!("error {e}")))?;
    }
    Ok(())
}
