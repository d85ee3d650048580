//! The store: one redb file in the data directory. This module owns the table definitions, the
//! value codec and the schema migrations; domains use the typed tables through it.

pub mod backup;
pub mod codec;
pub mod tables;

use std::path::{Path, PathBuf};
use std::sync::{Arc, PoisonError, RwLock};

use redb::{
    Database, ReadTransaction, ReadableDatabase, ReadableTable, StorageError, TransactionError,
    WriteTransaction,
};

pub use tables::*;

/// Bytes of one booking identity in `BOOKING_IDENTITIES`.
pub const IDENTITY_LEN: usize = 16;

/// The schema version this binary writes. Older files are migrated at start.
pub const SCHEMA_VERSION: u64 = 4;

pub struct Store {
    /// The open database. redb refuses every transaction after a failed write (a full disk, say)
    /// until the file is reopened, so the store reopens it then; `None` while that failed.
    db: RwLock<Option<Arc<Database>>>,
    path: PathBuf,
}

/// Why the store could not be opened, phrased for the person starting the server.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error(
        "another Litstack process is already using the data directory {0} \
         (stop it first, or pass a different --data-dir)"
    )]
    AlreadyOpen(PathBuf),
    #[error("the data directory {0} is not writable: {1}")]
    NotWritable(PathBuf, std::io::Error),
    #[error("the database {0} was written by a newer Litstack (schema {1}, this one knows {2})")]
    TooNew(PathBuf, u64, u64),
    #[error("the database {0} could not be opened: {1}")]
    Other(PathBuf, anyhow::Error),
}

