//! The sign-in sessions on the storage seam, one body for both engines: keyed by their person and
//! the first 63 bits of their token's hash (`hash_key`), found by the latter through an index, the
//! whole hash kept in the value and compared after, with what the session was started from (its
//! device) in the same row, so a device ends with its session. The token itself is never stored.
//!
//! A write of an account's sessions runs inside a transaction that holds the account first (a
//! sign-in, a sign-out or a device's note: `hold_account_in`; a new password or email, a reset
//! link's use, a removal: the account's own write): on PostgreSQL its
//! firm's row, which a firm's deletion or merge locks before it purges or moves the account's
//! rows, so such a write lands wholly before the purge or finds the account gone. A touch holds
//! nothing: it writes only where the row still is (`Tx::update`).
//!
//! What carried over: on redb schema 19 rekeyed the sessions of before (by the whole hash, in
//! bincode) with their devices and rewrote them as JSON; on PostgreSQL migration 0067 moved the
//! rows of both tables into one.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::accounts::model::{Session, SessionDevice, TokenHash};
use crate::platform::error::Result;
use crate::platform::store::seam::{self, Index, On, Table, Tx, hash_key};
use crate::platform::store::{Store, postgres::changes::Change};

/// (user id, `hash_key` of the token's hash) -> `Stored`.
pub const SESSIONS: Table<(u64, u64), Stored> =
    Table::declare("sessions", &["user_id", "token_key"], None).indexed(&[&BY_TOKEN]);

/// A session by its token: every request's cookie finds it (when no node has it in memory).
pub const BY_TOKEN: Index = Index::new("sessions_by_token", On::Key(1));

/// A `keep` that is no session (for ending them all): SHA-256 never yields all zeros for a token.
pub const NO_SESSION: TokenHash = [0; 32];

/// A session as stored: the whole hash of its token, which its key holds only a part of, and what
/// it was started from, once the sign-in noted it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stored {
    pub token_hash: TokenHash,
    pub created_at: i64,
    pub last_seen: i64,
    pub device: Option<SessionDevice>,
}

impl Stored {
    fn session(&self, user_id: u64) -> Session {
        Session {
            user_id,
            created_at: self.created_at,
            last_seen: self.last_seen,
        }
    }
}

/// The session of `hash` in `rows` (those whose key holds its first 63 bits), with its key.
fn the_one(rows: Vec<((u64, u64), Stored)>, hash: &TokenHash) -> Option<((u64, u64), Stored)> {
    rows.into_iter().find(|(_, s)| &s.token_hash == hash)
}

fn find_in(tx: &mut Tx, hash: &TokenHash) -> Result<Option<((u64, u64), Stored)>> {
    let key = hash_key(hash);
    Ok(the_one(tx.lookup(&SESSIONS, &BY_TOKEN, key..=key)?, hash))
}

/// Starts the session `hash` of `user_id` at `now`, inside the account's write.
pub fn start_in(tx: &mut Tx, hash: &TokenHash, user_id: u64, now: i64) -> Result<()> {
    let session = Stored {
        token_hash: *hash,
        created_at: now,
        last_seen: now,
        device: None,
    };
    tx.insert(&SESSIONS, (user_id, hash_key(hash)), &session)
}

/// Ends the session `hash`, inside a write that holds its account; answers whose it was. Every
/// node's cached copy of the account's sessions is read again.
pub fn end_in(tx: &mut Tx, hash: &TokenHash) -> Result<Option<u64>> {
    let Some((key, _)) = find_in(tx, hash)? else {
        return Ok(None);
    };
    tx.remove(&SESSIONS, key)?;
    tx.record_change(Change::User { user_id: key.0 });
    Ok(Some(key.0))
}

/// Ends every session of `user_id` but `keep`, inside the account's write; answers the hashes of
/// those it ended (for `ended::note_in`).
pub fn end_others_in(tx: &mut Tx, user_id: u64, keep: &TokenHash) -> Result<Vec<TokenHash>> {
    let mut ended = Vec::new();
    for (key, session) in tx.range(&SESSIONS, &[user_id])? {
        if &session.token_hash != keep {
            tx.remove(&SESSIONS, key)?;
            ended.push(session.token_hash);
        }
    }
    Ok(ended)
}

/// The session of `hash`, read by one statement.
pub fn find(store: &Store, hash: &TokenHash) -> Result<Option<Session>> {
    let key = hash_key(hash);
    let rows = seam::lookup_one(store, &SESSIONS, &BY_TOKEN, key..=key)?;
    Ok(the_one(rows, hash).map(|((user_id, _), s)| s.session(user_id)))
}

/// Writes back a session's `last_seen`, never moving it back (two nodes may touch one session).
/// Returns false, writing nothing, when the session is gone: a sign-out or a purge meanwhile is
/// never undone (`Tx::update`), so a touch needs no hold of the account.
pub fn touch(store: &Store, hash: &TokenHash, last_seen: i64) -> Result<bool> {
    seam::write(store, |tx| {
        let Some((key, mut session)) = find_in(tx, hash)? else {
            return Ok(false);
        };
        if last_seen <= session.last_seen {
            return Ok(true);
        }
        session.last_seen = last_seen;
        tx.update(&SESSIONS, key, &session)
    })
}

/// Notes what the session `hash` of `user_id` was started from, inside the sign-in's write that
/// holds the account. False, writing nothing, when the session is gone.
pub fn note_device_in(
    tx: &mut Tx,
    hash: &TokenHash,
    user_id: u64,
    device: &SessionDevice,
) -> Result<bool> {
    let key = (user_id, hash_key(hash));
    match tx.get(&SESSIONS, key)? {
        Some(mut session) if &session.token_hash == hash => {
            session.device = Some(device.clone());
            tx.update(&SESSIONS, key, &session)
        }
        _ => Ok(false),
    }
}

/// The sessions of `user_id` (expired ones not yet ended too), with their devices.
pub fn of_user(
    store: &Store,
    user_id: u64,
) -> Result<Vec<(TokenHash, Session, Option<SessionDevice>)>> {
    Ok(seam::range_one(store, &SESSIONS, &[user_id])?
        .into_iter()
        .map(|(_, s)| (s.token_hash, s.session(user_id), s.device))
        .collect())
}

/// The latest `last_seen` of each of `user_ids`' sessions, read by one statement.
pub fn last_active(store: &Store, user_ids: &[u64]) -> Result<HashMap<u64, i64>> {
    let prefixes: Vec<[u64; 1]> = user_ids.iter().map(|&id| [id]).collect();
    let prefixes: Vec<&[u64]> = prefixes.iter().map(|p| p.as_slice()).collect();
    let mut seen = HashMap::new();
    for ((user_id, _), session) in seam::range_many_one(store, &SESSIONS, &prefixes)? {
        let latest = seen.entry(user_id).or_insert(session.last_seen);
        *latest = (*latest).max(session.last_seen);
    }
    Ok(seen)
}
