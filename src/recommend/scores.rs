//! Ranking one questionnaire response, for the compute route and for the screens that show the
//! firm's latest match scores beside other evidence (vendor profile, comparison).

use std::collections::{HashMap, HashSet};

use super::dismissals::{self, Dismissal};
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

/// The firm's rows a ranking reads: its context (size, tech stack), its dismissals, and the
/// vendors never ranked for it (dismissed, or Rejected on its shortlist).
pub struct FirmRows {
    pub ctx: FirmContext,
    dismissals: Vec<(u64, Dismissal)>,
    out_of_ranking: HashSet<u64>,
}

impl FirmRows {
    /// Read inside a read begun elsewhere, so they come from one snapshot with the caller's rows.
    pub fn read_in(
        app: &RecommendState,
        tx: &mut seam::Tx,
        catalog: &Catalog,
        user: &User,
    ) -> Result<FirmRows> {
        let ctx = inputs::firm_context_in(tx, catalog, user)?;
        // The dismissals are read once: the vendors out of ranking are them and the Rejected.
        let dismissals = storage::dismissals_in(tx, user.firm.id)?;
        let mut out_of_ranking: HashSet<u64> = dismissals.iter().map(|(id, _)| *id).collect();
        out_of_ranking.extend(app.rejected.read_in(tx, user.firm.id)?);
        Ok(FirmRows {
            ctx,
            dismissals,
            out_of_ranking,
        })
    }

    /// The vendors the firm dismissed (not those it only marked Rejected).
    pub fn dismissed(&self) -> HashSet<u64> {
        self.dismissals.iter().map(|(id, _)| *id).collect()
    }
}

/// Ranks the category's vendors for one response, with the firm's context and (real) peer demand.
pub fn rank_response<'a>(
    app: &RecommendState,
    user: &User,
    catalog: &'a Catalog,
    category_id: u64,
    response: &StoredResponse,
) -> Result<(Vec<Ranked<'a>>, PeerGroup, FirmContext)> {
    let rows = seam::read(&app.store, |tx| FirmRows::read_in(app, tx, catalog, user))?;
    let (ranked, peers) = rank_with(app, user, catalog, category_id, response, &rows)?;
    Ok((ranked, peers, rows.ctx))
}

/// `rank_response` of the firm's rows already read.
fn rank_with<'a>(
    app: &RecommendState,
    user: &User,
    catalog: &'a Catalog,
    category_id: u64,
    response: &StoredResponse,
    rows: &FirmRows,
) -> Result<(Vec<Ranked<'a>>, PeerGroup)> {
    let needs = responses::needs(catalog, category_id, &response.answers);
    let context = responses::context(catalog, category_id, &response.answers);
    let ctx = &rows.ctx;
    let after_dismissals =
        dismissals::effects_for(category_id, &rows.dismissals, |id| catalog.vendor(id));
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
            dismissed: &rows.out_of_ranking,
            demand: counts.as_ref().map(|counts| Demand {
                counts,
                peers: peers.clone(),
            }),
            partner_weight: app.config.partner_weight,
            after_dismissals: &after_dismissals,
            outcomes: &outcomes,
        },
    );
    Ok((ranked, peers))
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
    let catalog = app.catalog.load();
    let (_, mut scores, ()) = latest_scores_with(app, user, &catalog, &[category_id], |_| Ok(()))?;
    Ok(scores.remove(&category_id).flatten())
}

/// The latest questionnaire scores of each of `categories`, with the firm's rows they were ranked
/// against and what `more` reads of the firm's rows, all from one snapshot.
pub fn latest_scores_with<T>(
    app: &RecommendState,
    user: &User,
    catalog: &Catalog,
    categories: &[u64],
    more: impl Fn(&mut seam::Tx) -> Result<T>,
) -> Result<(FirmRows, HashMap<u64, Option<LatestScores>>, T)> {
    let (rows, responses, more) = seam::read(&app.store, |tx| {
        let rows = FirmRows::read_in(app, tx, catalog, user)?;
        let mut responses = Vec::new();
        for &category in categories {
            responses.push((
                category,
                storage::latest_response_in(tx, user.firm.id, category)?,
            ));
        }
        Ok((rows, responses, more(tx)?))
    })?;
    let mut scores = HashMap::new();
    for (category, response) in responses {
        let latest = match response {
            Some(response) => {
                let (ranked, _) = rank_with(app, user, catalog, category, &response, &rows)?;
                Some(LatestScores {
                    answered_at: response.at,
                    scores: ranked.iter().map(|r| (r.vendor.id, r.score)).collect(),
                })
            }
            None => None,
        };
        scores.insert(category, latest);
    }
    Ok((rows, scores, more))
}
