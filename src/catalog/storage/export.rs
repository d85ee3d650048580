//! Copying the catalog of a redb install into PostgreSQL (`litstack export-to-postgres`).

use crate::platform::error::Result;
use crate::platform::store::{FileStore, PgStore, PgTx, TableCount};

use super::postgres::{
    insert_categories, lock_catalog, put_booking_source, put_facts, put_source,
    record_catalog_change, upsert_vendor,
};

/// Copies the catalog of a redb file into an empty PostgreSQL catalog, in one transaction,
/// keeping every id; the vendors' sequence moves past the file's (`seq:vendors`). (The meeting
/// clicks, and the seeded marker among the settings, are on the seam: copied from their
/// declarations, so the hub does not seed a second catalog over this one.)
pub fn export(from: &FileStore, to: &PgStore) -> Result<Vec<TableCount>> {
    let rows = super::file::load_catalog(from)?;
    let vendor_seq = super::file::meta(from, "seq:vendors")?.unwrap_or(0);
    let mut tx = PgTx::begin(to)?;
    lock_catalog(&mut tx)?;
    to.run(async {
        let conn = tx.conn()?;
        let present: i64 = sqlx::query_scalar(
            "SELECT (SELECT count(*) FROM categories) + (SELECT count(*) FROM vendors)",
        )
        .fetch_one(&mut *conn)
        .await?;
        anyhow::ensure!(
            present == 0,
            "the PostgreSQL database already has a catalog; copy into an empty database"
        );
        insert_categories(&mut *conn, &rows.categories).await?;
        for vendor in &rows.vendors {
            upsert_vendor(&mut *conn, vendor).await?;
        }
        for (vendor_id, source) in &rows.sources {
            put_source(&mut *conn, *vendor_id, source).await?;
        }
        for (vendor_id, source) in &rows.booking_sources {
            put_booking_source(&mut *conn, *vendor_id, Some(source)).await?;
        }
        for (vendor_id, facts) in &rows.facts {
            put_facts(&mut *conn, *vendor_id, facts).await?;
        }
        for (name, vendor_id) in &rows.aliases {
            sqlx::query("INSERT INTO vendor_aliases (name, vendor_id) VALUES ($1, $2)")
                .bind(name)
                .bind(*vendor_id as i64)
                .execute(&mut *conn)
                .await?;
        }
        let last_vendor = rows
            .vendors
            .iter()
            .map(|v| v.id)
            .max()
            .unwrap_or(0)
            .max(vendor_seq);
        if last_vendor > 0 {
            sqlx::query("SELECT setval('vendor_ids', $1)")
                .bind(last_vendor as i64)
                .execute(&mut *conn)
                .await?;
        }
        anyhow::Ok(())
    })?;
    record_catalog_change(&mut tx)?;
    tx.commit()?;

    Ok(vec![
        to.counted("categories", rows.categories.len() as u64)?,
        to.counted("vendors", rows.vendors.len() as u64)?,
        to.counted("vendor_sources", rows.sources.len() as u64)?,
        to.counted("vendor_booking_sources", rows.booking_sources.len() as u64)?,
        to.counted("vendor_facts", rows.facts.len() as u64)?,
        to.counted("vendor_aliases", rows.aliases.len() as u64)?,
    ])
}