impl Store {
    /// Opens (creating if needed) `<data_dir>/litstack.redb` and brings its schema up to date.
    pub fn open(data_dir: &Path) -> Result<Store, OpenError> {
        create_private_dir(data_dir).map_err(|e| OpenError::NotWritable(data_dir.into(), e))?;
        let path = data_dir.join("litstack.redb");
        let db = match open_file(&path) {
            Ok(db) => db,
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
        let store = Store {
            db: RwLock::new(Some(Arc::new(db))),
            path,
        };
        store.migrate()?;
        Ok(store)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn read(&self) -> Result<ReadTransaction, redb::TransactionError> {
        let db = self.database_or_reopen()?;
        let txn = match db.begin_read() {
            Err(e) if after_failed_io(&e) => return self.reopen(db)?.begin_read(),
            other => other?,
        };
        // After a failed write redb also refuses reads of the file (begin_read does not say so):
        // one lookup finds out, so that reads recover at once instead of failing until the next
        // write reopens the database.
        let probe = txn
            .open_table(META)
            .and_then(|meta| meta.get("schema_version").map_err(redb::TableError::from));
        match probe {
            Err(redb::TableError::Storage(
                StorageError::PreviousIo | StorageError::DatabaseClosed,
            )) => {
                drop(txn);
                self.reopen(db)?.begin_read()
            }
            _ => Ok(txn),
        }
    }

    pub fn write(&self) -> Result<WriteTransaction, redb::TransactionError> {
        let db = self.database_or_reopen()?;
        match db.begin_write() {
            Err(e) if after_failed_io(&e) => self.reopen(db)?.begin_write(),
            other => other,
        }
    }

    /// The open database (reopened first if an earlier write failed). Hold it only briefly: a
    /// reopen waits for every holder to let go.
    pub fn database(&self) -> Result<Arc<Database>, TransactionError> {
        self.database_or_reopen()
    }

    fn database_or_reopen(&self) -> Result<Arc<Database>, TransactionError> {
        let current = self
            .db
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        match current {
            Some(db) => Ok(db),
            None => self.reopen_locked(),
        }
    }

    /// Closes `failed` and opens the file again; redb's recovery at open brings it back to its
    /// last commit. If another thread has reopened it already, returns that database.
    fn reopen(&self, failed: Arc<Database>) -> Result<Arc<Database>, TransactionError> {
        let mut slot = self.db.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(current) = slot.as_ref()
            && !Arc::ptr_eq(current, &failed)
        {
            return Ok(current.clone());
        }
        tracing::warn!(path = %self.path.display(), "a write to the database failed earlier: reopening it");
        let old = slot.take();
        drop(failed);
        if let Some(old) = old {
            close(old);
        }
        // If this fails (still no space for the recovery, say), the next call tries again.
        let db = Arc::new(open_file(&self.path).map_err(reopen_failed)?);
        *slot = Some(db.clone());
        tracing::info!("the database was reopened");
        Ok(db)
    }

    fn reopen_locked(&self) -> Result<Arc<Database>, TransactionError> {
        let mut slot = self.db.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(current) = slot.as_ref() {
            return Ok(current.clone());
        }
        let db = Arc::new(open_file(&self.path).map_err(reopen_failed)?);
        *slot = Some(db.clone());
        tracing::info!("the database was reopened");
        Ok(db)
    }

    fn migrate(&self) -> Result<(), OpenError> {
        let fail = |e: anyhow::Error| OpenError::Other(self.path.clone(), e);
        let txn = self.write().map_err(|e| fail(e.into()))?;
        let current = {
            let meta = txn.open_table(META).map_err(|e| fail(e.into()))?;
            meta.get("schema_version")
                .map_err(|e| fail(e.into()))?
                .map(|v| v.value())
                .unwrap_or(0)
        };
        if current > SCHEMA_VERSION {
            return Err(OpenError::TooNew(
                self.path.clone(),
                current,
                SCHEMA_VERSION,
            ));
        }
        if current < 1 {
            create_tables(&txn).map_err(fail)?;
        }
        if current == 1 {
            identities_in_runs(&txn).map_err(fail)?;
        }
        if current < 3 {
            vendor_sources_and_no_invented_partners(&txn).map_err(fail)?;
        }
        if current < 4 {
            dismissals_with_reasons(&txn).map_err(fail)?;
        }
        // Later schema versions add their steps here: `if current < 5 { ... }`.
        if current < SCHEMA_VERSION {
            let mut meta = txn.open_table(META).map_err(|e| fail(e.into()))?;
            meta.insert("schema_version", SCHEMA_VERSION)
                .map_err(|e| fail(e.into()))?;
        }
        txn.commit().map_err(|e| fail(e.into()))?;
        Ok(())
    }
}

/// Opens (creating if needed) the database file; redb repairs it here after a crash.
/// redb's page cache. Its default (1 GiB, half of it for a transaction's written pages) made a
/// 10M-row import hold 1.7 GB; the bookings are answered from their own index, and every other
/// table fits in a fraction of this.
const CACHE_BYTES: usize = 64 * 1024 * 1024;

fn open_file(path: &Path) -> Result<Database, redb::DatabaseError> {
    Database::builder().set_cache_size(CACHE_BYTES).create(path)
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
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        match Arc::try_unwrap(db) {
            Ok(db) => {
                drop(db);
                return;
            }
            Err(shared) if std::time::Instant::now() < deadline => {
                db = shared;
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            Err(_) => {
                tracing::warn!("the failed database is still in use; reopening anyway");
                return;
            }
        }
    }
}

/// What `litstack check` reports: whether the file passed redb's integrity check and how many
/// rows each table holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckReport {
    pub path: PathBuf,
    /// redb's integrity check passed without having to repair anything.
    pub integrity_ok: bool,
    pub schema_version: Option<u64>,
    /// (table name, rows), in schema order; a table missing from the file is not listed.
    pub tables: Vec<(String, u64)>,
    /// Booking identities stored (each booking has exactly one).
    pub booking_identities: u64,
}

impl CheckReport {
    pub fn rows(&self, table: &str) -> Option<u64> {
        self.tables
            .iter()
            .find(|(t, _)| *t == table)
            .map(|(_, n)| *n)
    }
}

impl std::fmt::Display for CheckReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "database: {}", self.path.display())?;
        let verdict = if self.integrity_ok {
            "passed"
        } else {
            "FAILED (redb repaired what it could; restore a backup if data is missing)"
        };
        writeln!(f, "integrity check: {verdict}")?;
        match self.schema_version {
            Some(v) => writeln!(f, "schema version: {v}")?,
            None => writeln!(f, "schema version: none (an empty database)")?,
        }
        for (table, rows) in &self.tables {
            writeln!(f, "{table:>20}: {rows} rows")?;
        }
        writeln!(f, "booking identities: {}", self.booking_identities)?;
        Ok(())
    }
}

