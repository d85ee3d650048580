//! The account behind a request.

use super::firm::{Firm, FirmRole};

/// An account, with its firm as stored now (the store reads both together).
#[derive(Debug, Clone)]
pub struct User {
    pub id: u64,
    pub name: String,
    /// As typed at sign-up (trimmed); uniqueness is on its lower-cased form.
    pub email: String,
    pub firm: Firm,
    pub firm_role: FirmRole,
    pub password_hash: String,
    /// The install's operator: imports, the catalog, sample data, backups. Not a firm role.
    pub is_admin: bool,
    pub created_at: i64,
}
