//! Who is asking: the session cookie, resolved to its account by the extractors every route
//! takes (`CurrentUser`, `FirmMember`, `AdminUser`), with the gates every request passes on the
//! way (a disabled firm, a second factor to set up first, a viewer's write). The accounts domain
//! reads sessions from the store and tells the extractors through `Sessions`, so this ground
//! names no domain.

use std::sync::Arc;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum_extra::extract::cookie::CookieJar;
use sha2::{Digest, Sha256};

use super::firm::{FirmRole, VIEWER_WRITES};
use super::user::User;
use crate::platform::error::{AppError, Result, forbidden, unauthorized};
use crate::platform::firm_id::FirmId;

/// The session cookie's name.
pub const COOKIE: &str = "litstack_session";

/// A vendor account's session cookie (`vendor_accounts::caller`): another name, read from another
/// table, so it never opens a firm's route and a firm's never opens a vendor's.
pub const VENDOR_COOKIE: &str = "litstack_vendor";

/// Every cookie that signs a browser in. The rules of a session are written once, here, for all
/// of them, so no cookie escapes a rule written for another: the same-origin check
/// (`web::same_origin_only`) treats a request that carries any of them as signed in
/// (`carries_session`), each is read with the same shape check (`session_token`), and each kind
/// of session ends by the same times (`SessionLimits`).
pub const SESSION_COOKIES: [&str; 2] = [COOKIE, VENDOR_COOKIE];

/// Whether the request carries one of the session cookies with a value.
pub fn carries_session(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .any(|(name, value)| SESSION_COOKIES.contains(&name) && !value.is_empty())
}

/// The hash of the token in the session cookie `name`, when it has a token's shape (64 hex
/// digits, 256 random bits); anything else is no session.
pub fn session_token(jar: &CookieJar, name: &str) -> Option<TokenHash> {
    let token = jar.get(name)?.value();
    (token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())).then(|| hash_token(token))
}

/// How long any session lives, a firm's or a vendor's: it ends `idle` seconds after its last use
/// and `absolute` seconds after it began, whichever comes first (`--session-idle-hours`,
/// `--session-max-days`).
#[derive(Debug, Clone, Copy)]
pub struct SessionLimits {
    pub idle: i64,
    pub absolute: i64,
}

impl SessionLimits {
    pub fn of(config: &crate::platform::config::Config) -> SessionLimits {
        SessionLimits {
            idle: config.session_idle.as_secs() as i64,
            absolute: config.session_absolute.as_secs() as i64,
        }
    }

    /// Whether a session begun at `created_at` and last used at `last_seen` has ended at `now`.
    pub fn expired(self, created_at: i64, last_seen: i64, now: i64) -> bool {
        now - last_seen > self.idle || now - created_at > self.absolute
    }
}

/// How often a session's last use is written back to the store: not at every request, so a
/// session's idle end is known to within this.
pub const TOUCH_EVERY_SECS: i64 = 300;

/// The SHA-256 of a token (a session's, a link's, a recovery code's): what the store keeps.
pub type TokenHash = [u8; 32];

pub fn hash_token(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

pub const SIGNED_OUT: &str = "You are not signed in. Please sign in to continue.";

pub const FIRM_DISABLED: &str = "Your firm's access to Litstack is disabled. Ask the person who runs this Litstack to enable it.";

/// Where the extractors find a session's account: the accounts domain, which keeps sessions.
pub trait SessionSource: Send + Sync + 'static {
    /// The account of a session fresh in memory, when no database is needed (on the async
    /// worker, so it must not block).
    fn cached(&self, hash: &TokenHash) -> Option<User>;
    /// Reads the session (blocking; run on a blocking thread): its account and whether it may
    /// only set up a second factor, or the 401 saying why there is none.
    fn look_up(&self, hash: &TokenHash) -> Result<(User, bool)>;
}

/// The app's `SessionSource`, as the extractors take it from the router's state.
#[derive(Clone)]
pub struct Sessions(pub Arc<dyn SessionSource>);

