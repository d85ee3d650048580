//! Puts the profile together: the vendor's facts from the catalog, its integrations against the
//! firm's stack, the user's own history with it and the alternatives.

use super::alternatives::{self, FirmFit};
use super::model::{FirmHistory, Integration, MeetingClickItem, PastRecommendation, VendorProfile};
use crate::catalog::meetings::rfc3339;
use crate::platform::caller::User;
use crate::platform::error::{Result, not_found};
use crate::recommend::RecommendState;
use crate::recommend::scores::latest_scores_with;
use crate::recommend::storage;

/// "There is no vendor with id 999999" for an id the catalog does not hold.
pub fn unknown_vendor(id: u64) -> crate::platform::error::AppError {
    not_found(format!("There is no vendor with id {id}"))
}

/// The profile of vendor `id` as `user` sees it.
pub fn profile_for(app: &RecommendState, user: &User, id: u64) -> Result<VendorProfile> {
    let catalog = app.catalog.load();
    let vendor = catalog.vendor(id).ok_or_else(|| unknown_vendor(id))?;
    // The firm's rows, its latest answers in the vendor's category, its past recommendations, the
    // user's clicks on the vendor and the month's "What firms pay", in one snapshot.
    let (rows, mut latest, (past, clicks, pay)) =
        latest_scores_with(app, user, &catalog, &[vendor.category_id], |tx| {
            Ok((
                storage::past_in(tx, user.firm.id)?,
                crate::catalog::storage::meeting_clicks_on_in(tx, &[user.id], &[id])?,
                super::price_snapshot::stored_in(tx, id)?,
            ))
        })?;
    let dismissed = rows.dismissed();
    let firm = rows.ctx;
    let category = catalog.category_ref(vendor.category_id);

    let integrations = vendor
        .integrations
        .iter()
        .map(|name| Integration {
            name: name.clone(),
            in_your_stack: firm.tool_names.iter().any(|t| t.eq_ignore_ascii_case(name)),
        })
        .collect();

    let recommendations = past
        .into_iter()
        .filter(|(_, vendor_id, _)| *vendor_id == id)
        .map(|(category_id, _, rec)| {
            let list = crate::recommend::reason_lines::ReasonList::from_stored(&rec.strengths);
            PastRecommendation {
                category: catalog.category_ref(category_id),
                recommended_at: rfc3339(rec.at),
                reasons: list.strengths,
                needs_met: list.needs_met,
            }
        })
        .collect();
    let meeting_clicks = clicks
        .into_iter()
        .map(|c| MeetingClickItem {
            source_page: c.source_page,
            kind: c.kind,
            recorded_at: rfc3339(c.at),
        })
        .collect();

    let latest = latest.remove(&vendor.category_id).flatten();
    let answered = latest.as_ref().map(|l| {
        chrono::DateTime::from_timestamp(l.answered_at, 0)
            .unwrap_or_default()
            .format("%b %-d, %Y")
            .to_string()
    });
    let fit = FirmFit {
        size: firm.size,
        tool_names: &firm.tool_names,
        dismissed: &dismissed,
        scores: latest
            .as_ref()
            .zip(answered)
            .map(|(l, day)| (&l.scores, day)),
    };
    let (alternatives_basis, mut alternatives) = alternatives::choose(
        vendor,
        catalog
            .vendors
            .iter()
            .filter(|v| v.category_id == vendor.category_id),
        &fit,
        &category.label,
    );

    for alt in &mut alternatives {
        alt.price = catalog
            .vendor(alt.id)
            .and_then(|v| catalog.price_provenance(v));
    }
    let what_firms_pay = super::price_snapshot::what_firms_pay_from(&app.store, &catalog, id, pay)?;
    let source = catalog.source(id);
    Ok(VendorProfile {
        id,
        name: vendor.name.clone(),
        category,
        website_url: vendor.website_url.clone(),
        booking_url: vendor.booking_url.clone(),
        logo_url: vendor.logo_url.clone(),
        description: vendor.description.clone(),
        short_highlights: vendor.short_highlights.clone(),
        price_bracket: vendor.price_bracket,
        firm_sizes_supported: vendor
            .firm_sizes_supported
            .iter()
            .map(|s| (*s).into())
            .collect(),
        practice_areas_supported: vendor.practice_areas_supported.clone(),
        geo_focus: vendor.geo_focus.clone(),
        is_recommended_partner: vendor.is_recommended_partner,
        partner_level: vendor.partner_level.clone(),
        is_active: vendor.is_active,
        source_url: source.and_then(|s| s.source_url.clone()),
        verified_on: source.and_then(|s| s.verified_on.clone()),
        booking_added_on: catalog
            .booking_source(id)
            .and_then(|b| b.imported())
            .map(|by| by.on.clone()),
        facts: catalog.facts_view(vendor),
        integrations,
        history: FirmHistory {
            recommendations,
            meeting_clicks,
            dismissed: dismissed.contains(&id),
        },
        alternatives_basis,
        alternatives,
        what_firms_pay,
    })
}
