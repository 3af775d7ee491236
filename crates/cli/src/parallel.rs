//! Work spread over threads with its results in a fixed order, so that a command's output is
//! the same with any `--jobs` (`datagen`'s games, `tune`'s reading and blocks of positions,
//! `puzzles`' mined games).

use std::sync::atomic::{AtomicUsize, Ordering};

/// `work(&mut state, i)` for each `i` in `0..n` on `jobs` threads, each thread with its own
/// `state` made by `init` (an engine, say), taking the next `i` when it is free; the results
/// in index order. An error if a thread panicked.
pub fn map_in_order<S, R: Send>(
    n: usize,
    jobs: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> R + Sync,
) -> Result<Vec<R>, String> {
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut state = init();
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= n {
                            return mine;
                        }
                        mine.push((i, work(&mut state, i)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    if done.len() != n {
        return Err("a worker thread panicked".into());
    }
    done.sort_by_key(|(i, _)| *i);
    Ok(done.into_iter().map(|(_, r)| r).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_index_order_with_any_number_of_threads() {
        for jobs in [1, 3, 8] {
            let squares = map_in_order(
                50,
                jobs,
                || 0u32,
                |calls, i| {
                    *calls += 1;
                    i * i
                },
            );
            assert_eq!(squares.unwrap(), (0..50).map(|i| i * i).collect::<Vec<_>>());
        }
        assert_eq!(
            map_in_order(0, 2, || (), |_, i| i).unwrap(),
            Vec::<usize>::new()
        );
    }
}
