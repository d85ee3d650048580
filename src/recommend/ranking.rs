//! The ranking: pure functions over the catalog's vendors and plain inputs, so that every score
//! can be recomputed and explained from what it was given. Nothing here reads the store.
//!
//! Each vendor earns points on named factors; the score is its share of the points available
//! (0-100). Every reason is a sentence that is true of the inputs, and peer counts under
//! [`MIN_SHOWN`] are written as "a few" so that a small peer group cannot be identified.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use serde::Serialize;

use super::dismissals::DismissalEffects;
use crate::catalog::Vendor;
use crate::firm_size::FirmSize;
use crate::shortlist::ShownOutcome;

pub const NEEDS_POINTS: f64 = 60.0;
pub const SIZE_POINTS: f64 = 15.0;
pub const INTEGRATION_POINTS: f64 = 15.0;
pub const DEMAND_POINTS: f64 = 10.0;
/// Partner points at a configured weight of 1.0; the default weight is 0.
pub const PARTNER_POINTS: f64 = 10.0;
/// Points a vendor loses when it sits at or above the price bracket of a vendor the user
/// dismissed as too expensive in the same category.
pub const PRICE_PENALTY_POINTS: f64 = 15.0;
/// How many times its usual weight the integration factor counts in a category where the user
/// dismissed a vendor as not working with the firm's tools.
pub const INTEGRATION_WEIGHT_AFTER_DISMISSAL: f64 = 2.0;
/// Demo outcomes of other firms; in play only when some vendor of the category has them from
/// `MIN_FIRMS` firms (see `shortlist::disclosure`).
pub const OUTCOME_POINTS: f64 = 10.0;
/// The outcome factor's evidence for a vendor without enough firms behind it.
pub const NO_OUTCOMES: &str = "Not enough firms your size have said how a demo went";
/// Smallest count ever shown; below it the text says "a few".
pub const MIN_SHOWN: u32 = 5;
pub const MAX_REASONS: usize = 5;
/// How far back peer demand looks.
pub const DEMAND_DAYS: i64 = 90;
/// The demand factor's evidence while no real (imported) booking exists: sample rows are never
/// evidence, so the factor is left out of the score.
pub const NO_DEMAND_DATA: &str = "No demo-booking data yet";

/// One need the user expressed: a chosen option and the capability tags it stands for.
#[derive(Debug, Clone)]
pub struct Need {
    pub label: String,
    pub tags: Vec<String>,
}

/// Which firms the demand counts come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeerGroup {
    /// Firms of exactly these sizes (one size, or a size and its neighbours).
    Sizes(Vec<FirmSize>),
    /// Every firm: the firm's size is unknown or the data was too thin.
    AllFirms,
}

impl PeerGroup {
    /// "firms of 6-20 employees", "solo firms and firms of 2-5 employees", "all firms".
    pub fn phrase(&self) -> String {
        match self {
            PeerGroup::AllFirms => "all firms".into(),
            PeerGroup::Sizes(sizes) => sizes_phrase(sizes),
        }
    }
}

pub fn size_phrase(size: FirmSize) -> String {
    match size {
        FirmSize::Solo => "solo firms".into(),
        other => format!("firms of {} employees", other.label()),
    }
}

fn sizes_phrase(sizes: &[FirmSize]) -> String {
    let has_solo = sizes.contains(&FirmSize::Solo);
    let others: Vec<&str> = sizes
        .iter()
        .filter(|s| **s != FirmSize::Solo)
        .map(|s| s.label())
        .collect();
    match (has_solo, others.is_empty()) {
        (true, true) => "solo firms".into(),
        (false, _) => format!("firms of {} employees", join_and(&others)),
        (true, false) => format!("solo firms and firms of {} employees", join_and(&others)),
    }
}

/// "A", "A and B", "A, B and C".
pub fn join_and<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let head: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", head.join(", "), last.as_ref())
        }
    }
}

/// A count as it may be shown: 0 or the number from [`MIN_SHOWN`] up, else "a few" (none is
/// no firm, so 0 singles out nobody).
pub fn shown_count(n: u32) -> String {
    if n == 0 || n >= MIN_SHOWN {
        n.to_string()
    } else {
        "a few".into()
    }
}

/// "41 demo bookings" / "A few demo bookings" (counts under [`MIN_SHOWN`] are never written).
pub fn bookings_phrase(n: u32) -> String {
    if n >= MIN_SHOWN {
        format!("{n} demo bookings")
    } else {
        "A few demo bookings".into()
    }
}

