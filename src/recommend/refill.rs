//! Topping a stage's picks up after a dismissal: the stage shows three picks again while
//! candidates remain, drawn the way its picks were (Pick For Me's ranking, or the ranking of the
//! firm's latest answers to the category's questionnaire), with the dismissal already counted.
//! The replacements go after the stored picks, the dismissed one included: undoing the dismissal
//! brings it back in its place and the replacement drops out of the first three shown.

use std::collections::HashSet;

use super::fit::Known;
use super::model::{PastRec, PickSet, PickSource, StoredPick};
use super::pick_for_me::{self, DemandTiers, PICKS_PER_STAGE};
use super::ranking::Ranked;
use super::{dismissals, fit, inputs, picks, scores, storage};
use crate::catalog::{Catalog, Vendor};
use crate::platform::caller::User;
use crate::platform::error::Result;
use crate::recommend::RecommendState;

/// One replacement: the pick to store and its reasons for the history.
struct Replacement {
    pick: StoredPick,
    reasons: Vec<String>,
}

/// Refills the stage of `vendor_id` (just dismissed) up to three shown picks, when candidates
/// remain. Does nothing when the stage has no saved picks or shows three already, or when its
/// picks changed meanwhile (those newer picks stand).
pub fn after_dismissal(app: &RecommendState, user: &User, vendor_id: u64) -> Result<()> {
    let catalog = app.catalog.load();
    let Some(category_id) = catalog.vendor(vendor_id).map(|v| v.category_id) else {
        return Ok(());
    };
    let firm_id = user.firm.id;
    let Some((_, set)) = storage::pick_sets(&app.store, firm_id)?
        .into_iter()
        .find(|(c, _)| *c == category_id)
    else {
        return Ok(());
    };
    // What the stage cannot show: dismissed (this one included) or rejected vendors, and
    // vendors no longer active.
    let hidden = dismissals::out_of_ranking(app, firm_id)?;
    let shown = |id: u64| !hidden.contains(&id) && catalog.vendor(id).is_some_and(|v| v.is_active);
    let visible: Vec<u64> = set
        .picks
        .iter()
        .map(|p| p.vendor_id)
        .filter(|&id| shown(id))
        .collect();
    let need = PICKS_PER_STAGE.saturating_sub(visible.len());
    if need == 0 {
        return Ok(());
    }
    let stored: HashSet<u64> = set.picks.iter().map(|p| p.vendor_id).collect();
    let (replacements, tie_group) = match set.source {
        PickSource::PickForMe => {
            by_pick_for_me(app, &catalog, user, category_id, &hidden, &stored, need)?
        }
        PickSource::Questionnaire => (
            by_questionnaire(app, &catalog, user, category_id, &hidden, &stored, need)?,
            Vec::new(),
        ),
    };
    if replacements.is_empty() {
        return Ok(());
    }
    let at = crate::platform::clock::now_secs();
    let history = replacements
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let rec = PastRec {
                at,
                rank: (visible.len() + i) as u32,
                strengths: r.reasons.clone(),
            };
            (r.pick.vendor_id, rec)
        })
        .collect();
    let mut refilled: PickSet = set.clone();
    refilled
        .picks
        .extend(replacements.into_iter().map(|r| r.pick));
    // The stage keeps one tie group: the replacements' joins the stored one (the dismissed
    // vendor stays listed, so an undo counts it again; the page leaves out whom it cannot show).
    if !tie_group.is_empty() {
        let mut group = pick_for_me::tie_group(set.note.as_deref()).unwrap_or_default();
        for id in tie_group {
            if !group.contains(&id) {
                group.push(id);
            }
        }
        refilled.note = pick_for_me::with_tie_group(set.note.as_deref(), &group);
    }
    storage::refill_picks(
        &app.store,
        firm_id,
        &set,
        &storage::Refill {
            category_id,
            set: refilled,
            history,
        },
    )?;
    Ok(())
}

