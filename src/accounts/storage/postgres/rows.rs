//! The account tables' rows as PostgreSQL hands them over (as `select_users!` and
//! `select_firms!` name their columns), each converted into its domain type in one place, and the
//! conversions they share (`at`, `role_from`).

use crate::platform::firm_id::FirmId;
use chrono::{DateTime, Utc};

use crate::accounts::model::{Firm, FirmRole, User};
use crate::platform::error::{AppError, Result};
use crate::platform::store::postgres::from_code;

/// The time `secs` (seconds since the epoch) as a timestamp column takes it.
pub(in crate::accounts::storage) fn at(secs: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(secs, 0).unwrap_or_default()
}

/// A stored `firm_role` code as the role it names.
fn role_from(code: &str) -> Result<FirmRole> {
    FirmRole::from_code(code)
        .ok_or_else(|| anyhow::anyhow!("unknown firm role {code:?} in the database").into())
}

/// A `firms` row, its columns named as `select_firms!` and `select_users!` name them.
#[derive(sqlx::FromRow)]
pub(super) struct FirmRow {
    firm_id: i64,
    firm_name: String,
    firm_size: Option<String>,
    firm_created_at: DateTime<Utc>,
    verified: bool,
    disabled: bool,
}

impl TryFrom<FirmRow> for Firm {
    type Error = AppError;
    fn try_from(row: FirmRow) -> Result<Firm, AppError> {
        Ok(Firm {
            id: FirmId::from_stored(row.firm_id as u64),
            name: row.firm_name,
            size: row.firm_size.map(from_code).transpose()?,
            created_at: row.firm_created_at.timestamp(),
            verified: row.verified,
            disabled: row.disabled,
        })
    }
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
    #[sqlx(flatten)]
    firm: FirmRow,
}

impl TryFrom<UserRow> for User {
    type Error = AppError;
    fn try_from(row: UserRow) -> Result<User, AppError> {
        Ok(User {
            id: row.id as u64,
            name: row.name,
            email: row.email,
            firm: row.firm.try_into()?,
            firm_role: role_from(&row.firm_role)?,
            password_hash: row.password_hash,
            is_admin: row.is_admin,
            created_at: row.created_at.timestamp(),
        })
    }
}
