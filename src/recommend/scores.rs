//! Ranking one questionnaire response, for the compute route and for the screens that show the
//! firm's latest match scores beside other evidence (vendor profile, comparison).

use std::collections::HashMap;

use super::dismissals;
use super::inputs::{self, FirmContext};
use super::model::StoredResponse;
use super::ranking::{self, Demand, PeerGroup, RankInputs, Ranked};
use super::responses;
use super::storage;
use crate::catalog::Catalog;
use crate::platform::caller::User;
use crate::platform::error::Result;
use crate::platform::store::seam;
use crate::recommend::RecommendState;

/// Ranks the category's vendors for one response, with the firm's context and (real) peer demand.
pub fn rank_response<'a>(
    app: &RecommendState,
    user: &User,
    catalog: &'a Catalog,
    category_id: u64,
    response: &StoredResponse,
) -> Result<(Vec<Ranked<'a>>, PeerGroup, FirmContext)> {
    let needs = responses::needs(catalog, category_id, &response.answers);
    let context = responses::context(catalog, category_id, &response.answers);
    let (ctx, (dismissals, dismissed)) = seam::read(&app.store, |tx| {
        Ok((
            inputs::firm_context_in(tx, catalog, user)?,
            dismissals::with_out_of_ranking_in(app, tx, user.firm.id)?,
        ))
    })?;
    let after_dismissals =
        dismissals::effects_for(category_id, &dismissals, |id| catalog.vendor(id));
    let owned = ctx.owned_in(category_id);
    let peers = match ctx.size {
        Some(size) => PeerGroup::Sizes(vec![size]),
        None => PeerGroup::AllFirms,
    };
    let sizes = match &peers {
        PeerGroup::Sizes(s) => s.clone(),
        PeerGroup::AllFirms => Vec::new(),
    };
    let counts = inputs::has_real_bookings(app).then(|| inputs::demand(app, &sizes));
    let outcomes = crate::peers::outcomes::shown(&app.peers, user.firm.id.get(), ctx.size)?;
    let ranked = ranking::rank(
        catalog
            .vendors
            .iter()
            .filter(|v| v.category_id == category_id),
        &RankInputs {
            needs: &needs,
            context: &context,
            firm_size: ctx.size,
            firm_tools: &ctx.tool_names,
            owned_vendor_ids: &owned,
            dismissed: &dismissed,
            demand: counts.as_ref().map(|counts| Demand {
                counts,
                peers: peers.clone(),
            }),
            partner_weight: app.config.partner_weight,
            after_dismissals: &after_dismissals,
            outcomes: &outcomes,
        },
    );
    Ok((ranked, peers, ctx))
}

/// The match scores (0-100) of the user's latest questionnaire in a category, ranked as of now.
#[derive(Debug, Clone, PartialEq)]
pub struct LatestScores {
    /// When the questionnaire was answered (Unix seconds).
    pub answered_at: i64,
    /// Score per ranked vendor id (inactive and dismissed vendors are not ranked).
    pub scores: HashMap<u64, u32>,
}

/// The user's latest questionnaire scores in a category, or `None` when they never answered it.
pub fn latest_scores(
    app: &RecommendState,
    user: &User,
    category_id: u64,
) -> Result<Option<LatestScores>> {
    let Some(response) = storage::latest_response(&app.store, user.firm.id, category_id)? else {
        return Ok(None);
    };
    let catalog = app.catalog.load();
    let (ranked, _, _) = rank_response(app, user, &catalog, category_id, &response)?;
    Ok(Some(LatestScores {
        answered_at: response.at,
        scores: ranked.iter().map(|r| (r.vendor.id, r.score)).collect(),
    }))
}
