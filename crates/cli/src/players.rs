//! The players of `ultima match` and `ultima play-engine`: the reference players, the
//! engine at a level with its settings, and another build ([`crate::remote`]).

use crate::clock;
use crate::remote::Remote;
use std::ops::RangeInclusive;
use std::time::Duration;
use ultima::{Game, Move, Role};
use ultima_engine::players::{greedy_move, minimax2_move, random_move};
use ultima_engine::{Config, Engine, EvalParams, Level, Limits, Rng, SearchParams};

/// A player of a match, as given on the command line.
#[derive(Clone, Debug)]
pub enum Spec {
    Random,
    Greedy,
    Minimax2,
    Engine(EngineSpec),
    /// Another build of `ultima` playing `player` ([`crate::remote`]).
    Exe {
        path: String,
        player: String,
    },
}

/// The engine at a level, with the settings given after it.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    name: String,
    level: Level,
    limits: Limits,
    /// Whether level 8 varies its first moves ([`Level::in_position`]; `vary=0` turns it off).
    vary: bool,
    hash_mb: Option<usize>,
    /// Search settings (defaults unless changed, for testing a change by SPRT).
    search: SearchParams,
    /// Mobility weight in centipawns per square for every officer, if set.
    mobility: Option<i32>,
    /// The evaluation's tuned weights ([`EvalParams::tuned`], the default), or the hand-set
    /// ones ([`EvalParams::hand`]: `tuned=0`).
    tuned: bool,
    /// Whether the limits were set per player (they then win over the match's).
    own_limits: bool,
}

/// One `key=value` setting of an engine player: its key, the whole numbers it takes, and what
/// it sets. The one list of them: the parser, its errors and the tests read it.
struct Setting {
    key: &'static str,
    values: RangeInclusive<u64>,
    set: fn(&mut EngineSpec, u64),
}

/// Every setting, in the order the usage text names them.
const SETTINGS: &[Setting] = &[
    setting("time", 1..=u64::MAX, |e, n| {
        e.limits.time_ms = Some(n);
        e.limits.nodes = None;
        e.own_limits = true;
    }),
    setting("nodes", 1..=u64::MAX, |e, n| {
        e.limits.nodes = Some(n);
        e.limits.time_ms = None;
        e.own_limits = true;
    }),
    setting("depth", 1..=100, |e, n| {
        e.limits.depth = Some(n as u32);
        e.own_limits = true;
    }),
    setting("noise", 0..=1000, |e, n| e.limits.noise = n as i32),
    setting("vary", 0..=1, |e, n| e.vary = n == 1),
    setting("hash", 1..=4096, |e, n| e.hash_mb = Some(n as usize)),
    setting("nmp", 0..=100, |e, n| e.search.null_move_depth = n as i32),
    setting("lmr", 0..=100, |e, n| e.search.lmr_depth = n as i32),
    setting("rfp", 0..=100, |e, n| e.search.rfp_depth = n as i32),
    setting("asp", 0..=1000, |e, n| e.search.aspiration = n as i32),
    setting("qdepth", 0..=64, |e, n| e.search.qsearch_depth = n as u32),
    setting("fut", 0..=10_000, |e, n| {
        e.search.futility_margin = n as i32
    }),
    setting("checkext", 0..=1, |e, n| e.search.check_extension = n == 1),
    setting("lmp", 0..=100, |e, n| e.search.lmp_depth = n as i32),
    setting("unfinished", 0..=1, |e, n| {
        e.search.play_unfinished = n == 1
    }),
    setting("cm", 0..=1, |e, n| e.search.counter_moves = n == 1),
    setting("ch", 0..=1, |e, n| e.search.continuation_history = n == 1),
    setting("hr", 0..=1_000_000, |e, n| {
        e.search.history_reduction = n as i32
    }),
    setting("cf", 0..=1, |e, n| e.search.captures_first = n == 1),
    setting("tte", 0..=1, |e, n| e.search.tt_eval = n == 1),
    setting("cor", 0..=1, |e, n| e.search.correction = n == 1),
    setting("lmrl", 0..=1000, |e, n| e.search.lmr_log = n as i32),
    setting("iir", 0..=100, |e, n| e.search.iir_depth = n as i32),
    setting("imp", 0..=1, |e, n| e.search.improving = n == 1),
    setting("mob", 0..=100, |e, n| e.mobility = Some(n as i32)),
    setting("tuned", 0..=1, |e, n| e.tuned = n == 1),
];