impl Store {
    /// Opens the database of `data_dir` on its own (the server must be stopped), runs redb's
    /// integrity check and counts the rows of every table. For operators after a crash, and for
    /// the crash tests.
    pub fn check(data_dir: &Path) -> anyhow::Result<CheckReport> {
        Self::check_file(&data_dir.join("litstack.redb"))
    }

    /// The same check for any Litstack database file, a backup for instance.
    pub fn check_file(path: &Path) -> anyhow::Result<CheckReport> {
        use anyhow::Context;
        anyhow::ensure!(path.is_file(), "there is no database at {}", path.display());
        let mut db = match Database::open(path) {
            Ok(db) => db,
            Err(redb::DatabaseError::DatabaseAlreadyOpen) => anyhow::bail!(
                "another Litstack process is already using {} (stop it first)",
                path.display()
            ),
            Err(e) => return Err(e).with_context(|| format!("opening {}", path.display())),
        };
        let integrity_ok = db
            .check_integrity()
            .with_context(|| format!("checking {}", path.display()))?;
        let txn = db.begin_read()?;
        let schema_version = match txn.open_table(META) {
            Ok(meta) => meta.get("schema_version")?.map(|v| v.value()),
            Err(redb::TableError::TableDoesNotExist(_)) => None,
            Err(e) => return Err(e.into()),
        };
        let mut tables = Vec::new();
        count(&txn, META, &mut tables)?;
        count(&txn, USERS, &mut tables)?;
        count(&txn, USER_EMAILS, &mut tables)?;
        count(&txn, SESSIONS, &mut tables)?;
        count(&txn, ONBOARDING, &mut tables)?;
        count(&txn, CATEGORIES, &mut tables)?;
        count(&txn, VENDORS, &mut tables)?;
        count(&txn, VENDOR_SOURCES, &mut tables)?;
        count(&txn, MEETING_CLICKS, &mut tables)?;
        count(&txn, ADOPTION, &mut tables)?;
        count(&txn, BOOKINGS, &mut tables)?;
        count(&txn, BOOKING_IDENTITIES, &mut tables)?;
        count(&txn, RESPONSES, &mut tables)?;
        count(&txn, USER_RESPONSES, &mut tables)?;
        count(&txn, PICKS, &mut tables)?;
        count(&txn, DISMISSED, &mut tables)?;
        count(&txn, PAST_RECS, &mut tables)?;
        count(&txn, SHORTLIST, &mut tables)?;
        let mut identity_bytes = 0;
        match txn.open_table(BOOKING_IDENTITIES) {
            Ok(runs) => {
                for run in runs.iter()? {
                    identity_bytes += run?.1.value().len();
                }
            }
            Err(redb::TableError::TableDoesNotExist(_)) => {}
            Err(e) => return Err(e.into()),
        }
        Ok(CheckReport {
            path: path.into(),
            integrity_ok,
            schema_version,
            tables,
            booking_identities: (identity_bytes / IDENTITY_LEN) as u64,
        })
    }
}

fn count<K: redb::Key + 'static, V: redb::Value + 'static>(
    txn: &ReadTransaction,
    def: redb::TableDefinition<'static, K, V>,
    out: &mut Vec<(String, u64)>,
) -> anyhow::Result<()> {
    use redb::{ReadableTableMetadata, TableHandle};
    let name = def.name().to_string();
    match txn.open_table(def) {
        Ok(table) => out.push((name, table.len()?)),
        Err(redb::TableError::TableDoesNotExist(_)) => {}
        Err(e) => return Err(e.into()),
    }
    Ok(())
}

