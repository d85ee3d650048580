//! The redb backend: one file, `litstack.redb`, in the data directory. This is the default store of
//! a firm's own install; `migrate/` brings older files up to date, `check.rs` checks a file and
//! `backup.rs` copies one.

use std::path::{Path, PathBuf};
use std::sync::{Arc, PoisonError, RwLock};
use std::time::{Duration, Instant};

use redb::{
    Database, ReadTransaction, ReadableDatabase, ReadableTable, StorageError, TransactionError,
    WriteTransaction,
};

use super::backend::{Backend, Health};
use super::space::Space;
use super::{META, OpenError, codec, create_private_dir, fault, restrict_file};

pub struct FileStore {
    /// The open database. redb refuses every transaction after a failed write (a full disk, say)
    /// until the file is reopened, so the store reopens it then; `None` while that failed.
    db: RwLock<Option<Opened>>,
    path: PathBuf,
    space: Arc<Space>,
}

/// One open of the file: the database and what its backend has seen.
#[derive(Clone)]
struct Opened {
    db: Arc<Database>,
    health: Arc<Health>,
}

impl FileStore {
    /// Opens (creating if needed) `<data_dir>/litstack.redb` and brings its schema up to date.
    pub fn open(data_dir: &Path) -> Result<FileStore, OpenError> {
        create_private_dir(data_dir).map_err(|e| OpenError::NotWritable(data_dir.into(), e))?;
        let path = data_dir.join("litstack.redb");
        let space = Arc::new(Space::new(data_dir.into(), fault::for_dir(data_dir)));
        let opened = match open_file(&path, &space) {
            Ok(opened) => opened,
            Err(redb::DatabaseError::DatabaseAlreadyOpen) => {
                return Err(OpenError::AlreadyOpen(data_dir.into()));
            }
            Err(redb::DatabaseError::Storage(redb::StorageError::Io(e)))
                if e.kind() == std::io::ErrorKind::PermissionDenied =>
            {
                return Err(OpenError::NotWritable(data_dir.into(), e));
            }
            Err(e) => return Err(OpenError::Other(path, e.into())),
        };
        restrict_file(&path);
        let store = FileStore {
            db: RwLock::new(Some(opened)),
            path,
            space,
        };
        store.migrate()?;
        Ok(store)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Begins a read transaction. After a failed write, on a database reopened first: reads go
    /// on while the disk is full.
    pub fn read(&self) -> Result<ReadTransaction, TransactionError> {
        let mut opened = self.current()?;
        if opened.health.io_failed() && self.latched(&opened) {
            opened = self.reopen(opened)?;
        }
        match opened.db.begin_read() {
            Err(e) if after_failed_io(&e) => self.reopen(opened)?.db.begin_read(),
            other => other,
        }
    }

    /// Begins a write transaction; refused at once while the disk is still full (`space.rs`).
    pub fn write(&self) -> Result<WriteTransaction, TransactionError> {
        if self.space.still_full() {
            return Err(TransactionError::Storage(StorageError::Io(
                std::io::Error::new(
                    std::io::ErrorKind::StorageFull,
                    "the disk has gained no space since a write failed for want of it",
                ),
            )));
        }
        let opened = self.current()?;
        match opened.db.begin_write() {
            Err(e) if after_failed_io(&e) => self.reopen(opened)?.db.begin_write(),
            other => other,
        }
    }

    /// The open database, or the file opened again when an earlier reopen failed.
    fn current(&self) -> Result<Opened, TransactionError> {
        let current = self
            .db
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        match current {
            Some(opened) => Ok(opened),
            None => self.reopen_locked(),
        }
    }

    /// Whether redb has latched the failure its backend saw. Most failures latch; a failed
    /// best-effort write of its cache does not (the commit writes those pages again), and
    /// reopening then would pull the file from under a live write transaction.
    fn latched(&self, opened: &Opened) -> bool {
        match opened.db.try_begin_write() {
            Err(e) if after_failed_io(&e) => true,
            // Another write transaction is live, and redb has latched nothing (it checks first).
            Err(TransactionError::WouldBlock) => false,
            Err(_) => true,
            Ok(unused) => {
                opened.health.clear();
                drop(unused);
                false
            }
        }
    }

    /// Closes `failed` and opens the file again; redb's recovery at open brings it back to its
    /// last commit. If another thread has reopened it already, returns that database.
    fn reopen(&self, failed: Opened) -> Result<Opened, TransactionError> {
        let mut slot = self.db.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(current) = slot.as_ref()
            && !Arc::ptr_eq(&current.db, &failed.db)
        {
            return Ok(current.clone());
        }
        tracing::warn!(path = %self.path.display(), "a write to the database failed earlier: reopening it");
        let old = slot.take();
        drop(failed);
        if let Some(old) = old {
            close(old.db);
        }
        // If this fails (no space even for the recovery, say), the next call tries again.
        let opened = open_again(&self.path, &self.space)?;
        *slot = Some(opened.clone());
        tracing::info!("the database was reopened");
        Ok(opened)
    }

    fn reopen_locked(&self) -> Result<Opened, TransactionError> {
        let mut slot = self.db.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(current) = slot.as_ref() {
            return Ok(current.clone());
        }
        let opened = open_again(&self.path, &self.space)?;
        *slot = Some(opened.clone());
        tracing::info!("the database was reopened");
        Ok(opened)
    }
}

/// redb's page cache. Its default (1 GiB, half of it for a transaction's written pages) made a
/// 10M-row import hold 1.7 GB; the bookings are answered from their own index, and every other
/// table fits in a fraction of this.
const CACHE_BYTES: usize = 64 * 1024 * 1024;

/// Opens (creating if needed) the database file; redb repairs it here after a crash.
fn open_file(path: &Path, space: &Arc<Space>) -> Result<Opened, redb::DatabaseError> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    let health = Arc::new(Health::default());
    let backend = Backend::new(file, health.clone(), space.clone())?;
    let db = Database::builder()
        .set_cache_size(CACHE_BYTES)
        .create_with_backend(backend)?;
    Ok(Opened {
        db: Arc::new(db),
        health,
    })
}

