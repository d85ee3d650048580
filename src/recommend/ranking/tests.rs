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
    context: Vec<Need>,
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
            context: vec![],
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
                context: &self.context,
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
    assert_eq!(r[0].reason_texts()[0], "Meets both of your needs");
    assert_eq!(r[0].matched, ["Automation", "Reporting"]);
    assert_eq!(
        r[0].stored_reasons()[0],
        "Meets both of your needs\nAutomation\nReporting"
    );
    assert_eq!(r[1].reason_texts()[0], "Meets 1 of your 2 needs");
    assert_eq!(r[1].matched, ["Automation"]);
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
        r[0].reason_texts()
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
            .all(|r| !r.reason_texts().iter().any(|s| s.contains("partner")))
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
        r[0].reason_texts()
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
    assert_eq!(r[0].reason_texts()[0], "You already use Mine");
}

#[test]
fn the_card_reason_is_the_first_about_fit_not_the_firms_use() {
    let vendors = [vendor(1, "Mine", &["auto"]), vendor(2, "Other", &["auto"])];
    let mut f = Fixture::new();
    f.owned.insert(1);
    let r = f.rank(&vendors);
    let mine = r.iter().find(|r| r.vendor.id == 1).unwrap();
    assert_eq!(mine.card_reasons()[0], "Meets 1 of your 2 needs");
    let other = r.iter().find(|r| r.vendor.id == 2).unwrap();
    assert_eq!(other.card_reasons(), other.reason_texts());
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
        r[0].reason_texts()
            .contains(&"Serves firms of 6-20 employees like yours".to_string())
    );
    assert!(
        r[1].reason_texts()
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
    assert!(
        r[0].reason_texts().contains(
            &"41 demo bookings by firms of 6-20 employees in the last 90 days".to_string()
        )
    );
    assert!(r[1].reason_texts().contains(
        &"A few demo bookings by firms of 6-20 employees in the last 90 days".to_string()
    ));
    assert_eq!(
        r[1].breakdown[3].detail,
        "a few of 44 demo bookings in this category by firms of 6-20 employees in the last 90 days"
    );
}

#[test]
fn equal_vendors_keep_the_catalog_order_not_the_names() {
    let vendors = [
        vendor(3, "b", &[]),
        vendor(2, "A", &[]),
        vendor(1, "b", &[]),
    ];
    let r = Fixture::new().rank(&vendors);
    let ids: Vec<u64> = r.iter().map(|r| r.vendor.id).collect();
    assert_eq!(ids, [1, 2, 3]);
    assert_eq!(r.iter().map(|r| r.rank).collect::<Vec<_>>(), [1, 2, 3]);
}

fn labels(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_needs_sentence_reads_naturally_for_one_need() {
    assert_eq!(
        needs_sentence(&labels(&["Automation"]), &[]),
        "Meets your need"
    );
    assert_eq!(
        needs_sentence(&[], &labels(&["Automation"])),
        "Does not meet your need: Automation"
    );
}

#[test]
fn the_needs_sentence_reads_naturally_for_two_needs() {
    let both = labels(&["Automation", "Reporting"]);
    assert_eq!(needs_sentence(&both, &[]), "Meets both of your needs");
    assert_eq!(
        needs_sentence(&labels(&["Reporting"]), &labels(&["Automation"])),
        "Meets 1 of your 2 needs"
    );
    assert_eq!(needs_sentence(&[], &both), "Meets neither of your 2 needs");
}

#[test]
fn the_needs_sentence_reads_naturally_for_three_needs() {
    let three = labels(&["A", "B", "C"]);
    assert_eq!(needs_sentence(&three, &[]), "Meets all 3 of your needs");
    assert_eq!(
        needs_sentence(&three[..2], &three[2..]),
        "Meets 2 of your 3 needs"
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
            !ranked
                .reason_texts()
                .iter()
                .any(|s| s.contains("demo booking")),
            "{:?}",
            ranked.reason_texts()
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
    use crate::peers::{Tally, shown_outcome};
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
        r[0].reason_texts()
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

#[test]
fn answers_about_the_firm_weigh_but_are_never_quoted_as_needs() {
    let vendors = [
        vendor(1, "Plain", &["auto"]),
        vendor(2, "Fits the firm", &["auto", "pi-specialized"]),
    ];
    let mut f = Fixture::new();
    f.needs = needs(&[("Automation", "auto")]);
    f.context = needs(&[(
        "A general practice tool that doesn't fit PI well",
        "pi-specialized",
    )]);
    let r = f.rank(&vendors);
    assert_eq!(names(&r), ["Fits the firm", "Plain"]);
    assert!(r[0].score > r[1].score);
    for ranked in &r {
        assert_eq!(ranked.matched, ["Automation"]);
        assert!(
            !ranked
                .stored_reasons()
                .iter()
                .any(|s| s.contains("general practice")),
            "{:?}",
            ranked.stored_reasons()
        );
    }
    let context = r[0]
        .breakdown
        .iter()
        .find(|f| f.factor == "context")
        .unwrap();
    assert_eq!(
        (context.points, context.max_points),
        (CONTEXT_POINTS, CONTEXT_POINTS)
    );
    assert_eq!(context.detail, "Fits your answer about your firm");
    // Without answers about the firm the factor is not shown at all.
    f.context.clear();
    let r = f.rank(&vendors);
    assert!(r[0].breakdown.iter().all(|f| f.factor != "context"));
}
