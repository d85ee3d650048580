//! `litstack check`: redb's integrity check and the row count of every table, for operators after
//! a crash and for the crash tests.

use std::path::{Path, PathBuf};

use redb::{ReadTransaction, ReadableDatabase, ReadableTable, ReadableTableMetadata, TableHandle};

use super::file::RepairLog;
use super::{BOOKING_IDENTITIES, FileStore, IDENTITY_LEN, META};

/// What `litstack check` reports: whether the file passed redb's integrity check and how many
/// rows each table holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckReport {
    pub path: PathBuf,
    /// redb's integrity check passed on the file as opened: after the repair, when the open had
    /// to make one (`repaired_at_open`).
    pub integrity_ok: bool,
    /// The file was not closed at its last use (a crash, a kill, a power loss), so redb repaired
    /// it as it opened, before the check.
    pub repaired_at_open: bool,
    pub schema_version: Option<u64>,
    /// (table name, rows) of every table in the file, in redb's order (by name).
    pub tables: Vec<(String, u64)>,
    /// (table name, its space) of the tables that take a megabyte or more, in the same order.
    pub space: Vec<(String, TableSpace)>,
    /// Bookings stored (in blocks: the tables count blocks, not bookings).
    pub bookings: u64,
    /// Booking identities stored (each booking has exactly one).
    pub booking_identities: u64,
}

/// The bytes a table's keys and values take in the file, and those its pages hold empty (redb
/// gives a large value a leaf of the next power of two pages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableSpace {
    pub stored: u64,
    pub empty: u64,
}

/// A table this big or bigger has its space reported.
const REPORTED_SPACE: u64 = 1 << 20;

impl CheckReport {
    pub fn rows(&self, table: &str) -> Option<u64> {
        self.tables
            .iter()
            .find(|(t, _)| *t == table)
            .map(|(_, n)| *n)
    }
}

impl std::fmt::Display for CheckReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "database: {}", self.path.display())?;
        let verdict = if self.integrity_ok {
            "passed"
        } else {
            "FAILED (redb repaired what it could; restore a backup if data is missing)"
        };
        writeln!(f, "integrity check: {verdict}")?;
        if self.repaired_at_open {
            writeln!(
                f,
                "repaired at open: yes (the file was not closed at its last use; redb repaired it \
                 before the check)"
            )?;
        }
        match self.schema_version {
            Some(v) => writeln!(f, "schema version: {v}")?,
            None => writeln!(f, "schema version: none (an empty database)")?,
        }
        for (table, rows) in &self.tables {
            writeln!(f, "{table:>20}: {rows} rows")?;
        }
        for (table, space) in &self.space {
            let mb = |bytes: u64| bytes as f64 / 1e6;
            writeln!(
                f,
                "{table:>20}: {:.1} MB stored, {:.1} MB of its pages empty",
                mb(space.stored),
                mb(space.empty)
            )?;
        }
        writeln!(f, "bookings: {}", self.bookings)?;
        writeln!(f, "booking identities: {}", self.booking_identities)?;
        Ok(())
    }
}

impl FileStore {
    /// Opens the database of `data_dir` on its own (the server must be stopped), runs redb's
    /// integrity check and counts the rows of every table. For operators after a crash, and for
    /// the crash tests.
    pub fn check(data_dir: &Path) -> anyhow::Result<CheckReport> {
        Self::check_file(&data_dir.join("litstack.redb"))
    }

    /// The same check for any Litstack database file, a backup for instance.
    pub fn check_file(path: &Path) -> anyhow::Result<CheckReport> {
        use anyhow::Context;
        anyhow::ensure!(path.is_file(), "there is no database at {}", path.display());
        let (builder, repair) = RepairLog::builder(path);
        let (mut db, repaired_at_open) = match builder.open(path) {
            Ok(db) => (db, repair.done()),
            Err(redb::DatabaseError::DatabaseAlreadyOpen) => anyhow::bail!(
                "another Litstack process is already using {} (stop it first)",
                path.display()
            ),
            Err(e) => return Err(e).with_context(|| format!("opening {}", path.display())),
        };
        let integrity_ok = db
            .check_integrity()
            .with_context(|| format!("checking {}", path.display()))?;
        let txn = db.begin_read()?;
        let schema_version = match txn.open_table(META) {
            Ok(meta) => meta.get("schema_version")?.map(|v| v.value()),
            Err(redb::TableError::TableDoesNotExist(_)) => None,
            Err(e) => return Err(e.into()),
        };
        let tables = rows_per_table(&txn)?;
        let mut space = Vec::new();
        for table in txn.list_tables()? {
            let stats = txn.open_untyped_table(table.clone())?.stats()?;
            let (stored, empty) = (stats.stored_bytes(), stats.fragmented_bytes());
            if stored + empty >= REPORTED_SPACE {
                space.push((table.name().to_string(), TableSpace { stored, empty }));
            }
        }
        let mut identity_bytes = 0;
        match txn.open_table(BOOKING_IDENTITIES) {
            Ok(runs) => {
                for run in runs.iter()? {
                    identity_bytes += run?.1.value().len();
                }
            }
            Err(redb::TableError::TableDoesNotExist(_)) => {}
            Err(e) => return Err(e.into()),
        }
        // A file of before schema 9 (converted at the next start, not by a check) holds a row per
        // booking.
        let bookings = match schema_version {
            Some(v) if v < 9 => (tables.iter().find(|(t, _)| t == "bookings")).map_or(0, |t| t.1),
            _ => super::row_blocks::stored_bookings(&txn)?,
        };
        Ok(CheckReport {
            path: path.into(),
            bookings,
            integrity_ok,
            repaired_at_open,
            schema_version,
            tables,
            space,
            booking_identities: (identity_bytes / IDENTITY_LEN) as u64,
        })
    }
}

