//! The operator's vendor delete and merge, each one write transaction under the catalog's lock
//! across every domain that names vendors (tech stacks and contracts, shortlists, picks,
//! dismissals and past recommendations, meeting clicks, evaluations, decisions): each domain's
//! storage reads and writes its own rows (`*_in`) in the same transaction.

use crate::catalog::storage::removal;
use crate::evaluations::storage::vendors::MovedEvaluations;
use crate::platform::error::Result;
use crate::platform::store::Store;
use crate::platform::store::postgres::changes::Change;
use crate::recommend::storage::vendors::VendorRows;
use crate::shortlist::storage::vendors::MovedEntries;

/// What the stored data holds that names a vendor (the imported bookings are the index's).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct StoredReferences {
    /// Firms whose tech stack lists it.
    pub tech_stacks: u64,
    pub shortlist_entries: u64,
    pub recommendations: VendorRows,
    pub meeting_clicks: u64,
    /// Evaluations (a firm's rounds of one category) naming it in any round.
    pub evaluations: u64,
    /// Decisions, open or final, naming it as chosen or runner-up.
    pub decisions: u64,
}

/// Deletes vendor `id` in one transaction, unless `refuse`, told what still names it, answers an
/// error: then nothing is written and that error is the answer.
pub fn delete_vendor(
    store: &Store,
    id: u64,
    refuse: impl FnOnce(StoredReferences) -> Result<()>,
) -> Result<()> {
    let mut tx = store.begin()?;
    removal::lock_in(&mut tx)?;
    let refs = StoredReferences {
        tech_stacks: crate::techstack::storage::vendors::firms_listing_in(&mut tx, id)?.len()
            as u64,
        shortlist_entries: crate::shortlist::storage::vendors::firms_listing_in(&mut tx, id)?.len()
            as u64,
        recommendations: crate::recommend::storage::vendors::rows_naming_in(&mut tx, id)?,
        meeting_clicks: removal::clicks_naming_in(&mut tx, id)?,
        evaluations: crate::evaluations::storage::vendors::evaluations_naming_in(&mut tx, id)?,
        decisions: crate::decisions::storage::vendors::decisions_naming_in(&mut tx, id)?,
    };
    refuse(refs)?;
    crate::techstack::storage::contracts::delete_vendor_in(&mut tx, id)?;
    removal::delete_vendor_in(&mut tx, id)?;
    removal::commit(tx)
}

/// What a vendor merge moved from the duplicate to the kept vendor.
pub struct VendorMoves {
    /// Firms whose tech stack listed the duplicate.
    pub stack_firms: Vec<u64>,
    pub entries: MovedEntries,
    pub recommendations: VendorRows,
    pub meeting_clicks: u64,
    pub evaluations: MovedEvaluations,
    /// Firms whose tech stack or shortlist changed (their peer figures are recounted), in order.
    pub firms: Vec<u64>,
}

/// Merges vendor `from` into `into` in one transaction: everything that names `from` names
/// `into`, bookings whose Client is `alias` (the duplicate's lower-cased name) count for `into`,
/// and `from` is deleted. On PostgreSQL every moved firm's peer figures are recorded as changed.
/// Decisions are signed records and never rewritten: `refuse`, told how many name `from`, may
/// answer an error before anything is written; then nothing is and that error is the answer.
pub fn merge_vendor(
    store: &Store,
    from: u64,
    into: u64,
    alias: &str,
    refuse: impl FnOnce(u64) -> Result<()>,
) -> Result<VendorMoves> {
    let mut tx = store.begin()?;
    removal::lock_in(&mut tx)?;
    refuse(crate::decisions::storage::vendors::decisions_naming_in(
        &mut tx, from,
    )?)?;
    let stack_firms = crate::techstack::storage::vendors::merge_vendor_in(&mut tx, from, into)?;
    let entries = crate::shortlist::storage::vendors::merge_vendor_in(&mut tx, from, into)?;
    let recommendations = crate::recommend::storage::vendors::merge_vendor_in(&mut tx, from, into)?;
    let meeting_clicks = removal::merge_clicks_in(&mut tx, from, into)?;
    let evaluations = crate::evaluations::storage::vendors::merge_vendor_in(&mut tx, from, into)?;
    crate::techstack::storage::contracts::merge_vendor_in(&mut tx, from, into)?;
    removal::alias_in(&mut tx, alias, from, into)?;
    removal::delete_vendor_in(&mut tx, from)?;
    let mut firms: Vec<u64> = stack_firms
        .iter()
        .chain(&entries.moved)
        .chain(&entries.kept_both)
        .copied()
        .collect();
    firms.sort_unstable();
    firms.dedup();
    for &firm_id in &firms {
        tx.record_change(Change::Peers {
            firm_id: crate::platform::firm_id::FirmId::from_stored(firm_id),
        })?;
    }
    removal::commit(tx)?;
    Ok(VendorMoves {
        stack_firms,
        entries,
        recommendations,
        meeting_clicks,
        evaluations,
        firms,
    })
}
