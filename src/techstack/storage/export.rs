//! Copying the tech-stack answers of a redb install into PostgreSQL (`litstack export-to-postgres`).

use crate::platform::firm_id::FirmId;
use crate::platform::store::{FileStore, PgStore, PgTx, TableCount};

use super::postgres::put;

/// Copies every tech-stack answer of a redb file into PostgreSQL, in one transaction.
pub fn export(from: &FileStore, to: &PgStore) -> crate::platform::error::Result<Vec<TableCount>> {
    let answers = super::file::load_all(from)?;
    let mut tx = PgTx::begin(to)?;
    to.run(async {
        let conn = tx.conn()?;
        for ((firm_id, category_id), adoption) in &answers {
            put(
                &mut *conn,
                FirmId::from_stored(*firm_id),
                *category_id,
                adoption,
            )
            .await?;
        }
        anyhow::Ok(())
    })?;
    tx.commit()?;
    Ok(vec![to.counted("category_adoption", answers.len() as u64)?])
}