/// Peer demand: bookings per vendor from one peer group over the last [`DEMAND_DAYS`].
#[derive(Debug, Clone)]
pub struct Demand<'a> {
    pub counts: &'a HashMap<u64, u32>,
    pub peers: PeerGroup,
}

/// Everything the ranking depends on besides the vendors.
#[derive(Debug, Clone)]
pub struct RankInputs<'a> {
    pub needs: &'a [Need],
    /// The firm's size, if known (profile, else onboarding).
    pub firm_size: Option<FirmSize>,
    /// Names of the tools the firm uses, in any category.
    pub firm_tools: &'a [String],
    /// Vendors the firm already uses in the category being ranked.
    pub owned_vendor_ids: &'a HashSet<u64>,
    /// Vendors the user dismissed; never ranked.
    pub dismissed: &'a HashSet<u64>,
    /// Peer demand from real bookings; `None` while there are none, which leaves the factor out
    /// of the score (the other factors then share all 100 points).
    pub demand: Option<Demand<'a>>,
    /// Administrator's partner weight; 0 means partner status changes nothing.
    pub partner_weight: f64,
    /// What the user's dismissal reasons change in this category.
    pub after_dismissals: &'a DismissalEffects,
    /// Other firms' demo outcomes that may be shown, by vendor id; empty leaves the factor out.
    pub outcomes: &'a HashMap<u64, ShownOutcome>,
}

/// "$$$" for bracket 3.
pub fn price_signs(bracket: u8) -> String {
    "$".repeat(usize::from(bracket))
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Factor {
    pub factor: &'static str,
    pub label: &'static str,
    pub points: f64,
    pub max_points: f64,
    pub detail: String,
}

#[derive(Debug, Clone)]
pub struct Ranked<'a> {
    pub vendor: &'a Vendor,
    pub score: u32,
    pub rank: usize,
    pub matched: Vec<String>,
    pub missing: Vec<String>,
    pub reasons: Vec<String>,
    pub breakdown: Vec<Factor>,
    pub already_used: bool,
    points: f64,
}