const fn setting(
    key: &'static str,
    values: RangeInclusive<u64>,
    set: fn(&mut EngineSpec, u64),
) -> Setting {
    Setting { key, values, set }
}

impl Spec {
    pub fn parse(text: &str) -> Result<Spec, String> {
        if let Some(rest) = text.strip_prefix("exe:") {
            let (path, player) = rest.split_once(',').unwrap_or((rest, "level:8"));
            if path.is_empty() || player.is_empty() {
                return Err(format!(
                    "player '{text}' is not exe:<path to ultima>[,<player>]"
                ));
            }
            return Ok(Spec::Exe {
                path: path.into(),
                player: player.into(),
            });
        }
        let mut parts = text.split(',');
        let head = parts.next().unwrap_or_default();
        let base = match head {
            "random" | "greedy" | "minimax2" => {
                if parts.next().is_some() {
                    return Err(format!("player '{head}' takes no settings"));
                }
                return Ok(match head {
                    "random" => Spec::Random,
                    "greedy" => Spec::Greedy,
                    _ => Spec::Minimax2,
                });
            }
            _ => head
                .strip_prefix("level:")
                .and_then(|n| n.parse::<u8>().ok())
                .and_then(Level::new)
                .ok_or(format!(
                    "unknown player '{text}' (random, greedy, minimax2, level:1 .. level:8 \
                     or exe:<path>[,<player>])"
                ))?,
        };
        let mut engine = EngineSpec {
            name: text.to_string(),
            level: base,
            limits: base.limits(),
            vary: true,
            hash_mb: None,
            search: SearchParams::default(),
            mobility: None,
            tuned: true,
            own_limits: false,
        };
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or(format!("player setting '{part}' is not key=value"))?;
            let setting = SETTINGS.iter().find(|s| s.key == key).ok_or_else(|| {
                let keys: Vec<&str> = SETTINGS.iter().map(|s| s.key).collect();
                format!("unknown player setting '{key}' ({})", keys.join(", "))
            })?;
            let n: u64 = value
                .parse()
                .map_err(|_| format!("player setting {key}='{value}' is not a whole number"))?;
            if !setting.values.contains(&n) {
                let (low, high) = (setting.values.start(), setting.values.end());
                return Err(if *high == u64::MAX {
                    format!("player setting {key}={n} is out of range (at least {low})")
                } else {
                    format!("player setting {key}={n} is out of range ({low} to {high})")
                });
            }
            (setting.set)(&mut engine, n);
        }
        Ok(Spec::Engine(engine))
    }

    pub fn name(&self) -> String {
        match self {
            Spec::Random => "random".into(),
            Spec::Greedy => "greedy".into(),
            Spec::Minimax2 => "minimax2".into(),
            Spec::Engine(e) => e.name.clone(),
            Spec::Exe { path, player } => format!("exe:{path},{player}"),
        }
    }

    /// An engine player's search limits: its own, or the match's if it has none of its own.
    fn limits(&self, global: &Limits) -> Option<Limits> {
        let Spec::Engine(e) = self else {
            return None;
        };
        let mut limits = e.limits;
        if !e.own_limits && (global.time_ms.is_some() || global.nodes.is_some()) {
            limits.time_ms = global.time_ms;
            limits.nodes = global.nodes;
        }
        Some(limits)
    }

    /// The engine settings of an engine player (`None` for the others): its search settings,
    /// weights, mobility weight and table size, `default_hash` MB unless it sets its own.
    pub fn config(&self, default_hash: usize) -> Option<Config> {
        let Spec::Engine(e) = self else {
            return None;
        };
        let mut eval = if e.tuned {
            EvalParams::tuned()
        } else {
            EvalParams::hand()
        };
        if let Some(w) = e.mobility {
            for r in [
                Role::Withdrawer,
                Role::Coordinator,
                Role::Immobilizer,
                Role::LongLeaper,
                Role::Chameleon,
            ] {
                eval.mobility[r.index()] = w;
            }
        }
        Some(Config {
            hash_mb: e.hash_mb.unwrap_or(default_hash),
            seed: 0,
            eval,
            search: e.search.clone(),
        })
    }

    /// The time per move this player takes, if it is set by time (and this build can read
    /// the player of another build).
    fn time_ms(&self, global: &Limits) -> Option<u64> {
        match self {
            Spec::Exe { player, .. } => Spec::parse(player).ok()?.time_ms(global),
            _ => self.limits(global)?.time_ms,
        }
    }
}

