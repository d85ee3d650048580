//! The decision record (brief v2) as one JSON value, built from the decision and the live data
//! it draws on: the category's evaluation (criteria and weights, scorecards, disagreement flags,
//! references: `evaluations::record`) and the shortlist's history of the category's vendors. Its
//! canonical form (`canonical.rs`) is what each version stores and hashes. Approvals are not in
//! it: they are made of a version.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value;

use crate::catalog::SharedCatalog;
use crate::evaluations::EvaluationRecord;
use crate::evaluations::model::Round;
use crate::evaluations::visibility::{self, Caller, CategoryDecisions, RoundFacts};
use crate::platform::clock::rfc3339;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::Store;
use crate::shortlist::model::Entry;

use super::model::{Decision, DecisionStatus};

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
    /// Only in an answer to a caller who may not see some of the scorecards yet (never in a
    /// stored version, so such an answer does not hash to the version's hash): "Scores and
    /// comments appear once the decision is final"; the vendors concerned say it too.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores_hidden: Option<String>,
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
        scores_hidden: None,
    };
    // Plain data of strings, whole numbers, booleans and lists: it always serialises.
    serde_json::to_value(record).unwrap_or(Value::Null)
}

/// The round a stored record's evaluation holds, if it holds one.
fn round_of(content: &Value) -> Option<u32> {
    content["evaluation"]["round"]
        .as_u64()
        .and_then(|r| u32::try_from(r).ok())
}

/// What the firm's decisions in a category say of its rounds, for `evaluations::visibility`: the
/// rounds a final decision's frozen record holds, and the approvers of the open decision.
pub fn category_decisions(
    store: &Store,
    firm_id: FirmId,
    category_id: u64,
) -> Result<CategoryDecisions> {
    let mut out = CategoryDecisions::default();
    for (d, versions) in super::storage::list_with_versions(store, firm_id)? {
        if d.terms.category_id != category_id {
            continue;
        }
        match d.status {
            DecisionStatus::Open => {
                out.open_approvers
                    .extend(d.terms.approvers.iter().map(|a| a.user_id));
                out.open_decision = Some((d.id, d.proposed_at));
            }
            DecisionStatus::Final => {
                if let Some(round) = versions
                    .last()
                    .and_then(|v| round_of(&serde_json::from_str(&v.content).unwrap_or_default()))
                {
                    out.decided_rounds.push(round);
                    out.decided.push((round, d.id, d.proposed_at));
                }
            }
        }
    }
    Ok(out)
}

/// The category's live evaluation record as `user` may see it now (the rule of
/// `evaluations::visibility`, for the latest round: a record is of the latest round).
pub fn evaluation_for(
    store: &Store,
    user: &crate::platform::caller::User,
    category_id: u64,
    record: Option<EvaluationRecord>,
) -> Result<Option<EvaluationRecord>> {
    let Some(mut record) = record else {
        return Ok(None);
    };
    let firm_id = user.firm.id;
    let rounds = crate::evaluations::storage::rounds(store, firm_id, category_id)?;
    let latest = rounds.last().map_or(record.round, |r| r.round);
    let empty = Round::new(0, 0, record.round, 0);
    let round = rounds
        .iter()
        .find(|r| r.round == record.round)
        .unwrap_or(&empty);
    let facts = category_decisions(store, firm_id, category_id)?.facts(record.round, latest);
    for v in &mut record.vendors {
        let Ok(id) = v.vendor_id.parse::<u64>() else {
            continue;
        };
        visibility::redact_vendor(v, visibility::seen(Caller::of(user), round, &facts, id));
    }
    Ok(Some(record))
}

/// A decision's records as one caller may read them: the rule of `evaluations::visibility`
/// applied to each version's evaluation when it is rendered (the stored versions stay as they
/// are: they are hashed).
pub struct Audience {
    caller: Caller,
    rounds: Vec<Round>,
    decisions: CategoryDecisions,
    final_: bool,
    approvers: Vec<u64>,
}

impl Audience {
    /// Reads what the rule needs of the decision's category for `user`.
    pub fn read(
        store: &Store,
        d: &Decision,
        user: &crate::platform::caller::User,
    ) -> Result<Audience> {
        let firm_id = FirmId::from_stored(d.firm_id);
        let category = d.terms.category_id;
        Ok(Audience {
            caller: Caller::of(user),
            rounds: crate::evaluations::storage::rounds(store, firm_id, category)?,
            decisions: category_decisions(store, firm_id, category)?,
            final_: d.status == DecisionStatus::Final,
            approvers: d.terms.approvers.iter().map(|a| a.user_id).collect(),
        })
    }

    /// The record `content` (a stored version's JSON) as the caller may see it, and the line that
    /// says what is hidden (also set as the record's `scoresHidden`), if anything is.
    pub fn render(&self, content: &Value) -> (Value, Option<String>) {
        let mut value = content.clone();
        let Some(n) = round_of(&value) else {
            return (value, None);
        };
        let latest = self.rounds.last().map_or(n, |r| r.round);
        let empty = Round::new(0, 0, n, 0);
        let round = self.rounds.iter().find(|r| r.round == n).unwrap_or(&empty);
        let facts = RoundFacts {
            decided: self.final_ || self.decisions.decided_rounds.contains(&n),
            approvers: if self.final_ {
                Vec::new()
            } else {
                self.approvers.clone()
            },
            latest: n >= latest,
            // Only who sees what matters here, not whether the round takes scores.
            held_by: None,
        };
        let note = visibility::redact_value(&mut value["evaluation"], |vendor| {
            visibility::seen(self.caller, round, &facts, vendor)
        });
        if let (Some(note), Value::Object(map)) = (&note, &mut value) {
            map.insert("scoresHidden".into(), Value::from(note.as_str()));
        }
        (value, note)
    }
}

/// The record as CSV rows: the header (section, item, field, value), then the version and its
/// hash as the rows of section "record" (a file starts with its header), then one row per fact.
pub fn csv_rows(content: &Value, n: u32, hash: &str) -> Vec<[String; 4]> {
    let mut rows = vec![
        ["section", "item", "field", "value"].map(String::from),
        [
            "record".into(),
            String::new(),
            "version".into(),
            n.to_string(),
        ],
        ["record".into(), String::new(), "sha256".into(), hash.into()],
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
    fn csv_has_the_header_first_then_the_hash_and_one_row_per_fact() {
        let v = json!({ "decision": { "annualCost": 5, "chosen": {"id": 1, "name": "Acme"} },
                        "approvers": [{"name": "Ann"}], "evaluation": null });
        let rows = csv_rows(&v, 2, "ab");
        assert_eq!(
            rows[0],
            ["section", "item", "field", "value"].map(String::from)
        );
        assert_eq!(rows[1], ["record", "", "version", "2"].map(String::from));
        assert_eq!(rows[2], ["record", "", "sha256", "ab"].map(String::from));
        assert!(rows.contains(&["approvers", "[1]", "name", "Ann"].map(String::from)));
        assert!(rows.contains(&["decision", "", "chosen.name", "Acme"].map(String::from)));
        assert!(rows.contains(&["evaluation", "", "", ""].map(String::from)));
    }
}
