//! Copying the accounts' own store table of a redb install into PostgreSQL (`litstack
//! export-to-postgres`): where merged firms went. The accounts, the firms and the sessions go as
//! every table on the seam goes, from their declarations.

use crate::platform::store::{FileStore, PgStore, TableCount, open_read};

/// Copies the firms merged away, so a session from before the copy naming one is refused on the
/// hub too, and counts them back.
pub fn export(from: &FileStore, to: &PgStore) -> crate::platform::error::Result<Vec<TableCount>> {
    use redb::ReadableTable;
    let txn = from.read()?;
    let mut merged = Vec::new();
    if let Some(table) = open_read(&txn, crate::platform::store::MERGED_FIRMS)? {
        for entry in table.iter()? {
            let (from_id, into_id) = entry?;
            merged.push((from_id.value(), into_id.value()));
        }
    }
    to.run(async {
        let mut tx = to.pool().begin().await?;
        for (from_id, into_id) in &merged {
            crate::platform::store::merged::record_in_pg(&mut tx, *from_id, *into_id).await?;
        }
        tx.commit().await?;
        anyhow::Ok(())
    })?;
    Ok(vec![to.counted("merged_firms", merged.len() as u64)?])
}