impl FileStore {
    /// The rows of every table of the open file, as `check` counts them.
    pub fn table_rows(&self) -> anyhow::Result<Vec<(String, u64)>> {
        rows_per_table(&self.read()?)
    }
}

/// Every table the file holds, whatever declared it: a check counts what is there.
fn rows_per_table(txn: &ReadTransaction) -> anyhow::Result<Vec<(String, u64)>> {
    let mut tables = Vec::new();
    for table in txn.list_tables()? {
        let rows = txn.open_untyped_table(table.clone())?.len()?;
        tables.push((table.name().to_string(), rows));
    }
    Ok(tables)
}

/// What `litstack check --database-url` reports of a hub's database: where its schema stands, the
/// rows of every declared table, and each problem found (none when it is consistent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HubReport {
    /// Where the database is, without the password.
    pub location: String,
    /// Where its schema stands against this binary's migrations.
    pub migrations: String,
    /// (table, rows) of every declared table present, in the registry's order.
    pub tables: Vec<(String, u64)>,
    /// How many tables' rows were checked for the firm they name.
    pub firm_tables: usize,
    pub problems: Vec<String>,
}

impl std::fmt::Display for HubReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "database: {}", self.location)?;
        writeln!(f, "migrations: {}", self.migrations)?;
        for (table, rows) in &self.tables {
            writeln!(f, "{table:>28}: {rows} rows")?;
        }
        if !self.tables.is_empty() {
            writeln!(
                f,
                "firm of every row: checked in {} tables",
                self.firm_tables
            )?;
        }
        if self.problems.is_empty() {
            writeln!(f, "problems: none")?;
        } else {
            writeln!(f, "problems: {}", self.problems.len())?;
            for problem in &self.problems {
                writeln!(f, "  - {problem}")?;
            }
        }
        Ok(())
    }
}

/// Checks the hub database at `url` as `check_file` checks a file, reading only: its migrations
/// are this binary's and current; every table `domains` declare for PostgreSQL exists with the
/// holder and reference columns they declare, and no table is undeclared; every index is valid;
/// no sequence is behind the ids its column holds (the next insert would collide); and every row
/// of a firm's table names a firm (or a member) that exists.
pub fn check_hub(
    url: &str,
    domains: &'static [super::registry::Domain],
) -> anyhow::Result<HubReport> {
    use super::postgres::schema::{State, Survey};
    use super::registry::Holder;

    let pg = super::PgStore::connect_as_is(url)?;
    let survey = pg.run(async {
        let mut conn = pg.pool().acquire().await?;
        Survey::read(&mut conn).await
    })?;
    let mut report = HubReport {
        location: pg.location.clone(),
        migrations: String::new(),
        tables: Vec::new(),
        firm_tables: 0,
        problems: Vec::new(),
    };
    let state = survey.state();
    let applied = survey.applied.as_ref().map_or(0, Vec::len);
    report.migrations = match &state {
        State::Current => format!("{applied} applied, current (schema {})", survey.schema),
        State::Pending(pending) => {
            report.problems.push(format!(
                "{} migration(s) are not applied yet ({}…): start a node, or run `litstack \
                 migrate`, with the role that owns the schema",
                pending.len(),
                pending[0]
            ));
            format!("{applied} applied, {} pending", pending.len())
        }
        other => {
            report.problems.push(survey.refusal(other));
            "not Litstack's".into()
        }
    };
    // A schema that is not this binary's, or behind it, is not checked against its declarations.
    if state != State::Current {
        return Ok(report);
    }

    let store = super::Store::Postgres(pg);
    let present = super::registry::present(&store)?;
    let super::Store::Postgres(pg) = &store else {
        unreachable!("made as PostgreSQL above")
    };
    report
        .problems
        .extend(super::registry::problems(domains, &[], &present.postgres));
    let count = |sql: String| -> anyhow::Result<i64> {
        // Every name in `sql` is the registry's own constant or read from the catalog.
        Ok(pg.run(sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(pg.pool()))?)
    };
    let exists = |name: &str| present.postgres.iter().any(|(t, _)| t == name);
    for table in super::registry::all(domains).filter(|t| t.postgres) {
        if !exists(table.name) {
            report.problems.push(format!(
                "the table {} is missing (every node needs it)",
                table.name
            ));
            continue;
        }
        let rows = count(format!("SELECT count(*) FROM {}", table.name))?;
        report.tables.push((table.name.into(), rows as u64));
        let orphans = match table.holder {
            Holder::Install => continue,
            Holder::Firm { column } if table.name == "firms" && column == "id" => continue,
            Holder::Firm { column } => (
                "firm",
                count(format!(
                    "SELECT count(*) FROM {} t WHERE t.{column} IS NOT NULL \
                       AND NOT EXISTS (SELECT 1 FROM firms f WHERE f.id = t.{column})",
                    table.name
                )),
            ),
            Holder::Member { column } => (
                "member",
                count(format!(
                    "SELECT count(*) FROM {} t WHERE t.{column} IS NOT NULL \
                       AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = t.{column})",
                    table.name
                )),
            ),
        };
        report.firm_tables += 1;
        match orphans {
            (_, Ok(0)) => {}
            (holder, Ok(n)) => report.problems.push(format!(
                "{n} row(s) of {} name a {holder} that does not exist (by {})",
                table.name,
                table.firm_column().unwrap_or_default()
            )),
            (_, Err(e)) => report.problems.push(format!(
                "the rows of {} could not be checked for their firm: {e}",
                table.name
            )),
        }
    }
    report.problems.extend(invalid_indexes(pg)?);
    report.problems.extend(sequences_behind(pg)?);
    Ok(report)
}

