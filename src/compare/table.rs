//! Builds the comparison: the columns from the catalog, the firm's context and the evidence, then
//! the rows that differ and the summary lines.

use std::collections::{BTreeSet, HashMap, HashSet};

use super::ids::VendorIds;
use super::model::{Attribute, ComparedVendor, Comparison, Integration, MatchScore, PartnerStatus};
use super::summary;
use crate::catalog::facts::SecurityView;
use crate::catalog::{Catalog, Vendor};
use crate::peers::ShownCount;
use crate::platform::caller::User;
use crate::platform::error::{Result, not_found};
use crate::recommend::RecommendState;
use crate::recommend::ranking::DEMAND_DAYS;

/// The comparison of `ids` for `user`'s firm. 404 names the first id the catalog does not hold.
pub fn compare(app: &RecommendState, user: &User, ids: &VendorIds) -> Result<Comparison> {
    let catalog = app.catalog.load();
    let vendors = ids
        .as_slice()
        .iter()
        .map(|&id| {
            catalog
                .vendor(id)
                .ok_or_else(|| not_found(format!("There is no vendor with id {id}")))
        })
        .collect::<Result<Vec<&Vendor>>>()?;

    // The firm's rows and its latest answers in each category compared, in one snapshot.
    let mut categories: Vec<u64> = vendors.iter().map(|v| v.category_id).collect();
    categories.sort_unstable();
    categories.dedup();
    let (rows, scores, ()) =
        crate::recommend::scores::latest_scores_with(app, user, &catalog, &categories, |_| Ok(()))?;
    let firm = rows.ctx;
    let stack: HashSet<String> = firm.tool_names.iter().map(|n| n.to_lowercase()).collect();
    // Real bookings only (vendor_demand never counts sample rows); all firms when the size is
    // unknown, as the recommendations do.
    let sizes: Vec<_> = firm.size.into_iter().collect();
    let since = crate::platform::clock::today() - chrono::Duration::days(DEMAND_DAYS);
    let demand =
        crate::bookings::vendor_demand(&app.bookings.load(), &app.catalog.load(), &sizes, since);
    let adoption = firm.size.map(|size| {
        app.peers
            .read(|f| f.other_firms_using(user.firm.id.get(), size))
    });

    let mut columns: Vec<ComparedVendor> = vendors
        .iter()
        .map(|v| {
            let score = scores[&v.category_id].as_ref().and_then(|latest| {
                latest.scores.get(&v.id).map(|&score| MatchScore {
                    score,
                    answered_on: day(latest.answered_at),
                })
            });
            column(&catalog, v, &stack, &demand, adoption.as_ref(), score)
        })
        .collect();
    let categories: HashSet<u64> = columns.iter().map(|c| c.category.id).collect();
    let different_categories = categories.len() > 1;
    let lines = summary::summaries(&columns, firm.size);
    for (column, line) in columns.iter_mut().zip(lines) {
        column.summary = line;
    }
    Ok(Comparison {
        differing: differing(&columns),
        vendors: columns,
        different_categories,
        firm_size: firm.size,
        demand_days: DEMAND_DAYS as u32,
    })
}

fn column(
    catalog: &Catalog,
    v: &Vendor,
    stack: &HashSet<String>,
    demand: &HashMap<u64, u32>,
    adoption: Option<&HashMap<u64, u32>>,
    match_score: Option<MatchScore>,
) -> ComparedVendor {
    let source = catalog.source(v.id);
    ComparedVendor {
        id: v.id,
        name: v.name.clone(),
        logo_url: v.logo_url.clone(),
        category: catalog.category_ref(v.category_id),
        price_bracket: v.price_bracket,
        firm_sizes: v.firm_sizes_supported.clone(),
        practice_areas: v.practice_areas_supported.clone(),
        integrations: v
            .integrations
            .iter()
            .map(|name| Integration {
                name: name.clone(),
                in_your_stack: stack.contains(&name.to_lowercase()),
            })
            .collect(),
        highlights: v.short_highlights.clone(),
        partner: PartnerStatus {
            is_recommended_partner: v.is_recommended_partner,
            partner_level: v.partner_level.clone(),
        },
        recent_demo_bookings: ShownCount::of(demand.get(&v.id).copied().unwrap_or(0)),
        peer_adoption: adoption.map(|firms| ShownCount::of(firms.get(&v.id).copied().unwrap_or(0))),
        match_score,
        verified_on: source.and_then(|s| s.verified_on.clone()),
        source_url: source.and_then(|s| s.source_url.clone()),
        facts: catalog.facts_view(v),
        booking_url: v.booking_url.clone(),
        website_url: v.website_url.clone(),
        is_active: v.is_active,
        summary: String::new(),
    }
}

