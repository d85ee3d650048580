//! The second factor's tables: each account's TOTP factor on the storage seam, one body for both
//! engines (`user_factors`, user id -> `Factor`), and the pending second-factor sign-ins
//! (MFA_CHALLENGES / `mfa_challenges`), in either backend. Every change to a factor is one
//! serializable read-modify-write step (redb's single writer; PostgreSQL's SERIALIZABLE, run again
//! after a conflict), so a code's step is accepted once and a recovery code used once, even by two
//! requests at the same moment on two nodes.
//!
//! What carried over: on redb the factors' table is the one of before the seam, its bincode values
//! rewritten as the seam's JSON by schema 15; on PostgreSQL migration 0057 moved its rows.

use chrono::{DateTime, Utc};
use redb::ReadableTable;
use sqlx::Row;

use super::postgres::rows::at;
use crate::accounts::model::TokenHash;
use crate::accounts::model::{Challenge, Factor};
use crate::platform::error::Result;
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{MFA_CHALLENGES, Store, USER_FACTORS, WriteTx, codec, open_read};

/// user id -> `Factor`.
pub const FACTORS: Table<u64, Factor> =
    Table::new("user_factors", USER_FACTORS, &["user_id"], None);

/// What a change to a factor does to the stored row.
pub enum Change {
    Keep,
    Put(Factor),
    Delete,
}

pub fn find_factor(store: &Store, user_id: u64) -> Result<Option<Factor>> {
    seam::read(store, |tx| tx.get(&FACTORS, user_id))
}

/// Reads the account's factor, lets `decide` say what becomes of it and what to answer, and
/// writes that, in one step. An error from `decide` writes nothing. `decide` may be asked again
/// (PostgreSQL runs the step again after a conflict), so it holds no effect of its own.
pub fn change_factor<T>(
    store: &Store,
    user_id: u64,
    mut decide: impl FnMut(Option<Factor>) -> Result<(Change, T)>,
) -> Result<T> {
    seam::write(store, |tx| {
        let found = tx.get(&FACTORS, user_id)?;
        let (change, answer) = decide(found)?;
        match change {
            Change::Keep => {}
            Change::Put(factor) => tx.insert(&FACTORS, user_id, &factor)?,
            Change::Delete => {
                tx.remove(&FACTORS, user_id)?;
            }
        }
        Ok(answer)
    })
}

/// Removes the account's factor inside its removal.
pub fn forget_in(tx: &mut WriteTx, user_id: u64) -> Result<()> {
    seam::within(tx, |tx| tx.remove(&FACTORS, user_id).map(drop))
}

/// Stores a pending second-factor sign-in, dropping the expired ones.
pub fn create_challenge(store: &Store, hash: &TokenHash, challenge: &Challenge) -> Result<()> {
    let now = crate::platform::clock::now_secs();
    match store {
        Store::File(db) => {
            let txn = db.write()?;
            {
                let mut table = txn.open_table(MFA_CHALLENGES)?;
                let mut stale = Vec::new();
                for entry in table.iter()? {
                    let (k, v) = entry?;
                    if codec::decode::<Challenge>(v.value())?.expires_at < now {
                        stale.push(k.value().to_vec());
                    }
                }
                for key in &stale {
                    table.remove(key.as_slice())?;
                }
                table.insert(hash.as_slice(), codec::encode(challenge).as_slice())?;
            }
            txn.commit()?;
            Ok(())
        }
        Store::Postgres(db) => db.run(async {
            let mut tx = db.pool().begin().await?;
            sqlx::query("DELETE FROM mfa_challenges WHERE expires_at < $1")
                .bind(at(now))
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO mfa_challenges (token_hash, user_id, expires_at) VALUES ($1, $2, $3)",
            )
            .bind(hash.as_slice())
            .bind(challenge.user_id as i64)
            .bind(at(challenge.expires_at))
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(())
        }),
    }
}

pub fn find_challenge(store: &Store, hash: &TokenHash) -> Result<Option<Challenge>> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            let Some(table) = open_read(&txn, MFA_CHALLENGES)? else {
                return Ok(None);
            };
            let found = table.get(hash.as_slice())?;
            Ok(found.map(|v| codec::decode(v.value())).transpose()?)
        }
        Store::Postgres(db) => {
            let row = db.run(
                sqlx::query("SELECT user_id, expires_at FROM mfa_challenges WHERE token_hash = $1")
                    .bind(hash.as_slice())
                    .fetch_optional(db.pool()),
            )?;
            row.map(|r| challenge_of(&r)).transpose()
        }
    }
}

