//! Why the server ended a session its browser still holds (`ended_sessions`), on the storage seam,
//! one body for both engines: keyed by the first 63 bits of the token's hash (`hash_key`) and when
//! it ended, the whole hash kept in the value and compared after, each kept a week
//! (`ENDED_KEPT_SECS`). The engines' session writes answer the hashes they end; `note_in` writes
//! why, in the same transaction, and lets the notes past their week go through their index on the
//! time, without reading the others. A note names no person: only a removed member's firm.
//!
//! What carried over: on redb schema 18 rekeyed the notes of before (by the whole hash, in
//! bincode) and rewrote them as JSON; on PostgreSQL migration 0066 moved their rows.

use serde::{Deserialize, Serialize};

use crate::accounts::model::{ENDED_KEPT_SECS, EndReason, EndedSession, TokenHash};
use crate::platform::clock::now_secs;
use crate::platform::error::Result;
use crate::platform::store::seam::{self, Index, On, Table, hash_key};
use crate::platform::store::{Store, WriteTx};

/// (`hash_key` of the token's hash, when it ended) -> `Ended`.
pub const NOTES: Table<(u64, u64), Ended> =
    Table::declare("ended_sessions", &["token_key", "ended_at"], None).indexed(&[&BY_TIME]);

/// The notes by when their session ended: those past their week go without reading the rest.
pub const BY_TIME: Index = Index::new("ended_sessions_by_time", On::Key(1));

/// A note as stored: the whole hash of the session's token, which its key holds only a part of,
/// and the reason by its code (`EndReason::code`), so that a reason this binary does not know (a
/// newer node's) reads as a session that simply ran out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ended {
    pub token_hash: TokenHash,
    pub reason: String,
    pub firm_name: Option<String>,
    pub at: i64,
}

impl Ended {
    fn session(self) -> Option<EndedSession> {
        Some(EndedSession {
            reason: EndReason::parse(&self.reason)?,
            firm_name: self.firm_name,
            at: self.at,
        })
    }
}

/// Notes `why` for each of the sessions `hashes` that `tx` ends, and lets the notes past their
/// week go.
pub fn note_in(tx: &mut WriteTx, hashes: &[TokenHash], why: &EndedSession) -> Result<()> {
    seam::within(tx, |tx| {
        // Kept while `current`: a note of before `why.at - ENDED_KEPT_SECS` is past its week.
        let last_stale = why.at - ENDED_KEPT_SECS - 1;
        if last_stale >= 0 {
            for (key, _) in tx.lookup(&NOTES, &BY_TIME, 0..=last_stale as u64)? {
                tx.remove(&NOTES, key)?;
            }
        }
        let notes: Vec<((u64, u64), Ended)> = (hashes.iter())
            .map(|hash| {
                let note = Ended {
                    token_hash: *hash,
                    reason: why.reason.code().to_string(),
                    firm_name: why.firm_name.clone(),
                    at: why.at,
                };
                ((hash_key(hash), why.at.max(0) as u64), note)
            })
            .collect();
        tx.insert_many(&NOTES, &notes)
    })
}

/// Why the session `hash` was ended by the server, if it was within the last week.
pub fn find(store: &Store, hash: &TokenHash) -> Result<Option<EndedSession>> {
    let notes = seam::range_one(store, &NOTES, &[hash_key(hash)])?;
    let now = now_secs();
    // In key order, the latest last: a token's session ends once, but its 63 bits are not unique.
    Ok((notes.into_iter().rev())
        .map(|(_, note)| note)
        .find(|note| &note.token_hash == hash)
        .and_then(Ended::session)
        .filter(|ended| ended.current(now)))
}