fn has_tag(vendor: &Vendor, tag: &str) -> bool {
    vendor.tags.iter().any(|t| t.eq_ignore_ascii_case(tag))
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The needs sentence, natural for one need and for many: "Meets your need: Automation",
/// "Meets all 3 of your needs: …", "Meets 2 of your 3 needs: …".
pub fn needs_sentence(matched: &[String], missing: &[String]) -> String {
    match (matched.len(), matched.len() + missing.len()) {
        (_, 0) => "None of your answers named a specific capability".to_string(),
        (1, 1) => format!("Meets your need: {}", matched[0]),
        (0, 1) => format!("Does not meet your need: {}", missing[0]),
        (0, 2) => "Meets neither of your 2 needs".to_string(),
        (0, t) => format!("Meets none of your {t} needs"),
        (2, 2) => format!("Meets both of your needs: {}", matched.join("; ")),
        (m, t) if m == t => format!("Meets all {t} of your needs: {}", matched.join("; ")),
        (m, t) => format!("Meets {m} of your {t} needs: {}", matched.join("; ")),
    }
}

/// Partner levels in the order a configured weight favours them.
pub fn partner_strength(vendor: &Vendor) -> f64 {
    match vendor.partner_level.as_deref() {
        Some("Platinum") => 1.0,
        Some("Gold") => 0.8,
        Some("Silver") => 0.6,
        Some("Bronze") => 0.4,
        _ if vendor.is_recommended_partner => 0.3,
        _ => 0.0,
    }
}

/// Ranks the given vendors (normally one category's): inactive and dismissed vendors are left
/// out; the rest come back best first with a deterministic order for equal scores (score, then
/// exact points, then name, then id).
pub fn rank<'a>(
    vendors: impl IntoIterator<Item = &'a Vendor>,
    input: &RankInputs,
) -> Vec<Ranked<'a>> {
    let candidates: Vec<&Vendor> = vendors
        .into_iter()
        .filter(|v| v.is_active && !input.dismissed.contains(&v.id))
        .collect();
    let demand_of = |v: &Vendor| {
        input
            .demand
            .as_ref()
            .and_then(|d| d.counts.get(&v.id).copied())
            .unwrap_or(0)
    };
    let peak_demand = candidates.iter().map(|v| demand_of(v)).max();
    let category_demand: u32 = candidates.iter().map(|v| demand_of(v)).sum();
    let demand_max = if input.demand.is_some() {
        DEMAND_POINTS
    } else {
        0.0
    };
    let tools_lower: Vec<(String, &str)> = input
        .firm_tools
        .iter()
        .map(|t| (t.to_lowercase(), t.as_str()))
        .collect();
    let partner_max = PARTNER_POINTS * input.partner_weight.max(0.0);
    let integrations_dismissed = &input.after_dismissals.integration_vendors;
    let integration_max = if integrations_dismissed.is_empty() {
        INTEGRATION_POINTS
    } else {
        INTEGRATION_POINTS * INTEGRATION_WEIGHT_AFTER_DISMISSAL
    };
    let outcome_max = if candidates
        .iter()
        .any(|v| input.outcomes.contains_key(&v.id))
    {
        OUTCOME_POINTS
    } else {
        0.0
    };

    let mut ranked: Vec<Ranked> = candidates
        .into_iter()
        .map(|v| {
            let mut reasons = Vec::new();
            let already_used = input.owned_vendor_ids.contains(&v.id);
            if already_used {
                reasons.push(format!("You already use {}", v.name));
            }

            // Needs: the share of chosen options whose capabilities the vendor has.
            let (mut matched, mut missing) = (Vec::new(), Vec::new());
            for need in input.needs {
                if need.tags.iter().any(|t| has_tag(v, t)) {
                    matched.push(need.label.clone());
                } else {
                    missing.push(need.label.clone());
                }
            }
            let total = input.needs.len();
            let needs_points =
                if total == 0 { 0.0 } else { NEEDS_POINTS * matched.len() as f64 / total as f64 };
            reasons.push(needs_sentence(&matched, &missing));
            // Other firms' demo outcomes, only as the suppression rule lets them be shown.
            let shown_outcome = input.outcomes.get(&v.id);
            if let Some(o) = shown_outcome {
                reasons.push(o.sentence.clone());
            }
            let outcome_points = shown_outcome.map_or(0.0, |o| OUTCOME_POINTS * o.share);
            let outcome = Factor {
                factor: "outcomes",
                label: "Chosen after a demo",
                points: round1(outcome_points),
                max_points: outcome_max,
                detail: shown_outcome.map_or_else(|| NO_OUTCOMES.to_string(), |o| o.sentence.clone()),
            };
            let needs = Factor {
                factor: "needs",
                label: "Matches your needs",
                points: round1(needs_points),
                max_points: NEEDS_POINTS,
                detail: format!("{} of {}", matched.len(), total),
            };

            // Integrations with the tools the firm already runs.
            let mut shared: Vec<&str> = Vec::new();
            for integration in &v.integrations {
                let lower = integration.to_lowercase();
                if let Some((_, name)) = tools_lower.iter().find(|(t, _)| *t == lower)
                    && !shared.contains(name)
                {
                    shared.push(name);
                }
            }
            let integration_points = match shared.len() {
                0 => 0.0,
                1 => integration_max * 2.0 / 3.0,
                _ => integration_max,
            };
            if !shared.is_empty() {
                let verb = if shared.len() == 1 { "uses" } else { "use" };
                reasons.push(format!("Integrates with {}, which your firm {verb}", join_and(&shared)));
            }
            let mut integration_detail = if input.firm_tools.is_empty() {
                "No tools in your tech stack yet".to_string()
            } else if shared.is_empty() {
                "No integration with the tools your firm uses".into()
            } else {
                format!("Integrates with {}", join_and(&shared))
            };
            if !integrations_dismissed.is_empty() {
                integration_detail.push_str(&format!(
                    ". Counts double: you dismissed {} as not working with your tools",
                    join_and(integrations_dismissed)
                ));
            }
            let integrations = Factor {
                factor: "integrations",
                label: "Works with your tech stack",
                points: round1(integration_points),
                max_points: integration_max,
                detail: integration_detail,
            };

            // Fit with the firm's size.
            let (size_points, size_detail) = match input.firm_size {
                None => (0.0, "Your firm size is not set in your profile".to_string()),
                Some(size) if v.firm_sizes_supported.contains(&size) => {
                    reasons.push(format!("Serves {} like yours", size_phrase(size)));
                    (SIZE_POINTS, format!("Serves {}", size_phrase(size)))
                }
                Some(size) => {
                    let near: Vec<FirmSize> = v
                        .firm_sizes_supported
                        .iter()
                        .copied()
                        .filter(|s| s.index().abs_diff(size.index()) == 1)
                        .collect();
                    if near.is_empty() {
                        let detail = if v.firm_sizes_supported.is_empty() {
                            "The vendor lists no firm sizes".to_string()
                        } else {
                            format!("Does not list {}", size_phrase(size))
                        };
                        (0.0, detail)
                    } else {
                        let phrase = sizes_phrase(&near);
                        reasons.push(format!("Serves {phrase}, next to your size"));
                        (SIZE_POINTS / 2.0, format!("Serves {phrase}, next to your size"))
                    }
                }
            };
            let size = Factor {
                factor: "sizeFit",
                label: "Fits your firm's size",
                points: size_points,
                max_points: SIZE_POINTS,
                detail: size_detail,
            };

            // Peer demand: recent real bookings from the peer group, relative to the category's
            // peak; left out entirely while no real booking exists.
            let count = demand_of(v);
            let (demand_points, demand_detail) = match &input.demand {
                None => (0.0, NO_DEMAND_DATA.to_string()),
                Some(d) => {
                    let peers = d.peers.phrase();
                    if count > 0 {
                        reasons.push(format!(
                            "{} by {peers} in the last {DEMAND_DAYS} days",
                            bookings_phrase(count)
                        ));
                    }
                    let points = match peak_demand {
                        Some(peak) if peak > 0 => DEMAND_POINTS * count as f64 / peak as f64,
                        _ => 0.0,
                    };
                    let detail = if category_demand == 0 {
                        format!("No demo bookings in this category by {peers} in the last {DEMAND_DAYS} days")
                    } else {
                        format!(
                            "{} of {} demo bookings in this category by {peers} in the last {DEMAND_DAYS} days",
                            shown_count(count),
                            shown_count(category_demand)
                        )
                    };
                    (points, detail)
                }
            };
            let demand = Factor {
                factor: "peerDemand",
                label: "Popular with similar firms",
                points: round1(demand_points),
                max_points: demand_max,
                detail: demand_detail,
            };

            // Partner status: only with an administrator's weight.
            let partner_points = partner_max * partner_strength(v);
            let level = v.partner_level.clone().unwrap_or_else(|| "recommended".into());
            if partner_points > 0.0 {
                reasons.push(format!(
                    "Ranked higher as a {level} partner (partner weighting set by your administrator)"
                ));
            }
            let partner = Factor {
                factor: "partner",
                label: "Partner status",
                points: round1(partner_points),
                max_points: round1(partner_max),
                detail: if partner_max == 0.0 {
                    "Partner status does not affect the ranking".into()
                } else if partner_points > 0.0 {
                    format!("{level} partner")
                } else {
                    "Not a partner".into()
                },
            };

            // A price penalty after a "Too expensive" dismissal: a factor of its own, worth no
            // points, that takes points away from vendors at or above the dismissed bracket.
            let price = input.after_dismissals.price.as_ref().map(|ceiling| {
                let lowered = v.price_bracket.is_some_and(|b| b >= ceiling.bracket);
                Factor {
                    factor: "dismissedPrice",
                    label: "Price, after your dismissal",
                    points: if lowered { -PRICE_PENALTY_POINTS } else { 0.0 },
                    max_points: 0.0,
                    detail: format!(
                        "You dismissed {} as too expensive: vendors at {} or above score lower",
                        ceiling.vendor_name,
                        price_signs(ceiling.bracket)
                    ),
                }
            });
            let penalty = price.as_ref().map_or(0.0, |f| f.points);

            let points = needs_points
                + integration_points
                + size_points
                + demand_points
                + partner_points
                + outcome_points
                + penalty;
            let available =
                NEEDS_POINTS + integration_max + SIZE_POINTS + demand_max + partner_max + outcome_max;
            reasons.truncate(MAX_REASONS);
            let mut breakdown = vec![needs, size, integrations, demand, partner];
            // Below the threshold nothing about outcomes is shown, not even an empty factor.
            if outcome_max > 0.0 {
                breakdown.push(outcome);
            }
            breakdown.extend(price);
            Ranked {
                vendor: v,
                score: (100.0 * points / available).round().clamp(0.0, 100.0) as u32,
                rank: 0,
                matched,
                missing,
                reasons,
                breakdown,
                already_used,
                points,
            }
        })
        .collect();

    ranked.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then_with(|| b.points.partial_cmp(&a.points).unwrap_or(Ordering::Equal))
            .then_with(|| {
                a.vendor
                    .name
                    .to_lowercase()
                    .cmp(&b.vendor.name.to_lowercase())
            })
            .then_with(|| a.vendor.id.cmp(&b.vendor.id))
    });
    for (i, r) in ranked.iter_mut().enumerate() {
        r.rank = i + 1;
    }
    ranked
}

