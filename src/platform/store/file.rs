//! The redb backend: one file, `litstack.redb`, in the data directory. This is the default store of
//! a firm's own install; `migrate/` brings older files up to date, `check.rs` checks a file and
//! `backup.rs` copies one.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock, PoisonError, RwLock};
use std::time::{Duration, Instant};

use redb::{
    Database, ReadTransaction, ReadableDatabase, ReadableTable, RepairSession, StorageError,
    TransactionError, WriteTransaction,
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
    /// Set by `close`: no transaction begins and nothing reopens the file after it.
    closed: AtomicBool,
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
            closed: AtomicBool::new(false),
        };
        if store.migrate()? {
            store.compact();
        }
        Ok(store)
    }

    /// Gives the file's free pages back to the disk, when a migration freed many: run at open,
    /// before anything else holds the database. A failure only leaves the pages free in the file
    /// for later writes, so it is said and the start goes on.
    fn compact(&self) {
        let mut slot = self.db.write().unwrap_or_else(PoisonError::into_inner);
        let Some(db) = slot
            .as_mut()
            .and_then(|opened| Arc::get_mut(&mut opened.db))
        else {
            return;
        };
        let (before, started) = (file_len(&self.path), Instant::now());
        match db.compact() {
            Ok(_) => tracing::info!(
                before_mb = before >> 20,
                after_mb = file_len(&self.path) >> 20,
                elapsed_ms = started.elapsed().as_millis() as u64,
                "the database file is compacted"
            ),
            Err(error) => tracing::warn!(
                %error,
                "the database file could not be compacted: its free pages stay in it for later \
                 writes"
            ),
        }
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
        loop {
            let opened = self.current()?;
            let (opened, txn) = match opened.db.begin_write() {
                Err(e) if after_failed_io(&e) => {
                    let again = self.reopen(opened)?;
                    let txn = again.db.begin_write()?;
                    (again, txn)
                }
                other => (opened, other?),
            };
            // A rewrite (`rewrite`) swaps the file in while this waited for its write lock: a
            // write here would land in the file it left behind, so it begins again on the new one.
            if self.is_current(&opened) {
                return Ok(txn);
            }
        }
    }

    /// Whether `opened` is still the database the store hands out.
    fn is_current(&self, opened: &Opened) -> bool {
        let slot = self.db.read().unwrap_or_else(PoisonError::into_inner);
        slot.as_ref()
            .is_none_or(|current| Arc::ptr_eq(&current.db, &opened.db))
    }

    /// Rewrites the file from its live rows and swaps the copy in, so nothing removed lives on
    /// in the file's free pages (redb reuses a freed page but never clears it): a firm's deletion
    /// ends with this. The copy is `backup::backup_to`'s, made under a write transaction of the
    /// old file, so no write is lost between the copy and the swap; reads go on throughout, on
    /// the old file until the swap. Writes wait for the copy (`docs/data.md` has the pause).
    pub fn rewrite(&self, tables: &[&dyn super::registry::RedbTable]) -> anyhow::Result<u64> {
        let opened = self.current()?;
        // Held to the swap: every other writer waits for it, then begins again on the new file.
        let hold = opened.db.begin_write()?;
        let copy = self.path.with_extension("redb.rewrite");
        // Left by a rewrite that failed midway (the live file is whole: the swap is a rename).
        let _ = std::fs::remove_file(&copy);
        let copied = (|| {
            let rows = super::backup::copy_of(&opened.db.begin_read()?, &copy, tables)?;
            std::fs::File::open(&copy)?.sync_all()?;
            let slot = self.db.write().unwrap_or_else(PoisonError::into_inner);
            // A stop began meanwhile: the file it closed stays as it is.
            self.refuse_if_closed()?;
            std::fs::rename(&copy, &self.path)?;
            anyhow::Ok((rows, slot))
        })();
        let (rows, mut slot) = copied.inspect_err(|_| {
            let _ = std::fs::remove_file(&copy);
        })?;
        // The path names the new file now: the old one, unlinked, lives on only while a reader
        // finishes with it, and is never handed out again (if the open below fails, the next
        // transaction opens the new file).
        *slot = None;
        if let Some(dir) = self.path.parent() {
            std::fs::File::open(dir)?.sync_all()?;
        }
        *slot = Some(open_again(&self.path, &self.space)?);
        drop(slot);
        hold.abort()?;
        Ok(rows)
    }

    /// The open database, or the file opened again when an earlier reopen failed.
    fn current(&self) -> Result<Opened, TransactionError> {
        self.refuse_if_closed()?;
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
        self.refuse_if_closed()?;
        if let Some(current) = slot.as_ref()
            && !Arc::ptr_eq(&current.db, &failed.db)
        {
            return Ok(current.clone());
        }
        tracing::warn!(path = %self.path.display(), "a write to the database failed earlier: reopening it");
        let old = slot.take();
        drop(failed);
        if let Some(old) = old {
            match last_handle(old.db) {
                Some(db) => drop(db),
                None => tracing::warn!("the failed database is still in use; reopening anyway"),
            }
        }
        // If this fails (no space even for the recovery, say), the next call tries again.
        let opened = open_again(&self.path, &self.space)?;
        *slot = Some(opened.clone());
        tracing::info!("the database was reopened");
        Ok(opened)
    }

    fn reopen_locked(&self) -> Result<Opened, TransactionError> {
        let mut slot = self.db.write().unwrap_or_else(PoisonError::into_inner);
        self.refuse_if_closed()?;
        if let Some(current) = slot.as_ref() {
            return Ok(current.clone());
        }
        let opened = open_again(&self.path, &self.space)?;
        *slot = Some(opened.clone());
        tracing::info!("the database was reopened");
        Ok(opened)
    }

    /// Closes the file at a graceful stop, on the calling thread: redb records its allocator state
    /// and clears the file's recovery flag, so the next start needs no repair (at 100M bookings a
    /// repair reads every table for 33-63 s). Left to the last handle's drop, the close ran while
    /// the runtime shut down, which waits 500 ms: at 100M on a busy machine the process exited
    /// first. Transactions begun after this fail; one still writing (an import past the grace
    /// period) is rolled back.
    pub fn close(&self) {
        let taken = {
            let mut slot = self.db.write().unwrap_or_else(PoisonError::into_inner);
            self.closed.store(true, Ordering::Release);
            slot.take()
        };
        let Some(opened) = taken else {
            return;
        };
        let started = Instant::now();
        let Some(db) = last_handle(opened.db) else {
            tracing::warn!(
                "the database is still in use at the stop: the next start may repair it"
            );
            return;
        };
        // A write transaction another thread began before the slot was taken ends first (a
        // background job's, in milliseconds): closing under it would defer the close to its end.
        let deadline = Instant::now() + Duration::from_secs(3);
        while matches!(db.try_begin_write(), Err(TransactionError::WouldBlock))
            && Instant::now() < deadline
        {
            std::thread::sleep(Duration::from_millis(5));
        }
        match db.close() {
            Ok(()) => tracing::info!(
                elapsed_ms = started.elapsed().as_millis() as u64,
                "the database file is closed"
            ),
            Err(redb::DatabaseError::TransactionInProgress) => tracing::warn!(
                "a write still running at the stop is rolled back; the next start may repair the file"
            ),
            Err(e) => {
                tracing::warn!(error = %e, "closing the database file failed: the next start repairs it")
            }
        }
    }

    fn refuse_if_closed(&self) -> Result<(), TransactionError> {
        if self.closed.load(Ordering::Acquire) {
            return Err(TransactionError::Storage(StorageError::DatabaseClosed));
        }
        Ok(())
    }
}

