//! Fit with the firm, from everything it told us and everything the catalog and peers know: its
//! size, its onboarding answer on annual software spend (against the vendor's price bracket),
//! personal-injury focus, integrations with its tech stack, the security facts its answers ask
//! for (SOC 2 in a questionnaire answer, multi-factor sign-in when it requires it of its own
//! members) against what the vendor states, other verified firms' demo outcomes where 5 or more
//! firms stand behind them, and what its dismissals in the category said. The firm's size is the
//! only size a fact or a point uses: its caseload is never turned into a second, expected size
//! (issue 77). Pick For Me ranks by it while no booking evidence exists, and breaks equal booking
//! counts with it.
//!
//! Every fact is a statement about the catalog's own fields (`firmSizeSupported`, `priceBracket`,
//! `practiceAreasSupported`, `tags`, `integrations`, `shortHighlights`, the security profile) or a
//! shown peer figure, beside the firm's answer it meets; nothing is estimated beyond them. A fact
//! the catalog does not know never counts as a "no": it earns nothing, where a stated "no" loses
//! a point. A figure hidden below 5 firms is absent here, so it cannot move a rank. Vendors with
//! equal points tie: they are shown as one group, by name (never by the order they joined the
//! catalog), with what is not known of them (`not_known`).

use std::collections::HashMap;
use std::sync::LazyLock;

use crate::catalog::Vendor;
use crate::catalog::facts::{Security, Soc2Type, VendorFacts};
use crate::peers::ShownOutcome;
use crate::platform::firm_size::FirmSize;
use crate::profile::bands::SpendBand;

use super::dismissals::DismissalEffects;
use super::ranking::{join_and, price_signs, size_phrase};

/// The tag that marks a vendor built for personal-injury work.
const PI_TAG: &str = "pi-specialized";
/// The catalog's tags for a vendor's price level, beside its bracket.
const BUDGET_TAG: &str = "budget-friendly";
const ENTERPRISE_TAG: &str = "enterprise";
/// The practice areas of injury law: a vendor that lists only these is focused on it.
const INJURY_AREAS: [&str; 4] = [
    "Personal Injury",
    "Workers Compensation",
    "Mass Torts",
    "Medical Malpractice",
];
/// Points a vendor loses when it sits at or above the bracket of a vendor the firm dismissed as
/// too expensive in the category.
const TOO_EXPENSIVE_PENALTY: i32 = 3;

/// What the firm told us, as the fit reads it.
#[derive(Debug, Clone, Copy)]
pub struct FirmFacts<'a> {
    pub size: Option<FirmSize>,
    pub spend: Option<SpendBand>,
    /// Names of the tools in the firm's tech stack.
    pub tools: &'a [String],
    /// The security facts the firm's answers ask for.
    pub asks: SecurityAsks,
}

/// The security facts a firm's answers ask of a vendor.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SecurityAsks {
    /// A questionnaire answer asks for security audits or SOC 2 reports.
    pub soc2: bool,
    /// The firm requires two-step sign-in of its own members.
    pub mfa: bool,
}

/// What the catalog and other firms know of the vendors, beyond their rows.
#[derive(Clone, Copy)]
pub struct Known<'a> {
    /// The catalog's facts of a vendor (its security profile, a stated price), by vendor id.
    pub facts: &'a dyn Fn(u64) -> Option<&'a VendorFacts>,
    /// Other verified firms' demo outcomes of the firm's size that may be shown (5 or more
    /// firms), by vendor id: a hidden figure is absent, so it never moves a rank.
    pub outcomes: &'a HashMap<u64, ShownOutcome>,
}

static NO_OUTCOMES: LazyLock<HashMap<u64, ShownOutcome>> = LazyLock::new(HashMap::new);

impl Known<'static> {
    /// Nothing beyond the vendor rows.
    pub fn nothing() -> Known<'static> {
        Known {
            facts: &|_| None,
            outcomes: &NO_OUTCOMES,
        }
    }
}

