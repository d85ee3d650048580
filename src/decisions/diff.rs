//! "What changed since": readable lines between two versions of a record, computed from their
//! canonical contents (so any two stored versions compare, whatever changed in the code since).

use serde_json::Value;

/// Whole cents as dollars: "$12,000" or "$12,000.50".
pub fn money(cents: u64) -> String {
    let dollars = cents / 100;
    let digits = dollars.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    match cents % 100 {
        0 => format!("${grouped}"),
        rest => format!("${grouped}.{rest:02}"),
    }
}

fn text(v: &Value) -> String {
    match v {
        Value::Null => "none".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn at<'a>(v: &'a Value, path: &[&str]) -> &'a Value {
    let mut here = v;
    for key in path {
        here = here.get(key).unwrap_or(&Value::Null);
    }
    here
}

fn list<'a>(v: &'a Value, path: &[&str]) -> Vec<&'a Value> {
    at(v, path)
        .as_array()
        .map(|a| a.iter().collect())
        .unwrap_or_default()
}

/// The lines that say how `new` differs from `old`; empty when they are the same.
pub fn lines(old: &Value, new: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if old == new {
        return out;
    }
    decision(old, new, &mut out);
    approvers(old, new, &mut out);
    evaluation(old, new, &mut out);
    shortlist(old, new, &mut out);
    if out.is_empty() {
        out.push("Other details of the record changed".into());
    }
    out
}

fn decision(old: &Value, new: &Value, out: &mut Vec<String>) {
    let d = |v: &'static str| ["decision", v];
    for (key, label) in [("chosen", "Chosen vendor"), ("runnerUp", "Runner-up")] {
        let (a, b) = (at(old, &d(key)), at(new, &d(key)));
        if a != b {
            out.push(format!(
                "{label}: {} → {}",
                text(at(a, &["name"])),
                text(at(b, &["name"]))
            ));
        }
    }
    let (a, b) = (at(old, &d("annualCost")), at(new, &d("annualCost")));
    if a != b {
        let m = |v: &Value| v.as_u64().map(money).unwrap_or_else(|| text(v));
        out.push(format!("Annual cost: {} → {}", m(a), m(b)));
    }
    let (a, b) = (at(old, &d("startDate")), at(new, &d("startDate")));
    if a != b {
        out.push(format!("Start date: {} → {}", text(a), text(b)));
    }
    if at(old, &d("reasons")) != at(new, &d("reasons")) {
        out.push(format!(
            "Reasons changed: \"{}\"",
            text(at(new, &d("reasons")))
        ));
    }
}

fn names(v: &Value, path: &[&str]) -> Vec<String> {
    list(v, path)
        .iter()
        .map(|a| text(at(a, &["name"])))
        .collect()
}

fn approvers(old: &Value, new: &Value, out: &mut Vec<String>) {
    let (a, b) = (names(old, &["approvers"]), names(new, &["approvers"]));
    for n in b.iter().filter(|n| !a.contains(n)) {
        out.push(format!("Approver added: {n}"));
    }
    for n in a.iter().filter(|n| !b.contains(n)) {
        out.push(format!("Approver removed: {n}"));
    }
}

fn criterion_names(v: &Value) -> Vec<(String, String, Value)> {
    list(v, &["evaluation", "criteria"])
        .iter()
        .map(|c| {
            (
                text(at(c, &["id"])),
                text(at(c, &["name"])),
                at(c, &["weight"]).clone(),
            )
        })
        .collect()
}

