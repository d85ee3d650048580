//! Password-reset links on the storage seam, one body for both engines: keyed by their person and
//! the first 63 bits of their token's hash (`hash_key`), found by the latter through an index, the
//! whole hash kept in the value and compared after. Using one (`use_reset_link` in `storage/`)
//! is one step with the new password, taken under the account's row lock on PostgreSQL, so a link
//! is used once, even by two requests at the same moment.
//!
//! What carried over: on redb schema 15 rekeyed the links of before and rewrote them as JSON; on
//! PostgreSQL migration 0060 moved their rows into the seam's layout.

use crate::accounts::links::ResetLink;
use crate::accounts::model::TokenHash;
use crate::mail::storage::{self as mail_storage, Outgoing};
use crate::platform::error::Result;
use crate::platform::store::seam::{self, Index, On, Table, Tx};
use crate::platform::store::seam::{find_by_hash, hash_key};
use crate::platform::store::{Store, WriteTx};

/// (user id, `hash_key` of the token's hash) -> `ResetLink`: 15 minutes, used once.
pub const LINKS: Table<(u64, u64), ResetLink> =
    Table::declare("reset_links", &["user_id", "token_key"], None).indexed(&[&BY_TOKEN]);

/// A link by its token: the page it opens finds it.
pub const BY_TOKEN: Index = Index::new("reset_links_by_token", On::Key(1));

/// Stores `link`; with `mail`, its message is queued in the same transaction.
pub fn create(store: &Store, link: &ResetLink, mail: Option<&Outgoing>) -> Result<()> {
    let mut tx = store.begin()?;
    seam::within(&mut tx, |tx| {
        tx.insert(&LINKS, (link.user_id, hash_key(&link.token_hash)), link)
    })?;
    if let Some(out) = mail {
        mail_storage::enqueue_in(&mut tx, out, link.created_at, None)?;
    }
    tx.commit()?;
    Ok(())
}

/// The link of `hash`, whoever's it is.
pub fn find_in(tx: &mut Tx, hash: &TokenHash) -> Result<Option<ResetLink>> {
    let found = find_by_hash(tx, &LINKS, &BY_TOKEN, hash, |link| &link.token_hash)?;
    Ok(found.map(|(_, link)| link))
}

pub fn find(store: &Store, hash: &TokenHash) -> Result<Option<ResetLink>> {
    seam::read(store, |tx| find_in(tx, hash))
}

/// Writes `link` back (marked used), inside the use's transaction.
pub fn put_in(tx: &mut WriteTx, link: &ResetLink) -> Result<()> {
    seam::within(tx, |tx| {
        tx.insert(&LINKS, (link.user_id, hash_key(&link.token_hash)), link)
    })
}

/// Removes the account's links inside its removal.
pub fn forget_in(tx: &mut WriteTx, user_id: u64) -> Result<()> {
    seam::within(tx, |tx| {
        for (key, _) in tx.range(&LINKS, &[user_id])? {
            tx.remove(&LINKS, key)?;
        }
        Ok(())
    })
}
