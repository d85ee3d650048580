//! Copying single sign-on's tables of a redb install into PostgreSQL.

use crate::platform::store::{FileStore, PgStore, PgTx, TableCount};

/// Copies the providers, domain claims, flows and links of a redb file in one transaction.
pub fn export(from: &FileStore, to: &PgStore) -> crate::platform::error::Result<Vec<TableCount>> {
    let (configs, claims, flows, links) = super::file::load_all(from)?;
    let mut tx = PgTx::begin(to)?;
    for c in &configs {
        to.run(super::postgres::put_config(tx.conn()?, c))?;
    }
    for c in &claims {
        to.run(super::postgres::put_claim(tx.conn()?, c))?;
    }
    for (state, f) in &flows {
        to.run(super::postgres::insert_flow(tx.conn()?, state, f))?;
    }
    for l in &links {
        to.run(super::postgres::insert_link(tx.conn()?, l))?;
    }
    tx.commit()?;
    Ok(vec![
        to.counted("sso_configs", configs.len() as u64)?,
        to.counted("sso_domains", claims.len() as u64)?,
        to.counted("sso_flows", flows.len() as u64)?,
        to.counted("sso_links", links.len() as u64)?,
    ])
}
