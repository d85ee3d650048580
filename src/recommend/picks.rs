//! Each category's saved picks: Pick For Me over every category, the picks as /matches shows
//! them, and the order /matches shows them in (the progress through the stages is `progress`'s).
//! Dismissed and inactive vendors are never shown.

use crate::platform::firm_id::FirmId;
use std::collections::{HashMap, HashSet};

use super::model::{
    PersistedPicks, PickSet, PickSource, PickView, PicksRestored, RestoredCategory, StagePicks,
    StageSave, StoredPick,
};
use super::pick_for_me::{self, Basis, DemandTiers};
use super::{inputs, storage};
use crate::catalog::{Catalog, Category, Vendor};
use crate::platform::caller::User;
use crate::platform::clock::now_secs;
use crate::platform::error::{Result, not_found};
use crate::recommend::RecommendState;

/// The categories in the order /matches shows them: the nine stages, then the categories outside
/// the stages ("Across the firm") by id.
pub fn page_order(catalog: &Catalog) -> Vec<&Category> {
    let mut others: Vec<&Category> = catalog
        .categories
        .iter()
        .filter(|c| c.stage.is_none())
        .collect();
    others.sort_by_key(|c| c.id);
    let mut all = catalog.stages();
    all.extend(others);
    all
}

/// Picks up to three vendors per category from recent real demo bookings of similar firms (by fit
/// with the firm when there are none), saves them and returns every category's picks. The picks a
/// questionnaire produced are the firm's own answers: they stay unless `replace_questionnaire`.
pub fn pick_for_me_for(
    app: &RecommendState,
    user: &User,
    replace_questionnaire: bool,
) -> Result<PersistedPicks> {
    let catalog = app.catalog.load();
    let from_questionnaire: HashSet<u64> = if replace_questionnaire {
        HashSet::new()
    } else {
        storage::pick_sets(&app.store, user.firm.id)?
            .into_iter()
            .filter(|(_, set)| set.source == PickSource::Questionnaire)
            .map(|(category_id, _)| category_id)
            .collect()
    };
    let ctx = inputs::firm_context(&app.store, &app.catalog.load(), user)?;
    let firm = inputs::facts(&ctx);
    let dismissed = super::dismissals::out_of_ranking(app, user.firm.id)?;
    let dismissals = storage::dismissals(&app.store, user.firm.id)?;
    let demand = demand_tiers(app, &ctx);
    let tiers = demand.as_ref().map(|(exact, near, all)| DemandTiers {
        exact,
        neighbours: near,
        all,
    });
    let at = now_secs();
    let mut sets = Vec::new();
    for category in page_order(&catalog) {
        if from_questionnaire.contains(&category.id) {
            continue;
        }
        let vendors: Vec<&Vendor> = catalog
            .vendors
            .iter()
            .filter(|v| v.category_id == category.id)
            .collect();
        let mut excluded: HashSet<u64> = ctx.owned_in(category.id);
        excluded.extend(dismissed.iter().copied());
        let effects =
            super::dismissals::effects_for(category.id, &dismissals, |id| catalog.vendor(id));
        let picked = pick_for_me::pick_stage(&vendors, &firm, &excluded, &effects, tiers.as_ref());
        let set = PickSet {
            picks: picked
                .picks
                .iter()
                .map(|p| StoredPick::new(p.vendor.id, &p.card, p.tie.as_deref()))
                .collect(),
            source: PickSource::PickForMe,
            note: pick_for_me::stored_note(
                picked.note.as_deref(),
                picked.tie_note.as_deref(),
                &picked.tie_group,
            ),
            used_size_fallback: picked.used_size_fallback,
            at,
        };
        let history = picked
            .picks
            .iter()
            .map(|p| (p.vendor.id, p.reasons.clone()))
            .collect();
        sets.push(StageSave {
            category_id: category.id,
            set,
            history,
        });
    }
    storage::save_picks(&app.store, user.firm.id, &sets)?;
    persisted(app, user.firm.id, &catalog)
}

/// Real demand for Pick For Me (`DemandTiers`): the firm's own size, its neighbours, all firms.
/// Sample rows are never evidence: with no real booking (`None`) every stage is ranked by fit.
pub type Demand = (HashMap<u64, u32>, HashMap<u64, u32>, HashMap<u64, u32>);

