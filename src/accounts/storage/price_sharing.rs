//! "Share what we pay with other firms", per firm, in either backend: FIRM_PRICE_SHARING /
//! `firm_price_sharing` (firm id -> `Consent`). No row: not shared.

use chrono::{DateTime, Utc};
use redb::ReadableTable;
use sqlx::Row;

use super::postgres::rows::at;
use crate::accounts::model::Consent;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{FIRM_PRICE_SHARING, PgStore, Store, WriteTx, codec, open_read};

const COLUMNS: &str = "share, by_user, by_name, at";
const UPSERT: &str = "INSERT INTO firm_price_sharing (firm_id, share, by_user, by_name, at) \
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (firm_id) DO UPDATE SET share = EXCLUDED.share, \
     by_user = EXCLUDED.by_user, by_name = EXCLUDED.by_name, at = EXCLUDED.at";

pub fn find(store: &Store, firm_id: FirmId) -> Result<Option<Consent>> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            let Some(table) = open_read(&txn, FIRM_PRICE_SHARING)? else {
                return Ok(None);
            };
            let found = table.get(firm_id.get())?;
            Ok(found.map(|v| codec::decode(v.value())).transpose()?)
        }
        Store::Postgres(db) => db.run(async {
            let row = sqlx::query(sqlx::AssertSqlSafe(format!(
                "SELECT {COLUMNS} FROM firm_price_sharing WHERE firm_id = $1"
            )))
            .bind(firm_id.get() as i64)
            .fetch_optional(db.pool())
            .await?;
            row.map(|r| consent(&r)).transpose()
        }),
    }
}

/// The firms that share now, by id (ascending).
pub fn sharing_firms(store: &Store) -> Result<Vec<FirmId>> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            let Some(table) = open_read(&txn, FIRM_PRICE_SHARING)? else {
                return Ok(Vec::new());
            };
            let mut firms = Vec::new();
            for entry in table.iter()? {
                let (firm_id, value) = entry?;
                let consent: Consent = codec::decode(value.value())?;
                if consent.share {
                    firms.push(FirmId::from_stored(firm_id.value()));
                }
            }
            Ok(firms)
        }
        Store::Postgres(db) => db.run(async {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT firm_id FROM firm_price_sharing WHERE share ORDER BY firm_id",
            )
            .fetch_all(db.pool())
            .await?;
            Ok(ids
                .into_iter()
                .map(|id| FirmId::from_stored(id as u64))
                .collect())
        }),
    }
}

fn consent(row: &sqlx::postgres::PgRow) -> Result<Consent> {
    Ok(Consent {
        share: row.try_get("share")?,
        by_user: row.try_get::<i64, _>("by_user")? as u64,
        by_name: row.try_get("by_name")?,
        at: row.try_get::<DateTime<Utc>, _>("at")?.timestamp(),
    })
}

/// Saves the firm's choice (a firm merged into another is refused, as every firm write is).
pub fn save(store: &Store, firm_id: FirmId, consent: &Consent) -> Result<()> {
    match store {
        Store::File(db) => {
            let txn = db.write()?;
            crate::platform::store::merged::refuse_in_file(&txn, firm_id)?;
            txn.open_table(FIRM_PRICE_SHARING)?
                .insert(firm_id.get(), codec::encode(consent).as_slice())?;
            txn.commit()?;
            Ok(())
        }
        Store::Postgres(db) => save_pg(db, firm_id, consent),
    }
}

fn save_pg(db: &PgStore, firm_id: FirmId, consent: &Consent) -> Result<()> {
    db.run(async {
        let mut tx = db.pool().begin().await?;
        crate::platform::store::merged::refuse_in_pg(&mut tx, firm_id).await?;
        upsert(&mut tx, firm_id, consent).await?;
        tx.commit().await?;
        Ok(())
    })
}

async fn upsert(conn: &mut sqlx::PgConnection, firm_id: FirmId, consent: &Consent) -> Result<()> {
    sqlx::query(UPSERT)
        .bind(firm_id.get() as i64)
        .bind(consent.share)
        .bind(consent.by_user as i64)
        .bind(&consent.by_name)
        .bind(at(consent.at))
        .execute(conn)
        .await?;
    Ok(())
}

