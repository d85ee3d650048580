//! Each category's saved picks: Pick For Me over every category, the picks as /matches shows
//! them, and the order /matches shows them in (the progress through the stages is `progress`'s).
//! Dismissed and inactive vendors are never shown.

use crate::platform::firm_id::FirmId;
use std::collections::{HashMap, HashSet};

use super::fit::{self, Known};
use super::model::{
    EvidenceView, NotKnownView, PersistedPicks, PickForMeAnswer, PickSet, PickSource, PickView,
    PicksRestored, RestoredCategory, StagePicks, StageSave, StoredPick, TieGroupView, TieMember,
};
use super::pick_for_me::{self, Basis, DemandTiers};
use super::ranking::join_and;
use super::{inputs, storage};
use crate::bookings::evidence::{Evidence, Source};
use crate::catalog::{Catalog, Category, Vendor};
use crate::platform::caller::User;
use crate::platform::clock::now_secs;
use crate::platform::error::{Result, not_found};
use crate::platform::store::seam;
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
) -> Result<PickForMeAnswer> {
    let catalog = app.catalog.load();
    let before = storage::pick_sets(&app.store, user.firm.id)?;
    let kept = |set: &PickSet| !replace_questionnaire && set.source == PickSource::Questionnaire;
    let from_questionnaire: HashSet<u64> = before
        .iter()
        .filter(|(_, set)| kept(set))
        .map(|(category_id, _)| *category_id)
        .collect();
    let ctx = inputs::firm_context(&app.store, &app.catalog.load(), user)?;
    let evidence = inputs::evidence(app)?;
    // Whether the evidence changed since the picks this run replaces were made: what the answer
    // (and so the toast) may claim.
    let replaced: Vec<&PickSet> = before
        .iter()
        .map(|(_, set)| set)
        .filter(|set| !kept(set) && !set.picks.is_empty())
        .collect();
    let evidence_changed =
        (!replaced.is_empty()).then(|| replaced.iter().any(|set| predates(set, &evidence)));
    let asks = inputs::security_asks(&app.store, &catalog, user.firm.id)?;
    let firm = inputs::facts(&ctx, asks);
    let outcomes = crate::peers::outcomes::shown(&app.peers, user.firm.id.get(), ctx.size)?;
    let facts = |id: u64| catalog.facts(id);
    let known = Known {
        facts: &facts,
        outcomes: &outcomes,
    };
    let dismissed = super::dismissals::out_of_ranking(app, user.firm.id)?;
    let dismissals = storage::dismissals(&app.store, user.firm.id)?;
    let demand = demand_tiers(app, &ctx, &evidence);
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
        let picked =
            pick_for_me::pick_stage(&vendors, &firm, &known, &excluded, &effects, tiers.as_ref());
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
    Ok(PickForMeAnswer {
        picks: page(app, user.firm.id, &catalog, &evidence)?,
        evidence_changed,
    })
}

/// Whether a stage's saved picks were made before the evidence they should rest on: before the
/// real bookings last changed, or (Pick For Me's, whose note says so) while none existed.
pub fn predates(set: &PickSet, evidence: &Evidence) -> bool {
    let (note, _) = pick_for_me::read_note(set.note.as_deref());
    evidence.is_newer_than(set.at)
        || (evidence.source.is_real()
            && set.source == PickSource::PickForMe
            && Basis::of_note(note) == Basis::NoRealBookings)
}

/// "made before the latest demo bookings were imported (November 29, 2026)", or without the day
/// when the import predates Litstack keeping it.
fn made_before(evidence: &Evidence) -> String {
    match evidence.changed_on() {
        Some(day) => format!("made before the latest demo bookings were imported ({day})"),
        None => "made before demo bookings were imported".into(),
    }
}

/// The page's offer to refresh Pick For Me picks made before the data (`labels`: the categories
/// concerned, empty when it is all of them).
fn stale_page_note(evidence: &Evidence, labels: &[&str]) -> String {
    let which = if labels.is_empty() {
        "These picks were".to_string()
    } else {
        format!("The picks in {} were", join_and(labels))
    };
    format!(
        "{which} {}. Run Pick For Me to refresh them.",
        made_before(evidence)
    )
}

/// A category's note when its picks predate the data: Pick For Me's are refreshed by Pick For Me
/// (the page offers it); a questionnaire's are the firm's own answers, ranked again by answering
/// it again (it opens with the last answers), never replaced behind the firm's back.
fn stale_stage_note(evidence: &Evidence, source: PickSource) -> String {
    let made = made_before(evidence);
    let mut made = made.chars();
    let made: String = made
        .next()
        .map(|c| c.to_uppercase().chain(made).collect())
        .unwrap_or_default();
    match source {
        PickSource::PickForMe => {
            format!("{made}, so these picks do not use them yet. Pick For Me refreshes them.")
        }
        PickSource::Questionnaire => format!(
            "{made}. Answer this questionnaire again (it opens with your last answers) to rank with them."
        ),
    }
}

/// Real demand for Pick For Me (`DemandTiers`): the firm's own size, its neighbours, all firms.
/// Sample rows are never evidence: with no real booking (`None`) every stage is ranked by fit.
pub type Demand = (HashMap<u64, u32>, HashMap<u64, u32>, HashMap<u64, u32>);

