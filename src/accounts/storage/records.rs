//! The accounts' values as the redb file stores them: an account with its firm by id (the firm
//! itself is on the seam, `firms.rs`).

use serde::{Deserialize, Serialize};

use crate::accounts::model::{Firm, FirmRole, User};

/// An account as the USERS table holds it: its firm by id (the firm itself is in `firms::FIRMS`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct StoredUser {
    pub id: u64,
    pub name: String,
    pub email: String,
    pub firm_id: u64,
    pub firm_role: FirmRole,
    pub password_hash: String,
    pub is_admin: bool,
    pub created_at: i64,
}

impl StoredUser {
    pub(crate) fn of(user: &User) -> StoredUser {
        StoredUser {
            id: user.id,
            name: user.name.clone(),
            email: user.email.clone(),
            firm_id: user.firm.id.get(),
            firm_role: user.firm_role,
            password_hash: user.password_hash.clone(),
            is_admin: user.is_admin,
            created_at: user.created_at,
        }
    }

    pub(crate) fn with(self, firm: Firm) -> User {
        User {
            id: self.id,
            name: self.name,
            email: self.email,
            firm,
            firm_role: self.firm_role,
            password_hash: self.password_hash,
            is_admin: self.is_admin,
            created_at: self.created_at,
        }
    }
}
