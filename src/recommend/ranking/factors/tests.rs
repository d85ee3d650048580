use std::collections::HashMap;

use super::*;
use crate::recommend::ranking::PeerGroup;
use crate::recommend::ranking::tests_support::vendor;

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn need(label: &str, tags: &[&str]) -> Need {
    Need {
        label: label.into(),
        tags: strings(tags),
    }
}

#[test]
fn needs_split_by_any_tag_ignoring_case_in_the_order_given() {
    let v = vendor(1, "V", &["Auto", "reports"]);
    let needs = [
        need("Intake", &["intake"]),
        need("Automation", &["auto"]),
        need("Reporting", &["dashboards", "REPORTS"]),
    ];
    let (matched, missing) = split_needs(&v, &needs);
    assert_eq!(matched, ["Automation", "Reporting"]);
    assert_eq!(missing, ["Intake"]);
}

#[test]
fn needs_score_the_share_met_and_say_which() {
    let s = needs(&strings(&["A", "B"]), &strings(&["C"]));
    assert_eq!(s.points, 40.0);
    assert_eq!(s.factor.points, 40.0);
    assert_eq!(s.factor.max_points, NEEDS_POINTS);
    assert_eq!(s.factor.detail, "2 of 3");
    let reason = s.reason.unwrap();
    assert_eq!(reason.text(), "Meets 2 of your 3 needs");
    assert_eq!(reason.stored(), "Meets 2 of your 3 needs\nA\nB");

    let none = needs(&[], &[]);
    assert_eq!((none.points, none.factor.detail.as_str()), (0.0, "0 of 0"));
}

#[test]
fn outcomes_count_the_shown_share_and_otherwise_say_there_are_too_few() {
    let shown = ShownOutcome {
        sentence: "7 of 12 firms your size that had a demo chose it".into(),
        share: 7.0 / 12.0,
    };
    let s = outcomes(Some(&shown), OUTCOME_POINTS);
    assert_eq!(s.factor.points, 5.8, "rounded for display");
    assert!((s.points - 70.0 / 12.0).abs() < 1e-9, "exact for the score");
    assert_eq!(s.factor.detail, shown.sentence);
    assert_eq!(s.reason.map(|r| r.text()), Some(shown.sentence));

    let s = outcomes(None, 0.0);
    assert_eq!((s.points, s.factor.max_points), (0.0, 0.0));
    assert_eq!(s.factor.detail, NO_OUTCOMES);
    assert!(s.reason.is_none());
}

#[test]
fn integrations_give_two_thirds_for_one_tool_and_all_for_two() {
    let mut v = vendor(1, "V", &[]);
    v.integrations = strings(&["clio", "Dropbox", "CLIO", "Slack"]);
    let firm = strings(&["Clio", "Dropbox"]);
    let tools = FirmTools::new(&firm);
    let s = integrations(&v, &tools, 15.0, &[]);
    assert_eq!(s.points, 15.0);
    assert_eq!(s.factor.detail, "Integrates with Clio and Dropbox");
    assert_eq!(
        s.reason,
        Some(Reason::Integrates {
            tools: strings(&["Clio", "Dropbox"])
        }),
        "the firm's spelling, each tool once"
    );

    let clio_only = strings(&["Clio"]);
    let s = integrations(&v, &FirmTools::new(&clio_only), 15.0, &[]);
    assert_eq!((s.points, s.factor.points), (10.0, 10.0));
}

#[test]
fn integrations_say_why_there_are_none_and_when_they_count_double() {
    let v = vendor(1, "V", &[]);
    let s = integrations(&v, &FirmTools::new(&[]), 15.0, &[]);
    assert_eq!(s.factor.detail, "No tools in your tech stack yet");
    assert!(s.reason.is_none());

    let firm = strings(&["Clio"]);
    let s = integrations(&v, &FirmTools::new(&firm), 30.0, &strings(&["MyCase"]));
    assert_eq!((s.points, s.factor.max_points), (0.0, 30.0));
    assert_eq!(
        s.factor.detail,
        "No integration with the tools your firm uses. Counts double: you dismissed MyCase as \
         not working with your tools"
    );
}

#[test]
fn size_fit_gives_all_points_for_the_size_and_half_for_a_neighbour() {
    use FirmSize::*;
    let mut v = vendor(1, "V", &[]);
    v.firm_sizes_supported = vec![Solo, E6To20];

    let exact = size_fit(&v, Some(E6To20));
    assert_eq!(exact.points, SIZE_POINTS);
    assert_eq!(exact.factor.detail, "Serves firms of 6-20 employees");
    assert_eq!(exact.reason, Some(Reason::ServesSize(E6To20)));

    let near = size_fit(&v, Some(E2To5));
    assert_eq!(near.points, SIZE_POINTS / 2.0);
    assert_eq!(
        near.factor.detail,
        "Serves solo firms and firms of 6-20 employees, next to your size"
    );
    assert_eq!(
        near.reason,
        Some(Reason::ServesNearSizes(vec![Solo, E6To20]))
    );

    let far = size_fit(&v, Some(E200Plus));
    assert_eq!((far.points, far.reason), (0.0, None));
    assert_eq!(far.factor.detail, "Does not list firms of 200+ employees");
}

