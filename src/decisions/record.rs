//! The decision record (brief v2) as one JSON value, built from the decision and the live data
//! it draws on: the category's evaluation (criteria and weights, scorecards, disagreement flags,
//! references: `evaluations::record`) and the shortlist's history of the category's vendors. Its
//! canonical form (`canonical.rs`) is what each version stores and hashes. Approvals are not in
//! it: they are made of a version.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value;

use crate::accounts::FirmId;
use crate::catalog::SharedCatalog;
use crate::clock::rfc3339;
use crate::error::Result;
use crate::evaluations::EvaluationRecord;
use crate::shortlist::model::Entry;
use crate::store::Store;

use super::model::Decision;

/// Names the record format; a reader can tell what it holds.
pub const FORMAT: &str = "litstack-decision-record/2";

/// What a record draws on besides the decision itself, read before the write transaction.
#[derive(Debug, Clone)]
pub struct Live {
    pub category_name: String,
    /// Catalog vendor names by id.
    pub names: HashMap<u64, String>,
    pub evaluation: Option<EvaluationRecord>,
    /// The firm's shortlist entries of the category's vendors, by vendor id.
    pub shortlist: Vec<(u64, Entry)>,
}

/// The category's evaluation as a record holds it; `None` while the firm has none.
pub fn evaluation(
    store: &Store,
    catalog: &SharedCatalog,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Option<EvaluationRecord>> {
    crate::evaluations::record::record(store, &catalog.load(), firm_id, &category_id.to_string())
}

/// Reads what the record of a decision in `category_id` draws on.
pub fn live(
    store: &Store,
    catalog: &SharedCatalog,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Live> {
    let snapshot = catalog.load();
    let category_name = snapshot
        .category(category_id)
        .map(|c| c.name.clone())
        .unwrap_or_default();
    let in_category = |id: u64| {
        snapshot
            .vendor(id)
            .is_some_and(|v| v.category_id == category_id)
    };
    let shortlist: Vec<(u64, Entry)> = crate::shortlist::storage::load(store, firm_id)?
        .into_iter()
        .filter(|(id, _)| in_category(*id))
        .collect();
    let names = snapshot
        .vendors
        .iter()
        .filter(|v| v.category_id == category_id)
        .map(|v| (v.id, v.name.clone()))
        .collect();
    Ok(Live {
        category_name,
        names,
        evaluation: evaluation(store, catalog, firm_id, category_id)?,
        shortlist,
    })
}

/// A vendor as the record names it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RecordVendorRef {
    pub id: u64,
    pub name: String,
}

/// The decision's terms as the record holds them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordDecision {
    pub chosen: RecordVendorRef,
    pub runner_up: Option<RecordVendorRef>,
    pub reasons: String,
    /// Cents.
    pub annual_cost: u64,
    /// YYYY-MM-DD.
    pub start_date: String,
    pub proposed_by: String,
    /// RFC 3339.
    pub proposed_at: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordApprover {
    pub user_id: u64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordCategory {
    pub id: u64,
    pub name: String,
}

/// One status change of a shortlisted vendor.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RecordStatusChange {
    pub status: String,
    /// RFC 3339.
    pub at: String,
    /// Who made it, by their name then.
    pub by: Option<String>,
}

/// A shortlisted vendor of the category and its history.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordShortlistVendor {
    pub vendor_id: u64,
    pub vendor_name: String,
    pub status: String,
    pub history: Vec<RecordStatusChange>,
    pub demo_held: Option<bool>,
    pub chosen_after_demo: Option<bool>,
}

/// The decision record (brief v2): what each version holds and hashes.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionRecord {
    /// `litstack-decision-record/2`.
    pub format: String,
    pub decision_id: u64,
    pub category: RecordCategory,
    pub decision: RecordDecision,
    pub approvers: Vec<RecordApprover>,
    /// The category's evaluation; null while the firm has none.
    pub evaluation: Option<EvaluationRecord>,
    pub shortlist: Vec<RecordShortlistVendor>,
}