/// The signed-in user of a request, and the hash of its session token. Rejects with 401.
pub struct CurrentUser {
    pub user: User,
    pub session: TokenHash,
    /// The session may only set up a second factor: only the routes `setup_only_may` names
    /// reach a handler.
    pub mfa_setup_due: bool,
}

/// Whether a request by a viewer may go on: reads always; of the writes only a person's own
/// (their session, password and own details, under /api/auth and /api/profile, where the firm's
/// fields are checked by the handler; their notices and notification preferences) and the
/// operator's (/api/admin, checked by `AdminUser`).
/// Every other write changes the firm's data, which a viewer never does.
fn viewer_may(parts: &Parts) -> bool {
    use axum::http::Method;
    if matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return true;
    }
    let path = api_path(parts);
    path.starts_with("/auth/")
        || path == "/profile"
        || path.starts_with("/admin/")
        || path == "/notifications/read"
        || path == "/me/notifications"
}

/// The path of a request under /api, as routed (nested routers see a shorter one).
fn api_path(parts: &Parts) -> String {
    let full = parts
        .extensions
        .get::<axum::extract::OriginalUri>()
        .map(|o| o.path().to_string())
        .unwrap_or_else(|| parts.uri.path().to_string());
    full.strip_prefix("/api").unwrap_or(&full).to_string()
}

/// What a session that may only set up a second factor may do: read who it is and the factor's
/// status, set one up and confirm it, sign out.
fn setup_only_may(parts: &Parts) -> bool {
    use axum::http::Method;
    let path = api_path(parts);
    match parts.method {
        Method::GET | Method::HEAD => matches!(path.as_str(), "/auth/me" | "/auth/mfa"),
        Method::POST => matches!(
            path.as_str(),
            "/auth/sign-out" | "/auth/mfa/totp/setup" | "/auth/mfa/totp/confirm"
        ),
        _ => false,
    }
}

impl<S> FromRequestParts<S> for CurrentUser
where
    S: Send + Sync,
    Sessions: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self> {
        let Sessions(source) = Sessions::from_ref(state);
        let jar = CookieJar::from_headers(&parts.headers);
        let Some(hash) = session_token(&jar, COOKIE) else {
            return Err(unauthorized(SIGNED_OUT));
        };
        let (user, mfa_setup_due) = match source.cached(&hash) {
            Some(user) => (user, false),
            None => tokio::task::spawn_blocking(move || source.look_up(&hash)).await??,
        };
        if user.firm.disabled {
            return Err(forbidden(FIRM_DISABLED));
        }
        if mfa_setup_due && !setup_only_may(parts) {
            return Err(AppError::MfaSetupRequired);
        }
        if user.firm_role == FirmRole::Viewer && !viewer_may(parts) {
            return Err(forbidden(VIEWER_WRITES));
        }
        Ok(CurrentUser {
            user,
            session: hash,
            mfa_setup_due,
        })
    }
}

/// A signed-in member of a firm, as most routes of the firm's data want them: the firm every
/// read and write is scoped by, their role in it, and their account (for who did it).
pub struct FirmMember {
    pub firm: FirmId,
    pub role: FirmRole,
    pub user: User,
}

impl<S> FromRequestParts<S> for FirmMember
where
    S: Send + Sync,
    Sessions: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self> {
        let CurrentUser { user, .. } = CurrentUser::from_request_parts(parts, state).await?;
        Ok(FirmMember {
            firm: user.firm.id,
            role: user.firm_role,
            user,
        })
    }
}

/// A signed-in administrator. Rejects with 401 when signed out and 403 for other users.
pub struct AdminUser(pub User);

impl<S> FromRequestParts<S> for AdminUser
where
    S: Send + Sync,
    Sessions: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self> {
        let CurrentUser { user, .. } = CurrentUser::from_request_parts(parts, state).await?;
        if !user.is_admin {
            return Err(forbidden("Admin access required."));
        }
        Ok(AdminUser(user))
    }
}
