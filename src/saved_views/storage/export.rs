//! Copying the saved views of a redb install into PostgreSQL (`litstack export-to-postgres`).

use crate::platform::store::{FileStore, PgStore, PgTx, TableCount};

use super::postgres::put;

/// Copies every saved view of a redb file into PostgreSQL with its id, in one transaction, then
/// moves the id sequence past them.
pub fn export(from: &FileStore, to: &PgStore) -> crate::platform::error::Result<Vec<TableCount>> {
    let views = super::file::load_all(from)?;
    let mut tx = PgTx::begin(to)?;
    for view in &views {
        to.run(put(tx.conn()?, view, true))?;
    }
    to.run(
        sqlx::query(
            "SELECT setval(pg_get_serial_sequence('saved_views', 'id'), \
             (SELECT COALESCE(MAX(id), 0) + 1 FROM saved_views), false)",
        )
        .execute(tx.conn()?),
    )?;
    tx.commit()?;
    Ok(vec![to.counted("saved_views", views.len() as u64)?])
}
