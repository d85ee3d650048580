//! The account tables' rows as PostgreSQL hands them over (as `select_users!` names their
//! columns), each converted into its domain type in one place, and the conversions they share
//! (`at`, `role_from`).

use chrono::{DateTime, Utc};

use crate::accounts::model::{FirmRole, User};
use crate::platform::error::{AppError, Result};

/// The time `secs` (seconds since the epoch) as a timestamp column takes it.
pub(in crate::accounts::storage) fn at(secs: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(secs, 0).unwrap_or_default()
}

/// A stored `firm_role` code as the role it names.
fn role_from(code: &str) -> Result<FirmRole> {
    FirmRole::from_code(code)
        .ok_or_else(|| anyhow::anyhow!("unknown firm role {code:?} in the database").into())
}

/// A `users` row joined with its firm's (`select_users!`).
#[derive(sqlx::FromRow)]
pub(super) struct UserRow {
    id: i64,
    name: String,
    email: String,
    firm_role: String,
    password_hash: String,
    is_admin: bool,
    created_at: DateTime<Utc>,
    firm_id: i64,
    /// The firm's record as the seam keeps it (`firms::Stored`).
    firm: sqlx::types::Json<crate::accounts::storage::firms::Stored>,
}

impl TryFrom<UserRow> for User {
    type Error = AppError;
    fn try_from(row: UserRow) -> Result<User, AppError> {
        Ok(User {
            id: row.id as u64,
            name: row.name,
            email: row.email,
            firm: row.firm.0.firm(row.firm_id as u64),
            firm_role: role_from(&row.firm_role)?,
            password_hash: row.password_hash,
            is_admin: row.is_admin,
            created_at: row.created_at.timestamp(),
        })
    }
}
