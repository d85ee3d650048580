//! The second factor's tables, on the storage seam, one body for both engines: each account's
//! TOTP factor (`user_factors`, user id -> `Factor`) and the pending second-factor sign-ins
//! (`mfa_challenges`, found by their token's hash through an index). Every change to a factor is one
//! read-modify-write step under the account's hold (`hold_account_in`: redb's single writer;
//! PostgreSQL's row lock of the account), so a code's step is accepted once and a recovery code
//! used once, even by two requests at the same moment on two nodes, and no factor is written for
//! an account its removal has taken.
//!
//! What carried over: on redb the factors' table is the one of before the seam, its bincode values
//! rewritten as the seam's JSON by schema 15; on PostgreSQL migration 0057 moved its rows. The
//! pending sign-ins last five minutes: schema 15 and migration 0059 let those of before go (their
//! people sign in again), as the copy to PostgreSQL always has.

use serde::{Deserialize, Serialize};

use crate::accounts::model::TokenHash;
use crate::accounts::model::{Challenge, Factor};
use crate::platform::error::{Result, unauthorized};
use crate::platform::store::seam::{self, Index, On, Table};
use crate::platform::store::seam::{find_by_hash, hash_key};
use crate::platform::store::{Store, USER_FACTORS, WriteTx};

/// A change to the second factor of an account that was removed meanwhile (a member's removal,
/// the firm's deletion).
pub const ACCOUNT_REMOVED: &str = "Your account was removed, so this change was not saved.";

/// user id -> `Factor`.
pub const FACTORS: Table<u64, Factor> =
    Table::new("user_factors", USER_FACTORS, &["user_id"], None);

/// (user id, `hash_key` of the token's hash) -> `StoredChallenge`: a sign-in waiting for its
/// second factor, five minutes, used once.
pub const CHALLENGES: Table<(u64, u64), StoredChallenge> =
    Table::declare("mfa_challenges", &["user_id", "token_key"], None)
        .indexed(&[&CHALLENGES_BY_TOKEN, &CHALLENGES_BY_EXPIRY]);

/// A pending sign-in by its token: the second step finds it.
pub const CHALLENGES_BY_TOKEN: Index = Index::new("mfa_challenges_by_token", On::Key(1));

/// The pending sign-ins by when they expire: the expired ones go without reading the others.
pub const CHALLENGES_BY_EXPIRY: Index =
    Index::new("mfa_challenges_by_expiry", On::Field("expires_at"));

/// A pending sign-in as stored: with the whole hash of its token, which its key holds only a part
/// of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredChallenge {
    pub token_hash: TokenHash,
    #[serde(flatten)]
    pub challenge: Challenge,
}

/// What a change to a factor does to the stored row.
pub enum Change {
    Keep,
    Put(Factor),
    Delete,
}

pub fn find_factor(store: &Store, user_id: u64) -> Result<Option<Factor>> {
    seam::get_one(store, &FACTORS, user_id)
}

/// Reads the account's factor, lets `decide` say what becomes of it and what to answer, and
/// writes that, in one step under the account's hold. An error from `decide` writes nothing; an
/// account removed meanwhile is a 401 and nothing is written. The hold comes first: a step read
/// beside a removal would otherwise write a factor for an account the removal had already taken
/// (a seam write alone is serializable, but a factor's insert and an account's delete touch no
/// row in common).
pub fn change_factor<T>(
    store: &Store,
    user_id: u64,
    decide: impl FnOnce(Option<Factor>) -> Result<(Change, T)>,
) -> Result<T> {
    let mut tx = store.begin()?;
    if super::hold_account_in(&mut tx, user_id)?.is_none() {
        return Err(unauthorized(ACCOUNT_REMOVED));
    }
    let answer = seam::within(&mut tx, |tx| {
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
    })?;
    tx.commit()?;
    Ok(answer)
}

/// Removes the account's factor and its pending sign-ins inside its removal.
pub fn forget_in(tx: &mut WriteTx, user_id: u64) -> Result<()> {
    seam::within(tx, |tx| {
        tx.remove(&FACTORS, user_id)?;
        for (key, _) in tx.range(&CHALLENGES, &[user_id])? {
            tx.remove(&CHALLENGES, key)?;
        }
        Ok(())
    })
}

