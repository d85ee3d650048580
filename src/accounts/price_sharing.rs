//! "Share what we pay with other firms": a firm's consent, per firm, never by default. An owner or
//! admin gives or withdraws it; it is recorded (who, by their name then, and when) and the
//! firm's audit log has each change. While a verified firm shares, its contracts' annual cost per
//! seat counts in the vendor profiles' "What firms pay" (`vendor_profile::prices`), drawn once a
//! month (`vendor_profile::price_snapshot`); every answer checks the consent of the firms its
//! figures counted, so a withdrawal withholds them on every node at once, with no hook and no
//! cache to invalidate, until the next month's figures leave the firm out.

pub use super::model::Consent;
use super::model::User;
use super::{AccountsState, storage};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;

/// The firm's choice; `None` when nobody ever chose (not shared).
pub fn consent(app: &AccountsState, firm_id: FirmId) -> Result<Option<Consent>> {
    storage::price_sharing::find(&app.store, firm_id)
}

/// Whether the firm shares now.
pub fn shares(consent: Option<&Consent>) -> bool {
    consent.is_some_and(|c| c.share)
}

/// The firms that share now (verified or not: the figures check).
pub fn sharing_firms(store: &crate::platform::store::Store) -> Result<Vec<FirmId>> {
    storage::price_sharing::sharing_firms(store)
}

/// `sharing_firms` inside a read begun elsewhere.
pub fn sharing_firms_in(tx: &mut crate::platform::store::seam::Tx) -> Result<Vec<FirmId>> {
    storage::price_sharing::sharing_firms_in(tx)
}

/// Saves `by`'s choice for their firm, stamped now.
pub fn set(app: &AccountsState, by: &User, share: bool) -> Result<Consent> {
    let consent = Consent {
        share,
        by_user: by.id,
        by_name: by.name.clone(),
        at: crate::platform::clock::now_secs(),
    };
    storage::price_sharing::save(&app.store, by.firm.id, &consent)?;
    Ok(consent)
}
