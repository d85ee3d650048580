//! The registry of Litstack's data: every domain's table declarations (`store::registry::Table`,
//! each in the domain's `storage`), in one list. Backup, `litstack check` and the export to
//! PostgreSQL read the tables from here; a new table is declared once, in its domain, and listed
//! here only when it belongs to a new domain. tests/api/registry.rs holds the list against the
//! tables that really exist on both backends.

use crate::store::registry::{self, RedbTable, Table};

/// Every domain's tables; the store's own first.
pub const DOMAINS: &[&[Table]] = &[
    crate::store::TABLES,
    crate::accounts::storage::TABLES,
    crate::accounts::sso::storage::TABLES,
    crate::profile::storage::TABLES,
    crate::catalog::storage::TABLES,
    crate::techstack::storage::TABLES,
    crate::recommend::storage::TABLES,
    crate::shortlist::storage::TABLES,
    crate::views::storage::TABLES,
    crate::decisions::storage::TABLES,
    crate::evaluations::storage::TABLES,
    crate::mail::storage::TABLES,
    crate::notifications::storage::TABLES,
    crate::bookings::storage::TABLES,
];

/// Every declared table.
pub fn tables() -> impl Iterator<Item = &'static Table> {
    registry::all(DOMAINS)
}

/// Every declared redb table: what a backup copies.
pub fn redb_tables() -> Vec<&'static dyn RedbTable> {
    registry::redb_tables(DOMAINS)
}

/// What the tables of `store` say against the declarations (`store::registry::problems`): empty
/// when every table that exists is declared, with the firm key its columns show.
pub fn problems(store: &crate::store::Store) -> anyhow::Result<Vec<String>> {
    let present = registry::present(store)?;
    Ok(registry::problems(
        DOMAINS,
        &present.redb,
        &present.postgres,
    ))
}
