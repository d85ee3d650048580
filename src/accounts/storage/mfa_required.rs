//! "Require two-step sign-in for every member", per firm, in either backend: FIRM_MFA_REQUIRED /
//! `firm_mfa_required` (firm id -> `Requirement`). No row: not required.

use chrono::{DateTime, Utc};
use redb::ReadableTable;
use sqlx::Row;

use super::postgres::rows::at;
use crate::accounts::model::Requirement;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::postgres::changes::{self, Change};
use crate::platform::store::{FIRM_MFA_REQUIRED, PgStore, Store, WriteTx, codec, open_read};

pub fn find(store: &Store, firm_id: FirmId) -> Result<Option<Requirement>> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            let Some(table) = open_read(&txn, FIRM_MFA_REQUIRED)? else {
                return Ok(None);
            };
            let found = table.get(firm_id.get())?;
            Ok(found.map(|v| codec::decode(v.value())).transpose()?)
        }
        Store::Postgres(db) => db.run(async {
            let row = sqlx::query(
                "SELECT required, set_by, set_at FROM firm_mfa_required WHERE firm_id = $1",
            )
            .bind(firm_id.get() as i64)
            .fetch_optional(db.pool())
            .await?;
            row.map(|r| requirement(&r)).transpose()
        }),
    }
}

fn requirement(row: &sqlx::postgres::PgRow) -> Result<Requirement> {
    Ok(Requirement {
        required: row.try_get("required")?,
        set_by: row.try_get::<i64, _>("set_by")? as u64,
        set_at: row.try_get::<DateTime<Utc>, _>("set_at")?.timestamp(),
    })
}

/// Saves the firm's choice. On PostgreSQL every member's cached session is told (the change log),
/// so that each node decides again whether it may only set up a factor.
pub fn save(store: &Store, firm_id: FirmId, requirement: &Requirement) -> Result<()> {
    match store {
        Store::File(db) => {
            let txn = db.write()?;
            crate::platform::store::merged::refuse_in_file(&txn, firm_id)?;
            txn.open_table(FIRM_MFA_REQUIRED)?
                .insert(firm_id.get(), codec::encode(requirement).as_slice())?;
            txn.commit()?;
            Ok(())
        }
        Store::Postgres(db) => save_pg(db, firm_id, requirement),
    }
}

fn save_pg(db: &PgStore, firm_id: FirmId, requirement: &Requirement) -> Result<()> {
    db.run(async {
        let mut tx = db.pool().begin().await?;
        crate::platform::store::merged::refuse_in_pg(&mut tx, firm_id).await?;
        sqlx::query(
            "INSERT INTO firm_mfa_required (firm_id, required, set_by, set_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (firm_id) DO UPDATE SET \
             required = EXCLUDED.required, set_by = EXCLUDED.set_by, set_at = EXCLUDED.set_at",
        )
        .bind(firm_id.get() as i64)
        .bind(requirement.required)
        .bind(requirement.set_by as i64)
        .bind(at(requirement.set_at))
        .execute(&mut *tx)
        .await?;
        let members: Vec<i64> =
            sqlx::query_scalar("SELECT id FROM users WHERE firm_id = $1 ORDER BY id")
                .bind(firm_id.get() as i64)
                .fetch_all(&mut *tx)
                .await?;
        for user_id in members {
            changes::record(
                &mut tx,
                Change::User {
                    user_id: user_id as u64,
                },
            )
            .await?;
        }
        tx.commit().await?;
        Ok(())
    })
}

/// The safer of the two: required when either firm required it (the one that did keeps its
/// who and when; `into`'s when both did). `from`'s row goes.
fn merged(into: Option<Requirement>, from: Option<Requirement>) -> Option<Requirement> {
    match (into, from) {
        (Some(i), _) if i.required => Some(i),
        (_, Some(f)) if f.required => Some(f),
        (i, _) => i,
    }
}