/// The next of Pick For Me's picks for the category. Ranked first with the shown picks among the
/// candidates, so a replacement's tie counts the vendors it really ties with; then, if that
/// ranking puts too few new vendors in its top three, without them.
fn by_pick_for_me(
    app: &RecommendState,
    catalog: &Catalog,
    user: &User,
    category_id: u64,
    hidden: &HashSet<u64>,
    stored: &HashSet<u64>,
    need: usize,
) -> Result<(Vec<Replacement>, Vec<u64>)> {
    let ctx = inputs::firm_context(&app.store, catalog, user)?;
    let asks = inputs::security_asks(&app.store, catalog, user.firm.id)?;
    let firm = inputs::facts(&ctx, asks);
    let outcomes = crate::peers::outcomes::shown(&app.peers, user.firm.id.get(), ctx.size)?;
    let facts = |id: u64| catalog.facts(id);
    let known = Known {
        facts: &facts,
        outcomes: &outcomes,
    };
    let all_dismissals = storage::dismissals(&app.store, user.firm.id)?;
    let effects = dismissals::effects_for(category_id, &all_dismissals, |id| catalog.vendor(id));
    let evidence = inputs::evidence(app)?;
    let demand = picks::demand_tiers(app, &ctx, &evidence);
    let tiers = demand.as_ref().map(|(exact, near, all)| DemandTiers {
        exact,
        neighbours: near,
        all,
    });
    let vendors: Vec<&Vendor> = catalog
        .vendors
        .iter()
        .filter(|v| v.category_id == category_id)
        .collect();
    let mut excluded = ctx.owned_in(category_id);
    excluded.extend(hidden.iter().copied());
    let mut out: Vec<Replacement> = Vec::new();
    let mut tie_group = Vec::new();
    for pass in 0..2 {
        if pass == 1 {
            excluded.extend(stored.iter().copied());
        }
        let picked =
            pick_for_me::pick_stage(&vendors, &firm, &known, &excluded, &effects, tiers.as_ref());
        if pass == 0 {
            tie_group = picked.tie_group;
        }
        for p in picked.picks {
            if out.len() < need
                && !stored.contains(&p.vendor.id)
                && !out.iter().any(|r| r.pick.vendor_id == p.vendor.id)
            {
                out.push(Replacement {
                    pick: StoredPick::new(p.vendor.id, &p.card, p.tie.as_deref()),
                    reasons: p.reasons,
                });
            }
        }
        if out.len() == need {
            break;
        }
    }
    Ok((out, tie_group))
}

/// The next vendors of the ranking of the firm's latest answers to the category's questionnaire
/// (none without answers), each card with a reason no card above it gives.
fn by_questionnaire(
    app: &RecommendState,
    catalog: &Catalog,
    user: &User,
    category_id: u64,
    hidden: &HashSet<u64>,
    stored: &HashSet<u64>,
    need: usize,
) -> Result<Vec<Replacement>> {
    let Some(response) = storage::latest_response(&app.store, user.firm.id, category_id)? else {
        return Ok(Vec::new());
    };
    let (ranked, _, _) = scores::rank_response(app, user, catalog, category_id, &response)?;
    // The ranking down to the last replacement: the shown picks and the new ones, in order.
    let mut prefix: Vec<&Ranked> = Vec::new();
    let mut new = 0;
    for r in ranked
        .iter()
        .filter(|r| !r.already_used && !hidden.contains(&r.vendor.id))
    {
        if new == need {
            break;
        }
        if !stored.contains(&r.vendor.id) {
            new += 1;
        }
        prefix.push(r);
    }
    let cards = fit::distinct_card_reasons(prefix.iter().map(|r| r.card_reasons()));
    Ok(prefix
        .iter()
        .zip(cards)
        .filter(|(r, _)| !stored.contains(&r.vendor.id))
        .map(|(r, card)| Replacement {
            pick: StoredPick::new(r.vendor.id, &card, None),
            reasons: r.stored_reasons(),
        })
        .collect())
}
