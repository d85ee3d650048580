//! The registry of data: what each table is, declared once by the domain that owns it. Each
//! domain's `storage` declares its tables as `Table`s (the list in src/registry.rs gathers
//! the domains' declarations); backup and the row counts of `litstack check` and of the export to PostgreSQL
//! read them here instead of keeping their own lists, so a table cannot be declared for one and
//! forgotten by another. `problems` is what the registry test holds against the tables that
//! really exist in redb and PostgreSQL.

use std::collections::BTreeSet;

use redb::{ReadTransaction, ReadableTable, TableDefinition, TableHandle, WriteTransaction};

/// One table of Litstack's data, as its domain declares it.
pub struct Table {
    /// Its name in hub mode's PostgreSQL database, and the name it goes by everywhere else.
    pub name: &'static str,
    /// Whose rows these are, and how the firm is found in a row.
    pub holder: Holder,
    /// The redb tables that hold it in a firm's own install: its main table first, then the
    /// indexes kept beside it. Empty for what exists only in PostgreSQL.
    pub redb: &'static [&'static dyn RedbTable],
    /// Whether hub mode's PostgreSQL database has it as a table (`name`).
    pub postgres: bool,
    /// Fields that are secrets (hashes of passwords and tokens, second-factor secrets, client
    /// secrets): never in an export of a firm's data, never in a log.
    pub secrets: &'static [&'static str],
    /// Columns that name a vendor or a person: what a vendor merge or a firm's move must follow.
    pub refers_to: &'static [Reference],
    /// How it goes into one firm's archive (`litstack firms export`, `POST /api/firm/export`).
    pub export: Export,
    /// How a deleted firm's rows leave it (`firms::deletion`).
    pub purge: Purge,
}

