//! What an analysis reports after each iteration: the one structured stream that the command
//! line (`ultima analyse`) prints and the browser's worker posts, so that the two can be
//! compared number for number.
//!
//! Scores come twice: for the side to move (as the search sees them) and from White's point of
//! view, which is what a page shows (an evaluation bar, a graph over a game): comparable across
//! positions whoever is to move.

use crate::score::{Eval, EvalKind};
use crate::search::Iteration;
use ultima::{Color, Position};

/// A score: centipawns (a Pawn is 100), or a mate in moves. Exactly one is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    /// Centipawns, e.g. 35.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub cp: Option<i32>,
    /// Moves to mate: positive when the side whose view this is mates, negative when it is
    /// mated (e.g. -2: mated in two moves). In Ultima a side with no legal move has lost, so
    /// this counts stalemates too (RULES §4).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub mate: Option<i32>,
}

impl Score {
    /// An engine score, for the side to move.
    pub fn of(eval: Eval) -> Score {
        match eval.kind() {
            EvalKind::Centipawns(cp) => Score {
                cp: Some(i32::from(cp)),
                mate: None,
            },
            EvalKind::MateIn(n) => Score {
                cp: None,
                mate: Some(i32::from(n)),
            },
            EvalKind::MatedIn(n) => Score {
                cp: None,
                mate: Some(-i32::from(n)),
            },
        }
    }

    /// The same score seen by the other side.
    pub fn flipped(self) -> Score {
        Score {
            cp: self.cp.map(|cp| -cp),
            mate: self.mate.map(|m| -m),
        }
    }

    /// This score, for `to_move`, from White's point of view.
    pub fn from_white(self, to_move: Color) -> Score {
        match to_move {
            Color::White => self,
            Color::Black => self.flipped(),
        }
    }
}

/// As `ultima analyse` prints it: "+0.35", "-1.20", "#2" (mates in two), "#-3"; a width and
/// alignment given (`{:>7}`) apply.
impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match (self.cp, self.mate) {
            (_, Some(m)) => format!("#{m}"),
            (Some(cp), None) => format!("{:+.2}", f64::from(cp) / 100.0),
            (None, None) => "?".to_string(),
        };
        f.pad(&text)
    }
}

/// One line of an analysis: a root move, its score and the play expected after it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReportLine {
    /// 1 for the best line, 2 for the next, …
    pub multipv: usize,
    /// For the side to move.
    pub score: Score,
    /// From White's point of view.
    pub white: Score,
    /// Canonical move text, the root move first, e.g. ["a1-a6xa2xa5", "e8-d8"].
    pub pv: Vec<String>,
}

/// One completed iteration of an analysis.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Report {
    /// The depth completed, in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    #[cfg_attr(feature = "serde", serde(rename = "timeMs"))]
    pub time_ms: f64,
    /// Nodes per second so far.
    pub nps: u64,
    /// The best lines, best first.
    pub lines: Vec<ReportLine>,
}