impl<'a> Known<'a> {
    fn security(&self, vendor_id: u64) -> Option<&'a Security> {
        (self.facts)(vendor_id).map(|f| &f.security)
    }
}

/// One true statement about a vendor's fit with the firm, strongest kind first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// Other firms of its size chose the vendor after a demo: the shown sentence.
    ChosenAfterDemo(String),
    /// The firm's tools the vendor integrates with (as the firm names them).
    Integrates(Vec<String>),
    /// States a SOC 2 report, which the firm's answers ask for.
    StatesSoc2(Soc2Type),
    /// States multi-factor sign-in, which the firm requires of its own members.
    StatesMfa,
    /// Tagged as built for personal-injury work.
    BuiltForInjury,
    /// Lists injury practice areas and nothing else.
    InjuryAreasOnly(Vec<String>),
    /// Its price bracket is the one the firm's software spend points to.
    PricedForSpend {
        bracket: u8,
        spend: SpendBand,
    },
    /// Tagged budget-friendly, for a firm whose spend points to the budget bracket.
    BudgetFriendly(SpendBand),
    /// Tagged enterprise, for a firm whose spend points to the top brackets.
    ForEnterprise(SpendBand),
    ServesSize(FirmSize),
    /// Its price bracket is one below the one the firm's spend points to.
    PricedBelowSpend {
        bracket: u8,
        spend: SpendBand,
    },
    ServesNearSizes(Vec<FirmSize>),
    /// Lists personal injury among other practice areas.
    WorksWithInjury,
    /// One of the catalog's highlights of the vendor: said of no other vendor, it is what a card
    /// shows when nothing the firm told us sets the vendor apart.
    Highlight(String),
}

impl Fact {
    pub fn text(&self) -> String {
        match self {
            Fact::ChosenAfterDemo(sentence) => sentence.clone(),
            Fact::StatesSoc2(report) => format!(
                "States a SOC 2 {} report, which your answers ask for",
                match report {
                    Soc2Type::TypeI => "Type I",
                    Soc2Type::TypeII => "Type II",
                }
            ),
            Fact::StatesMfa => {
                "States multi-factor sign-in, which your firm requires of its own members".into()
            }
            Fact::Integrates(tools) => {
                let verb = if tools.len() == 1 { "uses" } else { "use" };
                format!(
                    "Integrates with {}, which your firm {verb}",
                    join_and(tools)
                )
            }
            Fact::BuiltForInjury => "Built for personal-injury firms".into(),
            Fact::InjuryAreasOnly(areas) => {
                format!("Serves injury practices only: {}", join_and(areas))
            }
            Fact::PricedForSpend { bracket, spend } => format!(
                "{}, in line with your software spend of {} a year",
                bracket_phrase(*bracket),
                spend_label(*spend)
            ),
            Fact::BudgetFriendly(spend) => format!(
                "Marked budget-friendly in the catalog, for your software spend of {} a year",
                spend_label(*spend)
            ),
            Fact::ForEnterprise(spend) => format!(
                "Marked for enterprise firms in the catalog, in line with your software spend of {} a year",
                spend_label(*spend)
            ),
            Fact::ServesSize(size) => format!("Serves {} like yours", size_phrase(*size)),
            Fact::PricedBelowSpend { bracket, spend } => format!(
                "{}, below what your software spend of {} a year allows",
                bracket_phrase(*bracket),
                spend_label(*spend)
            ),
            Fact::ServesNearSizes(sizes) => {
                let phrases: Vec<String> = sizes.iter().map(|s| size_phrase(*s)).collect();
                format!("Serves {}, next to your size", join_and(&phrases))
            }
            Fact::WorksWithInjury => "Works with personal-injury firms".into(),
            Fact::Highlight(text) => text.clone(),
        }
    }
}

