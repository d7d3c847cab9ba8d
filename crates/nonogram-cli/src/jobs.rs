//! Work on several cores: items handled by N threads, results given back in
//! the items' order as soon as each is ready and all before it are.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// The cores this machine offers (1 if unknown).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `work` on every item with `jobs` threads (taking the next item as
/// each finishes, so a slow item holds one thread only) and passes the
/// results to `emit` in the items' order.
pub fn in_order<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
    mut emit: impl FnMut(R),
) {
    if jobs <= 1 || items.len() <= 1 {
        items.iter().for_each(|item| emit(work(item)));
        return;
    }
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(items.len()) {
            let (sender, next, work) = (sender.clone(), &next, &work);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                if sender.send((i, work(item))).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (i, result) in receiver {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&due) {
                emit(result);
                due += 1;
            }
        }
    });
}

/// `--jobs N` (1 to 1024), or all cores.
pub fn jobs(args: &crate::args::Args) -> Result<usize, String> {
    match args.value("--jobs") {
        None => Ok(cores()),
        Some(v) => v.trim().parse::<usize>().ok().filter(|n| (1..=1024).contains(n)).ok_or_else(|| {
            format!("--jobs takes a number of threads from 1 to 1024, not `{}`", nonogram_formats::shown(v))
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_whatever_the_threads_finish_first() {
        let items: Vec<u64> = (0..40).collect();
        for jobs in [1, 2, 7] {
            let mut got = Vec::new();
            // Early items take longest: they finish last.
            in_order(
                &items,
                jobs,
                |&i| {
                    std::thread::sleep(std::time::Duration::from_micros(400 - i * 10));
                    i * i
                },
                |r| got.push(r),
            );
            assert_eq!(got, items.iter().map(|i| i * i).collect::<Vec<_>>(), "{jobs} jobs");
        }
    }
}
