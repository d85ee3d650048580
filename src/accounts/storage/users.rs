//! The accounts on the storage seam, one body for both engines: keyed by their firm and their id,
//! so a firm's members are one range (its deletion's purge, a merge's move), and found by id or
//! by email through two indexes. The firm's own record is the firm's (`firms.rs`); an account is
//! read with it.
//!
//! What held them together on PostgreSQL before (a unique `email_key`, a foreign key to the
//! firms, the identity of `users`) is held here, the same on both engines:
//! - one account per email: every write that gives an account an email (a sign-up, an archive's
//!   import, an email change) takes the sign-ups' turn (`SIGN_UP_LOCK`) before it looks the email
//!   up, so two of them never both find it free;
//! - an account's firm is here: a write of an account key-shares its firm's row first
//!   (`merged::is_open`), which a merge or a deletion locks before it moves or purges the firm's
//!   members, and is refused with the merge's 409 when the firm is gone;
//! - ids are never reused: the `users` sequence.
//!
//! What carried over: on redb schema 22 rekeyed the accounts of before (by id, in bincode, with
//! the members' and the emails' side tables) as the seam's JSON; on PostgreSQL migration 0070 moved
//! the rows, ids and the sequence's value kept.

use serde::{Deserialize, Serialize};

use crate::accounts::model::{Email, Firm, FirmRole, User};
use crate::platform::error::{Result, conflict};
use crate::platform::firm_id::FirmId;
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::seam::{self, Index, On, Table, Tx, text_key};
use crate::platform::store::{Store, WriteTx, merged};

use super::firms;

/// (firm id, user id) -> `Stored`.
pub const USERS: Table<(u64, u64), Stored> =
    Table::declare("users", &["firm_id", "id"], Some("users")).indexed(&[&BY_ID, &BY_EMAIL]);

/// An account by its id alone: a session names its person, not the person's firm.
pub const BY_ID: Index = Index::new("users_by_id", On::Key(1));

/// An account by its email (`Stored::email_key`, the first 63 bits of the SHA-256 of the email's
/// key); the whole email is compared after.
pub const BY_EMAIL: Index = Index::new("users_by_email", On::Field("email_key"));

/// An account as stored: everything but its firm and its id, which are its key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stored {
    pub name: String,
    /// As typed at sign-up (or at its last change).
    pub email: String,
    /// `email_key` of `email`: what the index by email holds.
    pub email_key: u64,
    pub firm_role: FirmRole,
    pub password_hash: String,
    pub is_admin: bool,
    pub created_at: i64,
}

/// What the index by email holds of an email: the first 63 bits of the SHA-256 of its key (the
/// lower-cased email, `Email::key`).
pub fn email_key(email: &str) -> u64 {
    text_key(&email.to_lowercase())
}

impl Stored {
    pub fn of(user: &User) -> Stored {
        Stored {
            name: user.name.clone(),
            email: user.email.clone(),
            email_key: email_key(&user.email),
            firm_role: user.firm_role,
            password_hash: user.password_hash.clone(),
            is_admin: user.is_admin,
            created_at: user.created_at,
        }
    }

    fn user(self, id: u64, firm: Firm) -> User {
        User {
            id,
            name: self.name,
            email: self.email,
            firm,
            firm_role: self.firm_role,
            password_hash: self.password_hash,
            is_admin: self.is_admin,
            created_at: self.created_at,
        }
    }
}

/// The key (firm, id) and record of account `id`, inside `tx`.
pub fn key_of(tx: &mut Tx, id: u64) -> Result<Option<((u64, u64), Stored)>> {
    Ok(tx.lookup(&USERS, &BY_ID, id..=id)?.into_iter().next())
}

/// The account holding `email` (its key compared whole), inside `tx`.
pub fn holder_of(tx: &mut Tx, email: &Email) -> Result<Option<((u64, u64), Stored)>> {
    let (hash, key) = (text_key(&email.key()), email.key());
    Ok((tx.lookup(&USERS, &BY_EMAIL, hash..=hash)?.into_iter())
        .find(|(_, stored)| stored.email.to_lowercase() == key))
}

/// The accounts of `rows` with their firms (each read once, `get_many`), by lone statements: no
/// transaction's round trips around them. An account whose firm is gone by the second statement
/// was merged or deleted between the two: `None`, and the caller reads again or leaves it out.
fn with_firms(store: &Store, rows: Vec<((u64, u64), Stored)>) -> Result<Option<Vec<User>>> {
    let mut ids: Vec<u64> = rows.iter().map(|((firm, _), _)| *firm).collect();
    ids.sort_unstable();
    ids.dedup();
    let firms = seam::get_many_one(store, &firms::FIRMS, &ids)?;
    let mut users = Vec::with_capacity(rows.len());
    for ((firm, id), stored) in rows {
        let i = ids
            .binary_search(&firm)
            .map_err(|_| anyhow::anyhow!("firm {firm} not asked"))?;
        let Some(found) = &firms[i] else {
            return Ok(None);
        };
        users.push(stored.user(id, found.clone().firm(firm)));
    }
    Ok(Some(users))
}

