//! The operator's vendor delete and merge, each one write transaction under the catalog's lock
//! across every domain whose rows name vendors: the registry lists each domain's part
//! (`VendorPart`: tech stacks and contracts, shortlists, picks, dismissals and past
//! recommendations, meeting clicks, evaluations, decisions), which reads and writes its own rows
//! in the same transaction; the catalog's own row of the vendor goes last.

use std::collections::BTreeMap;

use crate::catalog::storage::removal;
use crate::platform::error::Result;
use crate::platform::store::Store;
use crate::platform::store::postgres::changes::Change;
use crate::registry::vendor_parts;

/// Rows by kind, under the keys the domains' parts name them (`techstack::storage::vendors::
/// TECH_STACKS`, ...).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Counts(BTreeMap<&'static str, u64>);

impl Counts {
    fn add(&mut self, counts: Vec<(&'static str, u64)>) {
        for (kind, n) in counts {
            *self.0.entry(kind).or_default() += n;
        }
    }

    /// How many rows of `kind`; 0 when no part named it.
    pub fn of(&self, kind: &str) -> u64 {
        self.0.get(kind).copied().unwrap_or(0)
    }
}

/// Deletes vendor `id` in one transaction, unless `refuse`, told what still names it, answers an
/// error: then nothing is written and that error is the answer.
pub fn delete_vendor(
    store: &Store,
    id: u64,
    refuse: impl FnOnce(&Counts) -> Result<()>,
) -> Result<()> {
    let mut tx = store.begin()?;
    removal::lock_in(&mut tx)?;
    let mut naming = Counts::default();
    for part in vendor_parts() {
        naming.add((part.naming)(&mut tx, id)?);
    }
    refuse(&naming)?;
    for delete in vendor_parts().filter_map(|part| part.delete) {
        delete(&mut tx, id)?;
    }
    removal::delete_vendor_in(&mut tx, id)?;
    removal::commit(tx)
}

/// What a vendor merge moved from the duplicate to the kept vendor.
pub struct VendorMoves {
    /// Rows moved, by kind.
    pub moved: Counts,
    /// Firms that had both on their shortlist and keep the kept vendor's entry.
    pub kept_both: Vec<u64>,
    /// Firms whose tech stack or shortlist changed (their peer figures are recounted), in order.
    pub firms: Vec<u64>,
}

/// Merges vendor `from` into `into` in one transaction: everything that names `from` names
/// `into`, bookings whose Client is `alias` (the duplicate's lower-cased name) count for `into`,
/// and `from` is deleted. On PostgreSQL every moved firm's peer figures are recorded as changed.
/// Decisions are signed records and never rewritten: `refuse`, told what names `from`, may
/// answer an error before anything is written; then nothing is and that error is the answer.
pub fn merge_vendor(
    store: &Store,
    from: u64,
    into: u64,
    alias: &str,
    refuse: impl FnOnce(&Counts) -> Result<()>,
) -> Result<VendorMoves> {
    let mut tx = store.begin()?;
    removal::lock_in(&mut tx)?;
    let mut naming = Counts::default();
    for part in vendor_parts() {
        naming.add((part.naming)(&mut tx, from)?);
    }
    refuse(&naming)?;
    let (mut moved, mut kept_both, mut firms) = (Counts::default(), Vec::new(), Vec::new());
    for part in vendor_parts() {
        let part_moved = (part.merge)(&mut tx, from, into)?;
        moved.add(part_moved.counts);
        kept_both.extend(part_moved.kept_both);
        firms.extend(part_moved.firms);
    }
    removal::alias_in(&mut tx, alias, from, into)?;
    removal::delete_vendor_in(&mut tx, from)?;
    firms.sort_unstable();
    firms.dedup();
    for &firm_id in &firms {
        tx.record_change(Change::Peers {
            firm_id: crate::platform::firm_id::FirmId::from_stored(firm_id),
        });
    }
    removal::commit(tx)?;
    Ok(VendorMoves {
        moved,
        kept_both,
        firms,
    })
}