pub fn demand_tiers(app: &RecommendState, ctx: &inputs::FirmContext) -> Option<Demand> {
    inputs::has_real_bookings(app).then(|| {
        let (exact, near) = match ctx.size {
            Some(size) => (
                inputs::demand(app, &[size]),
                inputs::demand(app, &pick_for_me::neighbourhood(size)),
            ),
            None => (HashMap::new(), HashMap::new()),
        };
        (exact, near, inputs::demand(app, &[]))
    })
}

/// The saved picks of every category, as SPEC's persisted / Pick For Me result.
pub fn persisted(
    app: &RecommendState,
    firm_id: FirmId,
    catalog: &Catalog,
) -> Result<PersistedPicks> {
    let dismissed = super::dismissals::out_of_ranking(app, firm_id)?;
    let sets = storage::pick_sets(&app.store, firm_id)?;
    // Until a real booking exists the page tells one story of its evidence, once, even before
    // any pick: categories then say nothing more of it.
    let bookings = app.bookings.load();
    let data_story = (!bookings.has_real_data()).then(|| {
        if bookings.sample.is_empty() {
            pick_for_me::PAGE_NO_REAL_BOOKINGS_NOTE
        } else {
            pick_for_me::PAGE_SAMPLE_ONLY_NOTE
        }
    });
    let mut any_fallback = false;
    let mut widest: (Basis, Option<&str>) = (Basis::OwnSize, None);
    let mut items = Vec::new();
    for stage in page_order(catalog) {
        let Some((_, set)) = sets.iter().find(|(c, _)| *c == stage.id) else {
            continue;
        };
        let (note, mut tie_note) = pick_for_me::read_note(set.note.as_deref());
        let basis = Basis::of_note(note);
        if basis > widest.0 {
            widest = (basis, note);
        }
        // A dismissed pick stays stored (its undo puts it back), and the picks that replaced it
        // come after it: the first three shown are the stage's picks.
        let shown =
            |id: u64| !dismissed.contains(&id) && catalog.vendor(id).is_some_and(|v| v.is_active);
        let mut picks: Vec<PickView> = set
            .picks
            .iter()
            .filter(|p| shown(p.vendor_id))
            .filter_map(|p| {
                catalog
                    .vendor(p.vendor_id)
                    .map(|v| PickView::new(catalog, v, p))
            })
            .take(pick_for_me::PICKS_PER_STAGE)
            .collect();
        // The tie is counted now, once, from the stored group less what the firm can no longer
        // be shown: the note and every card in the group say the same number (issue 77).
        if let Some(group) = pick_for_me::tie_group(set.note.as_deref()) {
            let tie = pick_for_me::tie_now(&group, shown);
            tie_note = tie.as_ref().map(|(_, note, _)| note.clone());
            for pick in &mut picks {
                pick.tie = tie
                    .as_ref()
                    .filter(|_| group.contains(&pick.vendor_id))
                    .map(|(_, _, card)| card.clone());
            }
        }
        any_fallback |= set.used_size_fallback;
        items.push(StagePicks {
            category_id: stage.id,
            category_name: stage.name.clone(),
            category_label: stage.label.clone(),
            stage: stage.stage,
            picks,
            note: note
                .filter(|_| !(data_story.is_some() && basis == Basis::NoRealBookings))
                .map(String::from),
            tie_note,
            source: set.source,
            used_size_fallback: set.used_size_fallback,
        });
    }
    Ok(PersistedPicks {
        items,
        used_any_size_fallback: any_fallback,
        fallback_note: data_story
            .map(String::from)
            .or_else(|| widest.0.page_note(widest.1)),
        ranked_without_bookings: widest.0 == Basis::NoRealBookings,
    })
}

/// Undoes the firm's last "Clear picks" (`storage::restore_cleared_picks`), naming the categories
/// in the order /matches shows them.
pub fn restore_cleared(app: &RecommendState, firm_id: FirmId) -> Result<PicksRestored> {
    let done = storage::restore_cleared_picks(&app.store, firm_id)?.ok_or_else(|| {
        not_found(
            "There are no cleared picks to restore: they were restored already, or never cleared",
        )
    })?;
    let catalog = app.catalog.load();
    let named = |ids: &[u64]| -> Vec<RestoredCategory> {
        page_order(&catalog)
            .into_iter()
            .filter(|c| ids.contains(&c.id))
            .map(|c| RestoredCategory {
                category_id: c.id,
                category_name: c.name.clone(),
                category_label: c.label.clone(),
            })
            .collect()
    };
    Ok(PicksRestored {
        restored: named(&done.restored),
        kept_newer: named(&done.kept_newer),
    })
}
