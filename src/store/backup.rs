//! Consistent backups: every table is copied through one read transaction into a new database
//! file, so the copy is a snapshot of a single committed state even while the server writes.
//! Never a file copy, which could catch a half-written page.

use std::path::Path;

use anyhow::Context;
use redb::{
    Database, ReadTransaction, ReadableDatabase, ReadableTable, TableDefinition, WriteTransaction,
};

use super::tables::*;
use super::{FileStore, restrict_file};

/// Copies one table; a table that does not exist in the source is skipped.
fn copy<K: redb::Key + 'static, V: redb::Value + 'static>(
    src: &ReadTransaction,
    dst: &WriteTransaction,
    def: TableDefinition<K, V>,
) -> anyhow::Result<u64> {
    let from = match src.open_table(def) {
        Ok(t) => t,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(0),
        Err(e) => return Err(e.into()),
    };
    let mut to = dst.open_table(def)?;
    let mut rows = 0;
    for entry in from.iter()? {
        let (k, v) = entry?;
        to.insert(k.value(), v.value())?;
        rows += 1;
    }
    Ok(rows)
}

/// Every table of the schema. A new table must be listed here to be backed up.
fn copy_all(src: &ReadTransaction, dst: &WriteTransaction) -> anyhow::Result<u64> {
    let mut rows = 0;
    rows += copy(src, dst, META)?;
    rows += copy(src, dst, USERS)?;
    rows += copy(src, dst, FIRMS)?;
    rows += copy(src, dst, FIRM_MEMBERS)?;
    rows += copy(src, dst, USER_EMAILS)?;
    rows += copy(src, dst, SESSIONS)?;
    rows += copy(src, dst, ENDED_SESSIONS)?;
    rows += copy(src, dst, INVITATIONS)?;
    rows += copy(src, dst, INVITATION_TOKENS)?;
    rows += copy(src, dst, FIRM_INVITATIONS)?;
    rows += copy(src, dst, RESET_LINKS)?;
    rows += copy(src, dst, FIRM_AUDIT)?;
    rows += copy(src, dst, MERGED_FIRMS)?;
    rows += copy(src, dst, ONBOARDING)?;
    rows += copy(src, dst, CATEGORIES)?;
    rows += copy(src, dst, VENDORS)?;
    rows += copy(src, dst, VENDOR_SOURCES)?;
    rows += copy(src, dst, MEETING_CLICKS)?;
    rows += copy(src, dst, MEETING_CLICK_TIMES)?;
    rows += copy(src, dst, MEETING_CLICK_KINDS)?;
    rows += copy(src, dst, VENDOR_BOOKING_SOURCES)?;
    rows += copy(src, dst, VENDOR_ALIASES)?;
    rows += copy(src, dst, ADOPTION)?;
    rows += copy(src, dst, BOOKINGS)?;
    rows += copy(src, dst, BOOKING_IDENTITIES)?;
    rows += copy(src, dst, RESPONSES)?;
    rows += copy(src, dst, USER_RESPONSES)?;
    rows += copy(src, dst, PICKS)?;
    rows += copy(src, dst, DISMISSED)?;
    rows += copy(src, dst, PAST_RECS)?;
    rows += copy(src, dst, PICKS_CLEARED)?;
    rows += copy(src, dst, SHORTLIST)?;
    rows += copy(src, dst, SHORTLIST_REMOVED)?;
    rows += copy(src, dst, SAVED_VIEWS)?;
    rows += copy(src, dst, SSO_CONFIGS)?;
    rows += copy(src, dst, SSO_DOMAINS)?;
    rows += copy(src, dst, SSO_FLOWS)?;
    rows += copy(src, dst, SSO_LINKS)?;
    rows += copy(src, dst, CONTRACTS)?;
    rows += copy(src, dst, CALENDAR_FEEDS)?;
    rows += copy(src, dst, DECISIONS)?;
    rows += copy(src, dst, DECISION_VERSIONS)?;
    rows += copy(src, dst, OUTBOX)?;
    rows += copy(src, dst, OUTBOX_DUE)?;
    rows += copy(src, dst, SETTINGS)?;
    rows += copy(src, dst, USER_FACTORS)?;
    rows += copy(src, dst, MFA_CHALLENGES)?;
    rows += copy(src, dst, SESSION_DEVICES)?;
    rows += copy(src, dst, KNOWN_DEVICES)?;
    // Notifications (the unsubscribe secret is in SETTINGS).
    rows += copy(src, dst, OUTBOX_UNSUBSCRIBE)?;
    rows += copy(src, dst, NOTICES)?;
    rows += copy(src, dst, NOTICE_PREFS)?;
    rows += copy(src, dst, DEMO_DATES)?;
    rows += copy(src, dst, DEMO_FOLLOWUPS)?;
    rows += copy(src, dst, super::FIRM_MFA_REQUIRED)?;
    // Renewal reminders (issue 32).
    rows += copy(src, dst, RENEWAL_REMINDERS)?;
    // Evaluations (issue 32).
    rows += copy(src, dst, super::EVALUATION_ROUNDS)?;
    // What firms pay: the consent to share (issue 32).
    rows += copy(src, dst, super::FIRM_PRICE_SHARING)?;
    Ok(rows)
}

/// Writes a backup of `store` to `target` (which must not exist yet), then reopens it and runs
/// redb's integrity check. Returns the number of rows copied.
pub fn backup_to(store: &FileStore, target: &Path) -> anyhow::Result<u64> {
    anyhow::ensure!(
        !target.exists(),
        "{} already exists; choose a new file name",
        target.display()
    );
    let src = store.read()?;
    let rows = {
        let db = Database::create(target)
            .with_context(|| format!("creating the backup file {}", target.display()))?;
        let dst = db.begin_write()?;
        let rows = copy_all(&src, &dst)?;
        dst.commit()?;
        rows
    };
    restrict_file(target);
    verify(target)?;
    Ok(rows)
}

/// Opens a database file and checks its integrity.
pub fn verify(path: &Path) -> anyhow::Result<()> {
    let mut db = Database::open(path).with_context(|| format!("opening {}", path.display()))?;
    anyhow::ensure!(
        db.check_integrity()?,
        "{} failed its integrity check",
        path.display()
    );
    db.begin_read()?;
    Ok(())
}
