//! Accounts: sign-up, sign-in, sessions and roles. The first account created is the admin;
//! others are promoted with `litstack users promote EMAIL`.

mod limiter;
pub mod model;
pub mod password;
mod routes;
pub mod sessions;

use axum::Router;
use axum::routing::{get, post};

pub use limiter::RateLimiter;
pub use model::{Email, User, UserEnvelope, UserView};
pub use routes::{ClientIp, TrustedProxy, find_by_email, parse_firm_size};
pub use sessions::{AdminUser, CurrentUser, SessionCache};

use crate::state::{App, AppState};
use crate::store::{USERS, codec};

/// The /api/auth operations, for the API description.
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    routes::sign_up,
    routes::sign_in,
    routes::sign_out,
    routes::me,
    routes::change_password,
    routes::setup_status
))]
pub struct AccountsApi;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/sign-up", post(routes::sign_up))
        .route("/auth/sign-in", post(routes::sign_in))
        .route("/auth/sign-out", post(routes::sign_out))
        .route("/auth/me", get(routes::me))
        .route("/auth/change-password", post(routes::change_password))
        .route("/auth/setup", get(routes::setup_status))
}

/// Every account, by id. For figures across firms (peer adoption), never for display.
pub fn all_users(app: &App) -> crate::error::Result<Vec<User>> {
    use redb::ReadableTable;
    let txn = app.store.read()?;
    let table = txn.open_table(USERS)?;
    let mut users = Vec::new();
    for entry in table.iter()? {
        users.push(codec::decode(entry?.1.value())?);
    }
    Ok(users)
}

/// Makes the account with `email` an administrator. Returns false when there is no such account.
pub fn promote(app: &App, email: &str) -> anyhow::Result<bool> {
    let email = Email::parse(email).map_err(|e| anyhow::anyhow!("{e}"))?;
    let Some(mut user) = find_by_email(app, &email).map_err(|e| anyhow::anyhow!("{e}"))? else {
        return Ok(false);
    };
    user.is_admin = true;
    let txn = app.store.write()?;
    txn.open_table(USERS)?
        .insert(user.id, codec::encode(&user).as_slice())?;
    txn.commit()?;
    Ok(true)
}

/// When serving a network address with no account yet, creates the one-time setup token that the
/// first (admin) sign-up must present, so a stranger on the network cannot claim the install.
pub fn require_setup_token_if_unclaimed(app: &App) -> anyhow::Result<Option<String>> {
    use rand::RngCore;
    use redb::ReadableTableMetadata;
    if !app
        .store
        .read()?
        .open_table(crate::store::USERS)?
        .is_empty()?
    {
        return Ok(None);
    }
    let mut bytes = [0u8; 12];
    rand::rng().fill_bytes(&mut bytes);
    let token = hex::encode(bytes);
    *app.setup_token.lock().expect("setup token lock") = Some(token.clone());
    Ok(Some(token))
}