/// How a deleted firm's rows leave a table. PostgreSQL deletes them by the holder column
/// (`Holder`); the redb tables need to be told where the firm is in their keys.
#[derive(Clone, Copy)]
pub enum Purge {
    /// The install's: untouched.
    Never,
    /// Every redb table of it is keyed by the holder's id first: the firm's (`Holder::Firm`) or
    /// a member's (`Holder::Member`).
    ByKey,
    /// The domain takes the firm's rows out of its redb tables itself (keys that do not start
    /// with the holder's id).
    By(PurgeFile),
    /// Its redb rows go with the named table's (whose purge finds them).
    With(&'static str),
}

/// Takes one firm's rows out of a table's redb tables, inside the deletion's write transaction.
pub type PurgeFile = fn(&WriteTransaction, &Taking) -> crate::platform::error::Result<()>;

/// How a table goes into one firm's archive.
#[derive(Clone, Copy)]
pub enum Export {
    /// The firm's rows, read through its domain (the fields named in `secrets` are taken out),
    /// and how an import of the archive writes them into another install.
    Rows { read: FirmRows, load: Load },
    /// Not in a firm's archive, and why (the archive's manifest says so).
    Left(&'static str),
}

/// How a table's rows in a firm's archive become rows of a new firm (`firms::import`).
#[derive(Clone, Copy)]
pub enum Load {
    /// Parsed through its domain's types and written with this install's ids, inside the
    /// import's one write transaction; answers how many rows it wrote. The rows arrive one at a
    /// time as the loader reads them (`arrival::Rows`), never as a whole file in memory.
    Rows(LoadRows),
    /// Not taken into another install, and why (the import's report says so).
    Left(&'static str),
}

pub type LoadRows = fn(
    &mut super::WriteTx,
    &mut super::arrival::Arrival,
    &mut super::arrival::Rows<'_>,
) -> crate::platform::error::Result<usize>;

/// Why the install's own tables are in no firm's archive.
pub const INSTALL_OWN: &str = "the install's own, not a firm's";

/// Reads one firm's rows of a table for its archive, as JSON objects.
pub type FirmRows =
    fn(&super::Store, &Taking) -> crate::platform::error::Result<Vec<serde_json::Value>>;

/// One firm's archive being taken: whose, by whom, and what the firm's decisions say of its
/// evaluation rounds (an open round's scores follow the rule of who sees them).
pub struct Taking {
    pub firm: crate::platform::firm_id::FirmId,
    /// The firm's members' ids: what the tables held by a member are read for.
    pub members: Vec<u64>,
    pub by: Taker,
    /// (category, round) of every round a final decision holds: everyone of the firm sees its
    /// scores.
    pub decided_rounds: Vec<(u64, u32)>,
}

/// A table's rows for an archive, as JSON.
pub fn rows<T: serde::Serialize>(
    items: impl IntoIterator<Item = T>,
) -> crate::platform::error::Result<Vec<serde_json::Value>> {
    items
        .into_iter()
        .map(|item| serde_json::to_value(item).map_err(|e| anyhow::Error::from(e).into()))
        .collect()
}

/// One row of a value stored under keys outside it (a firm's picks by category, say): the keys
/// as fields beside the value's own (the value under "value" when it is not an object).
pub fn keyed<T: serde::Serialize>(
    keys: &[(&str, u64)],
    value: T,
) -> crate::platform::error::Result<serde_json::Value> {
    let value = serde_json::to_value(value).map_err(anyhow::Error::from)?;
    let mut row = serde_json::Map::new();
    for (name, id) in keys {
        row.insert((*name).to_string(), (*id).into());
    }
    match value {
        serde_json::Value::Object(fields) => row.extend(fields),
        other => {
            row.insert("value".into(), other);
        }
    }
    Ok(serde_json::Value::Object(row))
}

/// Who takes a firm's archive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taker {
    /// The install's operator, on the command line (moving the firm to another install).
    Operator,
    /// A member of the firm (its owner), through the API: the archive holds what they may see.
    Member { user_id: u64 },
}

impl Taking {
    /// Whether the taker sees every scorecard of `vendor_id` in an evaluation round: the operator
    /// always; a member once a final decision holds the round, or after submitting their own
    /// scorecard for the vendor (`submitted_by` answers that).
    pub fn sees_scores(
        &self,
        category: u64,
        round: u32,
        submitted_by: impl Fn(u64) -> bool,
    ) -> bool {
        match self.by {
            Taker::Operator => true,
            Taker::Member { user_id } => {
                self.decided_rounds.contains(&(category, round)) || submitted_by(user_id)
            }
        }
    }
}

/// Whose data a table holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    /// The install's own (the catalog, bookings, settings, the mail outbox): no firm's.
    Install,
    /// A firm's, by the firm id in `column` (in redb, the key's first element or the value's
    /// firm).
    Firm { column: &'static str },
    /// A person's of a firm, by the user id in `column`: the firm is the person's firm.
    Member { column: &'static str },
}

/// A column that names a row of another table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reference {
    pub column: &'static str,
    pub to: Target,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Vendor,
    User,
    Category,
}

impl Table {
    pub fn is_firm_data(&self) -> bool {
        !matches!(self.holder, Holder::Install)
    }

    /// The column that finds the firm (directly or through its member), if the rows are a firm's.
    pub fn firm_column(&self) -> Option<&'static str> {
        match self.holder {
            Holder::Install => None,
            Holder::Firm { column } | Holder::Member { column } => Some(column),
        }
    }
}

/// A redb table of the registry: named, and copied row by row with its own key and value types
/// (redb opens a table only with the types it was made with).
pub trait RedbTable: Sync {
    fn name(&self) -> &str;
    /// Copies every row from `from` into the same table of `to`; a table missing from `from` is
    /// no rows. Answers how many rows were copied.
    fn copy(&self, from: &ReadTransaction, to: &WriteTransaction) -> anyhow::Result<u64>;
    /// Deletes every row whose key starts with one of `ids`; answers how many. A table whose
    /// keys do not start with an id is an error (its declaration must say `Purge::By`).
    fn purge_keys(&self, txn: &WriteTransaction, ids: &[u64]) -> anyhow::Result<u64>;
    /// Its declaration on the storage seam, when it is a seam table: what hub mode's schema is
    /// made from (`seam::pg::create_declared`).
    fn declared(&self) -> Option<&dyn super::seam::Registered> {
        None
    }
}

/// Whether the redb table `name` exists in `txn`: a purge never makes an empty table (opening a
/// table in a write transaction makes it).
pub fn has_table(txn: &WriteTransaction, name: &str) -> crate::platform::error::Result<bool> {
    Ok(txn.list_tables()?.any(|t| t.name() == name))
}

/// A redb key type, and the id it starts with (none for text and byte keys).
pub trait FirstId: redb::Key + 'static {
    fn first_id(key: Self::SelfType<'_>) -> Option<u64>;
}

impl FirstId for u64 {
    fn first_id(key: u64) -> Option<u64> {
        Some(key)
    }
}

macro_rules! first_of_tuple {
    ($($rest:ident),+) => {
        impl FirstId for (u64, $($rest),+) {
            fn first_id(key: Self::SelfType<'_>) -> Option<u64> {
                Some(key.0)
            }
        }
    };
}
first_of_tuple!(u64);
first_of_tuple!(u64, u64);
first_of_tuple!(u64, u64, u64);
first_of_tuple!(u64, u32);
first_of_tuple!(u64, i64);
first_of_tuple!(u64, i64, u32);

impl FirstId for (u64, &'static str) {
    fn first_id(key: Self::SelfType<'_>) -> Option<u64> {
        Some(key.0)
    }
}

impl FirstId for &'static str {
    fn first_id(_: &str) -> Option<u64> {
        None
    }
}

