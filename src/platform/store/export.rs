//! The two stores of `litstack export-to-postgres` (src/export.rs drives them): the redb file it copies
//! from, and the PostgreSQL database it copies into, which must hold no Litstack data yet.

use std::path::Path;

use super::{FileStore, PgStore, TableCount};
use crate::platform::error::Result;

/// Opens the redb file of `data_dir` and the database of `database_url` (migrated, with the
/// tables of `seam`), refuses a database that already holds Litstack data (a row in any of
/// `tables`), and runs `copy` from one into the other.
pub fn into_empty(
    data_dir: &Path,
    database_url: &str,
    seam: &[&'static dyn super::seam::Registered],
    tables: &[&str],
    copy: impl FnOnce(&FileStore, &PgStore) -> Result<Vec<TableCount>>,
) -> anyhow::Result<Vec<TableCount>> {
    anyhow::ensure!(
        data_dir.join("litstack.redb").is_file(),
        "there is no Litstack database in {} (pass the install's --data-dir)",
        data_dir.display()
    );
    let from = FileStore::open(data_dir)?;
    let (to, _) = PgStore::migrate(database_url, seam)?;
    let held = rows_held(&to, tables)?;
    anyhow::ensure!(
        held == 0,
        "the PostgreSQL database at {} already holds Litstack data ({held} rows): export into an \
         empty database (create a new one, or drop and re-create this one)",
        to.location
    );
    let counts = copy(&from, &to)?;
    // The planner's statistics of the copied tables, before any node plans on them: autovacuum's
    // first pass may come minutes later. It samples each table: 0.5 s after a 10M-booking copy
    // of two minutes.
    let started = std::time::Instant::now();
    to.run(sqlx::query("ANALYZE").execute(to.pool()))?;
    tracing::info!(
        elapsed_ms = started.elapsed().as_millis() as u64,
        "the copied tables analyzed"
    );
    Ok(counts)
}

/// Rows in `tables`, the tables an export fills.
fn rows_held(store: &PgStore, tables: &[&str]) -> anyhow::Result<i64> {
    let sql = tables
        .iter()
        .map(|t| format!("(SELECT count(*) FROM {t})"))
        .collect::<Vec<_>>()
        .join(" + ");
    Ok(store.run(
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT {sql}"))).fetch_one(store.pool()),
    )?)
}