#[test]
fn size_fit_says_when_either_size_is_unknown() {
    let v = vendor(1, "V", &[]);
    let s = size_fit(&v, Some(FirmSize::Solo));
    assert_eq!(s.factor.detail, "The vendor lists no firm sizes");
    let s = size_fit(&v, None);
    assert_eq!(s.factor.detail, "Your firm size is not set in your profile");
    assert_eq!((s.points, s.reason), (0.0, None));
}

#[test]
fn demand_is_relative_to_the_category_peak_and_never_shows_counts_under_five() {
    let counts = HashMap::new();
    let d = Demand {
        counts: &counts,
        peers: PeerGroup::Sizes(vec![FirmSize::E6To20]),
    };
    let category = CategoryDemand { peak: 8, total: 11 };
    let s = demand(3, Some(&d), category, DEMAND_POINTS);
    assert_eq!(s.points, 3.75);
    assert_eq!(s.factor.points, 3.8);
    assert_eq!(
        s.factor.detail,
        "a few of 11 demo bookings in this category by firms of 6-20 employees in the last 90 days"
    );
    assert_eq!(
        s.reason,
        Some(Reason::Demand {
            bookings: 3,
            peers: PeerGroup::Sizes(vec![FirmSize::E6To20])
        })
    );

    let s = demand(
        0,
        Some(&d),
        CategoryDemand { peak: 0, total: 0 },
        DEMAND_POINTS,
    );
    assert_eq!((s.points, s.reason), (0.0, None));
    assert_eq!(
        s.factor.detail,
        "No demo bookings in this category by firms of 6-20 employees in the last 90 days"
    );
}

#[test]
fn demand_is_left_out_without_real_bookings() {
    let s = demand(40, None, CategoryDemand { peak: 0, total: 0 }, 0.0);
    assert_eq!((s.points, s.factor.max_points), (0.0, 0.0));
    assert_eq!(s.factor.detail, NO_DEMAND_DATA);
    assert!(s.reason.is_none());
}

#[test]
fn partner_points_need_a_weight_and_scale_with_the_level() {
    let mut gold = vendor(1, "Gold", &[]);
    gold.partner_level = Some("Gold".into());
    let s = partner(&gold, 0.0);
    assert_eq!((s.points, s.reason), (0.0, None));
    assert_eq!(
        s.factor.detail,
        "Partner status does not affect the ranking"
    );

    let s = partner(&gold, 10.0);
    assert_eq!(s.points, 8.0);
    assert_eq!(s.factor.detail, "Gold partner");
    assert_eq!(
        s.reason,
        Some(Reason::Partner {
            level: "Gold".into()
        })
    );

    let mut starred = vendor(2, "Starred", &[]);
    starred.is_recommended_partner = true;
    let s = partner(&starred, 10.0);
    assert_eq!(
        (s.points, s.factor.detail.as_str()),
        (3.0, "recommended partner")
    );

    let s = partner(&vendor(3, "Plain", &[]), 10.0);
    assert_eq!((s.points, s.factor.detail.as_str()), (0.0, "Not a partner"));
}

#[test]
fn partner_maximum_is_rounded_for_display_only() {
    let s = partner(&vendor(1, "Plain", &[]), 10.0 / 3.0);
    assert_eq!(s.factor.max_points, 3.3);
}

#[test]
fn the_price_penalty_lowers_vendors_at_or_above_the_dismissed_bracket() {
    let ceiling = PriceCeiling {
        vendor_name: "Filevine".into(),
        bracket: 3,
    };
    let priced = |bracket: Option<u8>| {
        let mut v = vendor(1, "V", &[]);
        v.price_bracket = bracket;
        price_penalty(&v, Some(&ceiling)).map(|s| s.points)
    };
    assert_eq!(priced(Some(4)), Some(-PRICE_PENALTY_POINTS));
    assert_eq!(priced(Some(3)), Some(-PRICE_PENALTY_POINTS));
    assert_eq!(priced(Some(2)), Some(0.0));
    assert_eq!(priced(None), Some(0.0), "no known price: no penalty");

    let v = vendor(1, "V", &[]);
    let s = price_penalty(&v, Some(&ceiling)).map(|s| s.factor.detail);
    assert_eq!(
        s.as_deref(),
        Some("You dismissed Filevine as too expensive: vendors at $$$ or above score lower")
    );
    assert!(price_penalty(&v, None).is_none());
}