#[cfg(test)]
pub(crate) mod tests_support {
    use crate::catalog::Vendor;

    pub fn vendor(id: u64, name: &str, tags: &[&str]) -> Vendor {
        Vendor {
            id,
            name: name.into(),
            category_id: 1,
            website_url: None,
            booking_url: None,
            logo_url: None,
            description: String::new(),
            short_highlights: vec![],
            integrations: vec![],
            price_bracket: None,
            firm_sizes_supported: vec![],
            practice_areas_supported: vec![],
            geo_focus: None,
            tags: tags.iter().map(|t| t.to_string()).collect(),
            is_recommended_partner: false,
            partner_level: None,
            is_active: true,
            needs_review: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::tests_support::vendor;
    use super::*;
    use crate::recommend::dismissals::PriceCeiling;

    fn needs(labels: &[(&str, &str)]) -> Vec<Need> {
        labels
            .iter()
            .map(|(l, t)| Need {
                label: l.to_string(),
                tags: vec![t.to_string()],
            })
            .collect()
    }

    struct Fixture {
        needs: Vec<Need>,
        tools: Vec<String>,
        owned: HashSet<u64>,
        dismissed: HashSet<u64>,
        demand: HashMap<u64, u32>,
        size: Option<FirmSize>,
        weight: f64,
        /// False: no real booking exists, so demand is left out.
        real_bookings: bool,
        effects: DismissalEffects,
        outcomes: HashMap<u64, ShownOutcome>,
    }

    impl Fixture {
        fn new() -> Fixture {
            Fixture {
                needs: needs(&[("Automation", "auto"), ("Reporting", "reports")]),
                tools: vec![],
                owned: HashSet::new(),
                dismissed: HashSet::new(),
                demand: HashMap::new(),
                size: Some(FirmSize::E6To20),
                weight: 0.0,
                real_bookings: true,
                effects: DismissalEffects::default(),
                outcomes: HashMap::new(),
            }
        }
        fn rank<'a>(&self, vendors: &'a [Vendor]) -> Vec<Ranked<'a>> {
            rank(
                vendors,
                &RankInputs {
                    needs: &self.needs,
                    firm_size: self.size,
                    firm_tools: &self.tools,
                    owned_vendor_ids: &self.owned,
                    dismissed: &self.dismissed,
                    demand: self.real_bookings.then(|| Demand {
                        counts: &self.demand,
                        peers: PeerGroup::Sizes(vec![FirmSize::E6To20]),
                    }),
                    partner_weight: self.weight,
                    after_dismissals: &self.effects,
                    outcomes: &self.outcomes,
                },
            )
        }
    }