/// "Priced as a budget tool ($)", "In the $$ price bracket", "Priced as an enterprise tool ($$$$)".
fn bracket_phrase(bracket: u8) -> String {
    match bracket {
        1 => "Priced as a budget tool ($)".into(),
        4 => "Priced as an enterprise tool ($$$$)".into(),
        b => format!("In the {} price bracket", price_signs(b)),
    }
}

/// The onboarding question's own wording of the band.
pub fn spend_label(spend: SpendBand) -> &'static str {
    match spend {
        SpendBand::S0To5K => "$0-$5,000",
        SpendBand::S5To10K => "$5,001-$10,000",
        SpendBand::S10To40K => "$10,001-$40,000",
        SpendBand::S40To100K => "$40,001-$100,000",
        SpendBand::S100To500K => "$100,000-$500,000",
        SpendBand::S500KTo1M => "$500,000-$1,000,000",
        SpendBand::S1MPlus => "$1,000,000+",
    }
}

/// The price bracket (1 budget .. 4 enterprise) a firm's annual software spend points to.
pub fn spend_bracket(spend: SpendBand) -> u8 {
    match spend {
        SpendBand::S0To5K | SpendBand::S5To10K => 1,
        SpendBand::S10To40K => 2,
        SpendBand::S40To100K | SpendBand::S100To500K => 3,
        SpendBand::S500KTo1M | SpendBand::S1MPlus => 4,
    }
}

/// A vendor's fit: its points and the facts behind them, strongest first.
#[derive(Debug, Clone)]
pub struct Fit<'a> {
    pub vendor: &'a Vendor,
    pub points: i32,
    /// Every positive fact, strongest kind first, the vendor's highlights last.
    pub facts: Vec<Fact>,
}

impl Fit<'_> {
    pub fn fact_texts(&self) -> Vec<String> {
        self.facts.iter().map(Fact::text).collect()
    }
}

/// The firm's tools the vendor integrates with, as the firm names them, each once. A tool
/// matches an integration of the same name, or one that names its product family ("Clio
/// Manage" matches "Clio"), ignoring case.
pub fn shared_tools(vendor: &Vendor, tools: &[String]) -> Vec<String> {
    let mut shared: Vec<String> = Vec::new();
    for integration in &vendor.integrations {
        let integration = integration.to_lowercase();
        for tool in tools {
            let lower = tool.to_lowercase();
            let matches = lower == integration
                || lower
                    .strip_prefix(&integration)
                    .is_some_and(|rest| rest.starts_with(' '));
            if matches && !shared.iter().any(|s| s.eq_ignore_ascii_case(tool)) {
                shared.push(tool.clone());
            }
        }
    }
    shared
}

/// Points for other firms' outcomes: up to 3, by the shown share that chose the vendor.
const OUTCOME_POINTS: f64 = 3.0;
/// Points for a security fact the firm asks for that the vendor states; a stated "no" loses
/// [`SECURITY_NO_PENALTY`], an unknown earns and loses nothing.
const SECURITY_POINTS: i32 = 2;
const SECURITY_NO_PENALTY: i32 = 1;

