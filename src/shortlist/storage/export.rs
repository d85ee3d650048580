//! Copying the shortlist of a redb install into PostgreSQL (`litstack export-to-postgres`).

use crate::store::{FileStore, PgStore, PgTx, TableCount};

use super::postgres::put;

/// Copies every shortlist entry of a redb file into PostgreSQL, in one transaction.
pub fn export(from: &FileStore, to: &PgStore) -> anyhow::Result<Vec<TableCount>> {
    let entries = super::file::load_all(from).map_err(anyhow::Error::from)?;
    let mut tx = PgTx::begin(to)?;
    to.run(async {
        let conn = tx.conn()?;
        for ((firm_id, vendor_id), entry) in &entries {
            put(&mut *conn, *firm_id, *vendor_id, entry).await?;
        }
        anyhow::Ok(())
    })?;
    tx.commit()?;
    Ok(vec![to.counted("shortlist", entries.len() as u64)?])
}