    fn names(r: &[Ranked]) -> Vec<String> {
        r.iter().map(|r| r.vendor.name.clone()).collect()
    }

    #[test]
    fn more_matched_needs_rank_higher_and_say_which() {
        let vendors = [
            vendor(1, "One", &["auto"]),
            vendor(2, "Both", &["auto", "reports"]),
        ];
        let r = Fixture::new().rank(&vendors);
        assert_eq!(names(&r), ["Both", "One"]);
        assert_eq!(
            r[0].reasons[0],
            "Meets both of your needs: Automation; Reporting"
        );
        assert_eq!(r[1].reasons[0], "Meets 1 of your 2 needs: Automation");
        assert_eq!(r[1].missing, ["Reporting"]);
        assert_eq!(r[0].score, 60 * 100 / 100);
        assert_eq!(r[0].breakdown[0].detail, "2 of 2");
    }

    #[test]
    fn a_vendor_integrating_with_the_firms_tool_outranks_an_equal_one() {
        let mut a = vendor(1, "Alpha", &["auto"]);
        let mut b = vendor(2, "Beta", &["auto"]);
        a.integrations = vec!["Clio".into()];
        b.integrations = vec!["Filevine".into()];
        let mut f = Fixture::new();
        f.tools = vec!["Filevine".into()];
        let vendors = [a, b];
        let r = f.rank(&vendors);
        assert_eq!(names(&r), ["Beta", "Alpha"]);
        assert!(
            r[0].reasons
                .contains(&"Integrates with Filevine, which your firm uses".to_string())
        );
        assert!(r[0].score > r[1].score);
    }