pub fn demand_tiers(
    app: &RecommendState,
    ctx: &inputs::FirmContext,
    evidence: &Evidence,
) -> Option<Demand> {
    evidence.source.is_real().then(|| {
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

/// The saved picks of every category, as SPEC's persisted result, told against the evidence now.
pub fn persisted(
    app: &RecommendState,
    firm_id: FirmId,
    catalog: &Catalog,
) -> Result<PersistedPicks> {
    // The notes need only where the evidence comes from and when it changed, not the firm's size.
    page(app, firm_id, catalog, &inputs::evidence(app)?)
}

/// The saved picks of every category with the notes `evidence` makes true now: the page's note
/// and banner, each category's note, and the offer to refresh picks made before the data.
fn page(
    app: &RecommendState,
    firm_id: FirmId,
    catalog: &Catalog,
    evidence: &Evidence,
) -> Result<PersistedPicks> {
    let (dismissed, sets) = seam::read(&app.store, |tx| {
        Ok((
            super::dismissals::out_of_ranking_in(app, tx, firm_id)?,
            storage::pick_sets_in(tx, firm_id)?,
        ))
    })?;
    // Until a real booking exists the page tells one story of its evidence, once, even before
    // any pick: categories then say nothing more of it.
    let data_story = match evidence.source {
        Source::NoBookings => Some(pick_for_me::PAGE_NO_REAL_BOOKINGS_NOTE),
        Source::SampleOnly => Some(pick_for_me::PAGE_SAMPLE_ONLY_NOTE),
        Source::RealBookings => None,
    };
    let mut any_fallback = false;
    let mut without_bookings = false;
    // What the current Pick For Me picks rest on, and the categories whose picks predate the data.
    let mut current: Vec<(&str, Basis)> = Vec::new();
    let mut stale: Vec<&str> = Vec::new();
    let mut pick_for_me_sets = 0;
    let mut items = Vec::new();
    for stage in page_order(catalog) {
        let Some((_, set)) = sets.iter().find(|(c, _)| *c == stage.id) else {
            continue;
        };
        let (note, mut tie_note) = pick_for_me::read_note(set.note.as_deref());
        let basis = Basis::of_note(note);
        let predates = predates(set, evidence);
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
        let mut tie_group = None;
        if let Some(group) = pick_for_me::tie_group(set.note.as_deref()) {
            let tie = pick_for_me::tie_now(&group, shown);
            tie_note = tie.as_ref().map(|(_, note, _)| note.clone());
            for pick in &mut picks {
                pick.tie = tie
                    .as_ref()
                    .filter(|_| group.contains(&pick.vendor_id))
                    .map(|(_, _, card)| card.clone());
            }
            if tie.is_some() {
                tie_group = Some(tie_group_view(catalog, &group, shown));
            }
        }
        any_fallback |= set.used_size_fallback;
        if !picks.is_empty() {
            without_bookings |= basis == Basis::NoRealBookings;
            if set.source == PickSource::PickForMe {
                pick_for_me_sets += 1;
                if predates {
                    stale.push(&stage.label);
                } else {
                    current.push((&stage.label, basis));
                }
            }
        }
        // A note says what is true now: picks made before the data say so, and a note that no
        // booking exists is the page's to say while that is true, and nobody's after.
        let note = if predates {
            Some(stale_stage_note(evidence, set.source))
        } else if data_story.is_some() && basis == Basis::NoRealBookings {
            None
        } else {
            note.map(String::from)
        };
        items.push(StagePicks {
            category_id: stage.id,
            category_name: stage.name.clone(),
            category_label: stage.label.clone(),
            stage: stage.stage,
            picks,
            note,
            tie_note,
            tie_group,
            source: set.source,
            used_size_fallback: set.used_size_fallback,
            stale: predates,
        });
    }
    let stale_note = (!stale.is_empty()).then(|| {
        let named: &[&str] = if stale.len() == pick_for_me_sets {
            &[]
        } else {
            &stale
        };
        stale_page_note(evidence, named)
    });
    Ok(PersistedPicks {
        items,
        used_any_size_fallback: any_fallback,
        fallback_note: data_story
            .map(String::from)
            .or_else(|| pick_for_me::page_note(&current)),
        ranked_without_bookings: without_bookings,
        stale_note,
        evidence: EvidenceView {
            source: evidence.source,
            real_changed_at: evidence.changed_at.and_then(|t| {
                chrono::DateTime::from_timestamp(t, 0)
                    .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
            }),
        },
    })
}

/// A stored tie group as the page shows it: the members the firm can still be shown, by name,
/// and what the catalog does not know of them.
fn tie_group_view(catalog: &Catalog, group: &[u64], shown: impl Fn(u64) -> bool) -> TieGroupView {
    let mut members: Vec<&Vendor> = group
        .iter()
        .filter(|&&id| shown(id))
        .filter_map(|&id| catalog.vendor(id))
        .collect();
    members.sort_by(|a, b| fit::by_name(a, b));
    TieGroupView {
        not_known: fit::not_known(&members, |id| catalog.facts(id))
            .into_iter()
            .map(|n| NotKnownView {
                fact: n.fact.to_string(),
                vendors: n.vendors,
            })
            .collect(),
        vendors: members
            .iter()
            .map(|v| TieMember {
                vendor_id: v.id,
                name: v.name.clone(),
            })
            .collect(),
    }
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