fn challenge_of(row: &sqlx::postgres::PgRow) -> Result<Challenge> {
    Ok(Challenge {
        user_id: row.try_get::<i64, _>("user_id")? as u64,
        expires_at: row.try_get::<DateTime<Utc>, _>("expires_at")?.timestamp(),
    })
}

/// Removes the pending sign-in and answers it: only one request ever gets it.
pub fn take_challenge(store: &Store, hash: &TokenHash) -> Result<Option<Challenge>> {
    match store {
        Store::File(db) => {
            let txn = db.write()?;
            let taken = {
                let mut table = txn.open_table(MFA_CHALLENGES)?;
                let removed = table.remove(hash.as_slice())?;
                removed.map(|v| codec::decode(v.value())).transpose()?
            };
            txn.commit()?;
            Ok(taken)
        }
        Store::Postgres(db) => {
            let row = db.run(
                sqlx::query(
                    "DELETE FROM mfa_challenges WHERE token_hash = $1 \
                     RETURNING user_id, expires_at",
                )
                .bind(hash.as_slice())
                .fetch_optional(db.pool()),
            )?;
            row.map(|r| challenge_of(&r)).transpose()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{new_user, on_both};
    use super::*;

    fn user(store: &Store) -> u64 {
        let new = new_user("ann@doe.com");
        super::super::create_user(store, new, &[1; 32], |_| Ok(()))
            .unwrap()
            .id
    }

    #[test]
    fn a_factor_is_written_changed_and_deleted_in_one_step_each() {
        on_both(|store| {
            let id = user(store);
            assert_eq!(find_factor(store, id).unwrap(), None);
            let factor = Factor {
                secret: vec![7; 20],
                created_at: 100,
                confirmed_at: Some(200),
                last_used_step: 42,
                recovery: vec![[1; 32], [2; 32]],
            };
            change_factor(store, id, |_| Ok((Change::Put(factor.clone()), ()))).unwrap();
            assert_eq!(find_factor(store, id).unwrap(), Some(factor.clone()));
            // A refused change writes nothing.
            let refused: Result<()> = change_factor(store, id, |_| {
                Err(crate::platform::error::bad_request("no"))
            });
            assert!(refused.is_err());
            assert_eq!(find_factor(store, id).unwrap(), Some(factor));
            change_factor(store, id, |_| Ok((Change::Delete, ()))).unwrap();
            assert_eq!(find_factor(store, id).unwrap(), None);
        });
    }

    /// Without the foreign keys of before the seam, the removal itself takes what names the account.
    #[test]
    fn an_accounts_removal_takes_its_factor_and_known_devices() {
        on_both(|store| {
            let new = new_user("ann@doe.com");
            let ann = super::super::create_user(store, new, &[1; 32], |_| Ok(())).unwrap();
            let factor = Factor {
                secret: vec![7; 20],
                created_at: 100,
                confirmed_at: Some(200),
                last_used_step: 42,
                recovery: vec![[1; 32]],
            };
            change_factor(store, ann.id, |_| Ok((Change::Put(factor.clone()), ()))).unwrap();
            super::super::rotate_session(store, None, &[2; 32], ann.id).unwrap();
            let device = crate::accounts::model::SessionDevice {
                device: "Firefox on Linux".into(),
                address: "10.0.0.1".into(),
                started_at: 5,
            };
            super::super::devices::put_device(store, &[2; 32], ann.id, &device, None).unwrap();
            let known = |store: &Store| {
                seam::read(store, |tx| tx.get(&super::super::devices::KNOWN, ann.id)).unwrap()
            };
            assert_eq!(known(store).map(|k| k.len()), Some(1));
            super::super::remove_user(store, &ann).unwrap();
            assert_eq!(find_factor(store, ann.id).unwrap(), None);
            assert_eq!(known(store), None);
        });
    }

    #[test]
    fn a_challenge_is_taken_once_and_expired_ones_are_swept() {
        on_both(|store| {
            let id = user(store);
            let now = crate::platform::clock::now_secs();
            let old = Challenge {
                user_id: id,
                expires_at: now - 1,
            };
            create_challenge(store, &[5; 32], &old).unwrap();
            assert_eq!(find_challenge(store, &[5; 32]).unwrap(), Some(old));
            let fresh = Challenge {
                user_id: id,
                expires_at: now + 300,
            };
            create_challenge(store, &[6; 32], &fresh).unwrap();
            assert_eq!(find_challenge(store, &[5; 32]).unwrap(), None, "swept");
            assert_eq!(take_challenge(store, &[6; 32]).unwrap(), Some(fresh));
            assert_eq!(take_challenge(store, &[6; 32]).unwrap(), None);
        });
    }
}