/// Opens the file after a failure. A write transaction of the failed database that is still
/// ending holds the file's lock until it has: that takes a moment, so the open is retried.
fn open_again(path: &Path, space: &Arc<Space>) -> Result<Opened, TransactionError> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match open_file(path, space) {
            Err(redb::DatabaseError::DatabaseAlreadyOpen) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(2));
            }
            other => return other.map_err(reopen_failed),
        }
    }
}

/// Whether redb refused because an earlier write failed and the file must be reopened.
fn after_failed_io(e: &TransactionError) -> bool {
    matches!(
        e,
        TransactionError::Storage(StorageError::PreviousIo | StorageError::DatabaseClosed)
    )
}

fn reopen_failed(e: redb::DatabaseError) -> TransactionError {
    match e {
        redb::DatabaseError::Storage(s) => TransactionError::Storage(s),
        other => TransactionError::Storage(StorageError::Io(std::io::Error::other(format!(
            "the database could not be reopened after a failed write: {other}"
        )))),
    }
}

/// Drops the last handle of a database, closing the file and releasing its lock. Other threads
/// hold a handle only for the instant it takes to begin a transaction, so this waits briefly.
fn close(mut db: Arc<Database>) {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match Arc::try_unwrap(db) {
            Ok(db) => {
                drop(db);
                return;
            }
            Err(shared) if Instant::now() < deadline => {
                db = shared;
                std::thread::sleep(Duration::from_millis(1));
            }
            Err(_) => {
                tracing::warn!("the failed database is still in use; reopening anyway");
                return;
            }
        }
    }
}

/// Takes the next id of a sequence kept in META under `seq:<name>`; ids start at 1.
pub fn next_id(txn: &WriteTransaction, sequence: &str) -> anyhow::Result<u64> {
    let key = format!("seq:{sequence}");
    let mut meta = txn.open_table(META)?;
    let next = meta.get(key.as_str())?.map(|v| v.value()).unwrap_or(0) + 1;
    meta.insert(key.as_str(), next)?;
    Ok(next)
}

/// Makes sure a sequence is at least `at_least` (after rows were inserted with explicit ids).
pub fn bump_sequence(txn: &WriteTransaction, sequence: &str, at_least: u64) -> anyhow::Result<()> {
    let key = format!("seq:{sequence}");
    let mut meta = txn.open_table(META)?;
    let current = meta.get(key.as_str())?.map(|v| v.value()).unwrap_or(0);
    if at_least > current {
        meta.insert(key.as_str(), at_least)?;
    }
    Ok(())
}

/// Opens a table for reading; `None` for a table no write has created yet (a data directory from
/// before it existed), which readers treat as empty.
pub fn open_read<K: redb::Key + 'static, V: redb::Value + 'static>(
    txn: &ReadTransaction,
    def: redb::TableDefinition<K, V>,
) -> Result<Option<redb::ReadOnlyTable<K, V>>, redb::TableError> {
    match txn.open_table(def) {
        Ok(t) => Ok(Some(t)),
        Err(redb::TableError::TableDoesNotExist(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// A table keyed by (user id, item id): one user's rows, decoded, by item id (ascending).
pub fn user_rows<T: serde::de::DeserializeOwned>(
    txn: &ReadTransaction,
    def: redb::TableDefinition<(u64, u64), &[u8]>,
    user_id: u64,
) -> anyhow::Result<Vec<(u64, T)>> {
    let Some(table) = open_read(txn, def)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.range((user_id, 0)..=(user_id, u64::MAX))? {
        let (key, value) = entry?;
        out.push((key.value().1, codec::decode(value.value())?));
    }
    Ok(out)
}

/// A table keyed by (user id, item id): every user's rows, decoded. For figures across firms.
pub fn all_user_rows<T: serde::de::DeserializeOwned>(
    txn: &ReadTransaction,
    def: redb::TableDefinition<(u64, u64), &[u8]>,
) -> anyhow::Result<Vec<((u64, u64), T)>> {
    let Some(table) = open_read(txn, def)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.iter()? {
        let (key, value) = entry?;
        out.push((key.value(), codec::decode(value.value())?));
    }
    Ok(out)
}

pub fn meta_get(txn: &ReadTransaction, key: &str) -> anyhow::Result<Option<u64>> {
    let meta = txn.open_table(META)?;
    Ok(meta.get(key)?.map(|v| v.value()))
}

pub fn meta_set(txn: &WriteTransaction, key: &str, value: u64) -> anyhow::Result<()> {
    txn.open_table(META)?.insert(key, value)?;
    Ok(())
}