    #[test]
    fn partner_status_changes_nothing_at_weight_zero() {
        let mut gold = vendor(2, "Zed Gold", &["auto"]);
        gold.partner_level = Some("Gold".into());
        gold.is_recommended_partner = true;
        let plain = vendor(1, "Alpha", &["auto"]);
        let vendors = [gold, plain];
        let r = Fixture::new().rank(&vendors);
        assert_eq!(
            names(&r),
            ["Alpha", "Zed Gold"],
            "ties break by name, not partner status"
        );
        assert_eq!(r[0].score, r[1].score);
        assert!(
            r.iter()
                .all(|r| !r.reasons.iter().any(|s| s.contains("partner")))
        );
        assert_eq!(r[1].breakdown[4].points, 0.0);
    }

    #[test]
    fn a_partner_weight_moves_partners_up_and_the_reason_says_so() {
        let mut gold = vendor(2, "Zed Gold", &["auto"]);
        gold.partner_level = Some("Gold".into());
        let vendors = [gold, vendor(1, "Alpha", &["auto"])];
        let mut f = Fixture::new();
        f.weight = 1.0;
        let r = f.rank(&vendors);
        assert_eq!(names(&r), ["Zed Gold", "Alpha"]);
        assert!(
            r[0].reasons
                .iter()
                .any(|s| s.starts_with("Ranked higher as a Gold partner"))
        );
    }

    #[test]
    fn inactive_and_dismissed_vendors_are_never_ranked() {
        let mut off = vendor(1, "Off", &["auto"]);
        off.is_active = false;
        let vendors = [off, vendor(2, "Gone", &["auto"]), vendor(3, "Kept", &[])];
        let mut f = Fixture::new();
        f.dismissed.insert(2);
        assert_eq!(names(&f.rank(&vendors)), ["Kept"]);
    }

    fn priced(id: u64, name: &str, bracket: Option<u8>) -> Vendor {
        let mut v = vendor(id, name, &["auto", "reports"]);
        v.price_bracket = bracket;
        v
    }

    #[test]
    fn after_a_too_expensive_dismissal_vendors_at_or_above_its_bracket_score_lower() {
        let vendors = [
            priced(1, "Alpha", Some(4)),
            priced(2, "Bravo", Some(3)),
            priced(3, "Charlie", Some(2)),
            priced(4, "Delta", None),
        ];
        let mut f = Fixture::new();
        let before = f.rank(&vendors);
        assert_eq!(names(&before), ["Alpha", "Bravo", "Charlie", "Delta"]);
        assert!(before.iter().all(|r| r.breakdown.len() == 5));

        f.effects.price = Some(PriceCeiling {
            vendor_name: "Filevine".into(),
            bracket: 3,
        });
        let after = f.rank(&vendors);
        assert_eq!(names(&after), ["Charlie", "Delta", "Alpha", "Bravo"]);
        let score = |name: &str| after.iter().find(|r| r.vendor.name == name).unwrap().score;
        assert_eq!(
            score("Charlie"),
            before[2].score,
            "below the bracket: unchanged"
        );
        assert_eq!(score("Delta"), before[3].score, "no known price: unchanged");
        assert_eq!(score("Alpha"), before[0].score - 15);
        for r in &after {
            let factor = r.breakdown.last().unwrap();
            assert_eq!(factor.factor, "dismissedPrice");
            assert_eq!(
                factor.detail,
                "You dismissed Filevine as too expensive: vendors at $$$ or above score lower"
            );
            let lowered = matches!(r.vendor.name.as_str(), "Alpha" | "Bravo");
            assert_eq!(
                factor.points,
                if lowered { -PRICE_PENALTY_POINTS } else { 0.0 }
            );
        }
    }