/// The merged firm shares only when both firms did: the other firm's contracts join the kept
/// firm's, and they were never shared without their own firm's consent. A firm that chose not to
/// share keeps that choice (with its who and when; `into`'s when both chose so); one that never
/// chose leaves no row. `from`'s row goes.
fn merged(into: Option<Consent>, from: Option<Consent>) -> Option<Consent> {
    match (into, from) {
        (Some(i), Some(f)) if i.share && f.share => Some(i),
        (Some(i), _) if !i.share => Some(i),
        (_, Some(f)) if !f.share => Some(f),
        _ => None,
    }
}

/// Merges firm `from`'s choice into firm `into` inside the firm merge's transaction.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    match tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(FIRM_PRICE_SHARING)?;
            let theirs: Option<Consent> = table
                .remove(from.get())?
                .map(|v| codec::decode(v.value()))
                .transpose()?;
            let ours: Option<Consent> = table
                .get(into.get())?
                .map(|v| codec::decode(v.value()))
                .transpose()?;
            match merged(ours, theirs) {
                Some(kept) => {
                    table.insert(into.get(), codec::encode(&kept).as_slice())?;
                }
                None => {
                    table.remove(into.get())?;
                }
            }
            Ok(())
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let conn = tx.conn()?;
            store.run(async {
                let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
                    "DELETE FROM firm_price_sharing WHERE firm_id = $1 RETURNING {COLUMNS}"
                )))
                .bind(from.get() as i64)
                .fetch_all(&mut *conn)
                .await?;
                let theirs = rows.first().map(consent).transpose()?;
                let row = sqlx::query(sqlx::AssertSqlSafe(format!(
                    "SELECT {COLUMNS} FROM firm_price_sharing WHERE firm_id = $1 FOR UPDATE"
                )))
                .bind(into.get() as i64)
                .fetch_optional(&mut *conn)
                .await?;
                let ours = row.as_ref().map(consent).transpose()?;
                match merged(ours, theirs) {
                    Some(kept) => upsert(&mut *conn, into, &kept).await?,
                    None => {
                        sqlx::query("DELETE FROM firm_price_sharing WHERE firm_id = $1")
                            .bind(into.get() as i64)
                            .execute(&mut *conn)
                            .await?;
                    }
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
    if let Some(table) = open_read(&txn, FIRM_PRICE_SHARING)? {
        source = table.len()?;
        for entry in table.iter()? {
            let (firm_id, value) = entry?;
            let consent: Consent = codec::decode(value.value())?;
            save_pg(to, FirmId::from_stored(firm_id.value()), &consent)?;
        }
    }
    Ok(vec![to.counted("firm_price_sharing", source)?])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(share: bool, by_user: u64) -> Option<Consent> {
        Some(Consent {
            share,
            by_user,
            by_name: format!("Member {by_user}"),
            at: 1,
        })
    }

    #[test]
    fn a_merge_shares_only_when_both_firms_shared() {
        assert_eq!(merged(None, None), None);
        assert_eq!(merged(choice(true, 1), choice(true, 2)), choice(true, 1));
        assert_eq!(
            merged(choice(true, 1), None),
            None,
            "the other never agreed"
        );
        assert_eq!(merged(None, choice(true, 2)), None);
        assert_eq!(merged(choice(true, 1), choice(false, 2)), choice(false, 2));
        assert_eq!(merged(choice(false, 1), choice(true, 2)), choice(false, 1));
        assert_eq!(merged(choice(false, 1), choice(false, 2)), choice(false, 1));
    }

    #[test]
    fn export_copies_every_firms_choice() {
        let dir = tempfile::tempdir().unwrap();
        let file = Store::File(crate::platform::store::FileStore::open(dir.path()).unwrap());
        for (firm_id, share) in [(1, true), (7, false)] {
            let consent = choice(share, firm_id).unwrap();
            save(&file, FirmId::from_stored(firm_id), &consent).unwrap();
        }
        assert_eq!(sharing_firms(&file).unwrap(), vec![FirmId::from_stored(1)]);
        let Store::File(from) = &file else {
            unreachable!()
        };
        let to = crate::platform::store::postgres::test_store();
        let counts = export(from, &to).unwrap();
        assert_eq!((counts[0].source, counts[0].copied), (2, 2));
        let hub = Store::Postgres(to);
        assert_eq!(sharing_firms(&hub).unwrap(), vec![FirmId::from_stored(1)]);
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
