//! Whether the data directory's disk has room for a write, as far as the last failed one tells.
//!
//! Each write that fails for want of space costs more than its own refusal: redb latches the
//! failure, and the file must be reopened, which repairs it by walking every table while reads
//! wait. So once a write has failed that way, later writes are refused at once (the same 507)
//! until the disk has gained space, measured by its free bytes, and at the latest after
//! `RETRY_AFTER` (a quota that filled, which the free bytes do not show).

use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::fault::DiskFull;

/// Space the disk must gain before writes are tried again.
const GAINED: u64 = 1024 * 1024;
/// Writes are tried again after this long whatever the free bytes say.
const RETRY_AFTER: Duration = Duration::from_secs(30);

#[derive(Debug)]
pub struct Space {
    dir: PathBuf,
    filled: Mutex<Option<Filled>>,
    /// A test's simulated disk, which answers for the free bytes too.
    fault: Option<DiskFull>,
}

#[derive(Debug)]
struct Filled {
    free: Option<u64>,
    at: Instant,
}

impl Space {
    pub fn new(dir: PathBuf, fault: Option<DiskFull>) -> Space {
        Space {
            dir,
            filled: Mutex::new(None),
            fault,
        }
    }

    pub fn fault(&self) -> Option<DiskFull> {
        self.fault.clone()
    }

    /// Called by the backend when a write failed for want of space.
    pub fn filled(&self) {
        let free = self.free_bytes();
        *self.filled.lock().unwrap_or_else(PoisonError::into_inner) = Some(Filled {
            free,
            at: Instant::now(),
        });
    }

    /// Whether a write would meet the full disk again: it filled, and has gained no space since.
    pub fn still_full(&self) -> bool {
        let mut filled = self.filled.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(then) = filled.as_ref() else {
            return false;
        };
        let gained = match (then.free, self.free_bytes()) {
            (Some(then), Some(now)) => now >= then.saturating_add(GAINED),
            _ => true,
        };
        if gained || then.at.elapsed() >= RETRY_AFTER {
            *filled = None;
            return false;
        }
        true
    }

    fn free_bytes(&self) -> Option<u64> {
        if let Some(fault) = &self.fault {
            return Some(fault.free_bytes());
        }
        free_bytes_of(&self.dir)
    }
}

#[cfg(unix)]
pub(super) fn free_bytes_of(dir: &std::path::Path) -> Option<u64> {
    let stat = rustix::fs::statvfs(dir).ok()?;
    Some(stat.f_bavail.saturating_mul(stat.f_frsize))
}

/// Elsewhere every write is tried: a full disk then costs a reopen per failed write.
#[cfg(not(unix))]
pub(super) fn free_bytes_of(_dir: &std::path::Path) -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_are_refused_at_once_until_the_disk_gains_space() {
        let dir = std::env::temp_dir().join("litstack-space-test");
        let disk = DiskFull::install(&dir);
        let space = Space::new(dir, Some(disk.clone()));
        assert!(!space.still_full(), "nothing failed yet");

        disk.fill();
        assert!(!space.still_full(), "no write has met the full disk yet");
        space.filled();
        assert!(space.still_full());
        assert!(space.still_full(), "until space is freed");

        disk.free();
        assert!(!space.still_full(), "space was freed");
        disk.fill();
        assert!(
            !space.still_full(),
            "the next write tries again, and tells if it fails"
        );
    }
}
