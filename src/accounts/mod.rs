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
pub use model::{Email, User, UserView};
pub use routes::{ClientIp, find_by_email, parse_firm_size};
pub use sessions::{AdminUser, CurrentUser, SessionCache};

use crate::state::{App, AppState};
use crate::store::{USERS, codec};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/sign-up", post(routes::sign_up))
        .route("/auth/sign-in", post(routes::sign_in))
        .route("/auth/sign-out", post(routes::sign_out))
        .route("/auth/me", get(routes::me))
        .route("/auth/change-password", post(routes::change_password))
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
