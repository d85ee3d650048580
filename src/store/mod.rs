//! The store: one redb file in the data directory. This module owns the table definitions, the
//! value codec and the schema migrations; domains use the typed tables through it.

pub mod backup;
pub mod codec;
pub mod tables;

use std::path::{Path, PathBuf};

use redb::{Database, ReadTransaction, ReadableDatabase, ReadableTable, WriteTransaction};

pub use tables::*;

/// The schema version this binary writes. Older files are migrated at start.
pub const SCHEMA_VERSION: u64 = 2;

pub struct Store {
    db: Database,
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
        let db = match Database::create(&path) {
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
        let store = Store { db, path };
        store.migrate()?;
        Ok(store)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn read(&self) -> Result<ReadTransaction, redb::TransactionError> {
        self.db.begin_read()
    }

    pub fn write(&self) -> Result<WriteTransaction, redb::TransactionError> {
        self.db.begin_write()
    }

    pub fn database(&self) -> &Database {
        &self.db
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
        // Later schema versions add their steps here: `if current < 3 { ... }`.
        if current < SCHEMA_VERSION {
            let mut meta = txn.open_table(META).map_err(|e| fail(e.into()))?;
            meta.insert("schema_version", SCHEMA_VERSION)
                .map_err(|e| fail(e.into()))?;
        }
        txn.commit().map_err(|e| fail(e.into()))?;
        Ok(())
    }
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
    txn.open_table(DISMISSED)?;
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
}
