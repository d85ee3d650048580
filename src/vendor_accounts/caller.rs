//! Who is asking on a vendor's route: the vendor session cookie, read from this domain's own
//! table. It is another cookie than a firm's (`litstack_vendor`), found in another table, so a
//! vendor's session never reaches a firm's route (whose extractors read only `litstack_session`
//! from the accounts' sessions) and a firm's session never reaches a vendor's.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};

use super::VendorAccountsState;
use super::model::{Account, Session};
use super::storage::{self, keys};
use crate::platform::caller::{TokenHash, hash_token};
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

/// The token of a request's vendor cookie, when it has the shape of one.
pub fn token_hash(jar: &CookieJar) -> Option<TokenHash> {
    let token = jar.get(COOKIE)?.value();
    (token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())).then(|| hash_token(token))
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
        let found = tokio::task::spawn_blocking(move || -> Result<Option<(Session, Account)>> {
            let store = &app.accounts.store;
            let Some(session) = storage::get::<Session>(store, &keys::session(&hash))? else {
                return Ok(None);
            };
            if session.expires_at <= now_secs() {
                return Ok(None);
            }
            let account = storage::get::<Account>(store, &keys::account(session.account_id))?;
            Ok(account.map(|a| (session, a)))
        })
        .await??;
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