/// Scores one vendor on everything the firm told us and everything the catalog and peers know.
pub fn fit<'a>(
    vendor: &'a Vendor,
    firm: &FirmFacts,
    known: &Known,
    effects: &DismissalEffects,
) -> Fit<'a> {
    let mut points = 0;
    let mut facts = Vec::new();

    // Verified firms of its size that chose it after a demo, only as far as it may be shown.
    if let Some(outcome) = known.outcomes.get(&vendor.id) {
        points += (OUTCOME_POINTS * outcome.share).round() as i32;
        facts.push(Fact::ChosenAfterDemo(outcome.sentence.clone()));
    }

    // Integrations: 2 points a tool, at most 4; twice that after "Doesn't work with our tools".
    let shared = shared_tools(vendor, firm.tools);
    let weight = if effects.integration_vendors.is_empty() {
        1
    } else {
        2
    };
    points += weight * 2 * (shared.len().min(2) as i32);
    if !shared.is_empty() {
        facts.push(Fact::Integrates(shared));
    }

    // The security facts the firm asks for: stated yes earns, stated no loses, unknown neither.
    let security = known.security(vendor.id);
    if firm.asks.soc2
        && let Some(soc2) = security.and_then(|s| s.soc2.as_ref())
    {
        points += SECURITY_POINTS;
        facts.push(Fact::StatesSoc2(soc2.value.report));
    }
    if firm.asks.mfa {
        match security.and_then(|s| s.mfa.as_ref()).map(|m| m.value) {
            Some(true) => {
                points += SECURITY_POINTS;
                facts.push(Fact::StatesMfa);
            }
            Some(false) => points -= SECURITY_NO_PENALTY,
            None => {}
        }
    }

    // Personal-injury focus: 2 for a focus, 1 for serving it among others; twice that after
    // "Not right for our practice".
    let weight = if effects.practice_vendors.is_empty() {
        1
    } else {
        2
    };
    let areas = &vendor.practice_areas_supported;
    let lists = |area: &str| areas.iter().any(|a| a.eq_ignore_ascii_case(area));
    let injury_only = !areas.is_empty()
        && areas
            .iter()
            .all(|a| INJURY_AREAS.iter().any(|i| a.eq_ignore_ascii_case(i)));
    if vendor.tags.iter().any(|t| t.eq_ignore_ascii_case(PI_TAG)) {
        points += weight * 2;
        facts.push(Fact::BuiltForInjury);
    } else if injury_only && lists("Personal Injury") {
        points += weight * 2;
        facts.push(Fact::InjuryAreasOnly(areas.clone()));
    } else if lists("Personal Injury") {
        points += weight;
    }

    // Price against the firm's software spend: the bracket, then the catalog's price tags.
    let mut below = None;
    if let (Some(spend), Some(bracket)) = (firm.spend, vendor.price_bracket) {
        let target = spend_bracket(spend);
        points += match i32::from(bracket) - i32::from(target) {
            0 => 2,
            -1 => 1,
            d if d >= 2 => -1,
            _ => 0,
        };
        if bracket == target {
            facts.push(Fact::PricedForSpend { bracket, spend });
        } else if bracket + 1 == target {
            below = Some(Fact::PricedBelowSpend { bracket, spend });
        }
    }
    if let (Some(ceiling), Some(bracket)) = (&effects.price, vendor.price_bracket)
        && bracket >= ceiling.bracket
    {
        points -= TOO_EXPENSIVE_PENALTY;
    }

    let tagged = |tag: &str| vendor.tags.iter().any(|t| t.eq_ignore_ascii_case(tag));
    if let Some(spend) = firm.spend {
        let target = spend_bracket(spend);
        if target == 1 && tagged(BUDGET_TAG) {
            points += 1;
            facts.push(Fact::BudgetFriendly(spend));
        } else if target >= 3 && tagged(ENTERPRISE_TAG) {
            points += 1;
            facts.push(Fact::ForEnterprise(spend));
        }
    }
    // Size.
    points += i32::from(super::pick_for_me::size_fit(vendor, firm.size));
    let mut near = None;
    if let Some(size) = firm.size {
        if vendor.firm_sizes_supported.contains(&size) {
            facts.push(Fact::ServesSize(size));
        } else {
            let sizes: Vec<FirmSize> = vendor
                .firm_sizes_supported
                .iter()
                .copied()
                .filter(|s| s.index().abs_diff(size.index()) == 1)
                .collect();
            if !sizes.is_empty() {
                near = Some(Fact::ServesNearSizes(sizes));
            }
        }
    }
    facts.extend(below);
    facts.extend(near);
    if lists("Personal Injury") && !facts.iter().any(is_injury_focus) {
        facts.push(Fact::WorksWithInjury);
    }
    facts.extend(
        vendor
            .short_highlights
            .iter()
            .filter(|h| !h.trim().is_empty())
            .map(|h| Fact::Highlight(h.trim().to_string())),
    );
    Fit {
        vendor,
        points,
        facts,
    }
}

