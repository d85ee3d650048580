//! Copying the shortlist (and the removed entries kept for their Undo) of a redb install into
//! PostgreSQL (`litstack export-to-postgres`).

use crate::platform::firm_id::FirmId;
use crate::platform::store::{FileStore, PgStore, PgTx, TableCount};

use super::postgres::{put, put_removed};

/// Copies every shortlist entry and removed entry of a redb file into PostgreSQL, in one
/// transaction.
pub fn export(from: &FileStore, to: &PgStore) -> crate::platform::error::Result<Vec<TableCount>> {
    let entries = super::file::load_all(from)?;
    let removed = super::file::load_all_removed(from)?;
    let mut tx = PgTx::begin(to)?;
    to.run(async {
        let conn = tx.conn()?;
        for ((firm_id, vendor_id), entry) in &entries {
            put(&mut *conn, FirmId::from_stored(*firm_id), *vendor_id, entry).await?;
        }
        for ((firm_id, vendor_id), kept) in &removed {
            put_removed(&mut *conn, FirmId::from_stored(*firm_id), *vendor_id, kept).await?;
        }
        anyhow::Ok(())
    })?;
    tx.commit()?;
    let mut counts = vec![
        to.counted("shortlist", entries.len() as u64)?,
        to.counted("shortlist_removed", removed.len() as u64)?,
    ];
    counts.extend(super::demos::export(from, to)?);
    Ok(counts)
}
