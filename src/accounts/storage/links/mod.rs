//! Invitations (`invitations.rs`) and password-reset links (`reset.rs`), both on the storage
//! seam. Both are found by the SHA-256 of their token; using one is a single step with what it
//! opens (the new account, the new password), so a link cannot be used twice, even by two
//! requests at the same moment.

pub(crate) mod invitations;
pub(crate) mod reset;

use crate::accounts::links::ResetLink;
use crate::accounts::model::TokenHash;
use crate::accounts::model::{EndReason, EndedSession, User};
use crate::mail::storage::Outgoing;
use crate::platform::error::Result;
use crate::platform::store::Store;
use crate::platform::store::seam;

pub use invitations::{
    create as create_invitation, find as find_invitation_by_token, of_firm as firm_invitations,
    revoke as revoke_invitation,
};

/// With `mail`, the link's message is queued in the same transaction.
pub fn create_reset_link(store: &Store, link: &ResetLink, mail: Option<&Outgoing>) -> Result<()> {
    reset::create(store, link, mail)
}

pub fn find_reset_link(store: &Store, hash: &TokenHash) -> Result<Option<ResetLink>> {
    reset::find(store, hash)
}

/// Uses the reset link `hash` at `now`: in one step marks it used, gives its account
/// `password_hash` and ends every session of the account. A used, expired or unknown link (or
/// one whose account is gone) is a 410 and nothing is written.
pub fn use_reset_link(
    store: &Store,
    hash: &TokenHash,
    now: i64,
    password_hash: &str,
) -> Result<User> {
    let unusable = || crate::platform::error::gone(crate::accounts::links::RESET_UNUSABLE);
    // Whose link it is, read plainly first: the use then takes that account's lock before it
    // reads the link again.
    let holder = reset::find(store, hash)?.ok_or_else(unusable)?.user_id;
    let mut tx = store.begin()?;
    let user = super::hold_account_in(&mut tx, holder)?;
    let mut link = seam::within(&mut tx, |tx| reset::find_in(tx, hash))?
        .filter(|link| link.user_id == holder)
        .ok_or_else(unusable)?;
    link.usable(now)?;
    let mut user = user.ok_or_else(unusable)?;
    link.used_at = Some(now);
    reset::put_in(&mut tx, &link)?;
    user.password_hash = password_hash.to_string();
    super::users::save_in(&mut tx, &user)?;
    let why = EndedSession::new(EndReason::PasswordReset, None);
    super::end_sessions_in(&mut tx, user.id, &super::sessions::NO_SESSION, why)?;
    tx.commit()?;
    Ok(user)
}
