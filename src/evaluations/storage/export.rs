//! Copying the evaluations of a redb install into PostgreSQL (`litstack export-to-postgres`).

use crate::platform::store::{FileStore, PgStore, PgTx, TableCount};

/// Copies every round of a redb file into PostgreSQL, in one transaction.
pub fn export(from: &FileStore, to: &PgStore) -> crate::platform::error::Result<Vec<TableCount>> {
    let rounds = super::file::load_all(from)?;
    let mut tx = PgTx::begin(to)?;
    for round in &rounds {
        to.run(super::postgres::put(tx.conn()?, round))?;
    }
    tx.commit()?;
    Ok(vec![to.counted("evaluation_rounds", rounds.len() as u64)?])
}
