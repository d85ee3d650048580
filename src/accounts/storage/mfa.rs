//! The second factor's tables, in either backend: each account's TOTP factor (USER_FACTORS /
//! `user_factors`) and the pending second-factor sign-ins (MFA_CHALLENGES / `mfa_challenges`).
//! Every change to a factor is one read-modify-write step (redb's single writer; a row lock on
//! PostgreSQL), so a code's step is accepted once and a recovery code used once, even by two
//! requests at the same moment on two nodes.

use chrono::{DateTime, Utc};
use redb::ReadableTable;
use sqlx::Row;

use super::postgres::rows::at;
use crate::accounts::model::TokenHash;
use crate::accounts::model::{Challenge, Factor};
use crate::platform::error::Result;
use crate::platform::store::{MFA_CHALLENGES, Store, USER_FACTORS, codec, open_read};

/// What a change to a factor does to the stored row.
pub enum Change {
    Keep,
    Put(Factor),
    Delete,
}

pub fn find_factor(store: &Store, user_id: u64) -> Result<Option<Factor>> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            let Some(table) = open_read(&txn, USER_FACTORS)? else {
                return Ok(None);
            };
            let found = table.get(user_id)?;
            Ok(found.map(|v| codec::decode(v.value())).transpose()?)
        }
        Store::Postgres(db) => db.run(async {
            let mut conn = db.pool().acquire().await?;
            pg_factor(&mut conn, user_id, false).await
        }),
    }
}

/// Reads the account's factor, lets `decide` say what becomes of it and what to answer, and
/// writes that, in one step. An error from `decide` writes nothing.
pub fn change_factor<T>(
    store: &Store,
    user_id: u64,
    decide: impl FnOnce(Option<Factor>) -> Result<(Change, T)>,
) -> Result<T> {
    match store {
        Store::File(db) => {
            let txn = db.write()?;
            let answer = {
                let mut table = txn.open_table(USER_FACTORS)?;
                let found: Option<Factor> = table
                    .get(user_id)?
                    .map(|v| codec::decode(v.value()))
                    .transpose()?;
                let (change, answer) = decide(found)?;
                match change {
                    Change::Keep => {}
                    Change::Put(factor) => {
                        table.insert(user_id, codec::encode(&factor).as_slice())?;
                    }
                    Change::Delete => {
                        table.remove(user_id)?;
                    }
                }
                answer
            };
            txn.commit()?;
            Ok(answer)
        }
        Store::Postgres(db) => db.run(async {
            let mut tx = db.pool().begin().await?;
            let found = pg_factor(&mut tx, user_id, true).await?;
            let (change, answer) = decide(found)?;
            match change {
                Change::Keep => {}
                Change::Put(f) => {
                    sqlx::query(
                        "INSERT INTO user_factors (user_id, secret, created_at, confirmed_at, \
                         last_used_step, recovery_hashes) VALUES ($1, $2, $3, $4, $5, $6) \
                         ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, \
                         created_at = EXCLUDED.created_at, confirmed_at = EXCLUDED.confirmed_at, \
                         last_used_step = EXCLUDED.last_used_step, \
                         recovery_hashes = EXCLUDED.recovery_hashes",
                    )
                    .bind(user_id as i64)
                    .bind(&f.secret)
                    .bind(at(f.created_at))
                    .bind(f.confirmed_at.map(at))
                    .bind(f.last_used_step as i64)
                    .bind(f.recovery.concat())
                    .execute(&mut *tx)
                    .await?;
                }
                Change::Delete => {
                    sqlx::query("DELETE FROM user_factors WHERE user_id = $1")
                        .bind(user_id as i64)
                        .execute(&mut *tx)
                        .await?;
                }
            }
            tx.commit().await?;
            Ok(answer)
        }),
    }
}

async fn pg_factor(
    conn: &mut sqlx::PgConnection,
    user_id: u64,
    lock: bool,
) -> Result<Option<Factor>> {
    let sql = if lock {
        "SELECT secret, created_at, confirmed_at, last_used_step, recovery_hashes \
         FROM user_factors WHERE user_id = $1 FOR UPDATE"
    } else {
        "SELECT secret, created_at, confirmed_at, last_used_step, recovery_hashes \
         FROM user_factors WHERE user_id = $1"
    };
    let row = sqlx::query(sql)
        .bind(user_id as i64)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(row) = row else { return Ok(None) };
    let hashes: Vec<u8> = row.try_get("recovery_hashes")?;
    Ok(Some(Factor {
        secret: row.try_get("secret")?,
        created_at: row.try_get::<DateTime<Utc>, _>("created_at")?.timestamp(),
        confirmed_at: row
            .try_get::<Option<DateTime<Utc>>, _>("confirmed_at")?
            .map(|t| t.timestamp()),
        last_used_step: row.try_get::<i64, _>("last_used_step")? as u64,
        recovery: hashes
            .chunks_exact(32)
            .map(|c| c.try_into().expect("32 bytes"))
            .collect(),
    }))
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
            let put = factor.clone();
            change_factor(store, id, |_| Ok((Change::Put(put), ()))).unwrap();
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