fn evaluation(old: &Value, new: &Value, out: &mut Vec<String>) {
    let (a, b) = (criterion_names(old), criterion_names(new));
    for (id, name, weight) in &b {
        match a.iter().find(|(i, _, _)| i == id) {
            None => out.push(format!("Criterion added: '{name}' ({})", text(weight))),
            Some((_, _, w)) if w != weight => out.push(format!(
                "Criterion weight '{name}': {} → {}",
                text(w),
                text(weight)
            )),
            _ => {}
        }
    }
    for (id, name, _) in &a {
        if !b.iter().any(|(i, _, _)| i == id) {
            out.push(format!("Criterion removed: '{name}'"));
        }
    }
    let changes = |v: &Value| list(v, &["evaluation", "criteriaChanges"]).len();
    if changes(new) > changes(old) {
        out.push("Criteria were changed after scoring began (the reason is in the record)".into());
    }
    let vendors = |v: &Value| {
        list(v, &["evaluation", "vendors"])
            .into_iter()
            .cloned()
            .collect::<Vec<_>>()
    };
    let (va, vb) = (vendors(old), vendors(new));
    for nv in &vb {
        let id = at(nv, &["vendorId"]);
        let vendor = text(at(nv, &["vendorName"]));
        let empty = Value::Null;
        let ov = va
            .iter()
            .find(|v| at(v, &["vendorId"]) == id)
            .unwrap_or(&empty);
        let cards = |v: &Value| -> Vec<(String, Value)> {
            list(v, &["scorecards"])
                .iter()
                .map(|c| (text(at(c, &["by"])), (*c).clone()))
                .collect()
        };
        let (ca, cb) = (cards(ov), cards(nv));
        for (by, card) in &cb {
            match ca.iter().find(|(b, _)| b == by) {
                None => out.push(format!("Scorecard added: {by} for {vendor}")),
                Some((_, old_card)) if old_card != card => {
                    out.push(format!("Scorecard changed: {by} for {vendor}"))
                }
                _ => {}
            }
        }
        for (by, _) in &ca {
            if !cb.iter().any(|(b, _)| b == by) {
                out.push(format!("Scorecard removed: {by} for {vendor}"));
            }
        }
        let (sa, sb) = (at(ov, &["weightedScore"]), at(nv, &["weightedScore"]));
        if sa != sb {
            out.push(format!(
                "Weighted score for {vendor}: {} → {}",
                text(sa),
                text(sb)
            ));
        }
        let refs = |v: &Value| list(v, &["references"]).len();
        if refs(nv) > refs(ov) {
            out.push(format!("Reference check added for {vendor}"));
        }
        let flags = |v: &Value| list(v, &["disagreements"]).len();
        if flags(nv) != flags(ov) {
            out.push(format!(
                "Disagreement flags for {vendor}: {} → {}",
                flags(ov),
                flags(nv)
            ));
        }
    }
}

fn shortlist(old: &Value, new: &Value, out: &mut Vec<String>) {
    let (a, b) = (list(old, &["shortlist"]), list(new, &["shortlist"]));
    for nv in &b {
        let name = text(at(nv, &["vendorName"]));
        match a
            .iter()
            .find(|v| at(v, &["vendorId"]) == at(nv, &["vendorId"]))
        {
            None => out.push(format!(
                "Shortlist: {name} added ({})",
                text(at(nv, &["status"]))
            )),
            Some(ov) if at(ov, &["status"]) != at(nv, &["status"]) => out.push(format!(
                "Shortlist: {name} {} → {}",
                text(at(ov, &["status"])),
                text(at(nv, &["status"]))
            )),
            Some(ov) if ov != nv => out.push(format!("Shortlist: {name}'s demo outcome changed")),
            _ => {}
        }
    }
    for ov in &a {
        if !b
            .iter()
            .any(|v| at(v, &["vendorId"]) == at(ov, &["vendorId"]))
        {
            out.push(format!(
                "Shortlist: {} removed",
                text(at(ov, &["vendorName"]))
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn record(cost: u64, weight: u8, cards: &[&str]) -> Value {
        json!({
            "decision": { "chosen": {"id": 1, "name": "Acme"}, "runnerUp": null, "annualCost": cost,
                          "startDate": "2026-03-01", "reasons": "Best scores" },
            "approvers": [{"userId": 1, "name": "Ann Owner"}],
            "evaluation": {
                "criteria": [{"id": "price", "name": "Price", "weight": weight}],
                "criteriaChanges": [],
                "vendors": [{"vendorId": "1", "vendorName": "Acme", "weightedScore": 80,
                             "disagreements": [], "references": [],
                             "scorecards": cards.iter().map(|b| json!({"by": b, "scores": []})).collect::<Vec<_>>()}]
            },
            "shortlist": [{"vendorId": 1, "vendorName": "Acme", "status": "Demo held"}]
        })
    }

    #[test]
    fn money_reads_like_a_price() {
        assert_eq!(money(1_200_000), "$12,000");
        assert_eq!(money(1_450_050), "$14,500.50");
        assert_eq!(money(0), "$0");
        assert_eq!(money(12_345_678_900), "$123,456,789");
    }

    #[test]
    fn the_lines_name_what_changed() {
        let old = record(1_200_000, 20, &["Ann Owner"]);
        let new = record(1_450_000, 25, &["Ann Owner", "Dana Lee"]);
        assert_eq!(
            lines(&old, &new),
            [
                "Annual cost: $12,000 → $14,500",
                "Criterion weight 'Price': 20 → 25",
                "Scorecard added: Dana Lee for Acme",
            ]
        );
        assert!(lines(&old, &old).is_empty());
    }
}