/// redb's page cache. Its default (1 GiB, half of it for a transaction's written pages) made a
/// 10M-row import hold 1.7 GB; the bookings are answered from their own index, and every other
/// table fits in a fraction of this. 32 MiB, not 64: a day's import reads every stored identity
/// through it (160 MB at 10M bookings), which fills it to the brim and leaves it full; at 32 MiB
/// that import peaks and stays 30 MB lower, and imports of 1M and 10M rows take as long
/// (benches/README.md).
const CACHE_BYTES: usize = 32 * 1024 * 1024;

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
    let (mut builder, repair) = RepairLog::builder(path);
    let db = builder
        .set_cache_size(CACHE_BYTES)
        .create_with_backend(backend)?;
    // Logged: nothing else differs for a repaired file once open.
    repair.done();
    Ok(Opened {
        db: Arc::new(db),
        health,
    })
}

/// Says in the log what redb does when it opens a file that was not closed (a crash, a kill -9, a
/// power loss): before the open returns it reads every table again (43 s at 100M bookings, 13.7 GB,
/// on 2 cores), and without these lines the server would say nothing meanwhile.
pub(super) struct RepairLog {
    began: Arc<OnceLock<Instant>>,
}

impl RepairLog {
    /// A builder whose repair, if it runs, logs its start and its progress.
    pub(super) fn builder(path: &Path) -> (redb::Builder, RepairLog) {
        // The size tells the operator how long to expect.
        let size_mb = std::fs::metadata(path).map_or(0, |m| m.len() / 1_000_000);
        let began = Arc::new(OnceLock::new());
        let seen = began.clone();
        let mut builder = Database::builder();
        builder.set_repair_callback(move |session: &mut RepairSession| {
            let began = *seen.get_or_init(Instant::now);
            // redb calls this as each step begins: at 0%, at 30% only when it must roll the last
            // commit back, then at 60% and 90%.
            let done_percent = (session.progress() * 100.0).round() as u32;
            if done_percent == 0 {
                tracing::warn!(
                    size_mb,
                    "the database file was not closed at the last stop (a crash, a kill or a power \
                     loss): repairing it before anything else, which reads the whole file"
                );
            } else {
                tracing::info!(
                    done_percent,
                    elapsed_ms = began.elapsed().as_millis(),
                    "repairing the database file"
                );
            }
        });
        (builder, RepairLog { began })
    }

