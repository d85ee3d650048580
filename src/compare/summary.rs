//! The summary line of each column: what sets the vendor apart from the others compared. Every
//! sentence is read off the columns themselves (so it is true by construction) and only compares
//! counts that are shown: a suppressed count is only known to be under 5, so "most" is said only
//! of a shown count above every other.

use super::model::ComparedVendor;
use crate::platform::firm_size::FirmSize;

/// At most this many sentences per line, the strongest first.
const SENTENCES: usize = 2;

/// One line per column, in the columns' order.
pub fn summaries(columns: &[ComparedVendor], firm_size: Option<FirmSize>) -> Vec<String> {
    (0..columns.len())
        .map(|i| {
            let facts = facts(columns, i, firm_size);
            if facts.is_empty() {
                format!(
                    "Nothing in our data sets {} apart from the others.",
                    columns[i].name
                )
            } else {
                facts
                    .into_iter()
                    .take(SENTENCES)
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        })
        .collect()
}

/// Everything that sets column `i` apart, strongest first.
fn facts(columns: &[ComparedVendor], i: usize, firm_size: Option<FirmSize>) -> Vec<String> {
    let me = &columns[i];
    let others: Vec<&ComparedVendor> = columns
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != i)
        .map(|(_, c)| c)
        .collect();
    let name = &me.name;
    let mut out = Vec::new();

    if !me.is_active && others.iter().all(|o| o.is_active) {
        out.push(format!("{name} is no longer active."));
    }

    let only_mine: Vec<&str> = me
        .integrations
        .iter()
        .filter(|i| i.in_your_stack)
        .filter(|i| {
            let lower = i.name.to_lowercase();
            others.iter().all(|o| {
                o.integrations
                    .iter()
                    .all(|oi| oi.name.to_lowercase() != lower)
            })
        })
        .map(|i| i.name.as_str())
        .collect();
    if !only_mine.is_empty() {
        out.push(format!(
            "Only {name} integrates with {}, which your firm uses.",
            and_list(&only_mine)
        ));
    }

    if let Some(mine) = &me.match_score
        && others
            .iter()
            .all(|o| o.match_score.as_ref().is_some_and(|m| m.score < mine.score))
    {
        out.push(format!(
            "{name} has your best match score ({} of 100).",
            mine.score
        ));
    }

    if let Some(size) = firm_size
        && me.firm_sizes.contains(&size)
        && others.iter().all(|o| !o.firm_sizes.contains(&size))
    {
        out.push(format!(
            "Only {name} lists firms of your size ({}).",
            size.label()
        ));
    }

    if let Some(n) = me.recent_demo_bookings.value
        && others
            .iter()
            .all(|o| o.recent_demo_bookings.value.is_none_or(|m| m < n))
    {
        let by = if firm_size.is_some() {
            "by firms your size "
        } else {
            ""
        };
        out.push(format!(
            "{name} was booked most {by}in the last 90 days ({n} demo bookings)."
        ));
    }

    if let Some(n) = me.peer_adoption.as_ref().and_then(|p| p.value)
        && others.iter().all(|o| {
            o.peer_adoption
                .as_ref()
                .is_some_and(|p| p.value.is_none_or(|m| m < n))
        })
    {
        out.push(format!(
            "{name} is used by the most other firms of your size ({n})."
        ));
    }

    let pi = |c: &ComparedVendor| {
        c.practice_areas
            .iter()
            .any(|a| a.eq_ignore_ascii_case("personal injury"))
    };
    if pi(me) && others.iter().all(|o| !pi(o)) {
        out.push(format!(
            "Only {name} lists personal injury among its practice areas."
        ));
    }

    if let Some(mine) = me.price_bracket
        && others
            .iter()
            .all(|o| o.price_bracket.is_some_and(|b| b > mine))
    {
        out.push(format!(
            "{name} has the lowest price bracket ({}).",
            "$".repeat(mine.into())
        ));
    }

    let count = me.integrations.len();
    if count > 0 && others.iter().all(|o| o.integrations.len() < count) {
        out.push(format!("{name} lists the most integrations ({count})."));
    }

    if others.iter().all(|o| o.category.id != me.category.id) && !me.category.label.is_empty() {
        out.push(format!(
            "{name} is the only {} tool here.",
            me.category.label
        ));
    }
    out
}

