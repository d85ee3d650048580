//! What each session was started from (SESSION_DEVICES / `session_devices`, by the session's
//! token hash), and a person's open sessions with it. A device row ends with its session: on
//! PostgreSQL by the foreign key, on redb wherever `file.rs` deletes sessions.

use chrono::{DateTime, Utc};
use redb::ReadableTable;
use sqlx::Row;

use super::postgres::at;
use crate::accounts::devices::SessionDevice;
use crate::accounts::model::Session;
use crate::accounts::sessions::TokenHash;
use crate::error::Result;
use crate::store::{SESSION_DEVICES, SESSIONS, Store, codec, open_read};

/// Notes what the session `hash` was started from. A session already gone writes nothing.
pub fn put_device(store: &Store, hash: &TokenHash, device: &SessionDevice) -> Result<()> {
    match store {
        Store::File(db) => {
            let txn = db.write()?;
            let exists = txn.open_table(SESSIONS)?.get(hash.as_slice())?.is_some();
            if exists {
                txn.open_table(SESSION_DEVICES)?
                    .insert(hash.as_slice(), codec::encode(device).as_slice())?;
            }
            txn.commit()?;
            Ok(())
        }
        Store::Postgres(db) => db.run(async {
            sqlx::query(
                "INSERT INTO session_devices (token_hash, user_id, device, address, started_at) \
                 SELECT token_hash, user_id, $2, $3, $4 FROM sessions WHERE token_hash = $1 \
                 ON CONFLICT (token_hash) DO NOTHING",
            )
            .bind(hash.as_slice())
            .bind(&device.device)
            .bind(&device.address)
            .bind(at(device.started_at))
            .execute(db.pool())
            .await?;
            Ok(())
        }),
    }
}

/// The open sessions of `user_id` (expired ones not yet swept too), with their devices.
pub fn user_sessions(
    store: &Store,
    user_id: u64,
) -> Result<Vec<(TokenHash, Session, Option<SessionDevice>)>> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            let devices = open_read(&txn, SESSION_DEVICES)?;
            let mut out = Vec::new();
            for entry in txn.open_table(SESSIONS)?.iter()? {
                let (key, value) = entry?;
                let session: Session = codec::decode(value.value())?;
                if session.user_id != user_id {
                    continue;
                }
                let Ok(hash) = TokenHash::try_from(key.value()) else {
                    continue;
                };
                let device = match &devices {
                    Some(table) => table
                        .get(key.value())?
                        .map(|v| codec::decode::<SessionDevice>(v.value()))
                        .transpose()?,
                    None => None,
                };
                out.push((hash, session, device));
            }
            Ok(out)
        }
        Store::Postgres(db) => {
            let rows = db.run(
                sqlx::query(
                    "SELECT s.token_hash, s.created_at, s.last_seen, d.device, d.address, \
                     d.started_at FROM sessions s LEFT JOIN session_devices d \
                     ON d.token_hash = s.token_hash WHERE s.user_id = $1",
                )
                .bind(user_id as i64)
                .fetch_all(db.pool()),
            )?;
            let mut out = Vec::new();
            for row in rows {
                let key: Vec<u8> = row.try_get("token_hash")?;
                let Ok(hash) = TokenHash::try_from(key.as_slice()) else {
                    continue;
                };
                let session = Session {
                    user_id,
                    created_at: row.try_get::<DateTime<Utc>, _>("created_at")?.timestamp(),
                    last_seen: row.try_get::<DateTime<Utc>, _>("last_seen")?.timestamp(),
                };
                let device = match row.try_get::<Option<String>, _>("device")? {
                    Some(device) => Some(SessionDevice {
                        device,
                        address: row.try_get("address")?,
                        started_at: row.try_get::<DateTime<Utc>, _>("started_at")?.timestamp(),
                    }),
                    None => None,
                };
                out.push((hash, session, device));
            }
            Ok(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::FileStore;

    #[test]
    fn a_device_is_listed_with_its_session_and_ends_with_it() {
        let check = |store: &Store| {
            let new = super::super::NewUser {
                name: "Ann".into(),
                email: crate::accounts::Email::parse("ann@doe.com").unwrap(),
                firm: super::super::FirmChoice::New {
                    name: "Doe LLP".into(),
                    size: None,
                },
                password_hash: "hash".into(),
            };
            let ann = super::super::create_user(store, new, &[1; 32], |_| Ok(())).unwrap();
            let device = SessionDevice {
                device: "Firefox on Linux".into(),
                address: "10.0.0.1".into(),
                started_at: 5,
            };
            put_device(store, &[1; 32], &device).unwrap();
            // No session, no device.
            put_device(store, &[9; 32], &device).unwrap();
            super::super::rotate_session(store, None, &[2; 32], ann.id).unwrap();
            let mut listed = user_sessions(store, ann.id).unwrap();
            listed.sort_by_key(|(h, _, _)| *h);
            let devices: Vec<_> = listed.iter().map(|(h, _, d)| (h[0], d.clone())).collect();
            assert_eq!(devices, vec![(1, Some(device.clone())), (2, None)]);

            super::super::rotate_session(store, Some(&[1; 32]), &[3; 32], ann.id).unwrap();
            put_device(store, &[1; 32], &device).unwrap();
            let hashes: Vec<u8> = user_sessions(store, ann.id)
                .unwrap()
                .iter()
                .map(|(h, _, d)| {
                    assert!(d.is_none());
                    h[0]
                })
                .collect();
            assert_eq!(hashes.len(), 2);
            assert!(!hashes.contains(&1));
            if let Store::File(db) = store {
                let txn = db.read().unwrap();
                let table = txn.open_table(SESSION_DEVICES).unwrap();
                assert!(table.get([1u8; 32].as_slice()).unwrap().is_none());
            }
        };
        let dir = tempfile::tempdir().unwrap();
        check(&Store::File(FileStore::open(dir.path()).unwrap()));
        check(&Store::Postgres(crate::store::postgres::test_store()));
    }
}