/// A player during a game.
pub struct Player {
    pub spec: Spec,
    engine: Option<Engine>,
    remote: Option<Remote>,
    rng: Rng,
    /// Nodes searched, moves searched and depths reached over the match (engine players).
    pub nodes: u64,
    pub moves: u64,
    pub depth_sum: u64,
}

impl Player {
    /// The player of `spec`; a build given by `exe:` is started, with `exe_timeout` as its
    /// longest wait for an answer beyond twice its time per move.
    pub fn new(
        spec: Spec,
        default_hash: usize,
        global: &Limits,
        exe_timeout: Duration,
    ) -> Result<Player, String> {
        let remote = match &spec {
            Spec::Exe { path, player } => {
                let thinking = Duration::from_millis(spec.time_ms(global).unwrap_or(0));
                Some(Remote::start(
                    path,
                    player,
                    global,
                    default_hash,
                    exe_timeout + thinking * 2,
                )?)
            }
            _ => None,
        };
        let engine = spec.config(default_hash).map(Engine::new);
        Ok(Player {
            spec,
            engine,
            remote,
            rng: Rng::new(0),
            nodes: 0,
            moves: 0,
            depth_sum: 0,
        })
    }

    /// `(moves, nodes, depth_sum)` over the match so far.
    pub fn totals(&self) -> (u64, u64, u64) {
        (self.moves, self.nodes, self.depth_sum)
    }

    pub fn new_game(&mut self, seed: u64) -> Result<(), String> {
        self.rng = Rng::new(seed);
        if let Some(e) = &mut self.engine {
            e.new_game();
            e.set_seed(seed);
        }
        match &mut self.remote {
            Some(r) => r.new_game(seed),
            None => Ok(()),
        }
    }

