//! For tests only: a data directory whose disk can be made full and freed again, in process, on
//! any machine (mounting a small file system needs root). The switch acts inside the storage
//! backend, so redb meets exactly the error a full disk gives it: a write answered with
//! `ENOSPC` (`io::ErrorKind::StorageFull`), which it latches like any failed I/O.
//!
//! While the switch is on, every write fails but the rewrite of the file's header in place:
//! a full disk refuses writes that need a new block, and the header's block is one the file has
//! owned since it was created (redb rewrites it when it reopens a file after a failure). Writes
//! into other blocks the file owns could succeed on a real full disk; refusing them all makes
//! each write of a test fail for certain.
//!
//! A server never installs a switch: `FileStore` asks for one only for a data directory a test
//! registered here.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The bytes at the start of a redb file that hold its header.
const HEADER_BYTES: u64 = 4096;

/// The switch of one data directory's disk.
#[derive(Debug, Clone)]
pub struct DiskFull {
    on: Arc<AtomicBool>,
}

static REGISTERED: Mutex<Vec<(PathBuf, DiskFull)>> = Mutex::new(Vec::new());

impl DiskFull {
    /// Registers a switch (off) for the database that `data_dir` will hold. Call it before the
    /// store is opened; every open of that directory's file (a reopen too) goes through it.
    pub fn install(data_dir: &Path) -> DiskFull {
        let switch = DiskFull { on: Arc::default() };
        registered().push((data_dir.to_path_buf(), switch.clone()));
        switch
    }

    /// Fills the disk: from now on writes fail with `StorageFull`.
    pub fn fill(&self) {
        self.on.store(true, Ordering::SeqCst);
    }

    /// Frees space: writes succeed again.
    pub fn free(&self) {
        self.on.store(false, Ordering::SeqCst);
    }

    /// The free bytes the simulated disk reports.
    pub(super) fn free_bytes(&self) -> u64 {
        if self.on.load(Ordering::SeqCst) {
            0
        } else {
            1 << 30
        }
    }

    pub(super) fn refuses(&self, offset: u64, len: usize) -> bool {
        self.on.load(Ordering::SeqCst) && offset + len as u64 > HEADER_BYTES
    }
}

fn registered() -> std::sync::MutexGuard<'static, Vec<(PathBuf, DiskFull)>> {
    REGISTERED.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The switch a test registered for `data_dir`, if any.
pub(super) fn for_dir(data_dir: &Path) -> Option<DiskFull> {
    let registered = registered();
    if registered.is_empty() {
        return None;
    }
    registered
        .iter()
        .find(|(dir, _)| dir == data_dir)
        .map(|(_, switch)| switch.clone())
}