fn is_injury_focus(fact: &Fact) -> bool {
    matches!(fact, Fact::BuiltForInjury | Fact::InjuryAreasOnly(_))
}

/// The reason each card shows, given each pick's reasons strongest first (in the order the cards
/// are shown): the strongest that sets its vendor apart from some other pick (a reason every
/// other pick has too says nothing of this one) and that no card above shows; else the strongest
/// no card above shows; else its strongest.
pub fn distinct_card_reasons(lists: impl IntoIterator<Item = Vec<String>>) -> Vec<String> {
    let lists: Vec<Vec<String>> = lists.into_iter().collect();
    let mut shown: Vec<String> = Vec::new();
    for (i, reasons) in lists.iter().enumerate() {
        let others: Vec<&Vec<String>> = lists
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, other)| other)
            .collect();
        let shared_by_all =
            |r: &String| !others.is_empty() && others.iter().all(|other| other.contains(r));
        let pick = reasons
            .iter()
            .find(|r| !shared_by_all(r) && !shown.contains(r))
            .or_else(|| reasons.iter().find(|r| !shown.contains(r)))
            .or_else(|| reasons.first())
            .cloned()
            .unwrap_or_default();
        shown.push(pick);
    }
    shown
}

/// Sorts fits best first; equal points by name, so a tie implies no order (never the order
/// the vendors joined the catalog).
pub fn sort(fits: &mut [Fit]) {
    fits.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then_with(|| by_name(a.vendor, b.vendor))
    });
}

/// Vendors by name, ignoring case; the id only between equal names.
pub fn by_name(a: &Vendor, b: &Vendor) -> std::cmp::Ordering {
    a.name
        .to_lowercase()
        .cmp(&b.name.to_lowercase())
        .then(a.id.cmp(&b.id))
}

/// What a tie says on a card: with how many other vendors it fits equally.
pub fn tie_text(others: usize) -> String {
    let vendors = if others == 1 { "vendor" } else { "vendors" };
    format!(
        "Fits your firm as well as {others} other {vendors} here on what we know; equal picks are listed by name"
    )
}

/// The note above a stage's picks when some of them tie: `count` vendors in all fit equally.
pub fn tie_note(count: usize) -> String {
    format!(
        "These {count} fit your firm equally on what we know, so they are shown as one group, by name; the questionnaire tells them apart."
    )
}

/// A fact that would tell a tie group apart, and how many of the group do not state it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotKnown {
    pub fact: &'static str,
    pub vendors: usize,
}

