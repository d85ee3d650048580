//! What each session was started from, noted in the session's own row (`sessions.rs`), so it
//! ends with its session, and a person's open sessions with it.
//!
//! The devices each account signed in from are on the storage seam, one body for both engines
//! (`known_devices`, user id -> the latest `KnownDevice`s): on redb the table of before the seam,
//! its bincode values rewritten as the seam's JSON by schema 15; on PostgreSQL migration 0057
//! gathered each account's rows into one.

use crate::accounts::model::SessionDevice;
use crate::accounts::model::TokenHash;
use crate::notifications::Delivery;
use crate::platform::error::Result;
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{KNOWN_DEVICES, Store, WriteTx};

/// How many devices an account's known list keeps (the latest seen).
const KNOWN_KEPT: usize = 20;

/// user id -> the devices the account signed in from, the latest seen first.
pub const KNOWN: Table<u64, Vec<KnownDevice>> =
    Table::new("known_devices", KNOWN_DEVICES, &["user_id"], None);

/// A device an account signed in from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KnownDevice {
    pub device: String,
    pub address: String,
    pub last_seen: i64,
}

/// Notes what the session `hash` of `user_id` was started from, and adds the pair to the
/// account's known devices, in one step. Answers whether the pair is new to an account that had
/// signed in before; then `notice` (when given) is delivered in the same transaction. A session already
/// gone writes nothing.
pub fn put_device(
    store: &Store,
    hash: &TokenHash,
    user_id: u64,
    device: &SessionDevice,
    notice: Option<&Delivery>,
) -> Result<bool> {
    let now = device.started_at;
    let mut tx = store.begin()?;
    // The account's hold first, so two sign-ins of one account at once judge one after the other
    // (their known devices too), and a removal meanwhile is waited for and then seen.
    if super::hold_account_in(&mut tx, user_id)?.is_none() {
        return Ok(false);
    }
    if !seam::within(&mut tx, |tx| {
        super::sessions::note_device_in(tx, hash, user_id, device)
    })? {
        // The session is gone: nothing to write.
        return Ok(false);
    }
    let new = seam::within(&mut tx, |tx| {
        let mut known = tx.get(&KNOWN, user_id)?.unwrap_or_default();
        let had_any = !known.is_empty();
        let seen = known
            .iter_mut()
            .find(|k| k.device == device.device && k.address == device.address);
        let new = match seen {
            Some(k) => {
                k.last_seen = now;
                false
            }
            None => {
                known.push(KnownDevice {
                    device: device.device.clone(),
                    address: device.address.clone(),
                    last_seen: now,
                });
                had_any
            }
        };
        known.sort_by_key(|k| std::cmp::Reverse(k.last_seen));
        known.truncate(KNOWN_KEPT);
        tx.insert(&KNOWN, user_id, &known)?;
        Ok(new)
    })?;
    if let (true, Some(d)) = (new, notice) {
        crate::notifications::storage::deliver_in(&mut tx, d)?;
    }
    tx.commit()?;
    Ok(new)
}

/// Removes the account's known devices inside its removal.
pub fn forget_in(tx: &mut WriteTx, user_id: u64) -> Result<()> {
    seam::within(tx, |tx| tx.remove(&KNOWN, user_id).map(drop))
}

#[cfg(test)]
mod tests {
    use super::super::tests::new_user;
    use super::*;
    use crate::platform::store::testing::on_both;

    #[test]
    fn only_a_pair_new_to_an_account_that_signed_in_before_is_new() {
        let check = |store: &Store| {
            let new = new_user("ann@doe.com");
            let ann = super::super::create_user(store, new, &[1; 32], |_| Ok(())).unwrap();
            let at = |device: &str, address: &str, hash: u8| {
                super::super::rotate_session(store, None, &[hash; 32], ann.id).unwrap();
                let device = SessionDevice {
                    device: device.into(),
                    address: address.into(),
                    started_at: 100 + hash as i64,
                };
                put_device(store, &[hash; 32], ann.id, &device, None).unwrap()
            };
            assert!(
                !at("Chrome on Windows", "10.0.0.1", 2),
                "the first is not new"
            );
            assert!(!at("Chrome on Windows", "10.0.0.1", 3));
            assert!(at("Chrome on Windows", "10.0.0.2", 4), "another address");
            assert!(at("Firefox on Linux", "10.0.0.1", 5), "another device");
            assert!(!at("Firefox on Linux", "10.0.0.1", 6));
        };
        on_both(check);
    }