/// Version 1: every table exists, so readers never meet a missing table.
fn create_tables(txn: &WriteTransaction) -> anyhow::Result<()> {
    txn.open_table(META)?;
    txn.open_table(USERS)?;
    txn.open_table(USER_EMAILS)?;
    txn.open_table(SESSIONS)?;
    txn.open_table(ONBOARDING)?;
    txn.open_table(CATEGORIES)?;
    txn.open_table(VENDORS)?;
    txn.open_table(MEETING_CLICKS)?;
    txn.open_table(ADOPTION)?;
    txn.open_table(BOOKINGS)?;
    txn.open_table(BOOKING_IDENTITIES)?;
    txn.open_table(RESPONSES)?;
    txn.open_table(USER_RESPONSES)?;
    txn.open_table(PICKS)?;
    txn.open_table(V3_DISMISSED)?;
    txn.open_table(PAST_RECS)?;
    Ok(())
}

/// Version 2: booking identities move from one row per booking (identity -> id) to runs of
/// consecutive ids (first id -> identities), which an import writes and reads many times faster.
fn identities_in_runs(txn: &WriteTransaction) -> anyhow::Result<()> {
    const V1_KEYS: redb::TableDefinition<&[u8], u64> = redb::TableDefinition::new("booking_keys");
    const RUN: usize = 65_536;
    let mut by_id: Vec<(u64, [u8; 16])> = Vec::new();
    {
        let old = txn.open_table(V1_KEYS)?;
        for entry in old.iter()? {
            let (key, id) = entry?;
            let key: [u8; 16] = key.value().try_into()?;
            by_id.push((id.value(), key));
        }
    }
    txn.delete_table(V1_KEYS)?;
    by_id.sort_unstable();
    let mut runs = txn.open_table(BOOKING_IDENTITIES)?;
    let mut i = 0;
    while i < by_id.len() {
        let first = by_id[i].0;
        let mut blob = Vec::new();
        while i < by_id.len()
            && by_id[i].0 == first + (blob.len() / 16) as u64
            && blob.len() < RUN * 16
        {
            blob.extend_from_slice(&by_id[i].1);
            i += 1;
        }
        runs.insert(first, blob.as_slice())?;
    }
    Ok(())
}

/// The partner values the first shipped catalog (data/vendors.csv until schema 3) gave vendors:
/// (vendor id, partnerLevel), each with the recommended-partner star. They were invented sample
/// values, not relationships, and no catalog carries them any more.
const INVENTED_PARTNERS: [(u64, &str); 22] = [
    (2, "Gold"),
    (8, "Silver"),
    (11, "Gold"),
    (14, "Silver"),
    (22, "Silver"),
    (33, "Gold"),
    (43, "Gold"),
    (44, "Silver"),
    (53, "Silver"),
    (56, "Gold"),
    (63, "Silver"),
    (67, "Gold"),
    (73, "Gold"),
    (85, "Silver"),
    (93, "Gold"),
    (95, "Silver"),
    (104, "Silver"),
    (115, "Gold"),
    (120, "Silver"),
    (126, "Gold"),
    (135, "Gold"),
    (137, "Bronze"),
];

/// Version 3: the `VENDOR_SOURCES` table exists, and a vendor that still holds exactly the
/// invented partner values the seed gave it (level and star both unchanged, so no admin set
/// them) loses them. A vendor whose partner values an admin changed keeps what the admin chose.
fn vendor_sources_and_no_invented_partners(txn: &WriteTransaction) -> anyhow::Result<()> {
    use crate::catalog::Vendor;
    txn.open_table(VENDOR_SOURCES)?;
    let mut vendors = txn.open_table(VENDORS)?;
    let mut cleared = 0;
    for (id, level) in INVENTED_PARTNERS {
        let Some(bytes) = vendors.get(id)?.map(|v| v.value().to_vec()) else {
            continue;
        };
        let mut vendor: Vendor = codec::decode(&bytes)?;
        if vendor.is_recommended_partner && vendor.partner_level.as_deref() == Some(level) {
            vendor.is_recommended_partner = false;
            vendor.partner_level = None;
            vendors.insert(id, codec::encode(&vendor).as_slice())?;
            cleared += 1;
        }
    }
    if cleared > 0 {
        tracing::info!(
            vendors = cleared,
            "cleared the sample partner values the first catalog shipped with"
        );
    }
    Ok(())
}

