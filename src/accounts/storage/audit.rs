//! The firm audit log in either backend: FIRM_AUDIT ((firm id, entry id) -> entry) in the redb
//! file, `firm_audit` in PostgreSQL (0012). Append-only.

use crate::accounts::audit_entry::{AuditAction, AuditEntry};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{self, FIRM_AUDIT, FIRMS, Store, WriteTx, codec, open_read};

use super::postgres::rows::at;

/// Adds `entry` to its firm's log; `false` when the firm no longer exists (deleted or merged
/// away between the change and its line), so no row is left of a firm that is gone.
pub fn append(store: &Store, mut entry: AuditEntry) -> Result<bool> {
    match store {
        Store::File(db) => {
            use redb::ReadableTable;
            let txn = db.write()?;
            if txn.open_table(FIRMS)?.get(entry.firm_id)?.is_none() {
                return Ok(false);
            }
            entry.id = store::next_id(&txn, "audit")?;
            txn.open_table(FIRM_AUDIT)?
                .insert((entry.firm_id, entry.id), codec::encode(&entry).as_slice())?;
            txn.commit()?;
            Ok(true)
        }
        Store::Postgres(db) => db.run(async {
            let written = sqlx::query(
                "INSERT INTO firm_audit (firm_id, at, actor, action, detail) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(entry.firm_id as i64)
            .bind(at(entry.at))
            .bind(&entry.actor)
            .bind(entry.action.code())
            .bind(&entry.detail)
            .execute(db.pool())
            .await;
            match written {
                Ok(_) => Ok(true),
                // The firm's row went first: the line's reference to it is refused.
                Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => Ok(false),
                Err(e) => Err(e.into()),
            }
        }),
    }
}

/// The firm's entries, oldest first.
pub fn firm_entries(store: &Store, firm_id: FirmId) -> Result<Vec<AuditEntry>> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            let Some(table) = open_read(&txn, FIRM_AUDIT)? else {
                return Ok(Vec::new());
            };
            let mut out = Vec::new();
            for entry in table.range((firm_id.get(), 0)..=(firm_id.get(), u64::MAX))? {
                out.push(codec::decode(entry?.1.value())?);
            }
            Ok(out)
        }
        Store::Postgres(db) => db.run(async {
            let rows = sqlx::query_as::<_, AuditRow>(
                "SELECT id, firm_id, at, actor, action, detail FROM firm_audit \
                 WHERE firm_id = $1 ORDER BY id",
            )
            .bind(firm_id.get() as i64)
            .fetch_all(db.pool())
            .await?;
            Ok(rows
                .into_iter()
                .map(AuditEntry::try_from)
                .collect::<anyhow::Result<_>>()?)
        }),
    }
}

/// A `firm_audit` row.
#[derive(sqlx::FromRow)]
struct AuditRow {
    id: i64,
    firm_id: i64,
    at: chrono::DateTime<chrono::Utc>,
    actor: Option<String>,
    action: String,
    detail: String,
}

impl TryFrom<AuditRow> for AuditEntry {
    type Error = anyhow::Error;
    fn try_from(row: AuditRow) -> anyhow::Result<AuditEntry> {
        let action = AuditAction::from_code(&row.action).ok_or_else(|| {
            anyhow::anyhow!("unknown audit action {:?} in the database", row.action)
        })?;
        Ok(AuditEntry {
            id: row.id as u64,
            firm_id: row.firm_id as u64,
            at: row.at.timestamp(),
            actor: row.actor,
            action,
            detail: row.detail,
        })
    }
}

/// Adds `entry` to its firm's log inside the caller's transaction (a change that is itself one
/// transaction with its audit line: a firm merge).
pub fn append_in(tx: &mut WriteTx, mut entry: AuditEntry) -> Result<()> {
    match tx {
        WriteTx::File(txn) => {
            entry.id = store::next_id(txn, "audit")?;
            txn.open_table(FIRM_AUDIT)?
                .insert((entry.firm_id, entry.id), codec::encode(&entry).as_slice())?;
            Ok(())
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            store.run(
                sqlx::query(
                    "INSERT INTO firm_audit (firm_id, at, actor, action, detail) \
                     VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(entry.firm_id as i64)
                .bind(at(entry.at))
                .bind(&entry.actor)
                .bind(entry.action.code())
                .bind(&entry.detail)
                .execute(tx.conn()?),
            )?;
            Ok(())
        }
    }
}

/// Gives firm `from`'s audit entries to firm `into` in the redb file (entry ids are one sequence
/// across firms, so they never clash).
pub(super) fn move_entries_in(txn: &redb::WriteTransaction, into: u64, from: u64) -> Result<()> {
    use redb::ReadableTable;
    let mut table = txn.open_table(FIRM_AUDIT)?;
    let mut entries: Vec<AuditEntry> = Vec::new();
    for entry in table.range((from, 0)..=(from, u64::MAX))? {
        entries.push(codec::decode(entry?.1.value())?);
    }
    for mut entry in entries {
        table.remove((from, entry.id))?;
        entry.firm_id = into;
        table.insert((into, entry.id), codec::encode(&entry).as_slice())?;
    }
    Ok(())
}
