//! The past-recommendation history: every vendor recommended to the user, the latest time it
//! was and why, newest first. Only ever the user's own.

use super::model::{PastRecommendation, RecommendationReasons};
use super::reason_lines::ReasonList;
use super::storage;
use crate::catalog::listing::Page;
use crate::catalog::{Catalog, vendor_view};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::recommend::RecommendState;

/// One page of the user's past recommendations in the given categories (all when empty). Vendors
/// no longer in the catalog are left out; the answer borrows the vendors from `catalog`.
pub fn page<'c>(
    app: &RecommendState,
    catalog: &'c Catalog,
    firm_id: FirmId,
    categories: &[u64],
    page: usize,
    page_size: usize,
) -> Result<Page<PastRecommendation<'c>>> {
    // A vendor the firm dismissed or rejected is listed under Dismissed, not as a recommendation.
    let out = super::dismissals::out_of_ranking(app, firm_id)?;
    let all: Vec<PastRecommendation> = storage::past(&app.store, firm_id)?
        .into_iter()
        .filter(|(c, v, _)| (categories.is_empty() || categories.contains(c)) && !out.contains(v))
        .filter_map(|(category_id, vendor_id, rec)| {
            let vendor = catalog.vendor(vendor_id)?;
            let at = chrono::DateTime::from_timestamp(rec.at, 0)?;
            Some(PastRecommendation {
                recommendation_id: format!("{category_id}-{vendor_id}"),
                vendor: vendor_view(catalog, vendor),
                category_id,
                recommended_at: at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                reasons: {
                    let list = ReasonList::from_stored(&rec.strengths);
                    RecommendationReasons {
                        strengths: list.strengths,
                        needs_met: list.needs_met,
                    }
                },
            })
        })
        .collect();
    Ok(Page::of(all, page, page_size))
}
