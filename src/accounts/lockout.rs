//! Who may try to sign in, and who may sign up, from where. Only failed sign-ins are counted, so
//! a busy office behind one address is never throttled for signing in, and:
//! - a client with `PAIR_FAILURES` failures for one account in `ACCOUNT_WINDOW` is refused for
//!   that account: a stranger's wrong guesses shut out the stranger, never the account's owner;
//! - past `ACCOUNT_FAILURES` failures for an account from everyone, the clients that have failed
//!   for it are refused, while a client with no failure for it still signs in with the right
//!   password (a distributed guesser gets one guess per address per window);
//! - a client with `CLIENT_FAILURES` failures across accounts is refused for all of them;
//! - sign-up attempts, whatever their outcome, are limited per client (`SIGN_UPS`), so accounts
//!   cannot be found out by trying emails, nor created by the thousand;
//! - the three requests that answer whether an address has an account (sign-up, an invitation,
//!   an email change: each a 409 for a taken address, SECURITY.md says why) are also limited per
//!   address they name, from every client together (`ATTEMPTS_PER_ADDRESS`), so a prober spread
//!   over many addresses still learns about one email only that often.
//!
//! Windows are keyed by the email's key, existing account or not, so a lock says nothing about
//! whether an account exists. The operator sees the locked accounts and can unlock them.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Serialize;

use super::AccountsState;
use super::limiter::{self, Scope, Tag};
use super::model::Email;
use crate::platform::error::{AppError, Result};

/// Failures one client may have across accounts in `CLIENT_WINDOW`.
pub const CLIENT_FAILURES: u32 = 30;
pub const CLIENT_WINDOW: Duration = Duration::from_secs(10 * 60);
/// Failures one client may have for one account in `ACCOUNT_WINDOW`.
pub const PAIR_FAILURES: u32 = 10;
/// Failures for one account from everyone after which only clients with none may try.
pub const ACCOUNT_FAILURES: u32 = 100;
pub const ACCOUNT_WINDOW: Duration = Duration::from_secs(15 * 60);
/// Sign-up attempts one client may make in `SIGN_UP_WINDOW`: far more than one office signs up
/// in an hour, far fewer than a script trying emails.
pub const SIGN_UPS: u32 = 20;
pub const SIGN_UP_WINDOW: Duration = Duration::from_secs(60 * 60);

/// Sign-ups, invitations or email changes that may name one address in `ADDRESS_WINDOW`, from
/// all clients together (each kind counted apart): more than a person retrying their own sign-up
/// or an owner re-sending an invitation needs, few enough that probing one address is slow.
pub const ATTEMPTS_PER_ADDRESS: u32 = 10;
pub const ADDRESS_WINDOW: Duration = Duration::from_secs(60 * 60);

/// Which request names an address whose account it would reveal.
#[derive(Clone, Copy)]
pub enum NamesAddress {
    SignUp,
    Invitation,
    EmailChange,
}

/// Counts an attempt naming `email`, whatever its outcome; refuses (429) past
/// `ATTEMPTS_PER_ADDRESS` in the window. Keyed by the address's key (lower case), as the
/// sign-in windows are, whether or not it has an account.
pub fn count_address(app: &AccountsState, kind: NamesAddress, email: &Email) -> Result<()> {
    let (prefix, what) = match kind {
        NamesAddress::SignUp => ("sign-up-address", "sign-up attempts"),
        NamesAddress::Invitation => ("invite-address", "invitations"),
        NamesAddress::EmailChange => ("email-change-address", "email changes"),
    };
    let key = format!("{prefix}:{}", email.key());
    let counted = limiter::hit(app, &key, ATTEMPTS_PER_ADDRESS, ADDRESS_WINDOW);
    limiter::reworded(counted, |wait| {
        format!("Too many {what} for this email address. Please wait {wait} and try again.")
    })
}

/// Counts a sign-up attempt from `client`; refuses (429) past `SIGN_UPS` in the window.
pub fn count_sign_up(app: &AccountsState, client: &str) -> Result<()> {
    let counted = limiter::hit(app, &format!("sign-up:{client}"), SIGN_UPS, SIGN_UP_WINDOW);
    limiter::reworded(counted, |wait| {
        format!(
            "Too many sign-up attempts from your network. Please wait {wait} and try again, or \
             sign in if you already have an account."
        )
    })
}

/// The windows one sign-in attempt of `email` from `client` is judged by.
#[derive(Clone)]
pub struct SignInLimits {
    client: String,
    pair: String,
    account: String,
}

impl SignInLimits {
    pub fn new(client: &str, email: &Email) -> SignInLimits {
        SignInLimits {
            client: format!("ip:{client}"),
            pair: pair_key(&email.key(), client),
            account: format!("account:{}", email.key()),
        }
    }

