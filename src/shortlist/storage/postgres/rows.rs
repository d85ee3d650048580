//! The shortlist tables' rows as PostgreSQL hands them over, each converted into its domain
//! type in one place.

use sqlx::types::Json;

use crate::platform::store::postgres::from_code;
use crate::shortlist::model::{Entry, Outcome, Recorded, Removed, StatusChange};

/// A row of `shortlist` (or the entry part of `shortlist_removed`), as `columns!` selects it.
#[derive(sqlx::FromRow)]
pub(super) struct EntryRow {
    firm_id: i64,
    pub(super) vendor_id: i64,
    status: String,
    note: String,
    note_by: Option<String>,
    note_at: Option<chrono::DateTime<chrono::Utc>>,
    reject_reason: Option<String>,
    history: Json<Vec<StatusChange>>,
    demo_held: Option<bool>,
    chosen: Option<bool>,
    chosen_at: Option<chrono::DateTime<chrono::Utc>>,
    satisfaction: Option<i16>,
    added_at: chrono::DateTime<chrono::Utc>,
    recorded_reasons: Option<Vec<String>>,
    recorded_at: Option<chrono::DateTime<chrono::Utc>>,
}

impl EntryRow {
    /// The row's (firm, vendor).
    pub(super) fn key(&self) -> (u64, u64) {
        (self.firm_id as u64, self.vendor_id as u64)
    }
}

impl TryFrom<EntryRow> for Entry {
    type Error = anyhow::Error;
    fn try_from(row: EntryRow) -> anyhow::Result<Entry> {
        Ok(Entry {
            status: from_code(row.status)?,
            note: row.note,
            note_by: row.note_by,
            note_at: row.note_at.map(|t| t.timestamp()),
            reject_reason: row.reject_reason,
            history: row.history.0,
            outcome: Outcome {
                demo_held: row.demo_held,
                chosen: row.chosen,
                chosen_at: row.chosen_at.map(|t| t.timestamp()),
                satisfaction: row.satisfaction.map(u8::try_from).transpose()?,
            },
            added_at: row.added_at.timestamp(),
            recorded: match (row.recorded_reasons, row.recorded_at) {
                (Some(reasons), Some(at)) => Some(Recorded {
                    reasons,
                    at: at.timestamp(),
                }),
                _ => None,
            },
        })
    }
}

/// A row of `shortlist_removed`.
#[derive(sqlx::FromRow)]
pub(super) struct RemovedRow {
    #[sqlx(flatten)]
    pub(super) entry: EntryRow,
    removed_at: chrono::DateTime<chrono::Utc>,
    removed_by: Option<String>,
}

impl TryFrom<RemovedRow> for Removed {
    type Error = anyhow::Error;
    fn try_from(row: RemovedRow) -> anyhow::Result<Removed> {
        Ok(Removed {
            entry: row.entry.try_into()?,
            removed_at: row.removed_at.timestamp(),
            removed_by: row.removed_by,
        })
    }
}
