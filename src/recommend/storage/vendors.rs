//! A catalog vendor in every firm's recommendations, for the operator's vendor delete and merge
//! (`admin::vendors`): saved picks (from a questionnaire or Pick For Me), dismissals and past
//! recommendations. Both walk every firm's rows: rare operator actions, never a request's path.

use super::{DISMISSED, PAST, PICKS};
use crate::platform::error::Result;
use crate::platform::store::WriteTx;
use crate::platform::store::registry::{Naming, VendorMoved, VendorPart};
use crate::platform::store::seam;
use crate::recommend::model::PickSet;

/// How many rows of each kind name a vendor (or, for a merge, moved to the kept vendor).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct VendorRows {
    /// Saved pick sets (one per firm and category) that list it.
    pub picks: u64,
    pub dismissals: u64,
    pub past_recommendations: u64,
}

/// The rows that name vendor `id`.
pub fn rows_naming_in(tx: &mut WriteTx, id: u64) -> Result<VendorRows> {
    seam::within(tx, |tx| {
        let picks = tx.range(&PICKS, &[])?;
        Ok(VendorRows {
            picks: count(picks.iter().filter(|(_, set)| lists(set, id))),
            dismissals: count(tx.range(&DISMISSED, &[])?.iter().filter(|(k, _)| k.1 == id)),
            past_recommendations: count(tx.range(&PAST, &[])?.iter().filter(|(k, _)| k.2 == id)),
        })
    })
}

fn lists(set: &PickSet, vendor: u64) -> bool {
    set.picks.iter().any(|p| p.vendor_id == vendor)
}

fn count<T>(rows: impl Iterator<Item = T>) -> u64 {
    rows.count() as u64
}

/// Moves vendor `from` to `into` in every firm's picks, dismissals and past recommendations inside
/// the caller's transaction. A pick set listing both keeps `into` once, at the better place; a
/// firm that dismissed both, or was recommended both in a category, keeps its row for `into`.
/// Answers the rows that now name `into` instead of `from`.
pub fn merge_vendor_in(tx: &mut WriteTx, from: u64, into: u64) -> Result<VendorRows> {
    seam::within(tx, |tx| {
        let mut out = VendorRows::default();
        for (key, mut set) in tx.range(&PICKS, &[])? {
            if !lists(&set, from) {
                continue;
            }
            let mut seen = Vec::new();
            set.picks.retain_mut(|p| {
                if p.vendor_id == from {
                    p.vendor_id = into;
                }
                let first = !seen.contains(&p.vendor_id);
                seen.push(p.vendor_id);
                first
            });
            tx.insert(&PICKS, key, &set)?;
            out.picks += 1;
        }
        for ((firm, vendor), dismissal) in tx.range(&DISMISSED, &[])? {
            if vendor != from {
                continue;
            }
            tx.remove(&DISMISSED, (firm, from))?;
            if tx.get(&DISMISSED, (firm, into))?.is_none() {
                tx.insert(&DISMISSED, (firm, into), &dismissal)?;
                out.dismissals += 1;
            }
        }
        for ((firm, category, vendor), rec) in tx.range(&PAST, &[])? {
            if vendor != from {
                continue;
            }
            tx.remove(&PAST, (firm, category, from))?;
            if tx.get(&PAST, (firm, category, into))?.is_none() {
                tx.insert(&PAST, (firm, category, into), &rec)?;
                out.past_recommendations += 1;
            }
        }
        Ok(out)
    })
}

/// Saved pick sets naming a vendor.
pub const SAVED_PICKS: &str = "picks";
pub const DISMISSALS: &str = "dismissals";
pub const PAST_RECOMMENDATIONS: &str = "past_recommendations";

impl VendorRows {
    fn counts(self) -> Naming {
        vec![
            (SAVED_PICKS, self.picks),
            (DISMISSALS, self.dismissals),
            (PAST_RECOMMENDATIONS, self.past_recommendations),
        ]
    }
}

/// The recommendations' part in a vendor delete and merge.
pub const PART: VendorPart = VendorPart {
    naming: |tx, id| Ok(rows_naming_in(tx, id)?.counts()),
    merge: |tx, from, into| {
        Ok(VendorMoved {
            counts: merge_vendor_in(tx, from, into)?.counts(),
            ..VendorMoved::default()
        })
    },
    delete: None,
};