/// Merges firm `from`'s choice into firm `into` inside the firm merge's transaction.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    let (into, from) = (into.get(), from.get());
    match tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(FIRM_MFA_REQUIRED)?;
            let theirs: Option<Requirement> = table
                .remove(from)?
                .map(|v| codec::decode(v.value()))
                .transpose()?;
            let ours: Option<Requirement> = table
                .get(into)?
                .map(|v| codec::decode(v.value()))
                .transpose()?;
            if let Some(kept) = merged(ours, theirs) {
                table.insert(into, codec::encode(&kept).as_slice())?;
            }
            Ok(())
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let conn = tx.conn()?;
            store.run(async {
                let rows = sqlx::query(
                    "DELETE FROM firm_mfa_required WHERE firm_id = $1 \
                     RETURNING required, set_by, set_at",
                )
                .bind(from as i64)
                .fetch_all(&mut *conn)
                .await?;
                let theirs = rows.first().map(requirement).transpose()?;
                let row = sqlx::query(
                    "SELECT required, set_by, set_at FROM firm_mfa_required WHERE firm_id = $1 \
                     FOR UPDATE",
                )
                .bind(into as i64)
                .fetch_optional(&mut *conn)
                .await?;
                let ours = row.as_ref().map(requirement).transpose()?;
                if let Some(kept) = merged(ours, theirs) {
                    sqlx::query(
                        "INSERT INTO firm_mfa_required (firm_id, required, set_by, set_at) \
                         VALUES ($1, $2, $3, $4) ON CONFLICT (firm_id) DO UPDATE SET \
                         required = EXCLUDED.required, set_by = EXCLUDED.set_by, \
                         set_at = EXCLUDED.set_at",
                    )
                    .bind(into as i64)
                    .bind(kept.required)
                    .bind(kept.set_by as i64)
                    .bind(at(kept.set_at))
                    .execute(&mut *conn)
                    .await?;
                }
                Ok(())
            })
        }
    }
}

/// Copies the redb file's rows into PostgreSQL (`litstack export-to-postgres`) and counts them.
pub fn export(
    from: &crate::platform::store::FileStore,
    to: &PgStore,
) -> Result<Vec<crate::platform::store::TableCount>> {
    use redb::ReadableTableMetadata;
    let txn = from.read()?;
    let mut source = 0;
    if let Some(table) = open_read(&txn, FIRM_MFA_REQUIRED)? {
        source = table.len()?;
        for entry in table.iter()? {
            let (firm_id, value) = entry?;
            let requirement: Requirement = codec::decode(value.value())?;
            save_pg(to, FirmId::from_stored(firm_id.value()), &requirement)?;
        }
    }
    Ok(vec![to.counted("firm_mfa_required", source)?])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(required: bool, set_by: u64) -> Option<Requirement> {
        Some(Requirement {
            required,
            set_by,
            set_at: 1,
        })
    }

    #[test]
    fn a_merge_keeps_the_safer_choice() {
        assert_eq!(merged(None, None), None);
        assert_eq!(merged(req(false, 1), req(true, 2)), req(true, 2));
        assert_eq!(merged(req(true, 1), req(true, 2)), req(true, 1));
        assert_eq!(merged(req(true, 1), None), req(true, 1));
        assert_eq!(merged(None, req(false, 2)), None);
        assert_eq!(merged(req(false, 1), req(false, 2)), req(false, 1));
    }

    #[test]
    fn export_copies_every_firms_choice() {
        let dir = tempfile::tempdir().unwrap();
        let file = Store::File(crate::platform::store::FileStore::open(dir.path()).unwrap());
        for (firm_id, required) in [(1, true), (7, false)] {
            let choice = req(required, firm_id).unwrap();
            save(&file, FirmId::from_stored(firm_id), &choice).unwrap();
        }
        let Store::File(from) = &file else {
            unreachable!()
        };
        let to = crate::platform::store::postgres::test_store();
        let counts = export(from, &to).unwrap();
        assert_eq!((counts[0].source, counts[0].copied), (2, 2));
        let hub = Store::Postgres(to);
        for firm_id in [1, 7, 8] {
            let id = FirmId::from_stored(firm_id);
            assert_eq!(
                find(&hub, id).unwrap(),
                find(&file, id).unwrap(),
                "{firm_id}"
            );
        }
    }
}