    #[test]
    fn after_a_doesnt_work_with_our_tools_dismissal_integrations_count_double() {
        let mut integrated = vendor(1, "Zulu", &["auto", "reports"]);
        integrated.integrations = vec!["Clio".into(), "Dropbox".into()];
        let all_needs = vendor(2, "Alpha", &["auto", "reports", "intake"]);
        let vendors = [integrated, all_needs];
        let mut f = Fixture::new();
        f.needs = needs(&[
            ("Automation", "auto"),
            ("Reporting", "reports"),
            ("Intake", "intake"),
        ]);
        f.tools = vec!["Clio".into(), "Dropbox".into()];
        let before = f.rank(&vendors);
        assert_eq!(
            names(&before),
            ["Alpha", "Zulu"],
            "a third need outweighs integrations"
        );
        assert_eq!(before[1].breakdown[2].max_points, INTEGRATION_POINTS);

        f.effects.integration_vendors = vec!["MyCase".into()];
        let after = f.rank(&vendors);
        assert_eq!(
            names(&after),
            ["Zulu", "Alpha"],
            "integrations now outweigh a need"
        );
        let factor = &after[0].breakdown[2];
        assert_eq!(factor.max_points, 2.0 * INTEGRATION_POINTS);
        assert_eq!(factor.points, 2.0 * INTEGRATION_POINTS);
        assert_eq!(
            factor.detail,
            "Integrates with Clio and Dropbox. Counts double: you dismissed MyCase as not working with your tools"
        );
        let untouched = &after[1].breakdown[2];
        assert!(
            untouched
                .detail
                .ends_with("Counts double: you dismissed MyCase as not working with your tools")
        );
    }

    #[test]
    fn vendors_the_firm_uses_are_marked() {
        let vendors = [vendor(1, "Mine", &["auto"])];
        let mut f = Fixture::new();
        f.owned.insert(1);
        let r = f.rank(&vendors);
        assert!(r[0].already_used);
        assert_eq!(r[0].reasons[0], "You already use Mine");
    }

    #[test]
    fn size_fit_counts_exact_and_neighbouring_sizes() {
        let mut exact = vendor(1, "Exact", &[]);
        exact.firm_sizes_supported = vec![FirmSize::E6To20];
        let mut near = vendor(2, "Near", &[]);
        near.firm_sizes_supported = vec![FirmSize::E21To50];
        let mut far = vendor(3, "Far", &[]);
        far.firm_sizes_supported = vec![FirmSize::E200Plus];
        let vendors = [far, near, exact];
        let r = Fixture::new().rank(&vendors);
        assert_eq!(names(&r), ["Exact", "Near", "Far"]);
        assert!(
            r[0].reasons
                .contains(&"Serves firms of 6-20 employees like yours".to_string())
        );
        assert!(
            r[1].reasons
                .contains(&"Serves firms of 21-50 employees, next to your size".to_string())
        );
    }

    #[test]
    fn peer_demand_quotes_counts_but_never_below_five() {
        let vendors = [vendor(1, "Busy", &[]), vendor(2, "Quiet", &[])];
        let mut f = Fixture::new();
        f.demand = HashMap::from([(1, 41), (2, 3)]);
        let r = f.rank(&vendors);
        assert_eq!(names(&r), ["Busy", "Quiet"]);
        assert!(r[0].reasons.contains(
            &"41 demo bookings by firms of 6-20 employees in the last 90 days".to_string()
        ));
        assert!(r[1].reasons.contains(
            &"A few demo bookings by firms of 6-20 employees in the last 90 days".to_string()
        ));
        assert_eq!(
            r[1].breakdown[3].detail,
            "a few of 44 demo bookings in this category by firms of 6-20 employees in the last 90 days"
        );
    }

    #[test]
    fn equal_vendors_tie_break_by_name_then_id() {
        let vendors = [
            vendor(3, "b", &[]),
            vendor(2, "A", &[]),
            vendor(1, "b", &[]),
        ];
        let r = Fixture::new().rank(&vendors);
        let ids: Vec<u64> = r.iter().map(|r| r.vendor.id).collect();
        assert_eq!(ids, [2, 1, 3]);
        assert_eq!(r.iter().map(|r| r.rank).collect::<Vec<_>>(), [1, 2, 3]);
    }

