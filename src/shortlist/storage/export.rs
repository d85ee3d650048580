//! Copying the shortlist, the removed entries kept for their Undo, the demo dates and their
//! follow-ups of a redb install into PostgreSQL (`litstack export-to-postgres`).

use crate::platform::error::Result;
use crate::platform::store::seam::copy_to_postgres;
use crate::platform::store::{FileStore, PgStore, TableCount};

use super::demos::{DATES, FOLLOWUPS};
use super::{ENTRIES, REMOVED};

/// Copies every row of the shortlist's tables of a redb file into PostgreSQL with its key.
pub fn export(from: &FileStore, to: &PgStore) -> Result<Vec<TableCount>> {
    Ok(vec![
        copy_to_postgres(from, to, &ENTRIES)?,
        copy_to_postgres(from, to, &REMOVED)?,
        copy_to_postgres(from, to, &DATES)?,
        copy_to_postgres(from, to, &FOLLOWUPS)?,
    ])
}