/// Until schema 3 a dismissal was only its time, in the table "dismissed".
const V3_DISMISSED: redb::TableDefinition<(u64, u64), i64> =
    redb::TableDefinition::new("dismissed");

/// Version 4: dismissals carry a reason. Each old one moves to `DISMISSED` as "no reason given",
/// keeping its time, and the old table goes.
fn dismissals_with_reasons(txn: &WriteTransaction) -> anyhow::Result<()> {
    use crate::recommend::dismissals::{DismissReason, Dismissal};
    let mut new = txn.open_table(DISMISSED)?;
    let old: Vec<((u64, u64), i64)> = match txn.open_table(V3_DISMISSED) {
        Ok(table) => table
            .iter()?
            .map(|e| e.map(|(k, v)| (k.value(), v.value())))
            .collect::<Result<_, _>>()?,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(()),
        Err(e) => return Err(e.into()),
    };
    for (key, at) in old {
        let dismissal = Dismissal {
            at,
            reason: DismissReason::NotGiven,
        };
        new.insert(key, codec::encode(&dismissal).as_slice())?;
    }
    txn.delete_table(V3_DISMISSED)?;
    Ok(())
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

/// The data directory holds password hashes and sessions: only its owner may enter it.
fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    }
    // Creating the directory is not proof we can write into it (a read-only mount, say).
    let probe = dir.join(".litstack-write-test");
    std::fs::write(&probe, b"")?;
    std::fs::remove_file(&probe)
}