    fn labels(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_needs_sentence_reads_naturally_for_one_need() {
        assert_eq!(
            needs_sentence(&labels(&["Automation"]), &[]),
            "Meets your need: Automation"
        );
        assert_eq!(
            needs_sentence(&[], &labels(&["Automation"])),
            "Does not meet your need: Automation"
        );
    }

    #[test]
    fn the_needs_sentence_reads_naturally_for_two_needs() {
        let both = labels(&["Automation", "Reporting"]);
        assert_eq!(
            needs_sentence(&both, &[]),
            "Meets both of your needs: Automation; Reporting"
        );
        assert_eq!(
            needs_sentence(&labels(&["Reporting"]), &labels(&["Automation"])),
            "Meets 1 of your 2 needs: Reporting"
        );
        assert_eq!(needs_sentence(&[], &both), "Meets neither of your 2 needs");
    }

    #[test]
    fn the_needs_sentence_reads_naturally_for_three_needs() {
        let three = labels(&["A", "B", "C"]);
        assert_eq!(
            needs_sentence(&three, &[]),
            "Meets all 3 of your needs: A; B; C"
        );
        assert_eq!(
            needs_sentence(&three[..2], &three[2..]),
            "Meets 2 of your 3 needs: A; B"
        );
        assert_eq!(needs_sentence(&[], &three), "Meets none of your 3 needs");
        assert_eq!(
            needs_sentence(&[], &[]),
            "None of your answers named a specific capability"
        );
    }

    #[test]
    fn without_real_bookings_demand_is_left_out_and_a_perfect_fit_scores_100() {
        let mut perfect = vendor(1, "Perfect", &["auto", "reports"]);
        perfect.firm_sizes_supported = vec![FirmSize::E6To20];
        perfect.integrations = vec!["Clio".into(), "Filevine".into()];
        let vendors = [perfect, vendor(2, "Plain", &["auto"])];
        let mut f = Fixture::new();
        f.tools = vec!["Clio".into(), "Filevine".into()];
        f.real_bookings = false;
        // Counts passed in are ignored when there is no real booking.
        f.demand = HashMap::from([(2, 40)]);
        let r = f.rank(&vendors);
        assert_eq!(names(&r), ["Perfect", "Plain"]);
        assert_eq!(r[0].score, 100, "the other factors share all the points");
        let demand = &r[0].breakdown[3];
        assert_eq!(demand.factor, "peerDemand");
        assert_eq!(demand.detail, NO_DEMAND_DATA);
        assert_eq!((demand.points, demand.max_points), (0.0, 0.0));
        for ranked in &r {
            assert!(
                !ranked.reasons.iter().any(|s| s.contains("demo booking")),
                "{:?}",
                ranked.reasons
            );
        }

        // With real bookings the same perfect fit but no demand cannot reach 100.
        f.real_bookings = true;
        let r = f.rank(&vendors);
        let perfect = r.iter().find(|r| r.vendor.id == 1).unwrap();
        assert_eq!(perfect.score, 90);
        assert_eq!(perfect.breakdown[3].max_points, DEMAND_POINTS);
    }

    #[test]
    fn phrases_read_naturally() {
        assert_eq!(join_and(&["A", "B", "C"]), "A, B and C");
        assert_eq!(
            PeerGroup::Sizes(vec![FirmSize::Solo, FirmSize::E2To5]).phrase(),
            "solo firms and firms of 2-5 employees"
        );
        assert_eq!(shown_count(0), "0");
        assert_eq!(shown_count(1), "a few");
        assert_eq!(shown_count(4), "a few");
        assert_eq!(shown_count(5), "5");
    }

    #[test]
    fn other_firms_demo_outcomes_rank_and_explain_only_from_five_firms() {
        use crate::shortlist::{Tally, shown_outcome};
        let vendors = [vendor(1, "Alpha", &["auto"]), vendor(2, "Beta", &["auto"])];
        let mut f = Fixture::new();
        let r = f.rank(&vendors);
        assert_eq!(
            r[0].breakdown.len(),
            5,
            "no outcome factor without outcomes"
        );

        // Four firms had a demo of Beta: nothing is shown, nothing changes.
        assert_eq!(shown_outcome(Tally { held: 4, chose: 4 }), None);

        let seven_of_twelve = shown_outcome(Tally { held: 12, chose: 7 }).unwrap();
        f.outcomes.insert(2, seven_of_twelve);
        let r = f.rank(&vendors);
        assert_eq!(names(&r), ["Beta", "Alpha"]);
        assert!(
            r[0].reasons
                .contains(&"7 of 12 firms your size that had a demo chose it".to_string())
        );
        let factor = &r[0].breakdown[5];
        assert_eq!(
            (factor.factor, factor.max_points),
            ("outcomes", OUTCOME_POINTS)
        );
        assert_eq!(factor.points, 5.8);
        assert_eq!(r[1].breakdown[5].detail, NO_OUTCOMES);
        assert_eq!(r[1].breakdown[5].points, 0.0);
    }
}