impl FirstId for &'static [u8] {
    fn first_id(_: &[u8]) -> Option<u64> {
        None
    }
}

impl<K: FirstId, V: redb::Value + 'static> RedbTable for TableDefinition<'static, K, V>
where
    TableDefinition<'static, K, V>: Sync,
{
    fn name(&self) -> &str {
        TableHandle::name(self)
    }

    fn copy(&self, from: &ReadTransaction, to: &WriteTransaction) -> anyhow::Result<u64> {
        let source = match from.open_table(*self) {
            Ok(t) => t,
            Err(redb::TableError::TableDoesNotExist(_)) => return Ok(0),
            Err(e) => return Err(e.into()),
        };
        let mut target = to.open_table(*self)?;
        let mut rows = 0;
        for entry in source.iter()? {
            let (k, v) = entry?;
            target.insert(k.value(), v.value())?;
            rows += 1;
        }
        Ok(rows)
    }

    fn purge_keys(&self, txn: &WriteTransaction, ids: &[u64]) -> anyhow::Result<u64> {
        let name = TableHandle::name(self);
        if !has_table(txn, name)? {
            return Ok(0);
        }
        let mut table = txn.open_table(*self)?;
        let before = redb::ReadableTableMetadata::len(&table)?;
        let mut keyed = true;
        table.retain(|key, _| match K::first_id(key) {
            Some(id) => !ids.contains(&id),
            None => {
                keyed = false;
                true
            }
        })?;
        anyhow::ensure!(
            keyed || before == 0,
            "the table {} is not keyed by an id: its declaration must purge it itself",
            TableHandle::name(self)
        );
        Ok(before - redb::ReadableTableMetadata::len(&table)?)
    }
}

/// Takes firm `taking.firm`'s rows out of `tables`, in the given order, inside `tx`: in redb as
/// each table's `Purge` says; in PostgreSQL by the holder column. The caller lists the tables
/// that others refer to (users, firms) last.
pub fn purge_in<'t>(
    tx: &mut super::WriteTx,
    tables: impl Iterator<Item = &'t Table>,
    taking: &Taking,
) -> crate::platform::error::Result<()> {
    let firm = [taking.firm.get()];
    for table in tables {
        let ids: &[u64] = match table.holder {
            Holder::Install => continue,
            Holder::Firm { .. } => &firm,
            Holder::Member { .. } => &taking.members,
        };
        match tx {
            super::WriteTx::File(txn) => match table.purge {
                Purge::Never | Purge::With(_) => {}
                Purge::ByKey => {
                    for redb in table.redb {
                        redb.purge_keys(txn, ids)?;
                    }
                }
                Purge::By(purge) => purge(txn, taking)?,
            },
            super::WriteTx::Postgres(pg) => {
                let (Some(column), true, false) = (
                    table.firm_column(),
                    table.postgres,
                    matches!(table.purge, Purge::Never),
                ) else {
                    continue;
                };
                let ids: Vec<i64> = ids.iter().map(|&id| id as i64).collect();
                let store = pg.store();
                // The names are the registry's own constants, never input.
                let sql = format!("DELETE FROM {} WHERE {column} = ANY($1)", table.name);
                store.run(
                    sqlx::query(sqlx::AssertSqlSafe(sql))
                        .bind(ids)
                        .execute(pg.conn()?),
                )?;
            }
        }
    }
    Ok(())
}

