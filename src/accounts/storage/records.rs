//! The accounts' values as the redb file stores them: an account with its firm by id, and a firm
//! whose id only storage turns into a `FirmId` (the domain type `Firm` has no `Deserialize`).

use serde::{Deserialize, Serialize};

use crate::accounts::model::{Firm, FirmRole, User};

/// An account as the USERS table holds it: its firm by id (the firm itself is in FIRMS).
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

/// A firm as the FIRMS table holds it. Only storage turns a stored id into a `FirmId`: the
/// domain type `Firm` has no `Deserialize`, so nothing read from a request can make one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StoredFirm {
    pub id: u64,
    pub name: String,
    pub size: Option<crate::platform::firm_size::FirmSize>,
    pub created_at: i64,
    pub verified: bool,
    pub disabled: bool,
}

impl StoredFirm {
    pub(crate) fn of(firm: &Firm) -> StoredFirm {
        StoredFirm {
            id: firm.id.get(),
            name: firm.name.clone(),
            size: firm.size,
            created_at: firm.created_at,
            verified: firm.verified,
            disabled: firm.disabled,
        }
    }

    pub(crate) fn into_firm(self) -> Firm {
        Firm {
            id: crate::platform::firm_id::FirmId::from_stored(self.id),
            name: self.name,
            size: self.size,
            created_at: self.created_at,
            verified: self.verified,
            disabled: self.disabled,
        }
    }
}
