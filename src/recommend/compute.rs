//! Computing recommendations for one questionnaire response: rank the category's vendors, save
//! the top three the firm does not already use as the stage's picks, and record them in the
//! history.

use super::model::{ComputeResult, PickSet, PickSource, RankedView, StageSave, StoredPick};
use super::pick_for_me::PICKS_PER_STAGE;
use super::ranking::Ranked;
use super::{fit, scores, storage};
use crate::catalog::{Catalog, vendor_view};
use crate::platform::caller::User;
use crate::platform::clock::now_secs;
use crate::platform::error::{Result, bad_request, not_found};
use crate::recommend::RecommendState;

/// Ranks a category's vendors for one of the user's responses, saves the top three as the
/// stage's picks and records them in the history. The answer borrows the vendors from `catalog`.
pub fn compute_for<'c>(
    app: &RecommendState,
    catalog: &'c Catalog,
    user: &User,
    response_id: u64,
    category_id: u64,
) -> Result<ComputeResult<'c>> {
    let category = catalog
        .category(category_id)
        .ok_or_else(|| bad_request(format!("There is no category with id {}", category_id)))?;
    let response = storage::load_response(&app.store, user.firm.id, response_id)?
        .ok_or_else(|| not_found("That questionnaire response was not found"))?;
    if response.category_id != category.id {
        return Err(bad_request(format!(
            "That questionnaire response is for a different category than {}",
            category.label
        )));
    }
    let (ranked, peers, ctx) = scores::rank_response(app, user, catalog, category.id, &response)?;

    // The top three the firm does not already use become the stage's picks.
    let top: Vec<&Ranked> = ranked
        .iter()
        .filter(|r| !r.already_used)
        .take(PICKS_PER_STAGE)
        .collect();
    // Each card says what sets its vendor apart where it can: its strongest reason that no card
    // above it already gives.
    let cards = fit::distinct_card_reasons(top.iter().map(|r| r.card_reasons()));
    let set = PickSet {
        picks: top
            .iter()
            .zip(cards)
            .map(|(r, reason)| StoredPick::new(r.vendor.id, &reason, None))
            .collect(),
        source: PickSource::Questionnaire,
        note: None,
        used_size_fallback: false,
        at: now_secs(),
    };
    let history = top
        .iter()
        .map(|r| (r.vendor.id, r.stored_reasons()))
        .collect();
    storage::save_picks(
        &app.store,
        user.firm.id,
        &[StageSave {
            category_id: category.id,
            set,
            history,
        }],
    )?;

    let vendors = ranked
        .into_iter()
        .map(|r| RankedView {
            vendor: vendor_view(catalog, r.vendor),
            score: r.score,
            rank: r.rank,
            reasons: r.reason_texts(),
            needs_met: r.matched.clone(),
            matched_tags: r.matched,
            missing_tags: r.missing,
            breakdown: r.breakdown,
            already_used: r.already_used,
        })
        .collect();
    Ok(ComputeResult {
        vendors,
        peer_group: peers.phrase(),
        firm_size_source: ctx.size_source,
    })
}