/// One domain's declaration: its tables, and its part in the moves that span every domain.
pub struct Domain {
    pub tables: &'static [Table],
    /// Move firm `from`'s rows into firm `into` inside the firm merge's one write transaction
    /// (`firms::storage::merge_firms`; the accounts' own move of the members goes first).
    pub merge_firm_in: &'static [MergeIn],
    /// Copy its tables not on the storage seam from the redb file into an empty PostgreSQL
    /// database, keeping ids (`litstack export-to-postgres`), in this order. Its seam tables are
    /// copied from their declarations (`seam::Declared::copy_to_postgres`), after every domain's.
    pub copy_to_postgres: &'static [CopyToPostgres],
    /// Its tables the copy to PostgreSQL leaves behind, and why.
    pub not_copied: &'static [(&'static str, &'static str)],
    /// Its part in the operator's vendor delete and merge, when its rows name vendors.
    pub vendors: Option<VendorPart>,
}

/// A domain's part in the operator's vendor delete and merge (`admin::storage`): each runs inside
/// that one write transaction, in the registry's order.
#[derive(Clone, Copy)]
pub struct VendorPart {
    /// How many of its rows name vendor `id`, by kind (`("shortlist_entries", 3)`): what refuses
    /// a delete, and for a merge what a domain that never rewrites a row (signed records) counts.
    pub naming: fn(&mut super::WriteTx, u64) -> crate::platform::error::Result<Naming>,
    /// Makes its rows that name `from` name `into`.
    pub merge: fn(&mut super::WriteTx, u64, u64) -> crate::platform::error::Result<VendorMoved>,
    /// Takes out what stays of a deleted vendor once nothing of the firms' names it.
    pub delete: Option<fn(&mut super::WriteTx, u64) -> crate::platform::error::Result<()>>,
}

