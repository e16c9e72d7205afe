//! Parallel iteration: rayon's with the `parallel` feature, else the same calls run serially
//! (the results are the same: every parallel loop here is seeded per item, not per thread).

#[cfg(feature = "parallel")]
pub(crate) use rayon::prelude::*;

/// True when called from inside a rayon pool's worker (a caller already running many tasks
/// at once, so that a task should not start threads of its own).
pub(crate) fn in_pool() -> bool {
    #[cfg(feature = "parallel")]
    return rayon::current_thread_index().is_some();
    #[cfg(not(feature = "parallel"))]
    false
}

/// The threads a call may start for its own work: one inside a pool's worker ([`in_pool`]:
/// the pool already runs many tasks at once), else one a core.
pub(crate) fn threads_here() -> usize {
    if in_pool() {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// The threads of the pool that parallel iterators run on (rayon's global pool; one without
/// the `parallel` feature).
#[cfg_attr(not(feature = "dataset"), allow(dead_code))]
pub(crate) fn pool_threads() -> usize {
    #[cfg(feature = "parallel")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    1
}

/// Runs `background` on the pool while `here` runs on the calling thread (which need not be
/// one of the pool's: `here` may hold what cannot move between threads, such as a writer);
/// returns both results. Without rayon, one after the other.
pub(crate) fn beside<A: Send, B>(
    background: impl FnOnce() -> A + Send,
    here: impl FnOnce() -> B,
) -> (A, B) {
    #[cfg(feature = "parallel")]
    {
        // `background` on a thread of its own (its parallel loops use the pool), under the
        // caller's stop flag; a panic there (a stop too) comes out here, as it would have
        // without the thread.
        let flag = crate::stop::flags();
        std::thread::scope(|s| {
            let a = s.spawn(|| crate::stop::carry(&flag, background));
            let b = here();
            match a.join() {
                Ok(a) => (a, b),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        })
    }
    #[cfg(not(feature = "parallel"))]
    {
        let b = here();
        (background(), b)
    }
}

/// `into_par_iter` without rayon: the serial iterator.
#[cfg(not(feature = "parallel"))]
pub(crate) trait IntoParallelIterator: IntoIterator + Sized {
    /// The items, one after the other.
    fn into_par_iter(self) -> Self::IntoIter {
        self.into_iter()
    }
}

#[cfg(not(feature = "parallel"))]
impl<I: IntoIterator> IntoParallelIterator for I {}

/// `par_chunks_mut` without rayon: the serial chunks.
#[cfg(not(feature = "parallel"))]
pub(crate) trait ParallelSliceMut<T> {
    /// [`slice::chunks_mut`].
    fn par_chunks_mut(&mut self, size: usize) -> std::slice::ChunksMut<'_, T>;
}

#[cfg(not(feature = "parallel"))]
impl<T> ParallelSliceMut<T> for [T] {
    fn par_chunks_mut(&mut self, size: usize) -> std::slice::ChunksMut<'_, T> {
        self.chunks_mut(size)
    }
}