/// What the catalog does not know of a tie group: each fact the ranking or a firm's questions
/// could use that some of `group` do not state, with how many do not, in a fixed order.
pub fn not_known<'a>(
    group: &[&Vendor],
    facts: impl Fn(u64) -> Option<&'a VendorFacts>,
) -> Vec<NotKnown> {
    type Stated = fn(&Vendor, Option<&VendorFacts>) -> bool;
    let kinds: [(&str, Stated); 6] = [
        ("stated price", |_, f| {
            f.is_some_and(|f| f.stated_price.is_some())
        }),
        ("integrations", |v, _| !v.integrations.is_empty()),
        ("SOC 2", |_, f| f.is_some_and(|f| f.security.soc2.is_some())),
        ("single sign-on", |_, f| {
            f.is_some_and(|f| f.security.sso.is_some())
        }),
        ("multi-factor sign-in", |_, f| {
            f.is_some_and(|f| f.security.mfa.is_some())
        }),
        ("HIPAA BAA", |_, f| {
            f.is_some_and(|f| f.security.hipaa_baa.is_some())
        }),
    ];
    kinds
        .iter()
        .map(|(fact, stated)| NotKnown {
            fact,
            vendors: group.iter().filter(|v| !stated(v, facts(v.id))).count(),
        })
        .filter(|n| n.vendors > 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::dismissals::PriceCeiling;
    use crate::recommend::ranking::tests_support::vendor;

    fn firm(tools: &[String]) -> FirmFacts<'_> {
        FirmFacts {
            size: Some(FirmSize::E6To20),
            spend: Some(SpendBand::S5To10K),
            tools,
            asks: SecurityAsks::default(),
        }
    }

    fn priced(id: u64, bracket: u8, sizes: &[FirmSize]) -> Vendor {
        let mut v = vendor(id, &format!("V{id}"), &[]);
        v.price_bracket = Some(bracket);
        v.firm_sizes_supported = sizes.to_vec();
        v.practice_areas_supported = vec!["Personal Injury".into(), "Family Law".into()];
        v
    }

    #[test]
    fn every_answer_moves_the_points_and_says_which_fact() {
        use FirmSize::*;
        let tools = vec!["Clio Manage".to_string(), "Dropbox".to_string()];
        let effects = DismissalEffects::default();
        let plain = priced(1, 1, &[E6To20]);
        let plain = fit(&plain, &firm(&tools), &Known::nothing(), &effects);
        assert_eq!(
            plain.points,
            2 + 1 + 2,
            "size, PI listed, bracket on target"
        );
        assert_eq!(
            plain.fact_texts(),
            [
                "Priced as a budget tool ($), in line with your software spend of $5,001-$10,000 a year",
                "Serves firms of 6-20 employees like yours",
                "Works with personal-injury firms",
            ]
        );

        let mut rich = priced(2, 3, &[E6To20, E51To200]);
        rich.integrations = vec!["Clio".into(), "Dropbox".into(), "Box".into()];
        rich.tags = vec!["pi-specialized".into()];
        rich.short_highlights = vec!["Fast".into()];
        let rich = fit(&rich, &firm(&tools), &Known::nothing(), &effects);
        assert_eq!(
            rich.points,
            4 + 2 - 1 + 2,
            "two tools, PI focus, $$$ over, size"
        );
        assert_eq!(
            rich.fact_texts(),
            [
                "Integrates with Clio Manage and Dropbox, which your firm use",
                "Built for personal-injury firms",
                "Serves firms of 6-20 employees like yours",
                "Fast",
            ]
        );
    }

    #[test]
    fn the_firms_own_size_is_the_only_size_a_fact_gives_as_the_firms() {
        // Whatever sizes a vendor serves, "like yours" names the firm's size and nothing speaks
        // of a size expected from its caseload (issue 77: two size reasons on one profile).
        let effects = DismissalEffects::default();
        for firm_size in FirmSize::ALL {
            for served in FirmSize::ALL {
                let v = priced(1, 2, &[served, firm_size]);
                let facts = FirmFacts {
                    size: Some(firm_size),
                    ..firm(&[])
                };
                let texts = fit(&v, &facts, &Known::nothing(), &effects).fact_texts();
                let own: Vec<&String> = texts.iter().filter(|t| t.contains("like yours")).collect();
                assert_eq!(
                    own,
                    [&format!("Serves {} like yours", size_phrase(firm_size))],
                    "{texts:?}"
                );
                assert!(
                    texts
                        .iter()
                        .all(|t| !t.contains("expect") && !t.contains("cases a month")),
                    "{texts:?}"
                );
            }
        }
    }

    #[test]
    fn the_catalogs_price_tags_count_for_the_spend_they_fit() {
        use FirmSize::*;
        let mut v = priced(1, 2, &[E6To20]);
        v.tags = vec!["budget-friendly".into(), "enterprise".into()];
        let effects = DismissalEffects::default();
        let facts = |spend| {
            let firm = FirmFacts {
                spend: Some(spend),
                ..firm(&[])
            };
            fit(&v, &firm, &Known::nothing(), &effects).fact_texts()
        };
        assert!(facts(SpendBand::S0To5K).contains(
            &"Marked budget-friendly in the catalog, for your software spend of $0-$5,000 a year"
                .to_string()
        ));
        assert!(
            facts(SpendBand::S1MPlus).contains(
                &"Marked for enterprise firms in the catalog, in line with your software spend of \
              $1,000,000+ a year"
                    .to_string()
            )
        );
        assert!(
            !facts(SpendBand::S10To40K)
                .iter()
                .any(|f| f.starts_with("Marked"))
        );
    }

    #[test]
    fn dismissal_reasons_weigh_in_their_category() {
        use FirmSize::*;
        let tools = vec!["Filevine".to_string()];
        let mut v = priced(1, 2, &[E6To20]);
        v.integrations = vec!["Filevine".into()];
        let none = fit(
            &v,
            &firm(&tools),
            &Known::nothing(),
            &DismissalEffects::default(),
        )
        .points;
        let effects = DismissalEffects {
            price: Some(PriceCeiling {
                vendor_name: "X".into(),
                bracket: 2,
            }),
            integration_vendors: vec!["Y".into()],
            practice_vendors: vec!["Z".into()],
        };
        let after = fit(&v, &firm(&tools), &Known::nothing(), &effects).points;
        assert_eq!(
            after,
            none - 3 + 2 + 1,
            "too expensive; integration and PI count double"
        );
    }

    #[test]
    fn a_tool_matches_its_product_family_but_not_a_longer_name() {
        let mut v = vendor(1, "V", &[]);
        v.integrations = vec!["Clio".into(), "Box".into()];
        let tools = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(shared_tools(&v, &tools(&["Clio Manage"])), ["Clio Manage"]);
        assert_eq!(shared_tools(&v, &tools(&["CLIO"])), ["CLIO"]);
        assert!(shared_tools(&v, &tools(&["Clioworks", "Dropbox", "Boxer"])).is_empty());
    }

    fn stated<T>(value: T) -> Option<crate::catalog::facts::Stated<T>> {
        Some(crate::catalog::facts::Stated {
            value,
            provenance: crate::catalog::facts::Provenance::Estimate,
        })
    }

    /// Vendor 1 states multi-factor sign-in and a SOC 2 report, vendor 2 states nothing, vendor 3
    /// states it has no multi-factor sign-in.
    fn security_facts() -> HashMap<u64, VendorFacts> {
        let mut yes = VendorFacts::default();
        yes.security.mfa = stated(true);
        yes.security.soc2 = stated(crate::catalog::facts::Soc2 {
            report: Soc2Type::TypeII,
            period_end: None,
        });
        let mut no = VendorFacts::default();
        no.security.mfa = stated(false);
        HashMap::from([(1, yes), (3, no)])
    }

    #[test]
    fn an_unknown_security_fact_never_counts_as_a_no() {
        use FirmSize::*;
        let facts = security_facts();
        let lookup = |id: u64| facts.get(&id);
        let known = Known {
            facts: &lookup,
            outcomes: &NO_OUTCOMES,
        };
        let vendors = [
            priced(1, 1, &[E6To20]),
            priced(2, 1, &[E6To20]),
            priced(3, 1, &[E6To20]),
        ];
        let effects = DismissalEffects::default();
        let points = |asks: SecurityAsks| -> Vec<i32> {
            let firm = FirmFacts { asks, ..firm(&[]) };
            vendors
                .iter()
                .map(|v| fit(v, &firm, &known, &effects).points)
                .collect()
        };
        let base = points(SecurityAsks::default());
        assert!(
            base.iter().all(|p| *p == base[0]),
            "what nobody asked for moves nothing"
        );
        let mfa = points(SecurityAsks {
            mfa: true,
            soc2: false,
        });
        assert_eq!(
            mfa,
            [base[0] + 2, base[0], base[0] - 1],
            "stated yes earns, unknown neither earns nor loses, stated no loses"
        );
        let soc2 = points(SecurityAsks {
            mfa: false,
            soc2: true,
        });
        assert_eq!(soc2, [base[0] + 2, base[0], base[0]]);
        let firm = FirmFacts {
            asks: SecurityAsks {
                mfa: true,
                soc2: true,
            },
            ..firm(&[])
        };
        assert_eq!(
            fit(&vendors[0], &firm, &known, &effects).fact_texts()[..2],
            [
                "States a SOC 2 Type II report, which your answers ask for",
                "States multi-factor sign-in, which your firm requires of its own members",
            ]
        );
    }

    #[test]
    fn only_a_shown_peer_outcome_moves_a_rank() {
        use crate::peers::{Tally, shown_outcome};
        use FirmSize::*;
        let v = priced(1, 1, &[E6To20]);
        let effects = DismissalEffects::default();
        let with = |tally: Tally| {
            let outcomes: HashMap<u64, ShownOutcome> =
                shown_outcome(tally).map(|o| (1, o)).into_iter().collect();
            let known = Known {
                facts: &|_| None,
                outcomes: &outcomes,
            };
            fit(&v, &firm(&[]), &known, &effects)
        };
        let none = fit(&v, &firm(&[]), &Known::nothing(), &effects).points;
        for held in 1..5 {
            assert_eq!(
                with(Tally { held, chose: held }).points,
                none,
                "{held} firms: hidden, so it moves nothing"
            );
        }
        let chosen = with(Tally { held: 12, chose: 9 });
        assert!(chosen.points > none);
        assert_eq!(
            chosen.facts[0],
            Fact::ChosenAfterDemo(chosen.fact_texts()[0].clone())
        );
        assert_eq!(
            with(Tally { held: 12, chose: 2 }).points,
            none,
            "fewer than 5 chose it: hidden like none"
        );
    }

    #[test]
    fn ties_are_listed_by_name_and_say_what_is_not_known() {
        use FirmSize::*;
        let mut fits_of = [
            priced(3, 1, &[E6To20]),
            priced(1, 1, &[E6To20]),
            priced(2, 1, &[E6To20]),
        ];
        fits_of[0].name = "Alpha".into();
        fits_of[1].name = "charlie".into();
        fits_of[2].name = "Bravo".into();
        fits_of[2].integrations = vec!["Zapier".into()];
        let effects = DismissalEffects::default();
        let mut fits: Vec<Fit> = fits_of
            .iter()
            .map(|v| fit(v, &firm(&[]), &Known::nothing(), &effects))
            .collect();
        sort(&mut fits);
        let names: Vec<&str> = fits.iter().map(|f| f.vendor.name.as_str()).collect();
        assert_eq!(names, ["Alpha", "Bravo", "charlie"], "by name, never by id");

        let facts = security_facts();
        let group: Vec<&Vendor> = fits_of.iter().collect();
        let unknown = not_known(&group, |id| facts.get(&id));
        let said: Vec<(&str, usize)> = unknown.iter().map(|n| (n.fact, n.vendors)).collect();
        assert_eq!(
            said,
            [
                ("stated price", 3),
                ("integrations", 2),
                ("SOC 2", 2),
                ("single sign-on", 3),
                ("multi-factor sign-in", 1),
                ("HIPAA BAA", 3),
            ],
            "a stated no is known: only vendor 2 says nothing of multi-factor sign-in"
        );
    }

    #[test]
    fn each_card_says_what_sets_its_vendor_apart() {
        let lists = vec![
            vec!["Shared".to_string(), "A and B".into(), "A's own".into()],
            vec!["Shared".to_string(), "A and B".into(), "B's own".into()],
            vec!["Shared".to_string()],
        ];
        assert_eq!(
            distinct_card_reasons(lists),
            ["A and B", "B's own", "Shared"]
        );
        assert_eq!(
            distinct_card_reasons(vec![vec!["Only".to_string()]]),
            ["Only"]
        );
        let same = vec![vec!["Same".to_string()], vec!["Same".to_string()]];
        assert_eq!(distinct_card_reasons(same), ["Same", "Same"]);
    }
}
