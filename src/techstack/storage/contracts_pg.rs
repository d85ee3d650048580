//! Tool contracts and calendar feeds in PostgreSQL (migrations/postgres/0024_contracts.sql). A
//! save is one upsert, so two nodes saving at once leave one whole contract or the other.

use chrono::{Datelike, NaiveDate};
use sqlx::PgConnection;

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{PgStore, PgTx, TableCount};
use crate::techstack::contracts::Contract;

use super::contracts::Feed;

/// A `tool_contracts` row.
#[derive(sqlx::FromRow)]
struct ContractRow {
    firm_id: i64,
    vendor_id: i64,
    start_date: NaiveDate,
    term_months: i32,
    renewal_date: NaiveDate,
    notice_days: i32,
    annual_cost_cents: i64,
    seats: i32,
    responsible_user_id: i64,
    updated_at: chrono::DateTime<chrono::Utc>,
    updated_by: Option<String>,
}

impl From<ContractRow> for Contract {
    fn from(row: ContractRow) -> Contract {
        Contract {
            firm_id: row.firm_id as u64,
            vendor_id: row.vendor_id as u64,
            start: row.start_date.num_days_from_ce(),
            term_months: row.term_months as u32,
            renewal: row.renewal_date.num_days_from_ce(),
            notice_days: row.notice_days as u32,
            annual_cost: row.annual_cost_cents as u64,
            seats: row.seats as u32,
            responsible_user_id: row.responsible_user_id as u64,
            updated_at: row.updated_at.timestamp(),
            updated_by: row.updated_by,
        }
    }
}

const COLUMNS: &str = "firm_id, vendor_id, start_date, term_months, renewal_date, notice_days, \
                       annual_cost_cents, seats, responsible_user_id, updated_at, updated_by";

/// One firm's contracts (or every firm's, for the tests), by (firm, vendor).
pub fn contracts(store: &PgStore, firm_id: Option<FirmId>) -> Result<Vec<Contract>> {
    let rows = store.run(
        sqlx::query_as::<_, ContractRow>(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM tool_contracts WHERE $1::bigint IS NULL OR firm_id = $1 \
             ORDER BY firm_id, vendor_id"
        )))
        .bind(firm_id.map(|f| f.get() as i64))
        .fetch_all(store.pool()),
    )?;
    Ok(rows.into_iter().map(Contract::from).collect())
}

pub(super) async fn put(conn: &mut PgConnection, c: &Contract) -> sqlx::Result<()> {
    let date = |days| NaiveDate::from_num_days_from_ce_opt(days).unwrap_or_default();
    sqlx::query(
        "INSERT INTO tool_contracts (firm_id, vendor_id, start_date, term_months, renewal_date, \
         notice_days, annual_cost_cents, seats, responsible_user_id, updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
         ON CONFLICT (firm_id, vendor_id) DO UPDATE SET start_date = $3, term_months = $4, \
         renewal_date = $5, notice_days = $6, annual_cost_cents = $7, seats = $8, \
         responsible_user_id = $9, updated_at = $10, updated_by = $11",
    )
    .bind(c.firm_id as i64)
    .bind(c.vendor_id as i64)
    .bind(date(c.start))
    .bind(c.term_months as i32)
    .bind(date(c.renewal))
    .bind(c.notice_days as i32)
    .bind(c.annual_cost as i64)
    .bind(c.seats as i32)
    .bind(c.responsible_user_id as i64)
    .bind(chrono::DateTime::from_timestamp(c.updated_at, 0).unwrap_or_default())
    .bind(&c.updated_by)
    .execute(conn)
    .await?;
    Ok(())
}

pub fn save_contract(store: &PgStore, contract: &Contract) -> Result<()> {
    let mut tx = PgTx::begin(store)?;
    let firm_id = FirmId::from_stored(contract.firm_id);
    store.run(crate::platform::store::merged::refuse_in_pg(
        tx.conn()?,
        firm_id,
    ))?;
    store.run(put(tx.conn()?, contract))?;
    tx.commit()?;
    Ok(())
}

/// A `calendar_feeds` row.
#[derive(sqlx::FromRow)]
struct FeedRow {
    firm_id: i64,
    token_hash: Vec<u8>,
    created_at: chrono::DateTime<chrono::Utc>,
}

impl From<FeedRow> for Feed {
    fn from(row: FeedRow) -> Feed {
        let mut token_hash = [0u8; 32];
        if row.token_hash.len() == 32 {
            token_hash.copy_from_slice(&row.token_hash);
        }
        Feed {
            firm_id: row.firm_id as u64,
            token_hash,
            created_at: row.created_at.timestamp(),
        }
    }
}

async fn put_feed(conn: &mut PgConnection, feed: &Feed) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO calendar_feeds (firm_id, token_hash, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (firm_id) DO UPDATE SET token_hash = $2, created_at = $3",
    )
    .bind(feed.firm_id as i64)
    .bind(feed.token_hash.as_slice())
    .bind(chrono::DateTime::from_timestamp(feed.created_at, 0).unwrap_or_default())
    .execute(conn)
    .await?;
    Ok(())
}

