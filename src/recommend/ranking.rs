//! The ranking: pure functions over the catalog's vendors and plain inputs, so that every score
//! can be recomputed and explained from what it was given. Nothing here reads the store.
//!
//! Each vendor earns points on named factors; the score is its share of the points available
//! (0-100). Every reason is a sentence that is true of the inputs, and peer counts under
//! [`MIN_SHOWN`] are written as "a few" so that a small peer group cannot be identified.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use super::dismissals::DismissalEffects;
pub use super::model::Factor;
use crate::catalog::Vendor;
use crate::peers::ShownOutcome;
use crate::platform::firm_size::FirmSize;
use factors::{CategoryDemand, FirmTools};
pub use reasons::Reason;

mod factors;
mod reasons;

pub const NEEDS_POINTS: f64 = 60.0;
/// What the answers say about the firm (options of kind context): in play only when the response
/// has any, and never quoted as a need met.
pub const CONTEXT_POINTS: f64 = 10.0;
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
/// `MIN_FIRMS` firms (see `peers::disclosure`).
pub const OUTCOME_POINTS: f64 = 10.0;
/// The outcome factor's evidence for a vendor without enough firms behind it.
pub const NO_OUTCOMES: &str = "Not enough firms your size have said how a demo went";
/// Smallest count ever shown; below it the text says "a few". The privacy rule's threshold
/// (`peers::shown`).
pub const MIN_SHOWN: u32 = crate::peers::MIN_FIRMS;
pub const MAX_REASONS: usize = 5;
/// How far back peer demand looks (the evidence's window: `bookings::evidence`).
pub use crate::bookings::evidence::DEMAND_DAYS;
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

/// A card's reason that speaks of bookings, the one wording of the evidence behind a pick: "9 demo
/// bookings by firms of 6-20 employees in the last 90 days".
pub fn demand_reason(bookings: u32, peers: &PeerGroup) -> String {
    format!(
        "{} by {} in the last {DEMAND_DAYS} days",
        bookings_phrase(bookings),
        peers.phrase()
    )
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
    /// The answers about the firm (kind context): they weigh, but are never a need met.
    pub context: &'a [Need],
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

#[derive(Debug, Clone)]
pub struct Ranked<'a> {
    pub vendor: &'a Vendor,
    pub score: u32,
    pub rank: usize,
    pub matched: Vec<String>,
    pub missing: Vec<String>,
    /// At most [`MAX_REASONS`], in the order the screens show them.
    pub reasons: Vec<Reason>,
    pub breakdown: Vec<Factor>,
    pub already_used: bool,
    points: f64,
}

impl Ranked<'_> {
    /// The reasons as the screens show them.
    pub fn reason_texts(&self) -> Vec<String> {
        self.reasons.iter().map(Reason::text).collect()
    }

    /// The reasons as the history keeps them: the needs sentence with the needs met, one per
    /// line (see `reason_lines`).
    pub fn stored_reasons(&self) -> Vec<String> {
        self.reasons.iter().map(Reason::stored).collect()
    }

    /// The reasons a stage card may show, strongest first: those about the vendor's fit rather
    /// than the firm's use of it.
    pub fn card_reasons(&self) -> Vec<String> {
        self.reasons
            .iter()
            .filter(|r| !matches!(r, Reason::AlreadyUsed { .. }))
            .map(Reason::text)
            .collect()
    }
}