/// Rows by kind, as the operator's answers name them.
pub type Naming = Vec<(&'static str, u64)>;

/// What a domain's part of a vendor merge moved.
#[derive(Debug, Default)]
pub struct VendorMoved {
    /// Rows moved, by kind (`picks`, `evaluations`, `scorecards_dropped`, ...).
    pub counts: Naming,
    /// Firms whose rows that count across firms changed: their peer figures are recounted.
    pub firms: Vec<u64>,
    /// Firms that had rows for both vendors and keep the kept vendor's.
    pub kept_both: Vec<u64>,
}

pub type MergeIn = fn(
    &mut super::WriteTx,
    crate::platform::firm_id::FirmId,
    crate::platform::firm_id::FirmId,
) -> crate::platform::error::Result<()>;

pub type CopyToPostgres = fn(
    &super::FileStore,
    &super::PgStore,
) -> crate::platform::error::Result<Vec<super::TableCount>>;

/// The tables of every domain, in the order the domains list them.
pub fn all(domains: &'static [Domain]) -> impl Iterator<Item = &'static Table> {
    domains.iter().flat_map(|domain| domain.tables.iter())
}

/// Every redb table the registry declares, by name.
pub fn redb_tables(domains: &'static [Domain]) -> Vec<&'static dyn RedbTable> {
    all(domains).flat_map(|t| t.redb.iter().copied()).collect()
}

/// Every table the registry declares on the storage seam: hub mode's database has each from its
/// declaration once it is migrated, so a new seam table needs no migration file of its own.
pub fn seam_tables(domains: &'static [Domain]) -> Vec<&'static dyn super::seam::Registered> {
    all(domains)
        .flat_map(|t| t.redb.iter().filter_map(|r| r.declared()))
        .collect()
}

/// What the tables that really exist say against the declarations: a table that exists but is
/// declared nowhere (backup, check and the exports would miss it), a name declared twice, and a
/// PostgreSQL table whose firm or user column the declaration does not name as its holder.
/// `redb_present` are the redb file's table names; `postgres_columns` each PostgreSQL table with
/// its columns. Tables a fresh install has not made yet are not a problem (redb makes most of
/// them at their first write).
pub fn problems(
    domains: &'static [Domain],
    redb_present: &[String],
    postgres_columns: &[(String, Vec<String>)],
) -> Vec<String> {
    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    let mut redb_declared = BTreeSet::new();
    for domain in domains {
        for table in domain.tables {
            let names_vendors = table.refers_to.iter().any(|r| r.to == Target::Vendor);
            if names_vendors && domain.vendors.is_none() {
                problems.push(format!(
                    "{} names vendors, but its domain takes no part in a vendor delete and merge",
                    table.name
                ));
            }
        }
    }
    for table in all(domains) {
        if !seen.insert(table.name) {
            problems.push(format!("{} is declared twice", table.name));
        }
        for r in table.redb {
            if !redb_declared.insert(r.name().to_string()) {
                problems.push(format!("the redb table {} is declared twice", r.name()));
            }
        }
    }
    for name in redb_present {
        if !redb_declared.contains(name.as_str()) {
            problems.push(format!(
                "the redb table {name} is declared by no domain's storage"
            ));
        }
    }
    for (name, columns) in postgres_columns {
        let Some(table) = all(domains).find(|t| t.postgres && t.name == name) else {
            problems.push(format!(
                "the PostgreSQL table {name} is declared by no domain's storage"
            ));
            continue;
        };
        let has = |c: &str| columns.iter().any(|x| x == c);
        match table.holder {
            Holder::Install if has("firm_id") => problems.push(format!(
                "{name} has a firm_id column but is declared as the install's, not a firm's"
            )),
            Holder::Firm { column } | Holder::Member { column } if !has(column) => problems.push(
                format!("{name} is declared as held by {column}, which it lacks"),
            ),
            Holder::Member { .. } if has("firm_id") => problems.push(format!(
                "{name} has a firm_id column: declare the firm as its holder"
            )),
            _ => {}
        }
        for reference in table.refers_to {
            if !has(reference.column) {
                problems.push(format!(
                    "{name} is declared to refer by {}, which it lacks",
                    reference.column
                ));
            }
        }
    }
    problems
}

/// The tables that exist in a store: the redb file's, or each PostgreSQL table with its columns.
pub struct Present {
    pub redb: Vec<String>,
    pub postgres: Vec<(String, Vec<String>)>,
}

pub fn present(store: &super::Store) -> anyhow::Result<Present> {
    match store {
        super::Store::File(file) => {
            let txn = file.read()?;
            let redb = txn.list_tables()?.map(|t| t.name().to_string()).collect();
            Ok(Present {
                redb,
                postgres: Vec::new(),
            })
        }
        super::Store::Postgres(pg) => {
            let rows: Vec<(String, String)> = pg.run(
                sqlx::query_as(
                    "SELECT c.table_name::text, c.column_name::text \
                       FROM information_schema.columns c \
                       JOIN information_schema.tables t \
                         ON t.table_schema = c.table_schema AND t.table_name = c.table_name \
                      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' \
                      ORDER BY c.table_name, c.ordinal_position",
                )
                .fetch_all(pg.pool()),
            )?;
            let mut postgres: Vec<(String, Vec<String>)> = Vec::new();
            for (table, column) in rows {
                match postgres.last_mut() {
                    Some((name, columns)) if *name == table => columns.push(column),
                    _ => postgres.push((table, vec![column])),
                }
            }
            Ok(Present {
                redb: Vec::new(),
                postgres,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("a_rows");
    const A_INDEX: TableDefinition<u64, u64> = TableDefinition::new("a_index");
    const B: TableDefinition<u64, &[u8]> = TableDefinition::new("b_rows");

    const TABLES: &[Table] = &[
        Table {
            name: "a",
            holder: Holder::Firm { column: "firm_id" },
            redb: &[&A, &A_INDEX],
            postgres: true,
            secrets: &[],
            refers_to: &[Reference {
                column: "vendor_id",
                to: Target::Vendor,
            }],
            export: Export::Left("a test table"),
            purge: Purge::ByKey,
        },
        Table {
            name: "b",
            holder: Holder::Install,
            redb: &[&B],
            postgres: true,
            secrets: &[],
            refers_to: &[],
            export: Export::Left(INSTALL_OWN),
            purge: Purge::Never,
        },
    ];

    /// A part the problems only look for; never run.
    const PART: VendorPart = VendorPart {
        naming: |_, _| Ok(Vec::new()),
        merge: |_, _, _| Ok(VendorMoved::default()),
        delete: None,
    };

    const DOMAIN: &[Domain] = &[Domain {
        tables: TABLES,
        merge_firm_in: &[],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: Some(PART),
    }];
    const TWICE: &[Domain] = &[
        Domain {
            tables: TABLES,
            merge_firm_in: &[],
            copy_to_postgres: &[],
            not_copied: &[],
            vendors: Some(PART),
        },
        Domain {
            tables: TABLES,
            merge_firm_in: &[],
            copy_to_postgres: &[],
            not_copied: &[],
            vendors: Some(PART),
        },
    ];

    fn columns(list: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
        list.iter()
            .map(|(t, cs)| (t.to_string(), cs.iter().map(|c| c.to_string()).collect()))
            .collect()
    }

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn declared_tables_that_exist_as_declared_are_no_problem() {
        let pg = columns(&[("a", &["firm_id", "vendor_id"]), ("b", &["id"])]);
        let redb = names(&["a_rows", "a_index", "b_rows"]);
        assert_eq!(problems(DOMAIN, &redb, &pg), Vec::<String>::new());
        // Tables not made yet are fine.
        assert_eq!(problems(DOMAIN, &[], &[]), Vec::<String>::new());
    }

    #[test]
    fn a_table_left_out_is_named() {
        let redb = names(&["a_rows", "c_rows"]);
        let pg = columns(&[("c", &["id"])]);
        assert_eq!(
            problems(DOMAIN, &redb, &pg),
            [
                "the redb table c_rows is declared by no domain's storage",
                "the PostgreSQL table c is declared by no domain's storage",
            ]
        );
    }

    #[test]
    fn a_firm_table_declared_without_its_firm_key_is_named() {
        const WITHOUT_KEY: &[Domain] = &[Domain {
            tables: WITHOUT_KEY_TABLES,
            merge_firm_in: &[],
            copy_to_postgres: &[],
            not_copied: &[],
            vendors: Some(PART),
        }];
        const WITHOUT_KEY_TABLES: &[Table] = &[Table {
            name: "a",
            holder: Holder::Install,
            redb: &[&A],
            postgres: true,
            secrets: &[],
            refers_to: &[],
            export: Export::Left(INSTALL_OWN),
            purge: Purge::Never,
        }];
        let pg = columns(&[("a", &["firm_id", "vendor_id"])]);
        assert_eq!(
            problems(WITHOUT_KEY, &[], &pg),
            ["a has a firm_id column but is declared as the install's, not a firm's"]
        );
        let pg = columns(&[("a", &["owner", "vendor_id"])]);
        assert_eq!(
            problems(DOMAIN, &[], &pg),
            ["a is declared as held by firm_id, which it lacks"]
        );
    }

    #[test]
    fn a_name_declared_twice_is_named() {
        assert_eq!(
            problems(TWICE, &[], &[]),
            [
                "a is declared twice",
                "the redb table a_rows is declared twice",
                "the redb table a_index is declared twice",
                "b is declared twice",
                "the redb table b_rows is declared twice",
            ]
        );
    }

    #[test]
    fn a_reference_to_a_missing_column_is_named() {
        let pg = columns(&[("a", &["firm_id"]), ("b", &["id"])]);
        assert_eq!(
            problems(DOMAIN, &[], &pg),
            ["a is declared to refer by vendor_id, which it lacks"]
        );
    }

    #[test]
    fn a_table_naming_vendors_in_a_domain_without_a_vendor_part_is_named() {
        const WITHOUT_PART: &[Domain] = &[Domain {
            tables: TABLES,
            merge_firm_in: &[],
            copy_to_postgres: &[],
            not_copied: &[],
            vendors: None,
        }];
        assert_eq!(
            problems(WITHOUT_PART, &[], &[]),
            ["a names vendors, but its domain takes no part in a vendor delete and merge"]
        );
    }
}