    /// Logs the end of a repair, if one ran, and says whether one did.
    pub(super) fn done(&self) -> bool {
        let Some(began) = self.began.get() else {
            return false;
        };
        tracing::info!(
            elapsed_ms = began.elapsed().as_millis(),
            "the database file is repaired"
        );
        true
    }
}

fn file_len(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
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

/// The database once no other thread holds its handle. Other threads hold one only for the instant
/// it takes to begin a transaction, so this waits briefly; `None` if one still does after 5 s.
fn last_handle(mut db: Arc<Database>) -> Option<Database> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match Arc::try_unwrap(db) {
            Ok(db) => return Some(db),
            Err(shared) if Instant::now() < deadline => {
                db = shared;
                std::thread::sleep(Duration::from_millis(1));
            }
            Err(_) => return None,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether redb had to repair the file when it opened it next.
    fn repaired_at_open(dir: &Path) -> bool {
        let repaired = Arc::new(AtomicBool::new(false));
        let seen = repaired.clone();
        let db = redb::Builder::new()
            .set_repair_callback(move |_| seen.store(true, Ordering::Relaxed))
            .open(dir.join("litstack.redb"))
            .unwrap();
        drop(db);
        repaired.load(Ordering::Relaxed)
    }

    fn closed(e: Result<impl Sized, TransactionError>) -> bool {
        matches!(
            e,
            Err(TransactionError::Storage(StorageError::DatabaseClosed))
        )
    }

    #[test]
    fn a_closed_store_begins_no_transaction_and_leaves_the_file_clean() {
        let dir = tempfile::tempdir().unwrap();
        let store = FileStore::open(dir.path()).unwrap();
        // A read still open does not hold the close up.
        let reading = store.read().unwrap();
        store.close();
        assert!(closed(store.read()));
        assert!(closed(store.write()));
        drop(reading);
        // The handle outlives the close (the runtime's tasks drop theirs later): nothing reopens.
        drop(store);
        assert!(!repaired_at_open(dir.path()));
    }

    #[test]
    fn a_write_begun_before_the_close_commits_and_then_the_file_closes() {
        let dir = tempfile::tempdir().unwrap();
        let store = FileStore::open(dir.path()).unwrap();
        let txn = store.write().unwrap();
        let writer = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            txn.open_table(META)
                .unwrap()
                .insert("close-test", 7)
                .unwrap();
            txn.commit()
        });
        store.close();
        // Closed by the time `close` returns, not deferred to the writer's end: the file opens.
        assert!(!repaired_at_open(dir.path()));
        writer.join().unwrap().unwrap();
        drop(store);
        let store = FileStore::open(dir.path()).unwrap();
        let read = store.read().unwrap();
        let meta = read.open_table(META).unwrap();
        assert_eq!(meta.get("close-test").unwrap().unwrap().value(), 7);
    }

    /// A rewrite swaps the file in under writers: a write waiting for the rewrite's lock begins
    /// again on the new file, so every acknowledged write is in the file that stays.
    #[test]
    fn writes_during_rewrites_all_land_in_the_file_that_stays() {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(FileStore::open(dir.path()).unwrap());
        let tables = crate::registry::redb_tables();
        let writers: Vec<_> = (0..4)
            .map(|w| {
                let store = store.clone();
                std::thread::spawn(move || {
                    for i in 0..50u64 {
                        let txn = store.write().unwrap();
                        let key = format!("rewrite-test:{w}:{i}");
                        txn.open_table(META)
                            .unwrap()
                            .insert(key.as_str(), i)
                            .unwrap();
                        txn.commit().unwrap();
                    }
                })
            })
            .collect();
        for _ in 0..5 {
            store.rewrite(&tables).unwrap();
        }
        for writer in writers {
            writer.join().unwrap();
        }
        store.rewrite(&tables).unwrap();
        let read = store.read().unwrap();
        let meta = read.open_table(META).unwrap();
        for w in 0..4 {
            for i in 0..50u64 {
                let key = format!("rewrite-test:{w}:{i}");
                assert_eq!(
                    meta.get(key.as_str()).unwrap().map(|v| v.value()),
                    Some(i),
                    "{key}"
                );
            }
        }
        drop((meta, read));
        let store = Arc::try_unwrap(store).ok().unwrap();
        store.close();
        assert!(!repaired_at_open(dir.path()));
    }
}