/// The needs sentence, natural for one need and for many: "Meets your need", "Meets all 3 of
/// your needs", "Meets 2 of your 3 needs". The needs met are a list beside it (the API's
/// `needsMet`), never joined into the sentence.
pub fn needs_sentence(matched: &[String], missing: &[String]) -> String {
    match (matched.len(), matched.len() + missing.len()) {
        (_, 0) => "None of your answers named a specific capability".to_string(),
        (1, 1) => "Meets your need".to_string(),
        (0, 1) => format!("Does not meet your need: {}", missing[0]),
        (0, 2) => "Meets neither of your 2 needs".to_string(),
        (0, t) => format!("Meets none of your {t} needs"),
        (2, 2) => "Meets both of your needs".to_string(),
        (m, t) if m == t => format!("Meets all {t} of your needs"),
        (m, t) => format!("Meets {m} of your {t} needs"),
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

/// The most points each factor can give in one ranking; some depend on the inputs and on the
/// category's vendors. The needs and size factors always give at most their constants.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Maxima {
    context: f64,
    integrations: f64,
    demand: f64,
    partner: f64,
    outcomes: f64,
}

impl Maxima {
    fn new(input: &RankInputs, candidates: &[&Vendor]) -> Maxima {
        Maxima {
            context: if input.context.is_empty() {
                0.0
            } else {
                CONTEXT_POINTS
            },
            // Counts double after a "Doesn't work with our tools" dismissal in the category.
            integrations: if input.after_dismissals.integration_vendors.is_empty() {
                INTEGRATION_POINTS
            } else {
                INTEGRATION_POINTS * INTEGRATION_WEIGHT_AFTER_DISMISSAL
            },
            // Left out while no real booking exists: the other factors share all the points.
            demand: if input.demand.is_some() {
                DEMAND_POINTS
            } else {
                0.0
            },
            partner: PARTNER_POINTS * input.partner_weight.max(0.0),
            // In play only when some vendor of the category has outcomes that may be shown.
            outcomes: if candidates
                .iter()
                .any(|v| input.outcomes.contains_key(&v.id))
            {
                OUTCOME_POINTS
            } else {
                0.0
            },
        }
    }

    /// The points a vendor could earn on every factor; the score is its share of them.
    fn available(&self) -> f64 {
        NEEDS_POINTS
            + self.context
            + self.integrations
            + SIZE_POINTS
            + self.demand
            + self.partner
            + self.outcomes
    }
}

/// Ranks the given vendors (normally one category's): inactive and dismissed vendors are left
/// out; the rest come back best first with a deterministic order for equal scores (score, then
/// exact points, then the order they joined the catalog: the vendor id).
pub fn rank<'a>(
    vendors: impl IntoIterator<Item = &'a Vendor>,
    input: &RankInputs,
) -> Vec<Ranked<'a>> {
    let candidates: Vec<&Vendor> = vendors
        .into_iter()
        .filter(|v| v.is_active && !input.dismissed.contains(&v.id))
        .collect();
    let maxima = Maxima::new(input, &candidates);
    let demand_counts: Vec<u32> = candidates.iter().map(|v| demand_count(input, v)).collect();
    let category_demand = CategoryDemand {
        peak: demand_counts.iter().copied().max().unwrap_or(0),
        total: demand_counts.iter().sum(),
    };
    let tools = FirmTools::new(input.firm_tools);

    let mut ranked: Vec<Ranked> = candidates
        .into_iter()
        .zip(demand_counts)
        .map(|(v, count)| score(v, input, &maxima, &tools, count, category_demand))
        .collect();
    ranked.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then_with(|| b.points.partial_cmp(&a.points).unwrap_or(Ordering::Equal))
            .then_with(|| a.vendor.id.cmp(&b.vendor.id))
    });
    for (i, r) in ranked.iter_mut().enumerate() {
        r.rank = i + 1;
    }
    ranked
}

/// The vendor's recent real bookings by the peer group (0 while there is no real booking).
fn demand_count(input: &RankInputs, vendor: &Vendor) -> u32 {
    input
        .demand
        .as_ref()
        .and_then(|d| d.counts.get(&vendor.id).copied())
        .unwrap_or(0)
}

/// Scores one vendor on every factor; its rank is set once all are sorted.
fn score<'a>(
    vendor: &'a Vendor,
    input: &RankInputs,
    maxima: &Maxima,
    tools: &FirmTools,
    demand_count: u32,
    category_demand: CategoryDemand,
) -> Ranked<'a> {
    let (matched, missing) = factors::split_needs(vendor, input.needs);
    let needs = factors::needs(&matched, &missing);
    let context = factors::context(vendor, input.context, maxima.context);
    let outcome = factors::outcomes(input.outcomes.get(&vendor.id), maxima.outcomes);
    let integrations = factors::integrations(
        vendor,
        tools,
        maxima.integrations,
        &input.after_dismissals.integration_vendors,
    );
    let size = factors::size_fit(vendor, input.firm_size);
    let demand = factors::demand(
        demand_count,
        input.demand.as_ref(),
        category_demand,
        maxima.demand,
    );
    let partner = factors::partner(vendor, maxima.partner);
    let price = factors::price_penalty(vendor, input.after_dismissals.price.as_ref());

    let points = needs.points
        + context.points
        + integrations.points
        + size.points
        + demand.points
        + partner.points
        + outcome.points
        + price.as_ref().map_or(0.0, |p| p.points);

    let already_used = input.owned_vendor_ids.contains(&vendor.id);
    let mut reasons: Vec<Reason> = Vec::new();
    if already_used {
        reasons.push(Reason::AlreadyUsed {
            vendor_name: vendor.name.clone(),
        });
    }
    for reason in [
        needs.reason,
        outcome.reason,
        integrations.reason,
        size.reason,
        demand.reason,
        partner.reason,
    ] {
        reasons.extend(reason);
    }
    reasons.truncate(MAX_REASONS);

    let mut breakdown = vec![
        needs.factor,
        size.factor,
        integrations.factor,
        demand.factor,
        partner.factor,
    ];
    // Without outcomes in the category nothing about them is shown, not even an empty factor.
    if maxima.outcomes > 0.0 {
        breakdown.push(outcome.factor);
    }
    // Likewise without answers about the firm.
    if maxima.context > 0.0 {
        breakdown.push(context.factor);
    }
    breakdown.extend(price.map(|p| p.factor));

    Ranked {
        vendor,
        score: (100.0 * points / maxima.available())
            .round()
            .clamp(0.0, 100.0) as u32,
        rank: 0,
        matched,
        missing,
        reasons,
        breakdown,
        already_used,
        points,
    }
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
mod tests;
