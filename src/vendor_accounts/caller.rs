//! Who is asking on a vendor's route: the vendor session cookie, read from this domain's own
//! table. It is another cookie than a firm's (`litstack_vendor`), found in another table, so a
//! vendor's session never reaches a firm's route (whose extractors read only `litstack_session`
//! from the accounts' sessions) and a firm's session never reaches a vendor's. The rules of a
//! session are the firm's, written once in `platform::caller`: the cookie's shape, the idle and
//! absolute ends (`SessionLimits`), and the same-origin check of every write that carries it
//! (`SESSION_COOKIES`).

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};

use super::VendorAccountsState;
use super::model::{Account, Session};
use super::storage::{self, ACCOUNTS, SESSIONS};
use crate::platform::caller::{SessionLimits, TOUCH_EVERY_SECS, TokenHash, session_token};
use crate::platform::clock::now_secs;
use crate::platform::error::{AppError, Result, unauthorized};

pub use crate::platform::caller::VENDOR_COOKIE as COOKIE;

pub const SIGNED_OUT: &str =
    "You are not signed in to a vendor account. Please sign in to continue.";

/// A signed-in vendor account, and the hash of its session's token.
pub struct VendorCaller {
    pub account: Account,
    pub session: TokenHash,
    pub session_id: u64,
}

/// The token of a request's vendor cookie, when it has the shape of one (the rule every session
/// cookie is read by: `platform::caller::session_token`).
pub fn token_hash(jar: &CookieJar) -> Option<TokenHash> {
    session_token(jar, COOKIE)
}

impl<S> FromRequestParts<S> for VendorCaller
where
    S: Send + Sync,
    VendorAccountsState: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self> {
        let app = VendorAccountsState::from_ref(state);
        let jar = CookieJar::from_headers(&parts.headers);
        let Some(hash) = token_hash(&jar) else {
            return Err(unauthorized(SIGNED_OUT));
        };
        let found = tokio::task::spawn_blocking(move || session_account(&app, &hash)).await??;
        let Some((session, account)) = found else {
            return Err(unauthorized(SIGNED_OUT));
        };
        Ok(VendorCaller {
            account,
            session: hash,
            session_id: session.id,
        })
    }
}

/// The open session `hash` names and its account. A session past its end, idle or absolute (the
/// limits a firm's session has), is deleted; one in use has its last use written back at most
/// every `TOUCH_EVERY_SECS`, never bringing back one signed out meanwhile.
fn session_account(
    app: &VendorAccountsState,
    hash: &TokenHash,
) -> Result<Option<(Session, Account)>> {
    let store = &app.accounts.store;
    let key = storage::token_key(hash);
    let Some(mut session) = storage::get(store, &SESSIONS, key.clone())? else {
        return Ok(None);
    };
    let now = now_secs();
    if !session.is_open(SessionLimits::of(&app.accounts.config), now) {
        // Ended whether or not the row goes: a failed delete must not turn "signed out" into an
        // error.
        if let Err(e) = storage::write(store, |change| change.delete(&SESSIONS, key.clone())) {
            tracing::warn!(error = %e, "an ended vendor session could not be deleted");
        }
        tracing::info!(target: "security", vendor_account_id = session.account_id, "vendor session expired");
        return Ok(None);
    }
    if now - session.last_used() >= TOUCH_EVERY_SECS {
        session.last_seen = now;
        let touched = storage::write(store, |change| {
            if change.get(&SESSIONS, key.clone())?.is_none() {
                return Ok(false);
            }
            change.put(&SESSIONS, key.clone(), &session)?;
            Ok(true)
        });
        match touched {
            Ok(true) => {}
            Ok(false) => return Ok(None),
            // Only the refresh of its last use failed (a full disk): the request goes on.
            Err(e) => tracing::warn!(error = %e, "a vendor session's last use was not saved"),
        }
    }
    let account = storage::get(store, &ACCOUNTS, session.account_id)?;
    Ok(account.map(|a| (session, a)))
}

pub fn session_cookie(state: &VendorAccountsState, token: String) -> Cookie<'static> {
    let config = &state.accounts.config;
    Cookie::build((COOKIE, token))
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(config.secure_cookies)
        .path("/")
        .max_age(cookie::time::Duration::seconds(
            config.session_absolute.as_secs() as i64,
        ))
        .build()
}

pub fn removal_cookie() -> Cookie<'static> {
    Cookie::build((COOKIE, "")).path("/").build()
}