fn vendor(live: &Live, id: u64) -> RecordVendorRef {
    RecordVendorRef {
        id,
        name: live
            .names
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("Vendor {id}")),
    }
}

/// The record's content: everything a version holds and hashes.
pub fn content(decision: &Decision, live: &Live) -> Value {
    let t = &decision.terms;
    let shortlist = live
        .shortlist
        .iter()
        .map(|(id, entry)| RecordShortlistVendor {
            vendor_id: *id,
            vendor_name: vendor(live, *id).name,
            status: entry.status.label().into(),
            history: entry
                .history
                .iter()
                .map(|h| RecordStatusChange {
                    status: h.status.label().into(),
                    at: rfc3339(h.at),
                    by: h.by.clone(),
                })
                .collect(),
            demo_held: entry.outcome.demo_held,
            chosen_after_demo: entry.outcome.chosen,
        })
        .collect();
    let record = DecisionRecord {
        format: FORMAT.into(),
        decision_id: decision.id,
        category: RecordCategory {
            id: t.category_id,
            name: live.category_name.clone(),
        },
        decision: RecordDecision {
            chosen: vendor(live, t.vendor_id),
            runner_up: t.runner_up_id.map(|id| vendor(live, id)),
            reasons: t.reasons.clone(),
            annual_cost: t.annual_cost,
            start_date: t.start_date.clone(),
            proposed_by: decision.proposed_by.clone(),
            proposed_at: rfc3339(decision.proposed_at),
        },
        approvers: t
            .approvers
            .iter()
            .map(|a| RecordApprover {
                user_id: a.user_id,
                name: a.name.clone(),
            })
            .collect(),
        evaluation: live.evaluation.clone(),
        shortlist,
    };
    // Plain data of strings, whole numbers, booleans and lists: it always serialises.
    serde_json::to_value(record).unwrap_or(Value::Null)
}

/// The record as CSV rows: the first names the version and its hash, then the header
/// (section, item, field, value) and one row per fact.
pub fn csv_rows(content: &Value, n: u32, hash: &str) -> Vec<[String; 4]> {
    let mut rows = vec![
        [
            "version".into(),
            n.to_string(),
            "sha256".into(),
            hash.into(),
        ],
        [
            "section".into(),
            "item".into(),
            "field".into(),
            "value".into(),
        ],
    ];
    if let Value::Object(map) = content {
        let mut keys: Vec<&String> = map.keys().collect();
        keys.sort();
        for key in keys {
            flatten(key, "", "", &map[key], &mut rows);
        }
    }
    rows
}

fn flatten(section: &str, item: &str, field: &str, value: &Value, rows: &mut Vec<[String; 4]>) {
    let join = |a: &str, b: &str| {
        if a.is_empty() {
            b.to_string()
        } else if b.is_empty() {
            a.to_string()
        } else {
            format!("{a}.{b}")
        }
    };
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            for key in keys {
                flatten(section, item, &join(field, key), &map[key], rows);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                let here = join(item, &format!("{}[{}]", field, i + 1));
                flatten(section, &here, "", v, rows);
            }
        }
        Value::Null => rows.push([section.into(), item.into(), field.into(), String::new()]),
        Value::String(s) => rows.push([section.into(), item.into(), field.into(), s.clone()]),
        other => rows.push([section.into(), item.into(), field.into(), other.to_string()]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn csv_has_one_row_per_fact_and_the_hash_first() {
        let v = json!({ "decision": { "annualCost": 5, "chosen": {"id": 1, "name": "Acme"} },
                        "approvers": [{"name": "Ann"}], "evaluation": null });
        let rows = csv_rows(&v, 2, "ab");
        assert_eq!(rows[0], ["version", "2", "sha256", "ab"].map(String::from));
        assert!(rows.contains(&["approvers", "[1]", "name", "Ann"].map(String::from)));
        assert!(rows.contains(&["decision", "", "chosen.name", "Acme"].map(String::from)));
        assert!(rows.contains(&["evaluation", "", "", ""].map(String::from)));
    }
}