/// "A", "A and B", "A, B and C".
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::model::{CategoryRef, Integration, MatchScore, PartnerStatus};
    use crate::peers::ShownCount;

    fn vendor(id: u64, name: &str) -> ComparedVendor {
        ComparedVendor {
            id,
            name: name.into(),
            logo_url: None,
            category: CategoryRef {
                id: 2,
                name: "Intake".into(),
                label: "Intake".into(),
            },
            price_bracket: Some(2),
            firm_sizes: vec![FirmSize::E6To20],
            practice_areas: vec!["Personal Injury".into()],
            integrations: vec![],
            highlights: vec![],
            partner: PartnerStatus {
                is_recommended_partner: false,
                partner_level: None,
            },
            recent_demo_bookings: ShownCount::of(0),
            peer_adoption: Some(ShownCount::of(0)),
            match_score: None,
            verified_on: None,
            source_url: None,
            facts: Default::default(),
            booking_url: None,
            website_url: None,
            is_active: true,
            summary: String::new(),
        }
    }

    fn integrations(names: &[(&str, bool)]) -> Vec<Integration> {
        names
            .iter()
            .map(|(name, in_your_stack)| Integration {
                name: (*name).into(),
                in_your_stack: *in_your_stack,
            })
            .collect()
    }

    const SIZE: Option<FirmSize> = Some(FirmSize::E6To20);

    #[test]
    fn a_stack_integration_only_one_vendor_has_is_named() {
        let mut smith = vendor(1, "Smith.ai");
        smith.integrations = integrations(&[("Clio", true), ("Zapier", false)]);
        let mut other = vendor(2, "Ruby");
        other.integrations = integrations(&[("zapier", false)]);
        let lines = summaries(&[smith, other], SIZE);
        assert!(
            lines[0].starts_with("Only Smith.ai integrates with Clio, which your firm uses."),
            "{}",
            lines[0]
        );
        assert!(!lines[1].contains("integrates with"), "{}", lines[1]);
    }

    #[test]
    fn a_stack_integration_both_vendors_share_sets_neither_apart() {
        let mut a = vendor(1, "A");
        a.integrations = integrations(&[("Clio", true)]);
        let mut b = vendor(2, "B");
        b.integrations = integrations(&[("CLIO", true)]);
        let lines = summaries(&[a, b], SIZE);
        assert!(lines.iter().all(|l| !l.contains("Clio")), "{lines:?}");
    }

    #[test]
    fn identical_vendors_are_said_to_have_nothing_apart() {
        let lines = summaries(&[vendor(1, "A"), vendor(2, "B")], SIZE);
        assert_eq!(
            lines,
            [
                "Nothing in our data sets A apart from the others.",
                "Nothing in our data sets B apart from the others."
            ]
        );
    }

    #[test]
    fn most_booked_is_said_only_of_a_shown_count_above_every_other() {
        let mut a = vendor(1, "A");
        a.recent_demo_bookings = ShownCount::of(7);
        let mut b = vendor(2, "B");
        b.recent_demo_bookings = ShownCount::of(3);
        let lines = summaries(&[a.clone(), b.clone()], SIZE);
        assert_eq!(
            lines[0],
            "A was booked most by firms your size in the last 90 days (7 demo bookings)."
        );

        // Two suppressed counts (4 and 1) are never ranked against each other.
        a.recent_demo_bookings = ShownCount::of(4);
        b.recent_demo_bookings = ShownCount::of(1);
        let lines = summaries(&[a.clone(), b.clone()], SIZE);
        assert!(
            lines.iter().all(|l| !l.contains("booked most")),
            "{lines:?}"
        );

        // Nor are none and four: both read "fewer than 5", and the other's 9 is the most.
        a.recent_demo_bookings = ShownCount::of(0);
        b.recent_demo_bookings = ShownCount::of(4);
        assert_eq!(a.recent_demo_bookings, b.recent_demo_bookings);
        let mut c = vendor(3, "C");
        c.recent_demo_bookings = ShownCount::of(9);
        let lines = summaries(&[a.clone(), b.clone(), c], SIZE);
        assert!(lines[2].contains("booked most"), "{lines:?}");
        assert!(
            lines[..2].iter().all(|l| !l.contains("booked most")),
            "{lines:?}"
        );

        // A tie sets neither apart.
        a.recent_demo_bookings = ShownCount::of(9);
        b.recent_demo_bookings = ShownCount::of(9);
        let lines = summaries(&[a, b], SIZE);
        assert!(
            lines.iter().all(|l| !l.contains("booked most")),
            "{lines:?}"
        );
    }

    #[test]
    fn the_best_match_score_needs_a_score_for_every_vendor() {
        let mut a = vendor(1, "A");
        a.match_score = Some(MatchScore {
            score: 80,
            answered_on: "2026-11-01".into(),
        });
        let b = vendor(2, "B");
        let lines = summaries(&[a.clone(), b.clone()], SIZE);
        assert!(!lines[0].contains("best match"), "{}", lines[0]);

        let mut b = b;
        b.match_score = Some(MatchScore {
            score: 60,
            answered_on: "2026-11-01".into(),
        });
        let lines = summaries(&[a, b], SIZE);
        assert_eq!(lines[0], "A has your best match score (80 of 100).");
    }

    #[test]
    fn at_most_two_facts_strongest_first() {
        let mut a = vendor(1, "A");
        a.is_active = false;
        a.integrations = integrations(&[("Clio", true)]);
        a.price_bracket = Some(1);
        let lines = summaries(&[a, vendor(2, "B")], SIZE);
        assert_eq!(
            lines[0],
            "A is no longer active. Only A integrates with Clio, which your firm uses."
        );
    }

    #[test]
    fn size_price_practice_area_and_category_facts() {
        let mut a = vendor(1, "A");
        a.firm_sizes = vec![FirmSize::Solo];
        a.practice_areas = vec![];
        a.price_bracket = Some(3);
        a.category = CategoryRef {
            id: 5,
            name: "Medical Records".into(),
            label: "Medical Records".into(),
        };
        let lines = summaries(&[a, vendor(2, "B")], SIZE);
        assert_eq!(
            lines[1],
            "Only B lists firms of your size (6-20). Only B lists personal injury among its practice areas."
        );
        assert_eq!(lines[0], "A is the only Medical Records tool here.");
    }

    #[test]
    fn lists_read_as_english() {
        assert_eq!(and_list(&["Clio"]), "Clio");
        assert_eq!(and_list(&["Clio", "Filevine"]), "Clio and Filevine");
        assert_eq!(and_list(&["A", "B", "C"]), "A, B and C");
    }
}
