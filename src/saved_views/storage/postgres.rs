//! The saved views in PostgreSQL (migrations/postgres/0019_saved_views.sql): `saved_views`, one
//! row per view. A save takes the firm's lock (`VIEWS_LOCK`, the firm), so two saves of one firm
//! on any nodes take turns and the name and count checks hold.

use sqlx::PgConnection;

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{PgStore, PgTx};
use crate::saved_views::model::{NewView, SavedView};

/// The first key of the firm's advisory lock, the firm's id folded into the second.
const VIEWS_LOCK: i32 = 0x5356_5753;

/// A `saved_views` row.
#[derive(sqlx::FromRow)]
struct ViewRow {
    id: i64,
    firm_id: i64,
    name: String,
    params: String,
    created_at: chrono::DateTime<chrono::Utc>,
    created_by: Option<String>,
}

impl From<ViewRow> for SavedView {
    fn from(row: ViewRow) -> SavedView {
        SavedView {
            id: row.id as u64,
            firm_id: row.firm_id as u64,
            name: row.name,
            params: row.params,
            created_at: row.created_at.timestamp(),
            created_by: row.created_by,
        }
    }
}

const COLUMNS: &str = "id, firm_id, name, params, created_at, created_by";

async fn firm_views(conn: &mut PgConnection, firm_id: u64) -> sqlx::Result<Vec<SavedView>> {
    let rows = sqlx::query_as::<_, ViewRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM saved_views WHERE firm_id = $1 ORDER BY id"
    )))
    .bind(firm_id as i64)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(SavedView::from).collect())
}

pub fn list(store: &PgStore, firm_id: FirmId) -> Result<Vec<SavedView>> {
    let rows = store.run(
        sqlx::query_as::<_, ViewRow>(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM saved_views WHERE firm_id = $1 ORDER BY id"
        )))
        .bind(firm_id.get() as i64)
        .fetch_all(store.pool()),
    )?;
    Ok(rows.into_iter().map(SavedView::from).collect())
}

/// Every firm's views, by (firm, id): for tests.
#[cfg(test)]
pub fn load_all(store: &PgStore) -> Result<Vec<SavedView>> {
    let rows = store.run(
        sqlx::query_as::<_, ViewRow>(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM saved_views ORDER BY firm_id, id"
        )))
        .fetch_all(store.pool()),
    )?;
    Ok(rows.into_iter().map(SavedView::from).collect())
}

/// Inserts `view` and answers its id: the view's own with `keep_id` (the export), else the
/// database's next.
pub(super) async fn put(conn: &mut PgConnection, view: &SavedView, keep_id: bool) -> Result<u64> {
    let sql = if keep_id {
        "INSERT INTO saved_views (id, firm_id, name, params, created_at, created_by) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id"
    } else {
        "INSERT INTO saved_views (firm_id, name, params, created_at, created_by) \
         VALUES ($2, $3, $4, $5, $6) RETURNING id"
    };
    let id: i64 = sqlx::query_scalar(sql)
        .bind(view.id as i64)
        .bind(view.firm_id as i64)
        .bind(&view.name)
        .bind(&view.params)
        .bind(chrono::DateTime::from_timestamp(view.created_at, 0).unwrap_or_default())
        .bind(&view.created_by)
        .fetch_one(conn)
        .await?;
    Ok(id as u64)
}

async fn lock(conn: &mut PgConnection, firm_id: FirmId) -> sqlx::Result<()> {
    sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
        .bind(VIEWS_LOCK)
        // Folded into the lock's second key; two firms sharing a key only wait for each other.
        .bind((firm_id.get() % (i32::MAX as u64)) as i32)
        .execute(conn)
        .await?;
    Ok(())
}

pub fn create(store: &PgStore, firm_id: FirmId, view: &NewView) -> Result<SavedView> {
    let mut tx = PgTx::begin(store)?;
    store.run(crate::platform::store::merged::refuse_in_pg(
        tx.conn()?,
        firm_id,
    ))?;
    store.run(lock(tx.conn()?, firm_id))?;
    let existing = store.run(firm_views(tx.conn()?, firm_id.get()))?;
    super::check_new(&existing, view)?;
    let mut saved = super::stored(firm_id, 0, view);
    saved.id = store.run(put(tx.conn()?, &saved, false))?;
    tx.commit()?;
    Ok(saved)
}

pub fn delete(store: &PgStore, firm_id: FirmId, id: u64) -> Result<Option<SavedView>> {
    let mut tx = PgTx::begin(store)?;
    store.run(crate::platform::store::merged::refuse_in_pg(
        tx.conn()?,
        firm_id,
    ))?;
    let row = store.run(
        sqlx::query_as::<_, ViewRow>(sqlx::AssertSqlSafe(format!(
            "DELETE FROM saved_views WHERE firm_id = $1 AND id = $2 RETURNING {COLUMNS}"
        )))
        .bind(firm_id.get() as i64)
        .bind(id as i64)
        .fetch_optional(tx.conn()?),
    )?;
    tx.commit()?;
    Ok(row.map(SavedView::from))
}

/// Moves firm `from`'s views to firm `into` under both firms' locks, renaming clashes.
pub fn merge_firm_in(tx: &mut PgTx, into: FirmId, from: FirmId) -> Result<()> {
    let store = tx.store();
    for firm in [into, from] {
        store.run(lock(tx.conn()?, firm))?;
    }
    let mut ours = store.run(firm_views(tx.conn()?, into.get()))?;
    let theirs = store.run(firm_views(tx.conn()?, from.get()))?;
    for view in super::renamed(&mut ours, theirs, into.get()) {
        store.run(
            sqlx::query(
                "UPDATE saved_views SET firm_id = $1, name = $3 WHERE firm_id = $2 AND id = $4",
            )
            .bind(into.get() as i64)
            .bind(from.get() as i64)
            .bind(&view.name)
            .bind(view.id as i64)
            .execute(tx.conn()?),
        )?;
    }
    Ok(())
}
