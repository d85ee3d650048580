//! `litstack check`: redb's integrity check and the row count of every table, for operators after
//! a crash and for the crash tests.

use std::path::{Path, PathBuf};

use redb::{ReadTransaction, ReadableDatabase, ReadableTable, ReadableTableMetadata, TableHandle};

use super::file::RepairLog;
use super::{BOOKING_IDENTITIES, FileStore, IDENTITY_LEN, META};

/// What `litstack check` reports: whether the file passed redb's integrity check and how many
/// rows each table holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckReport {
    pub path: PathBuf,
    /// redb's integrity check passed on the file as opened: after the repair, when the open had
    /// to make one (`repaired_at_open`).
    pub integrity_ok: bool,
    /// The file was not closed at its last use (a crash, a kill, a power loss), so redb repaired
    /// it as it opened, before the check.
    pub repaired_at_open: bool,
    pub schema_version: Option<u64>,
    /// (table name, rows) of every table in the file, in redb's order (by name).
    pub tables: Vec<(String, u64)>,
    /// Bookings stored (in blocks: the tables count blocks, not bookings).
    pub bookings: u64,
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
        if self.repaired_at_open {
            writeln!(
                f,
                "repaired at open: yes (the file was not closed at its last use; redb repaired it \
                 before the check)"
            )?;
        }
        match self.schema_version {
            Some(v) => writeln!(f, "schema version: {v}")?,
            None => writeln!(f, "schema version: none (an empty database)")?,
        }
        for (table, rows) in &self.tables {
            writeln!(f, "{table:>20}: {rows} rows")?;
        }
        writeln!(f, "bookings: {}", self.bookings)?;
        writeln!(f, "booking identities: {}", self.booking_identities)?;
        Ok(())
    }
}

impl FileStore {
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
        let (builder, repair) = RepairLog::builder(path);
        let (mut db, repaired_at_open) = match builder.open(path) {
            Ok(db) => (db, repair.done()),
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
        let tables = rows_per_table(&txn)?;
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
        // A file of before schema 9 (converted at the next start, not by a check) holds a row per
        // booking.
        let bookings = match schema_version {
            Some(v) if v < 9 => (tables.iter().find(|(t, _)| t == "bookings")).map_or(0, |t| t.1),
            _ => super::row_blocks::stored_bookings(&txn)?,
        };
        Ok(CheckReport {
            path: path.into(),
            bookings,
            integrity_ok,
            repaired_at_open,
            schema_version,
            tables,
            booking_identities: (identity_bytes / IDENTITY_LEN) as u64,
        })
    }
}

impl FileStore {
    /// The rows of every table of the open file, as `check` counts them.
    pub fn table_rows(&self) -> anyhow::Result<Vec<(String, u64)>> {
        rows_per_table(&self.read()?)
    }
}

/// Every table the file holds, whatever declared it: a check counts what is there.
fn rows_per_table(txn: &ReadTransaction) -> anyhow::Result<Vec<(String, u64)>> {
    let mut tables = Vec::new();
    for table in txn.list_tables()? {
        let rows = txn.open_untyped_table(table.clone())?.len()?;
        tables.push((table.name().to_string(), rows));
    }
    Ok(tables)
}
