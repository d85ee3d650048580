//! The tech stack in PostgreSQL (migrations/postgres/0005_techstack.sql): `category_adoption`,
//! one row per (user, category). A save writes whole rows (an upsert each), so two nodes saving
//! at once leave one answer or the other per category, never a mix.

use crate::platform::firm_id::FirmId;
use sqlx::PgConnection;

use crate::platform::error::Result;
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::{PgStore, PgTx};
use crate::techstack::model::Adoption;

pub fn load(store: &PgStore, firm_id: FirmId) -> Result<Vec<(u64, Adoption)>> {
    let rows = store.run(
        sqlx::query_as::<_, AdoptionRow>(
            "SELECT firm_id, category_id, has_tool, vendor_ids, primary_vendor_id, other_vendors \
             FROM category_adoption WHERE firm_id = $1 ORDER BY category_id",
        )
        .bind(firm_id.get() as i64)
        .fetch_all(store.pool()),
    )?;
    Ok(rows
        .into_iter()
        .map(|row| (row.category_id as u64, row.into()))
        .collect())
}

pub fn load_all(store: &PgStore) -> Result<Vec<((u64, u64), Adoption)>> {
    let rows = store.run(
        sqlx::query_as::<_, AdoptionRow>(
            "SELECT firm_id, category_id, has_tool, vendor_ids, primary_vendor_id, other_vendors \
             FROM category_adoption ORDER BY firm_id, category_id",
        )
        .fetch_all(store.pool()),
    )?;
    Ok(rows
        .into_iter()
        .map(|row| ((row.firm_id as u64, row.category_id as u64), row.into()))
        .collect())
}

/// A `category_adoption` row.
#[derive(sqlx::FromRow)]
struct AdoptionRow {
    firm_id: i64,
    category_id: i64,
    has_tool: bool,
    vendor_ids: Vec<i64>,
    primary_vendor_id: Option<i64>,
    other_vendors: Vec<String>,
}

impl From<AdoptionRow> for Adoption {
    fn from(row: AdoptionRow) -> Adoption {
        Adoption {
            has_tool: row.has_tool,
            vendor_ids: row.vendor_ids.into_iter().map(|id| id as u64).collect(),
            primary_vendor_id: row.primary_vendor_id.map(|id| id as u64),
            other_vendors: row.other_vendors,
        }
    }
}

pub(super) async fn put(
    conn: &mut PgConnection,
    firm_id: FirmId,
    category_id: u64,
    adoption: &Adoption,
) -> anyhow::Result<()> {
    let vendor_ids: Vec<i64> = adoption.vendor_ids.iter().map(|&id| id as i64).collect();
    sqlx::query(
        "INSERT INTO category_adoption (firm_id, category_id, has_tool, vendor_ids, \
         primary_vendor_id, other_vendors, saved_at) VALUES ($1, $2, $3, $4, $5, $6, now()) \
         ON CONFLICT (firm_id, category_id) DO UPDATE SET has_tool = EXCLUDED.has_tool, \
         vendor_ids = EXCLUDED.vendor_ids, primary_vendor_id = EXCLUDED.primary_vendor_id, \
         other_vendors = EXCLUDED.other_vendors, saved_at = EXCLUDED.saved_at",
    )
    .bind(firm_id.get() as i64)
    .bind(category_id as i64)
    .bind(adoption.has_tool)
    .bind(vendor_ids)
    .bind(adoption.primary_vendor_id.map(|id| id as i64))
    .bind(&adoption.other_vendors)
    .execute(conn)
    .await?;
    Ok(())
}

/// One transaction for the whole save: every given category, or none. The change it records
/// makes every node recount the user's firm.
pub fn save(store: &PgStore, firm_id: FirmId, items: &[(u64, Adoption)]) -> Result<()> {
    let mut tx = PgTx::begin(store)?;
    store.run(crate::platform::store::merged::refuse_in_pg(
        tx.conn()?,
        firm_id,
    ))?;
    store.run(async {
        let conn = tx.conn()?;
        for (category_id, adoption) in items {
            put(&mut *conn, firm_id, *category_id, adoption).await?;
        }
        anyhow::Ok(())
    })?;
    tx.record_change(Change::Peers { firm_id });
    tx.commit()?;
    Ok(())
}

/// Moves firm `from`'s answers to firm `into`, each category's two answers made one by `union`.
/// Both firms' rows are read `FOR UPDATE`, so a save of one of them waits for the merge.
pub fn merge_firm_in(tx: &mut PgTx, into: FirmId, from: FirmId) -> Result<()> {
    // Keys and binds take the plain ids.
    let (into, from) = (into.get(), from.get());
    let store = tx.store();
    let conn = tx.conn()?;
    store.run(async {
        let rows = sqlx::query_as::<_, AdoptionRow>(
            "SELECT firm_id, category_id, has_tool, vendor_ids, primary_vendor_id, other_vendors \
             FROM category_adoption WHERE firm_id = ANY($1) ORDER BY firm_id, category_id \
             FOR UPDATE",
        )
        .bind(vec![into as i64, from as i64])
        .fetch_all(&mut *conn)
        .await?;
        let mut ours = std::collections::HashMap::new();
        let mut theirs = Vec::new();
        for row in rows {
            let (firm_id, category_id) = (row.firm_id as u64, row.category_id as u64);
            let adoption = Adoption::from(row);
            if firm_id == into {
                ours.insert(category_id, adoption);
            } else {
                theirs.push((category_id, adoption));
            }
        }
        for (category_id, adoption) in theirs {
            let merged = match ours.remove(&category_id) {
                Some(ours) => super::union(ours, adoption),
                None => adoption,
            };
            put(&mut *conn, FirmId::from_stored(into), category_id, &merged).await?;
        }
        sqlx::query("DELETE FROM category_adoption WHERE firm_id = $1")
            .bind(from as i64)
            .execute(&mut *conn)
            .await?;
        anyhow::Ok(())
    })?;
    Ok(())
}

pub fn category_in(tx: &mut PgTx, firm_id: FirmId, category_id: u64) -> Result<Option<Adoption>> {
    let store = tx.store();
    store.run(crate::platform::store::merged::refuse_in_pg(
        tx.conn()?,
        firm_id,
    ))?;
    let row = store.run(
        sqlx::query_as::<_, AdoptionRow>(
            "SELECT firm_id, category_id, has_tool, vendor_ids, primary_vendor_id, other_vendors \
             FROM category_adoption WHERE firm_id = $1 AND category_id = $2 FOR UPDATE",
        )
        .bind(firm_id.get() as i64)
        .bind(category_id as i64)
        .fetch_optional(tx.conn()?),
    )?;
    Ok(row.map(Adoption::from))
}

pub fn put_in(tx: &mut PgTx, firm_id: FirmId, category_id: u64, adoption: &Adoption) -> Result<()> {
    let store = tx.store();
    store.run(put(tx.conn()?, firm_id, category_id, adoption))?;
    tx.record_change(Change::Peers { firm_id });
    Ok(())
}