impl Report {
    /// The report of an iteration of a search of `pos`, `time_ms` milliseconds after its start.
    pub fn new(pos: &Position, info: &Iteration<'_>, time_ms: f64) -> Report {
        Report {
            depth: info.depth,
            seldepth: info.seldepth,
            nodes: info.nodes,
            // A tenth of a millisecond is as fine as a browser's clock reads.
            time_ms: (time_ms * 10.0).round() / 10.0,
            nps: (info.nodes as f64 / (time_ms / 1000.0).max(1e-6)) as u64,
            lines: info
                .lines
                .iter()
                .enumerate()
                .map(|(i, line)| {
                    let score = Score::of(line.score);
                    ReportLine {
                        multipv: i + 1,
                        score,
                        white: score.from_white(pos.turn()),
                        pv: line.pv.iter().map(|m| m.to_string()).collect(),
                    }
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Config, Engine, Limits, SearchHandler};

    /// Keeps every report.
    struct Keep<'a>(&'a Position, Vec<Report>);

    impl SearchHandler for Keep<'_> {
        fn should_stop(&mut self, _nodes: u64) -> bool {
            false
        }
        fn on_iteration(&mut self, info: &Iteration<'_>) {
            let report = Report::new(self.0, info, 10.0);
            self.1.push(report);
        }
    }

    fn analyse(fen: &str, depth: u32, multipv: usize) -> Vec<Report> {
        let pos = Position::from_fen(fen, Default::default()).expect("a valid position");
        let mut engine = Engine::new(Config {
            hash_mb: 1,
            ..Config::default()
        });
        let mut keep = Keep(&pos, Vec::new());
        let limits = Limits {
            depth: Some(depth),
            multipv,
            ..Limits::default()
        };
        engine.search(&pos, &[], limits, &mut keep);
        keep.1
    }

    #[test]
    fn lines_are_distinct_root_moves_best_first_with_white_view_scores() {
        let start = "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC b 0 1";
        let reports = analyse(start, 4, 3);
        assert_eq!(reports.len(), 4);
        for report in &reports {
            assert_eq!(report.lines.len(), 3);
            let roots: Vec<&String> = report.lines.iter().map(|l| &l.pv[0]).collect();
            assert!(roots[0] != roots[1] && roots[1] != roots[2] && roots[0] != roots[2]);
            for (i, line) in report.lines.iter().enumerate() {
                assert_eq!(line.multipv, i + 1);
                // Black to move: White's view is the other sign.
                assert_eq!(line.white, line.score.flipped());
            }
            let cps: Vec<i32> = report.lines.iter().filter_map(|l| l.score.cp).collect();
            assert!(cps.windows(2).all(|w| w[0] >= w[1]), "best first: {cps:?}");
        }
    }

    #[test]
    fn a_forced_mate_is_reported_in_moves_for_both_views() {
        // A mate in two of the tactics set (mined-s2g4p59), Black to move: e6-e2 first.
        let reports = analyse("5x2/3p1k1p/c3w1pp/xpp4L/6P1/8/PPP4P/IL1iKW1C b 1 30", 5, 2);
        let last = reports.last().expect("an iteration");
        let line = &last.lines[0];
        assert_eq!(line.pv[0], "e6-e2");
        assert_eq!(line.score.mate, Some(2), "{line:?}");
        assert_eq!(line.white.mate, Some(-2), "White is mated in two");
        assert_ne!(last.lines[1].pv[0], "e6-e2");
    }

    #[test]
    fn one_line_by_default_the_main_line() {
        let reports = analyse("clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1", 3, 0);
        for report in reports {
            assert_eq!(report.lines.len(), 1);
        }
    }

    #[test]
    fn scores_read_as_centipawns_or_mates() {
        assert_eq!(
            Score::of(Eval::cp(-35)),
            Score {
                cp: Some(-35),
                mate: None
            }
        );
        assert_eq!(Score::of(Eval::mate_in(3)).mate, Some(2));
        assert_eq!(Score::of(Eval::mated_in(4)).mate, Some(-2));
        assert_eq!(Score::of(Eval::mated_in(4)).flipped().mate, Some(2));
        // From White's view: as it is for White, turned round for Black.
        assert_eq!(
            Score::of(Eval::cp(-35)).from_white(Color::White).cp,
            Some(-35)
        );
        assert_eq!(
            Score::of(Eval::cp(-35)).from_white(Color::Black).cp,
            Some(35)
        );
        assert_eq!(
            Score::of(Eval::mate_in(3)).from_white(Color::Black).mate,
            Some(-2)
        );
        // As `ultima analyse` prints them, padded when asked.
        assert_eq!(
            format!(
                "{:>6}|{}",
                Score::of(Eval::cp(35)),
                Score::of(Eval::mate_in(3))
            ),
            " +0.35|#2"
        );
        assert_eq!(Score::of(Eval::cp(-120)).to_string(), "-1.20");
    }
}