fn day(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .unwrap_or_default()
        .format("%Y-%m-%d")
        .to_string()
}

fn lower_set<'a>(names: impl Iterator<Item = &'a String>) -> BTreeSet<String> {
    names.map(|n| n.to_lowercase()).collect()
}

/// The rows whose values are not all the same. Counts compare as shown, so two suppressed counts
/// are the same row value and nothing hidden is revealed by the mark.
pub fn differing(columns: &[ComparedVendor]) -> Vec<Attribute> {
    fn differs<T: PartialEq>(
        columns: &[ComparedVendor],
        key: impl Fn(&ComparedVendor) -> T,
    ) -> bool {
        let mut keys = columns.iter().map(key);
        let Some(first) = keys.next() else {
            return false;
        };
        keys.any(|k| k != first)
    }
    // A security fact differs on its stated value; "Not stated" is a value too.
    fn security<T: PartialEq>(
        columns: &[ComparedVendor],
        key: impl Fn(&SecurityView) -> Option<T>,
    ) -> bool {
        differs(columns, |c| key(&c.facts.security))
    }
    let rows: [(Attribute, bool); 21] = [
        (Attribute::Category, differs(columns, |c| c.category.id)),
        (
            Attribute::PriceBracket,
            differs(columns, |c| c.price_bracket),
        ),
        (
            Attribute::FirmSizes,
            differs(columns, |c| {
                c.firm_sizes.iter().copied().collect::<BTreeSet<_>>()
            }),
        ),
        (
            Attribute::PracticeAreas,
            differs(columns, |c| lower_set(c.practice_areas.iter())),
        ),
        (
            Attribute::Integrations,
            differs(columns, |c| {
                lower_set(c.integrations.iter().map(|i| &i.name))
            }),
        ),
        (
            Attribute::Highlights,
            differs(columns, |c| c.highlights.clone()),
        ),
        (Attribute::Partner, differs(columns, |c| c.partner.clone())),
        (
            Attribute::RecentDemoBookings,
            differs(columns, |c| c.recent_demo_bookings.text.clone()),
        ),
        (
            Attribute::PeerAdoption,
            differs(columns, |c| {
                c.peer_adoption.as_ref().map(|p| p.text.clone())
            }),
        ),
        (
            Attribute::MatchScore,
            differs(columns, |c| c.match_score.as_ref().map(|m| m.score)),
        ),
        (
            Attribute::VerifiedOn,
            differs(columns, |c| c.verified_on.clone()),
        ),
        (
            Attribute::Scheduling,
            differs(columns, |c| c.booking_url.is_some()),
        ),
        (Attribute::IsActive, differs(columns, |c| c.is_active)),
        (
            Attribute::HipaaBaa,
            security(columns, |s| s.hipaa_baa.as_ref().map(|f| f.value)),
        ),
        (
            Attribute::Soc2,
            security(columns, |s| s.soc2.as_ref().map(|f| f.value.clone())),
        ),
        (
            Attribute::Iso27001,
            security(columns, |s| s.iso27001.as_ref().map(|f| f.value)),
        ),
        (
            Attribute::Sso,
            security(columns, |s| s.sso.as_ref().map(|f| f.value.clone())),
        ),
        (
            Attribute::Mfa,
            security(columns, |s| s.mfa.as_ref().map(|f| f.value)),
        ),
        (
            Attribute::DataLocation,
            security(columns, |s| {
                s.data_location.as_ref().map(|f| f.value.clone())
            }),
        ),
        (
            Attribute::AiTraining,
            security(columns, |s| s.ai_training.as_ref().map(|f| f.value)),
        ),
        (
            Attribute::DataExport,
            security(columns, |s| s.data_export.as_ref().map(|f| f.value)),
        ),
    ];
    rows.into_iter()
        .filter(|(_, differ)| *differ)
        .map(|(row, _)| row)
        .collect()
}
