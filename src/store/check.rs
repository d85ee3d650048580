//! `litstack check`: redb's integrity check and the row count of every table, for operators after
//! a crash and for the crash tests.

use std::path::{Path, PathBuf};

use redb::{Database, ReadTransaction, ReadableDatabase, ReadableTable};

use super::RENEWAL_REMINDERS;
use super::{
    ADOPTION, BOOKING_IDENTITIES, BOOKINGS, CATEGORIES, DISMISSED, FIRM_MEMBERS, FIRMS,
    MEETING_CLICK_KINDS, MEETING_CLICK_TIMES, MEETING_CLICKS, META, ONBOARDING, OUTBOX, OUTBOX_DUE,
    PAST_RECS, PICKS, PICKS_CLEARED, RESPONSES, SAVED_VIEWS, SESSIONS, SETTINGS, SHORTLIST,
    SHORTLIST_REMOVED, SSO_CONFIGS, SSO_DOMAINS, SSO_FLOWS, SSO_LINKS, USER_EMAILS, USER_RESPONSES,
    USERS, VENDOR_ALIASES, VENDOR_BOOKING_SOURCES, VENDOR_SOURCES, VENDORS,
};
use super::{CALENDAR_FEEDS, CONTRACTS};
use super::{DECISION_VERSIONS, DECISIONS};
use super::{DEMO_DATES, DEMO_FOLLOWUPS, NOTICE_PREFS, NOTICES, OUTBOX_UNSUBSCRIBE};
use super::{FileStore, IDENTITY_LEN};
use super::{KNOWN_DEVICES, MFA_CHALLENGES, SESSION_DEVICES, USER_FACTORS};

/// What `litstack check` reports: whether the file passed redb's integrity check and how many
/// rows each table holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckReport {
    pub path: PathBuf,
    /// redb's integrity check passed without having to repair anything.
    pub integrity_ok: bool,
    pub schema_version: Option<u64>,
    /// (table name, rows), in schema order; a table missing from the file is not listed.
    pub tables: Vec<(String, u64)>,
    /// Booking identities stored (each booking has exactly one).
    pub booking_identities: u64,
}

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
        match self.schema_version {
            Some(v) => writeln!(f, "schema version: {v}")?,
            None => writeln!(f, "schema version: none (an empty database)")?,
        }
        for (table, rows) in &self.tables {
            writeln!(f, "{table:>20}: {rows} rows")?;
        }
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
        let mut db = match Database::open(path) {
            Ok(db) => db,
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
        let mut tables = Vec::new();
        count(&txn, META, &mut tables)?;
        count(&txn, USERS, &mut tables)?;
        count(&txn, FIRMS, &mut tables)?;
        count(&txn, FIRM_MEMBERS, &mut tables)?;
        count(&txn, USER_EMAILS, &mut tables)?;
        count(&txn, SESSIONS, &mut tables)?;
        count(&txn, ONBOARDING, &mut tables)?;
        count(&txn, CATEGORIES, &mut tables)?;
        count(&txn, VENDORS, &mut tables)?;
        count(&txn, VENDOR_SOURCES, &mut tables)?;
        count(&txn, MEETING_CLICKS, &mut tables)?;
        count(&txn, MEETING_CLICK_TIMES, &mut tables)?;
        count(&txn, MEETING_CLICK_KINDS, &mut tables)?;
        count(&txn, VENDOR_BOOKING_SOURCES, &mut tables)?;
        count(&txn, VENDOR_ALIASES, &mut tables)?;
        count(&txn, ADOPTION, &mut tables)?;
        count(&txn, BOOKINGS, &mut tables)?;
        count(&txn, BOOKING_IDENTITIES, &mut tables)?;
        count(&txn, RESPONSES, &mut tables)?;
        count(&txn, USER_RESPONSES, &mut tables)?;
        count(&txn, PICKS, &mut tables)?;
        count(&txn, DISMISSED, &mut tables)?;
        count(&txn, PAST_RECS, &mut tables)?;
        count(&txn, PICKS_CLEARED, &mut tables)?;
        count(&txn, SHORTLIST, &mut tables)?;
        count(&txn, SHORTLIST_REMOVED, &mut tables)?;
        count(&txn, SAVED_VIEWS, &mut tables)?;
        count(&txn, SSO_CONFIGS, &mut tables)?;
        count(&txn, SSO_DOMAINS, &mut tables)?;
        count(&txn, SSO_FLOWS, &mut tables)?;
        count(&txn, SSO_LINKS, &mut tables)?;
        count(&txn, CONTRACTS, &mut tables)?;
        count(&txn, CALENDAR_FEEDS, &mut tables)?;
        count(&txn, DECISIONS, &mut tables)?;
        count(&txn, DECISION_VERSIONS, &mut tables)?;
        count(&txn, OUTBOX, &mut tables)?;
        count(&txn, OUTBOX_DUE, &mut tables)?;
        count(&txn, SETTINGS, &mut tables)?;
        count(&txn, USER_FACTORS, &mut tables)?;
        count(&txn, MFA_CHALLENGES, &mut tables)?;
        count(&txn, SESSION_DEVICES, &mut tables)?;
        count(&txn, KNOWN_DEVICES, &mut tables)?;
        count(&txn, OUTBOX_UNSUBSCRIBE, &mut tables)?;
        count(&txn, NOTICES, &mut tables)?;
        count(&txn, NOTICE_PREFS, &mut tables)?;
        count(&txn, DEMO_DATES, &mut tables)?;
        count(&txn, DEMO_FOLLOWUPS, &mut tables)?;
        count(&txn, super::FIRM_MFA_REQUIRED, &mut tables)?;
        count(&txn, RENEWAL_REMINDERS, &mut tables)?;
        count(&txn, super::EVALUATION_ROUNDS, &mut tables)?;
        count(&txn, super::FIRM_PRICE_SHARING, &mut tables)?;
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
        Ok(CheckReport {
            path: path.into(),
            integrity_ok,
            schema_version,
            tables,
            booking_identities: (identity_bytes / IDENTITY_LEN) as u64,
        })
    }
}

fn count<K: redb::Key + 'static, V: redb::Value + 'static>(
    txn: &ReadTransaction,
    def: redb::TableDefinition<'static, K, V>,
    out: &mut Vec<(String, u64)>,
) -> anyhow::Result<()> {
    use redb::{ReadableTableMetadata, TableHandle};
    let name = def.name().to_string();
    match txn.open_table(def) {
        Ok(table) => out.push((name, table.len()?)),
        Err(redb::TableError::TableDoesNotExist(_)) => {}
        Err(e) => return Err(e.into()),
    }
    Ok(())
}