/// Indexes PostgreSQL marks invalid or unready (a failed `CREATE INDEX CONCURRENTLY`, say): a
/// unique one no longer keeps its keys unique.
fn invalid_indexes(pg: &super::PgStore) -> anyhow::Result<Vec<String>> {
    let invalid: Vec<(String, String)> = pg.run(
        sqlx::query_as(
            "SELECT i.relname::text, t.relname::text FROM pg_index x \
               JOIN pg_class i ON i.oid = x.indexrelid \
               JOIN pg_class t ON t.oid = x.indrelid \
               JOIN pg_namespace n ON n.oid = t.relnamespace \
              WHERE n.nspname = current_schema() AND NOT (x.indisvalid AND x.indisready) \
              ORDER BY 2, 1",
        )
        .fetch_all(pg.pool()),
    )?;
    Ok(invalid
        .into_iter()
        .map(|(index, table)| {
            format!("the index {index} of {table} is invalid: rebuild it (REINDEX INDEX {index})")
        })
        .collect())
}

/// Sequences owned by a column (serial and identity ids) whose next value is already taken.
fn sequences_behind(pg: &super::PgStore) -> anyhow::Result<Vec<String>> {
    let owned: Vec<(String, String, String)> = pg.run(
        sqlx::query_as(
            "SELECT s.relname::text, t.relname::text, a.attname::text FROM pg_class s \
               JOIN pg_namespace n ON n.oid = s.relnamespace \
               JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass \
                AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i') \
               JOIN pg_class t ON t.oid = d.refobjid \
               JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid \
              WHERE s.relkind = 'S' AND n.nspname = current_schema() \
              ORDER BY 2, 3",
        )
        .fetch_all(pg.pool()),
    )?;
    let mut behind = Vec::new();
    for (sequence, table, column) in owned {
        // The names come from the catalog; quoted as identifiers all the same.
        let quote = |name: &str| format!("\"{}\"", name.replace('"', "\"\""));
        let sql = format!(
            "SELECT (SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM {}), \
                    (SELECT max({})::int8 FROM {})",
            quote(&sequence),
            quote(&column),
            quote(&table)
        );
        let (next, max): (i64, Option<i64>) =
            pg.run(sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(pg.pool()))?;
        if let Some(max) = max.filter(|&max| max >= next) {
            behind.push(format!(
                "the sequence {sequence} would give {table}.{column} the id {next}, and {max} is \
                 taken: SELECT setval('{sequence}', {max})"
            ));
        }
    }
    Ok(behind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_of_a_megabyte_or_more_has_its_space_reported_with_its_empty_pages() {
        const SMALL: redb::TableDefinition<u64, u64> = redb::TableDefinition::new("small");
        const RUNS: redb::TableDefinition<u64, &[u8]> = redb::TableDefinition::new("runs");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("litstack.redb");
        {
            let db = redb::Database::create(&path).unwrap();
            let txn = db.begin_write().unwrap();
            txn.open_table(SMALL).unwrap().insert(1, 2).unwrap();
            // A value of exactly 1 MiB: with its leaf's header it takes a leaf of 2 MiB.
            let run = vec![7u8; 1 << 20];
            txn.open_table(RUNS)
                .unwrap()
                .insert(1, run.as_slice())
                .unwrap();
            txn.commit().unwrap();
        }
        let report = FileStore::check_file(&path).unwrap();
        assert_eq!(report.rows("small"), Some(1));
        let [(table, space)] = report.space.as_slice() else {
            panic!("one table reported: {:?}", report.space)
        };
        assert_eq!(table, "runs");
        assert!(space.stored > 1 << 20, "{space:?}");
        assert!(space.empty > 1000 << 10, "nearly a MiB empty: {space:?}");
        assert!(
            report
                .to_string()
                .contains("runs: 1.0 MB stored, 1.0 MB of its pages empty"),
            "{report}"
        );
    }
}
