//! Fit with the firm, from everything it told us and nothing else: its size, its onboarding
//! answer on annual software spend (against the vendor's price bracket), personal-injury focus,
//! integrations with its tech stack, and what its dismissals in the category said. The firm's
//! size is the only size a fact or a point uses: its caseload is never turned into a second,
//! expected size (issue 77). Pick For Me ranks by it while no booking
//! evidence exists, and breaks equal booking counts with it.
//!
//! Every fact is a statement about the catalog's own fields (`firmSizeSupported`, `priceBracket`,
//! `practiceAreasSupported`, `tags`, `integrations`, `shortHighlights`) beside the firm's answer it
//! meets; nothing is estimated beyond them. Vendors with equal points tie: they are ordered by the
//! catalog's vendor id (the order they joined the catalog), and the picks say so.

use crate::catalog::Vendor;
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
}

/// One true statement about a vendor's fit with the firm, strongest kind first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// The firm's tools the vendor integrates with (as the firm names them).
    Integrates(Vec<String>),
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

/// Scores one vendor on everything the firm told us.
pub fn fit<'a>(vendor: &'a Vendor, firm: &FirmFacts, effects: &DismissalEffects) -> Fit<'a> {
    let mut points = 0;
    let mut facts = Vec::new();

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

/// Sorts fits best first; equal points keep the catalog's order (vendor id).
pub fn sort(fits: &mut [Fit]) {
    fits.sort_by(|a, b| b.points.cmp(&a.points).then(a.vendor.id.cmp(&b.vendor.id)));
}

/// What a tie says on a card: with how many other vendors it fits equally, and the order rule.
pub fn tie_text(others: usize) -> String {
    let vendors = if others == 1 { "vendor" } else { "vendors" };
    format!(
        "Fits your firm as well as {others} other {vendors} here on what we know; equal picks are listed in the order they joined the catalog"
    )
}

/// The note above a stage's picks when some of them tie: `count` vendors in all fit equally.
pub fn tie_note(count: usize) -> String {
    format!(
        "These {count} fit your firm equally well on what we know; the questionnaire tells them apart."
    )
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
        let plain = fit(&plain, &firm(&tools), &effects);
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
        let rich = fit(&rich, &firm(&tools), &effects);
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
                let texts = fit(&v, &facts, &effects).fact_texts();
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
            fit(&v, &firm, &effects).fact_texts()
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
        let none = fit(&v, &firm(&tools), &DismissalEffects::default()).points;
        let effects = DismissalEffects {
            price: Some(PriceCeiling {
                vendor_name: "X".into(),
                bracket: 2,
            }),
            integration_vendors: vec!["Y".into()],
            practice_vendors: vec!["Z".into()],
        };
        let after = fit(&v, &firm(&tools), &effects).points;
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