/// Reads `rows` and their firms, again when a merge or deletion ran between the two statements
/// (merges do not chain within a request: a few turns are plenty); what is still missing a firm
/// after them is left out.
fn read_with_firms(
    store: &Store,
    rows: impl Fn() -> Result<Vec<((u64, u64), Stored)>>,
) -> Result<Vec<User>> {
    for _ in 0..3 {
        if let Some(users) = with_firms(store, rows()?)? {
            return Ok(users);
        }
    }
    let mut left = rows()?;
    let ids: Vec<u64> = left.iter().map(|((firm, _), _)| *firm).collect();
    let here = seam::get_many_one(store, &firms::FIRMS, &ids)?;
    let mut i = 0;
    left.retain(|_| {
        i += 1;
        here[i - 1].is_some()
    });
    Ok(with_firms(store, left)?.unwrap_or_default())
}

pub fn find(store: &Store, id: u64) -> Result<Option<User>> {
    let rows = || seam::lookup_one(store, &USERS, &BY_ID, id..=id);
    Ok(read_with_firms(store, rows)?.pop())
}

pub fn find_by_email(store: &Store, email: &Email) -> Result<Option<User>> {
    let (hash, key) = (text_key(&email.key()), email.key());
    let rows = || {
        Ok(
            (seam::lookup_one(store, &USERS, &BY_EMAIL, hash..=hash)?.into_iter())
                .filter(|(_, stored)| stored.email.to_lowercase() == key)
                .collect(),
        )
    };
    Ok(read_with_firms(store, rows)?.pop())
}

/// The firm's members, by id.
pub fn members(store: &Store, firm: FirmId) -> Result<Vec<User>> {
    read_with_firms(store, || seam::range_one(store, &USERS, &[firm.get()]))
}

/// The ids of the firm's members inside `tx`, by id.
pub fn member_ids_in(tx: &mut Tx, firm: FirmId) -> Result<Vec<u64>> {
    Ok((tx.range(&USERS, &[firm.get()])?.into_iter())
        .map(|((_, id), _)| id)
        .collect())
}

/// Every account, by id.
pub fn all(store: &Store) -> Result<Vec<User>> {
    let mut users = read_with_firms(store, || seam::range_one(store, &USERS, &[]))?;
    users.sort_unstable_by_key(|u| u.id);
    Ok(users)
}

pub fn any(store: &Store) -> Result<bool> {
    Ok(!seam::is_empty_one(store, &USERS)?)
}

/// Writes a new account, a member of `firm`, with a new id: the caller has taken the sign-ups'
/// turn and found the email free (`holder_of`).
pub fn add_in(tx: &mut Tx, firm: &Firm, stored: &Stored) -> Result<u64> {
    tx.insert_next(&USERS, &[firm.id.get()], stored)
}

/// The account `id`, its firm's row key-shared and its own held to the end of `tx`, or `None`
/// when it is gone. Found by id first: a merge that moves it meanwhile is waited for (it locks the
/// firm's row), then it is found where it went.
pub fn hold_in(tx: &mut WriteTx, id: u64) -> Result<Option<User>> {
    // A firm merged away between the lookup and the lock: look again, where it went. Merges do
    // not chain within one request, so a few turns are plenty.
    for _ in 0..4 {
        let Some(((firm, _), _)) = seam::within(tx, |tx| key_of(tx, id))? else {
            return Ok(None);
        };
        if !merged::is_open(tx, FirmId::from_stored(firm))? {
            continue;
        }
        return seam::within(tx, |tx| {
            let Some(stored) = tx.get_for_update(&USERS, (firm, id))? else {
                return Ok(None);
            };
            // Its firm's row is key-shared: it is here.
            let found = firms::find_in(tx, firm)?
                .ok_or_else(|| anyhow::anyhow!("account {id}'s firm {firm} is missing"))?;
            Ok(Some(stored.user(id, found)))
        });
    }
    Ok(None)
}

/// Saves `user` in `tx` as it is, email and all, where it is: its firm's row key-shared first,
/// and the merge's 409 when that firm is gone (an account read before its firm was merged away),
/// so no account is ever left without its firm. An account removed meanwhile stays removed.
pub fn save_in(tx: &mut WriteTx, user: &User) -> Result<()> {
    if !merged::is_open(tx, user.firm.id)? {
        return Err(conflict(merged::MERGED));
    }
    seam::within(tx, |tx| {
        tx.update(&USERS, (user.firm.id.get(), user.id), &Stored::of(user))?;
        tx.record_change(Change::User { user_id: user.id });
        Ok(())
    })
}

/// Deletes the account in `tx`, wherever a merge may have moved it meanwhile.
pub fn remove_in(tx: &mut WriteTx, id: u64) -> Result<()> {
    if let Some(user) = hold_in(tx, id)? {
        seam::within(tx, |tx| {
            tx.remove(&USERS, (user.firm.id.get(), id))?;
            tx.record_change(Change::User { user_id: id });
            Ok(())
        })?;
    }
    Ok(())
}

/// Moves firm `from`'s members (roles kept) to firm `into` inside `tx`, whose merge holds both
/// firms' rows; answers their ids.
pub fn move_in(tx: &mut Tx, into: FirmId, from: FirmId) -> Result<Vec<u64>> {
    let ids = member_ids_in(tx, from)?;
    tx.move_rows(&USERS, from.get(), into.get())?;
    Ok(ids)
}
