//! One memory budget for the whole server (`--max-memory`), shared by the requests running at
//! once: each takes its estimate from it before the work and gives it back after.
//!
//! The budget is a semaphore of KiB. A request reserves the bytes of its body as they arrive,
//! then the estimate of its work once it knows what the work is (the estimates the command
//! line makes: `Work::bytes_per_cell` of the maze, the generators' bytes per cell), and the
//! size of its reply before making it; what its reply keeps while it is sent stays reserved
//! until it is sent. A reservation that cannot be
//! had within [`WAIT`] is refused as [`Refusal::Busy`] (503 and `Retry-After`), never an
//! allocation failure; one larger than the whole budget as [`Refusal::TooLarge`] (413).

use std::sync::Arc;
use std::time::Duration;
use tokio::runtime::Handle;
use tokio::sync::Semaphore;

/// How long a request waits for its share of the budget before it is refused as busy.
pub const WAIT: Duration = Duration::from_secs(2);

/// Bytes a unit of the budget stands for.
const UNIT: u64 = 1024;

/// The shared budget.
pub struct Budget {
    units: Arc<Semaphore>,
    total: u64,
}

/// Why a reservation was refused.
#[derive(Debug)]
pub enum Refusal {
    /// More than the whole budget: the request can never run (413).
    TooLarge(mazegraph::Error),
    /// The budget is in use by other requests for longer than [`WAIT`] (503).
    Busy(String),
}

/// Bytes taken from the budget, given back when dropped.
pub struct Held {
    units: Arc<Semaphore>,
    count: u32,
}

impl Budget {
    /// A budget of `bytes` (at least one unit).
    pub fn new(bytes: u64) -> Budget {
        let total = (bytes / UNIT).clamp(1, u32::MAX as u64);
        Budget {
            units: Arc::new(Semaphore::new(total as usize)),
            total,
        }
    }

    /// The whole budget, in bytes.
    pub fn bytes(&self) -> u64 {
        self.total * UNIT
    }

    /// The units standing for `bytes`, or the refusal of `what` when they are more than the
    /// whole budget (the message the command line gives for `--max-memory`).
    fn units_for(&self, what: &str, bytes: u64) -> Result<u32, Refusal> {
        let limits = mazegraph::grid::Limits {
            max_cells: u64::MAX,
            max_bytes: self.bytes(),
        };
        limits.check_bytes(what, bytes).map_err(Refusal::TooLarge)?;
        Ok(bytes.div_ceil(UNIT).min(self.total) as u32)
    }

    /// `Ok` when `bytes` for `what` fit the whole budget (free or not), else the refusal as
    /// more than the budget (413): checked before a body of that size is read.
    pub fn fits(&self, what: &str, bytes: u64) -> Result<(), Refusal> {
        self.units_for(what, bytes).map(|_| ())
    }

    fn busy(&self, what: &str) -> Refusal {
        Refusal::Busy(format!(
            "the server is busy: other requests use its memory budget ({}, --max-memory), and \
             {what} waited {} s for its share; try again in a moment",
            mazegraph::error::human_bytes(self.bytes()),
            WAIT.as_secs()
        ))
    }

    /// Reserves `bytes` for `what`, waiting up to [`WAIT`]; for async code.
    pub async fn reserve(&self, what: &str, bytes: u64) -> Result<Held, Refusal> {
        let count = self.units_for(what, bytes)?;
        let acquire = self.units.clone().acquire_many_owned(count);
        match tokio::time::timeout(WAIT, acquire).await {
            Ok(Ok(permit)) => {
                permit.forget();
                Ok(self.held(count))
            }
            _ => Err(self.busy(what)),
        }
    }

    /// [`Budget::reserve`] for a blocking thread of the runtime (the API's work): waits on
    /// the runtime's timers; only tries when called outside a runtime (the unit tests).
    pub fn reserve_blocking(&self, what: &str, bytes: u64) -> Result<Held, Refusal> {
        let count = self.units_for(what, bytes)?;
        let got = match Handle::try_current().ok() {
            Some(rt) => rt.block_on(async {
                let acquire = self.units.clone().acquire_many_owned(count);
                tokio::time::timeout(WAIT, acquire).await.ok()?.ok()
            }),
            None => self.units.clone().try_acquire_many_owned(count).ok(),
        };
        match got {
            Some(permit) => {
                permit.forget();
                Ok(self.held(count))
            }
            None => Err(self.busy(what)),
        }
    }

    /// [`Budget::reserve_blocking`] for more of a request that holds `held` already: refused
    /// as more than the whole budget (413) when the two together are, which no wait would
    /// give (two such requests would each hold half and wait for the rest).
    pub fn reserve_more_blocking(
        &self,
        held: &Held,
        what: &str,
        bytes: u64,
    ) -> Result<Held, Refusal> {
        let already = u64::from(held.count) * UNIT;
        self.units_for(
            &format!(
                "{what}, beside the {} its work holds,",
                mazegraph::error::human_bytes(already)
            ),
            bytes.saturating_add(already),
        )?;
        self.reserve_blocking(what, bytes)
    }

    fn held(&self, count: u32) -> Held {
        Held {
            units: self.units.clone(),
            count,
        }
    }

    /// Bytes free now (for the tests).
    #[cfg(test)]
    fn free(&self) -> u64 {
        self.units.available_permits() as u64 * UNIT
    }
}

impl Held {
    /// The bytes held.
    pub fn bytes(&self) -> u64 {
        self.count as u64 * UNIT
    }

    /// Gives back all but `bytes` (what a reply keeps while it is sent).
    pub fn shrink_to(&mut self, bytes: u64) {
        let keep = bytes.div_ceil(UNIT).min(self.count as u64) as u32;
        self.units.add_permits((self.count - keep) as usize);
        self.count = keep;
    }
}

impl Held {
    /// This reservation and `other`, of the same budget, as one, given back together.
    pub fn and(mut self, mut other: Held) -> Held {
        self.count = self.count.saturating_add(std::mem::take(&mut other.count));
        self
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.units.add_permits(self.count as usize);
    }
}

/// Makes the allocator give large blocks back to the system when they are freed: glibc
/// raises its mmap threshold as large blocks are freed (up to 32 MiB) and keeps up to twice
/// that at the top of each thread's arena, which malloc_trim does not release, so an idle
/// server would stay near its peak after one big request. Fixed at 1 MiB, a block that large
/// is its own mapping, unmapped when freed. A no-op elsewhere than glibc.
pub fn release_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator (under its lock).
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

/// Gives freed memory back to the system after a large request: glibc keeps freed pages in
/// its arenas (one per thread that allocated), so the resident memory of an idle server would
/// stay at its peak. A no-op elsewhere.
pub fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks the allocator's own free lists (under its locks).
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reservations_are_given_back() {
        let budget = Budget::new(10 * UNIT);
        let a = budget.reserve_blocking("a", 4 * UNIT).unwrap();
        let mut b = budget.reserve_blocking("b", 6 * UNIT).unwrap();
        // Nothing left, no runtime to wait on: busy at once.
        assert!(matches!(
            budget.reserve_blocking("c", 1),
            Err(Refusal::Busy(_))
        ));
        b.shrink_to(UNIT + 1);
        assert_eq!(budget.free(), 4 * UNIT);
        drop(a);
        drop(b);
        assert_eq!(budget.free(), 10 * UNIT);
        // More than the whole budget: too large, with the command line's words.
        match budget.reserve_blocking("a picture", 11 * UNIT) {
            Err(Refusal::TooLarge(e)) => assert!(e.to_string().contains("--max-memory")),
            _ => panic!("not refused"),
        }
    }
}
