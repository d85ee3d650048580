//! Which vendors an evaluation covers: the firm's shortlist vendors in the category, the round's
//! incumbent, and any vendor someone already scored or checked references for (their work stays
//! in the evaluation when the vendor leaves the shortlist).

use crate::catalog::Catalog;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::Store;

use super::model::Round;

/// One vendor of the evaluation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvaluatedVendor {
    pub id: u64,
    pub name: String,
    pub incumbent: bool,
}

/// The vendors of `round` (or of a round not started yet), by id.
pub fn vendors(
    store: &Store,
    catalog: &Catalog,
    firm_id: FirmId,
    category_id: u64,
    round: Option<&Round>,
) -> Result<Vec<EvaluatedVendor>> {
    let mut ids: Vec<u64> = crate::shortlist::storage::load(store, firm_id)?
        .into_iter()
        .map(|(id, _)| id)
        .filter(|id| {
            catalog
                .vendor(*id)
                .is_some_and(|v| v.category_id == category_id)
        })
        .collect();
    let incumbent = round.and_then(|r| r.incumbent);
    if let Some(round) = round {
        ids.extend(incumbent);
        ids.extend(round.scorecards.iter().map(|s| s.vendor_id));
        ids.extend(round.references.iter().map(|r| r.vendor_id));
    }
    ids.sort_unstable();
    ids.dedup();
    Ok(ids
        .into_iter()
        .map(|id| EvaluatedVendor {
            id,
            name: catalog.vendor(id).map_or_else(
                || format!("Vendor {id} (no longer listed)"),
                |v| v.name.clone(),
            ),
            incumbent: incumbent == Some(id),
        })
        .collect())
}

/// The firm's tool in the category as its tech stack says: the starred one, else the first.
pub fn current_tool(
    store: &Store,
    catalog: &Catalog,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Option<u64>> {
    Ok(crate::techstack::firm_tools(store, catalog, firm_id)?
        .into_iter()
        .find(|t| t.category_id == category_id)
        .and_then(|t| {
            t.primary_vendor_id
                .or_else(|| t.vendor_ids.first().copied())
        }))
}
