//! `litstack export-to-postgres`: how a firm that grows moves its redb install to a hub. Each
//! domain copies its tables not on the storage seam (its storage's `export`, keeping ids and
//! moving sequences past them) and the seam's tables are copied from their declarations; this
//! runs them in order into an empty database and then checks every table's rows against the
//! file's.

use std::fmt::Write as _;
use std::path::Path;

use crate::platform::store::TableCount;

/// Copies the redb file of `data_dir` into the PostgreSQL database of `database_url` (which must
/// hold no Litstack data yet) and returns every table's counts, all of them equal.
pub fn to_postgres(data_dir: &Path, database_url: &str) -> anyhow::Result<Vec<TableCount>> {
    // The domains' tables, found in both backends (the store's own settings and counters aside).
    let filled: Vec<&str> = crate::platform::store::registry::all(&crate::registry::DOMAINS[1..])
        .filter(|t| t.postgres && !t.redb.is_empty())
        .map(|t| t.name)
        .collect();
    let counts = crate::platform::store::export::into_empty(
        data_dir,
        database_url,
        &crate::registry::seam_tables(),
        &filled,
        |from, to| {
            let mut counts = Vec::new();
            for domain in crate::registry::DOMAINS {
                for copy in domain.copy_to_postgres {
                    counts.extend(copy(from, to)?);
                }
            }
            // The seam's tables, each from its declaration (keys, values and id sequence).
            let left: Vec<&str> = crate::registry::DOMAINS
                .iter()
                .flat_map(|domain| domain.not_copied.iter().map(|(name, _)| *name))
                .collect();
            for table in crate::registry::seam_tables() {
                if !left.contains(&table.name()) {
                    counts.push(table.copy_to_postgres(from, to)?);
                }
            }
            Ok(counts)
        },
    )?;
    let differ: Vec<&TableCount> = counts.iter().filter(|c| c.source != c.copied).collect();
    anyhow::ensure!(
        differ.is_empty(),
        "the copy is incomplete, {}: drop and re-create the database, then run the export again",
        differ
            .iter()
            .map(|c| format!("{} has {} of {} rows", c.table, c.copied, c.source))
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(counts)
}

/// The counts as the command prints them: one line per table.
pub fn report(counts: &[TableCount]) -> String {
    let width = counts.iter().map(|c| c.table.len()).max().unwrap_or(0);
    let mut out = String::new();
    for c in counts {
        let _ = writeln!(out, "  {:width$}  {:>10} rows", c.table, c.copied);
    }
    out
}