pub fn set_feed(store: &PgStore, feed: &Feed) -> Result<()> {
    let mut tx = PgTx::begin(store)?;
    let firm_id = FirmId::from_stored(feed.firm_id);
    store.run(crate::platform::store::merged::refuse_in_pg(
        tx.conn()?,
        firm_id,
    ))?;
    store.run(put_feed(tx.conn()?, feed))?;
    tx.commit()?;
    Ok(())
}

pub fn delete_feed(store: &PgStore, firm_id: FirmId) -> Result<bool> {
    let mut tx = PgTx::begin(store)?;
    store.run(crate::platform::store::merged::refuse_in_pg(
        tx.conn()?,
        firm_id,
    ))?;
    let done = store.run(
        sqlx::query("DELETE FROM calendar_feeds WHERE firm_id = $1")
            .bind(firm_id.get() as i64)
            .execute(tx.conn()?),
    )?;
    tx.commit()?;
    Ok(done.rows_affected() > 0)
}

pub fn feed(store: &PgStore, firm_id: FirmId) -> Result<Option<Feed>> {
    let row = store.run(
        sqlx::query_as::<_, FeedRow>(
            "SELECT firm_id, token_hash, created_at FROM calendar_feeds WHERE firm_id = $1",
        )
        .bind(firm_id.get() as i64)
        .fetch_optional(store.pool()),
    )?;
    Ok(row.map(Feed::from))
}

pub fn feed_by_hash(store: &PgStore, hash: &[u8; 32]) -> Result<Option<Feed>> {
    let row = store.run(
        sqlx::query_as::<_, FeedRow>(
            "SELECT firm_id, token_hash, created_at FROM calendar_feeds WHERE token_hash = $1",
        )
        .bind(hash.as_slice())
        .fetch_optional(store.pool()),
    )?;
    Ok(row.map(Feed::from))
}

/// Moves firm `from`'s contracts to `into` (the kept firm's win per tool) and revokes its feed.
pub fn merge_firm_in(tx: &mut PgTx, into: FirmId, from: FirmId) -> Result<()> {
    let store = tx.store();
    store.run(
        sqlx::query(
            "DELETE FROM tool_contracts t WHERE t.firm_id = $2 AND EXISTS \
             (SELECT 1 FROM tool_contracts k WHERE k.firm_id = $1 AND k.vendor_id = t.vendor_id)",
        )
        .bind(into.get() as i64)
        .bind(from.get() as i64)
        .execute(tx.conn()?),
    )?;
    store.run(
        sqlx::query("UPDATE tool_contracts SET firm_id = $1 WHERE firm_id = $2")
            .bind(into.get() as i64)
            .bind(from.get() as i64)
            .execute(tx.conn()?),
    )?;
    store.run(
        sqlx::query("DELETE FROM calendar_feeds WHERE firm_id = $1")
            .bind(from.get() as i64)
            .execute(tx.conn()?),
    )?;
    Ok(())
}

/// Every firm's contract for vendor `from` becomes its contract for `into`, unless it has one.
pub fn merge_vendor_in(tx: &mut PgTx, from: u64, into: u64) -> Result<()> {
    let store = tx.store();
    store.run(
        sqlx::query(
            "DELETE FROM tool_contracts t WHERE t.vendor_id = $1 AND EXISTS \
             (SELECT 1 FROM tool_contracts k WHERE k.firm_id = t.firm_id AND k.vendor_id = $2)",
        )
        .bind(from as i64)
        .bind(into as i64)
        .execute(tx.conn()?),
    )?;
    store.run(
        sqlx::query("UPDATE tool_contracts SET vendor_id = $2 WHERE vendor_id = $1")
            .bind(from as i64)
            .bind(into as i64)
            .execute(tx.conn()?),
    )?;
    Ok(())
}

/// Deletes every firm's contract for vendor `id`.
pub fn delete_vendor_in(tx: &mut PgTx, id: u64) -> Result<()> {
    let store = tx.store();
    store.run(
        sqlx::query("DELETE FROM tool_contracts WHERE vendor_id = $1")
            .bind(id as i64)
            .execute(tx.conn()?),
    )?;
    Ok(())
}

/// Copies every contract and feed of a redb file into PostgreSQL, in one transaction.
pub fn export(
    from: &crate::platform::store::FileStore,
    to: &PgStore,
) -> crate::platform::error::Result<Vec<TableCount>> {
    let contracts = super::contracts::load_all_file(from)?;
    let feeds = super::contracts::feeds_file(from)?;
    let mut tx = PgTx::begin(to)?;
    for contract in &contracts {
        to.run(put(tx.conn()?, contract))?;
    }
    for feed in &feeds {
        to.run(put_feed(tx.conn()?, feed))?;
    }
    tx.commit()?;
    Ok(vec![
        to.counted("tool_contracts", contracts.len() as u64)?,
        to.counted("calendar_feeds", feeds.len() as u64)?,
    ])
}
