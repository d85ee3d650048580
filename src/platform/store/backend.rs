//! The redb file's storage backend: redb's own `FileBackend`, doing every read, write and lock,
//! with a note of whether an I/O call failed.
//!
//! redb latches the first failed I/O call of an open database (a write refused for want of
//! space, say): from then on it refuses every transaction and every page read it has not cached
//! with "Previous I/O error occurred", until the file is reopened. Its API does not say when that
//! happened, and a probe read may be served from its cache, so `FileStore` asks this note
//! instead, and reopens the file before the next read rather than fail it.
//!
//! Tests can also make the backend answer as a full disk does (`fault`); nothing else can.

use std::fs::File;
use std::io;
use std::ops::Bound;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use redb::backends::FileBackend;
use redb::{BackendError, StorageBackend};

use super::space::Space;

/// What the backend of one open database has seen; shared with `FileStore`.
#[derive(Debug, Default)]
pub struct Health {
    io_failed: AtomicBool,
}

impl Health {
    /// Whether an I/O call failed since the file was opened (redb latches most such failures).
    pub fn io_failed(&self) -> bool {
        self.io_failed.load(Ordering::Acquire)
    }

    /// Called once redb was found not to have latched the failure (a best-effort write of its
    /// cache, which it retries at commit).
    pub fn clear(&self) {
        self.io_failed.store(false, Ordering::Release);
    }
}

#[derive(Debug)]
pub struct Backend {
    file: FileBackend,
    health: Arc<Health>,
    /// Told when a write fails for want of space; holds a test's simulated disk, if any.
    space: Arc<Space>,
}

impl Backend {
    pub fn new(
        file: File,
        health: Arc<Health>,
        space: Arc<Space>,
    ) -> Result<Backend, redb::DatabaseError> {
        let file = FileBackend::new(file)?;
        Ok(Backend {
            file,
            health,
            space,
        })
    }

    fn noted<T>(&self, result: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &result {
            self.health.io_failed.store(true, Ordering::Release);
            if matches!(
                e.kind(),
                io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded
            ) {
                self.space.filled();
            }
        }
        result
    }
}

impl StorageBackend for Backend {
    fn len(&self) -> io::Result<u64> {
        self.noted(self.file.len())
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        self.noted(self.file.read(offset, out))
    }

    fn set_len(&self, len: u64) -> io::Result<()> {
        self.noted(self.file.set_len(len))
    }

    fn sync_data(&self) -> io::Result<()> {
        self.noted(self.file.sync_data())
    }

    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        if let Some(full) = self.space.fault()
            && full.refuses(offset, data.len())
        {
            return self.noted(Err(io::ErrorKind::StorageFull.into()));
        }
        self.noted(self.file.write(offset, data))
    }

    fn close(&self) -> io::Result<()> {
        self.file.close()
    }

    fn try_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.file.try_lock_range(start, end)
    }

    fn try_lock_shared_range(
        &self,
        start: Bound<u64>,
        end: Bound<u64>,
    ) -> Result<bool, BackendError> {
        self.file.try_lock_shared_range(start, end)
    }

    fn lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.file.lock_range(start, end)
    }

    fn lock_shared_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.file.lock_shared_range(start, end)
    }

    fn unlock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.file.unlock_range(start, end)
    }

    fn query_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.file.query_lock_range(start, end)
    }
}