pub fn restrict_file(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_1_identities_become_runs_of_consecutive_ids() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("litstack.redb");
        const V1_KEYS: redb::TableDefinition<&[u8], u64> =
            redb::TableDefinition::new("booking_keys");
        // Bookings 1-3 from one import and 7-8 from another (4-6 never committed).
        let v1: Vec<([u8; 16], u64)> = [1u64, 2, 3, 7, 8]
            .iter()
            .map(|&id| ([id as u8 * 11; 16], id))
            .collect();
        {
            let db = Database::create(&path).unwrap();
            let txn = db.begin_write().unwrap();
            create_tables(&txn).unwrap();
            {
                let mut keys = txn.open_table(V1_KEYS).unwrap();
                // In key order, as version 1 stored them: not the id order.
                let mut by_key = v1.clone();
                by_key.sort_unstable_by_key(|(k, _)| std::cmp::Reverse(*k));
                for (k, id) in &by_key {
                    keys.insert(k.as_slice(), *id).unwrap();
                }
                txn.open_table(META)
                    .unwrap()
                    .insert("schema_version", 1)
                    .unwrap();
            }
            txn.commit().unwrap();
        }

        let store = Store::open(dir.path()).unwrap();
        let txn = store.read().unwrap();
        let runs: Vec<(u64, Vec<u8>)> = txn
            .open_table(BOOKING_IDENTITIES)
            .unwrap()
            .iter()
            .unwrap()
            .map(|e| {
                let (k, v) = e.unwrap();
                (k.value(), v.value().to_vec())
            })
            .collect();
        let expected = |ids: &[u64]| ids.iter().flat_map(|&id| [id as u8 * 11; 16]).collect();
        assert_eq!(
            runs,
            vec![(1, expected(&[1, 2, 3])), (7, expected(&[7, 8]))]
        );
        assert!(txn.open_table(V1_KEYS).is_err(), "the old table is gone");
        assert_eq!(
            meta_get(&txn, "schema_version").unwrap(),
            Some(SCHEMA_VERSION)
        );
    }
    #[test]
    fn version_2_vendors_lose_the_invented_partner_values_an_admin_never_changed() {
        use crate::catalog::Vendor;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("litstack.redb");
        let vendor = |id: u64, level: Option<&str>, star: bool| Vendor {
            id,
            name: format!("Vendor {id}"),
            category_id: 1,
            website_url: None,
            booking_url: None,
            logo_url: None,
            description: String::new(),
            short_highlights: vec![],
            integrations: vec![],
            price_bracket: None,
            firm_sizes_supported: vec![],
            practice_areas_supported: vec![],
            geo_focus: None,
            tags: vec![],
            is_recommended_partner: star,
            partner_level: level.map(String::from),
            is_active: true,
            needs_review: false,
        };
        let before = [
            vendor(2, Some("Gold"), true),     // as shipped: cleared
            vendor(8, Some("Gold"), true),     // shipped Silver, an admin made it Gold: kept
            vendor(11, Some("Gold"), false),   // an admin took the star away: kept
            vendor(5, Some("Silver"), true),   // never shipped as a partner: an admin's, kept
            vendor(137, Some("Bronze"), true), // as shipped: cleared
        ];
        {
            let db = Database::create(&path).unwrap();
            let txn = db.begin_write().unwrap();
            create_tables(&txn).unwrap();
            {
                let mut table = txn.open_table(VENDORS).unwrap();
                for v in &before {
                    table.insert(v.id, codec::encode(v).as_slice()).unwrap();
                }
                txn.open_table(META)
                    .unwrap()
                    .insert("schema_version", 2)
                    .unwrap();
            }
            txn.commit().unwrap();
        }

        let store = Store::open(dir.path()).unwrap();

        let txn = store.read().unwrap();
        let vendors = txn.open_table(VENDORS).unwrap();
        let after = |id: u64| -> Vendor {
            codec::decode(vendors.get(id).unwrap().unwrap().value()).unwrap()
        };
        assert_eq!(after(2), vendor(2, None, false));
        assert_eq!(after(137), vendor(137, None, false));
        for kept in &before[1..4] {
            assert_eq!(
                &after(kept.id),
                kept,
                "vendor {} is an admin's choice",
                kept.id
            );
        }
        assert!(
            txn.open_table(VENDOR_SOURCES).is_ok(),
            "the new table exists"
        );
        assert_eq!(
            meta_get(&txn, "schema_version").unwrap(),
            Some(SCHEMA_VERSION)
        );
    }

    #[test]
    fn version_3_dismissals_keep_their_time_and_read_no_reason_given() {
        use crate::recommend::dismissals::{DismissReason, Dismissal};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("litstack.redb");
        {
            let db = Database::create(&path).unwrap();
            let txn = db.begin_write().unwrap();
            create_tables(&txn).unwrap();
            {
                let mut old = txn.open_table(V3_DISMISSED).unwrap();
                old.insert((1, 10), 1_700_000_000).unwrap();
                old.insert((2, 11), 1_700_000_500).unwrap();
                txn.open_table(META)
                    .unwrap()
                    .insert("schema_version", 3)
                    .unwrap();
            }
            txn.commit().unwrap();
        }

        let store = Store::open(dir.path()).unwrap();

        let txn = store.read().unwrap();
        let table = txn.open_table(DISMISSED).unwrap();
        let rows: Vec<((u64, u64), Dismissal)> = table
            .iter()
            .unwrap()
            .map(|e| {
                let (k, v) = e.unwrap();
                (k.value(), codec::decode(v.value()).unwrap())
            })
            .collect();
        let not_given = |at| Dismissal {
            at,
            reason: DismissReason::NotGiven,
        };
        assert_eq!(
            rows,
            vec![
                ((1, 10), not_given(1_700_000_000)),
                ((2, 11), not_given(1_700_000_500))
            ]
        );
        assert!(
            txn.open_table(V3_DISMISSED).is_err(),
            "the old table is gone"
        );
        assert_eq!(
            meta_get(&txn, "schema_version").unwrap(),
            Some(SCHEMA_VERSION)
        );
    }
}