    #[test]
    fn a_device_is_listed_with_its_session_and_ends_with_it() {
        let check = |store: &Store| {
            let new = new_user("ann@doe.com");
            let ann = super::super::create_user(store, new, &[1; 32], |_| Ok(())).unwrap();
            let device = SessionDevice {
                device: "Firefox on Linux".into(),
                address: "10.0.0.1".into(),
                started_at: 5,
            };
            put_device(store, &[1; 32], ann.id, &device, None).unwrap();
            // No session, no device.
            put_device(store, &[9; 32], ann.id, &device, None).unwrap();
            super::super::rotate_session(store, None, &[2; 32], ann.id).unwrap();
            let mut listed = super::super::sessions::of_user(store, ann.id).unwrap();
            listed.sort_by_key(|(h, _, _)| *h);
            let devices: Vec<_> = listed.iter().map(|(h, _, d)| (h[0], d.clone())).collect();
            assert_eq!(devices, vec![(1, Some(device.clone())), (2, None)]);

            super::super::rotate_session(store, Some(&[1; 32]), &[3; 32], ann.id).unwrap();
            put_device(store, &[1; 32], ann.id, &device, None).unwrap();
            let hashes: Vec<u8> = super::super::sessions::of_user(store, ann.id)
                .unwrap()
                .iter()
                .map(|(h, _, d)| {
                    assert!(d.is_none());
                    h[0]
                })
                .collect();
            assert_eq!(hashes.len(), 2);
            assert!(!hashes.contains(&1));
        };
        on_both(check);
    }

    /// Sign-ins of one account at once (a firm's shared login, a browser's tabs restored) each
    /// note their device. On PostgreSQL the account's row lock is taken before any write of the
    /// sign-in; taken after a write that shared the row (a foreign key's, before the sessions moved
    /// onto the seam), it made two such sign-ins wait on each other until the server's deadlock
    /// check (one second) failed one of them, and its device was lost.
    #[test]
    fn sign_ins_of_one_account_at_once_all_note_their_device() {
        const AT_ONCE: u8 = 8;
        let check = |store: &Store| {
            let new = new_user("ann@doe.com");
            let ann = super::super::create_user(store, new, &[1; 32], |_| Ok(())).unwrap();
            for hash in 2..2 + AT_ONCE {
                super::super::rotate_session(store, None, &[hash; 32], ann.id).unwrap();
            }
            let start = std::sync::Barrier::new(AT_ONCE as usize);
            std::thread::scope(|scope| {
                let noted: Vec<_> = (2..2 + AT_ONCE)
                    .map(|hash| {
                        let start = &start;
                        scope.spawn(move || {
                            let device = SessionDevice {
                                device: "Chrome on Windows".into(),
                                address: format!("10.0.0.{hash}"),
                                started_at: 100,
                            };
                            start.wait();
                            put_device(store, &[hash; 32], ann.id, &device, None)
                        })
                    })
                    .collect();
                for noted in noted {
                    noted
                        .join()
                        .unwrap()
                        .expect("every sign-in notes its device");
                }
            });
            let with_device = super::super::sessions::of_user(store, ann.id)
                .unwrap()
                .iter()
                .filter(|(_, _, d)| d.is_some())
                .count();
            assert_eq!(with_device, AT_ONCE as usize);
        };
        on_both(check);
    }

    /// A member removed while signing in: the removal must go through. It ends the sessions and
    /// deletes the account's row while the sign-in locks that row and refers to a session; taken
    /// in opposite orders, the two waited on each other until PostgreSQL failed one.
    #[test]
    fn a_member_removed_while_signing_in_is_removed() {
        let store = Store::Postgres(crate::platform::store::postgres::test_store());
        for round in 0..20u8 {
            let new = new_user(&format!("ann{round}@doe.com"));
            let ann = super::super::create_user(&store, new, &[round; 32], |_| Ok(())).unwrap();
            let start = std::sync::Barrier::new(2);
            std::thread::scope(|scope| {
                let store = &store;
                let start = &start;
                let ann = &ann;
                scope.spawn(move || {
                    let device = SessionDevice {
                        device: "Chrome on Windows".into(),
                        address: "10.0.0.1".into(),
                        started_at: 100,
                    };
                    start.wait();
                    // Either notes the device or finds the session gone: both are fine here.
                    let _ = put_device(store, &[round; 32], ann.id, &device, None);
                });
                start.wait();
                super::super::remove_user(store, ann).expect("the member is removed");
            });
        }
    }
}