    /// Refuses (429) a client that may not try this account now; counts nothing.
    pub fn check(&self, app: &AccountsState) -> Result<()> {
        limiter::check(app, &self.client, CLIENT_FAILURES, CLIENT_WINDOW)?;
        with_unlock_hint(limiter::check(
            app,
            &self.pair,
            PAIR_FAILURES,
            ACCOUNT_WINDOW,
        ))?;
        // Past the account-wide threshold only a client with a failure for it is refused.
        match limiter::check(app, &self.account, ACCOUNT_FAILURES, ACCOUNT_WINDOW) {
            Err(AppError::TooManyRequests { .. }) => {
                with_unlock_hint(limiter::check(app, &self.pair, 1, ACCOUNT_WINDOW))
            }
            other => other,
        }
    }

    /// Counts a failure in every window; `user_id` is the account's, when it exists.
    pub fn count_failure(&self, app: &AccountsState, user_id: Option<u64>) -> Result<()> {
        let tag = |scope| user_id.map(|user_id| Tag { user_id, scope });
        refused_is_fine(limiter::hit(
            app,
            &self.client,
            CLIENT_FAILURES,
            CLIENT_WINDOW,
        ))?;
        refused_is_fine(limiter::hit_tagged(
            app,
            &self.pair,
            PAIR_FAILURES,
            ACCOUNT_WINDOW,
            tag(Scope::Pair),
        ))?;
        refused_is_fine(limiter::hit_tagged(
            app,
            &self.account,
            ACCOUNT_FAILURES,
            ACCOUNT_WINDOW,
            tag(Scope::Account),
        ))
    }

    /// After the right password: this client's failures for the account are forgotten. The
    /// account-wide count stays, or a guesser could clear it by waiting for the owner.
    pub fn succeeded(&self, app: &AccountsState) -> Result<()> {
        limiter::reset(app, &self.pair)
    }
}

/// The window of one client's wrong current passwords on the password-change form.
pub fn password_change_key(email: &str, client: &str) -> String {
    format!(
        "change-password:{}",
        pair_key(&email.to_lowercase(), client)
    )
}

fn pair_key(email_key: &str, client: &str) -> String {
    format!("pair:{email_key}|{client}")
}

pub fn refused_is_fine(counted: Result<()>) -> Result<()> {
    match counted {
        Err(AppError::TooManyRequests { .. }) => Ok(()),
        other => other,
    }
}

fn with_unlock_hint(checked: Result<()>) -> Result<()> {
    limiter::reworded(checked, |wait| {
        format!(
            "Too many sign-in attempts. Please wait {wait} and try again, or ask your \
             administrator to unlock your account."
        )
    })
}

/// An account that some client, or everyone, may not try to sign in to now.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LockedAccount {
    pub user_id: u64,
    pub name: String,
    pub email: String,
    /// How many client addresses are refused for this account.
    pub locked_clients: u32,
    /// Failed sign-ins for the account from everyone in the current window.
    pub failures: u32,
    /// Whether the account-wide threshold is reached (then every client that failed is refused).
    pub account_wide: bool,
    /// Seconds until the last of its locks ends by itself.
    pub seconds_left: u64,
}

/// The accounts locked now, the longest-locked first.
pub fn locked_accounts(app: &AccountsState) -> Result<Vec<LockedAccount>> {
    #[derive(Default)]
    struct Seen {
        locked_clients: u32,
        failures: u32,
        account_wide: bool,
        left: Duration,
    }
    let mut seen: BTreeMap<u64, Seen> = BTreeMap::new();
    for w in limiter::tagged(app, ACCOUNT_WINDOW)? {
        let s = seen.entry(w.tag.user_id).or_default();
        let locks = match w.tag.scope {
            Scope::Pair => {
                s.locked_clients += u32::from(w.count >= PAIR_FAILURES);
                w.count >= PAIR_FAILURES
            }
            Scope::Account => {
                s.failures = w.count.min(ACCOUNT_FAILURES);
                s.account_wide = w.count >= ACCOUNT_FAILURES;
                s.account_wide
            }
        };
        if locks {
            s.left = s.left.max(w.left);
        }
    }
    let mut locked = Vec::new();
    for (user_id, s) in seen {
        if s.locked_clients == 0 && !s.account_wide {
            continue;
        }
        let Some(user) = app.load_user(user_id)? else {
            continue;
        };
        locked.push(LockedAccount {
            user_id,
            name: user.name,
            email: user.email,
            locked_clients: s.locked_clients,
            failures: s.failures,
            account_wide: s.account_wide,
            seconds_left: s.left.as_secs().max(1),
        });
    }
    locked.sort_by_key(|a| std::cmp::Reverse(a.seconds_left));
    Ok(locked)
}

/// Ends every sign-in lock of `user_id`'s account. Returns false when there is no such account.
pub fn unlock(app: &AccountsState, user_id: u64) -> Result<bool> {
    if app.load_user(user_id)?.is_none() {
        return Ok(false);
    }
    limiter::reset_user(app, user_id)?;
    Ok(true)
}
