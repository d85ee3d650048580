//! A catalog vendor in every firm's tech stack, for the operator's vendor delete and merge
//! (`admin::vendors`): how many firms list it, and moving it to the vendor it is merged into.
//! Both walk every firm's answers: they are rare operator actions, never a request's path.

use std::collections::BTreeSet;

use super::ANSWERS;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::WriteTx;
use crate::platform::store::registry::{VendorMoved, VendorPart};
use crate::platform::store::seam::{self, Tx};
use crate::techstack::model::Adoption;

/// The firms whose tech stack lists vendor `id` (as a tool or the primary one), in id order.
pub fn firms_listing_in(tx: &mut WriteTx, id: u64) -> Result<Vec<u64>> {
    seam::within(tx, |tx| Ok(firms_listing(tx, id)?.into_iter().collect()))
}

fn firms_listing(tx: &mut Tx, id: u64) -> Result<BTreeSet<u64>> {
    Ok(tx
        .range(&ANSWERS, &[])?
        .into_iter()
        .filter(|(_, adoption)| lists(adoption, id))
        .map(|((firm, _), _)| firm)
        .collect())
}

fn lists(adoption: &Adoption, id: u64) -> bool {
    adoption.vendor_ids.contains(&id) || adoption.primary_vendor_id == Some(id)
}

/// `adoption` with vendor `from` replaced by `into`, listed once, in `from`'s place when `into`
/// was not listed already; `from` as the primary makes `into` the primary.
pub fn replaced(mut adoption: Adoption, from: u64, into: u64) -> Adoption {
    let mut ids = Vec::with_capacity(adoption.vendor_ids.len());
    for id in adoption.vendor_ids {
        let id = if id == from { into } else { id };
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    adoption.vendor_ids = ids;
    if adoption.primary_vendor_id == Some(from) {
        adoption.primary_vendor_id = Some(into);
    }
    adoption
}

/// Moves vendor `from` to `into` in every firm's tech stack inside the caller's transaction;
/// answers the firms whose stack changed (for their peer figures). Each such firm's answers are
/// read again under its scope lock, so a save that landed meanwhile is moved too, not lost.
pub fn merge_vendor_in(tx: &mut WriteTx, from: u64, into: u64) -> Result<Vec<u64>> {
    seam::within(tx, |tx| {
        let firms = firms_listing(tx, from)?;
        let ids: Vec<FirmId> = firms.iter().map(|&f| FirmId::from_stored(f)).collect();
        tx.lock_firms(&ids)?;
        let mut changed = Vec::new();
        for firm in firms {
            for (key, adoption) in tx.range(&ANSWERS, &[firm])? {
                if lists(&adoption, from) {
                    tx.insert(&ANSWERS, key, &replaced(adoption, from, into))?;
                    changed.push(firm);
                }
            }
        }
        changed.dedup();
        Ok(changed)
    })
}

/// Tech stacks naming a vendor, by the firms that list it.
pub const TECH_STACKS: &str = "tech_stacks";

/// The tech stacks' part in a vendor delete and merge: the firms' answers and contracts.
pub const PART: VendorPart = VendorPart {
    naming: |tx, id| Ok(vec![(TECH_STACKS, firms_listing_in(tx, id)?.len() as u64)]),
    merge: |tx, from, into| {
        let firms = merge_vendor_in(tx, from, into)?;
        super::contracts::merge_vendor_in(tx, from, into)?;
        Ok(VendorMoved {
            counts: vec![(TECH_STACKS, firms.len() as u64)],
            firms,
            kept_both: Vec::new(),
        })
    },
    delete: Some(super::contracts::delete_vendor_in),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_merged_vendor_takes_the_duplicates_place_once() {
        let adoption = Adoption {
            has_tool: true,
            vendor_ids: vec![3, 9, 5],
            primary_vendor_id: Some(9),
            other_vendors: vec![],
        };
        let merged = replaced(adoption.clone(), 9, 7);
        assert_eq!(merged.vendor_ids, [3, 7, 5]);
        assert_eq!(merged.primary_vendor_id, Some(7));
        let merged = replaced(adoption, 9, 5);
        assert_eq!(merged.vendor_ids, [3, 5]);
        assert_eq!(merged.primary_vendor_id, Some(5));
    }
}