/// Stores a pending second-factor sign-in, dropping the expired ones.
pub fn create_challenge(store: &Store, hash: &TokenHash, challenge: &Challenge) -> Result<()> {
    let now = crate::platform::clock::now_secs();
    seam::write(store, |tx| {
        // Expired before now: the index by expiry finds them without reading the others.
        if let Ok(last) = u64::try_from(now - 1) {
            for (key, _) in tx.lookup(&CHALLENGES, &CHALLENGES_BY_EXPIRY, 0..=last)? {
                tx.remove(&CHALLENGES, key)?;
            }
        }
        let stored = StoredChallenge {
            token_hash: *hash,
            challenge: challenge.clone(),
        };
        tx.insert(&CHALLENGES, (challenge.user_id, hash_key(hash)), &stored)
    })
}

/// The pending sign-in of `hash`, whoever's it is, with its key.
fn challenge_in(tx: &mut seam::Tx, hash: &TokenHash) -> Result<Option<((u64, u64), Challenge)>> {
    let found = find_by_hash(tx, &CHALLENGES, &CHALLENGES_BY_TOKEN, hash, |s| {
        &s.token_hash
    })?;
    Ok(found.map(|(key, stored)| (key, stored.challenge)))
}

pub fn find_challenge(store: &Store, hash: &TokenHash) -> Result<Option<Challenge>> {
    seam::read(store, |tx| Ok(challenge_in(tx, hash)?.map(|(_, c)| c)))
}

/// Removes the pending sign-in and answers it: only one request ever gets it.
pub fn take_challenge(store: &Store, hash: &TokenHash) -> Result<Option<Challenge>> {
    seam::write(store, |tx| {
        let Some((key, challenge)) = challenge_in(tx, hash)? else {
            return Ok(None);
        };
        tx.remove(&CHALLENGES, key)?;
        Ok(Some(challenge))
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::new_user;
    use super::*;
    use crate::platform::store::testing::on_both;

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
    fn an_accounts_removal_takes_its_factor_known_devices_and_pending_sign_ins() {
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
            let pending = Challenge {
                user_id: ann.id,
                expires_at: crate::platform::clock::now_secs() + 300,
            };
            create_challenge(store, &[3; 32], &pending).unwrap();
            super::super::remove_user(store, &ann).unwrap();
            assert_eq!(find_factor(store, ann.id).unwrap(), None);
            assert_eq!(known(store), None);
            assert_eq!(find_challenge(store, &[3; 32]).unwrap(), None);
        });
    }

    /// A factor's step beside the account's removal: the step lands first and the removal takes
    /// its factor, or the step finds the account gone. Never a factor left for a removed account.
    #[test]
    fn a_factor_step_beside_the_accounts_removal_leaves_no_factor_behind() {
        on_both(|store| {
            let new = new_user("ann@doe.com");
            let ann = super::super::create_user(store, new, &[1; 32], |_| Ok(())).unwrap();
            let (read, was_read) = std::sync::mpsc::channel();
            let step = std::thread::scope(|s| {
                let step = s.spawn(|| {
                    change_factor(store, ann.id, move |found| {
                        read.send(()).unwrap();
                        // The removal starts between the step's read and its write.
                        std::thread::sleep(std::time::Duration::from_millis(300));
                        let pending = Factor {
                            secret: vec![7; 20],
                            created_at: 100,
                            confirmed_at: None,
                            last_used_step: 0,
                            recovery: vec![],
                        };
                        Ok((Change::Put(pending), found))
                    })
                });
                was_read.recv().unwrap();
                super::super::remove_user(store, &ann).unwrap();
                step.join().unwrap()
            });
            assert_eq!(step.unwrap(), None, "the step read no factor");
            assert_eq!(find_factor(store, ann.id).unwrap(), None);
            let after = change_factor(store, ann.id, |_| Ok((Change::Delete, ())));
            assert!(matches!(
                after,
                Err(crate::platform::error::AppError::Unauthorized(_))
            ));
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

    /// A token is found by the first 63 bits of its hash, then told apart by the whole hash: a
    /// sign-in whose hash shares them with another's is neither found nor taken by the other's.
    #[test]
    fn a_challenge_is_found_by_its_whole_token_hash() {
        on_both(|store| {
            let id = user(store);
            let mut other = [9; 32];
            other[31] = 1;
            assert_eq!(hash_key(&other), hash_key(&[9; 32]));
            let pending = Challenge {
                user_id: id,
                expires_at: crate::platform::clock::now_secs() + 300,
            };
            create_challenge(store, &[9; 32], &pending).unwrap();
            assert_eq!(find_challenge(store, &other).unwrap(), None);
            assert_eq!(take_challenge(store, &other).unwrap(), None);
            assert_eq!(take_challenge(store, &[9; 32]).unwrap(), Some(pending));
        });
    }
}