    /// The player's move in `game` (`None` from a player with no move to offer); an error if
    /// another build fails.
    pub fn choose(&mut self, game: &Game, global: &Limits) -> Result<Option<Move>, String> {
        let pos = game.position();
        Ok(match &self.spec {
            Spec::Random => random_move(pos, &mut self.rng),
            Spec::Greedy => greedy_move(pos, &mut self.rng),
            Spec::Minimax2 => minimax2_move(pos, &mut self.rng),
            Spec::Exe { .. } => {
                let remote = self.remote.as_mut().expect("exe players have a build");
                let reply = remote.choose(game)?;
                self.nodes += reply.nodes;
                self.moves += 1;
                self.depth_sum += reply.depth;
                Some(reply.mv)
            }
            Spec::Engine(spec) => {
                let limits = self
                    .spec
                    .limits(global)
                    .expect("an engine player has limits");
                let limits = if spec.vary {
                    spec.level.in_position(limits, pos)
                } else {
                    limits
                };
                let history = game.history_hashes();
                let engine = self.engine.as_mut().expect("engine players have an engine");
                let mut handler = clock::deadline(limits.time_ms, clock::silent);
                let r = engine.search(pos, &history, limits, &mut handler);
                self.nodes += r.nodes;
                self.moves += 1;
                self.depth_sum += r.depth as u64;
                r.best_move
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs() {
        assert!(matches!(Spec::parse("greedy"), Ok(Spec::Greedy)));
        let Ok(Spec::Engine(e)) = Spec::parse("level:8,time=200") else {
            panic!("level:8,time=200 parses");
        };
        assert_eq!(e.limits.time_ms, Some(200));
        assert!(e.vary, "level 8 varies its first moves unless told");
        let Ok(Spec::Engine(e)) = Spec::parse("level:8,vary=0") else {
            panic!("level:8,vary=0 parses");
        };
        assert!(!e.vary);
        assert!(Spec::parse("level:8,vary=2").is_err());
        assert!(Spec::parse("level:9").is_err());
        assert!(Spec::parse("level:3,speed=2").is_err());
        assert!(Spec::parse("greedy,time=2").is_err());
        let config = Spec::parse("level:8,hr=16384").unwrap().config(16).unwrap();
        assert_eq!(config.search.history_reduction, 16384);
        assert!(Spec::parse("level:8,hr=2000000").is_err());
        let config = Spec::parse("level:8,tte=0,tuned=0,nmp=0")
            .unwrap()
            .config(16)
            .unwrap();
        assert!(!config.search.tt_eval && config.search.null_move_depth == 0);
        assert_eq!(config.eval, EvalParams::hand());
        let Ok(Spec::Exe { path, player }) = Spec::parse("exe:/a/ultima,level:3,nodes=9") else {
            panic!("exe:/a/ultima,level:3,nodes=9 parses");
        };
        assert_eq!(
            (path.as_str(), player.as_str()),
            ("/a/ultima", "level:3,nodes=9")
        );
        assert!(
            matches!(Spec::parse("exe:/a/ultima"), Ok(Spec::Exe { player, .. }) if player == "level:8")
        );
        assert!(Spec::parse("exe:").is_err() && Spec::parse("exe:/a/ultima,").is_err());
        let global = Limits {
            time_ms: Some(300),
            ..Limits::default()
        };
        let exe = Spec::parse("exe:/a/ultima,level:8,time=50").unwrap();
        assert_eq!(exe.time_ms(&global), Some(50));
        assert_eq!(Spec::parse("level:2").unwrap().time_ms(&global), Some(300));
        assert_eq!(
            Spec::parse("level:2").unwrap().time_ms(&Limits::default()),
            None
        );
    }

    #[test]
    fn bad_settings_are_answered_with_what_is_allowed() {
        let error = |text: &str| Spec::parse(text).unwrap_err();
        assert_eq!(
            error("level:8,tte=2"),
            "player setting tte=2 is out of range (0 to 1)"
        );
        assert_eq!(
            error("level:8,time=0"),
            "player setting time=0 is out of range (at least 1)"
        );
        assert_eq!(
            error("level:8,cf=yes"),
            "player setting cf='yes' is not a whole number"
        );
        assert_eq!(error("level:8,cf"), "player setting 'cf' is not key=value");
        let unknown = error("level:8,speed=2");
        assert!(unknown.starts_with("unknown player setting 'speed' (time, nodes, "));
        assert!(unknown.ends_with(", mob, tuned)"), "{unknown}");
    }

    #[test]
    fn the_usage_text_names_every_setting() {
        let usage = crate::USAGE.split_once("<player>:").unwrap().1;
        for s in SETTINGS {
            let named = usage
                .split(|c: char| !c.is_ascii_alphanumeric())
                .any(|word| word == s.key);
            assert!(named, "the usage text does not name the setting {}", s.key);
            // Each key once: the parser takes the first.
            assert_eq!(SETTINGS.iter().filter(|t| t.key == s.key).count(), 1);
        }
    }
}
