//! Consistent backups: every table is copied through one read transaction into a new database
//! file, so the copy is a snapshot of a single committed state even while the server writes.
//! Never a file copy, which could catch a half-written page. The tables are the registry's (the
//! list in src/registry.rs, which its caller passes in).

use std::path::Path;

use anyhow::Context;
use redb::{Database, ReadTransaction, ReadableDatabase, TableHandle, WriteTransaction};

use super::registry::RedbTable;
use super::{FileStore, restrict_file};

/// Every declared table, through one read transaction. A table in the file that no domain
/// declares is refused rather than left out: a backup that silently skipped it would lose it.
fn copy_all(
    src: &ReadTransaction,
    dst: &WriteTransaction,
    tables: &[&dyn RedbTable],
) -> anyhow::Result<u64> {
    let declared: Vec<&str> = tables.iter().map(|t| t.name()).collect();
    for table in src.list_tables()? {
        anyhow::ensure!(
            declared.contains(&table.name()),
            "the table {} is declared by no domain, so this binary cannot back it up (run the \
             Litstack version that wrote this file)",
            table.name()
        );
    }
    let mut rows = 0;
    for table in tables {
        rows += table.copy(src, dst)?;
    }
    Ok(rows)
}

/// Writes a backup of `store` to `target` (which must not exist yet), then reopens it and runs
/// redb's integrity check. Returns the number of rows copied.
pub fn backup_to(
    store: &FileStore,
    target: &Path,
    tables: &[&dyn RedbTable],
) -> anyhow::Result<u64> {
    anyhow::ensure!(
        !target.exists(),
        "{} already exists; choose a new file name",
        target.display()
    );
    copy_of(&store.read()?, target, tables)
}

/// Writes what `src` reads into the new file `target`, then checks the copy's integrity.
pub(super) fn copy_of(
    src: &ReadTransaction,
    target: &Path,
    tables: &[&dyn RedbTable],
) -> anyhow::Result<u64> {
    let rows = {
        let db = Database::create(target)
            .with_context(|| format!("creating the backup file {}", target.display()))?;
        let dst = db.begin_write()?;
        let rows = copy_all(src, &dst, tables)?;
        dst.commit()?;
        rows
    };
    restrict_file(target);
    verify(target)?;
    Ok(rows)
}

/// Opens a database file and checks its integrity.
pub fn verify(path: &Path) -> anyhow::Result<()> {
    let mut db = Database::open(path).with_context(|| format!("opening {}", path.display()))?;
    anyhow::ensure!(
        db.check_integrity()?,
        "{} failed its integrity check",
        path.display()
    );
    db.begin_read()?;
    Ok(())
}
