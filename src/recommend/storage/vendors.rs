//! A catalog vendor in every firm's recommendations, for the operator's vendor delete and merge
//! (`admin::vendors`): saved picks (from a questionnaire or Pick For Me), dismissals and past
//! recommendations. Both walk every firm's rows: rare operator actions, never a request's path.

use redb::ReadableTable;
use sqlx::types::Json;

use crate::platform::error::Result;
use crate::platform::store::registry::{Naming, VendorMoved, VendorPart};
use crate::platform::store::{DISMISSED, PAST_RECS, PICKS, WriteTx, codec};
use crate::recommend::model::PickSet;

/// How many rows of each kind name a vendor (or, for a merge, moved to the kept vendor).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct VendorRows {
    /// Saved pick sets (one per firm and category) that list it.
    pub picks: u64,
    pub dismissals: u64,
    pub past_recommendations: u64,
}

/// The rows that name vendor `id`.
pub fn rows_naming_in(tx: &mut WriteTx, id: u64) -> Result<VendorRows> {
    let mut out = VendorRows::default();
    match tx {
        WriteTx::File(txn) => {
            for entry in txn.open_table(PICKS)?.iter()? {
                let set: PickSet = codec::decode(entry?.1.value())?;
                if set.picks.iter().any(|p| p.vendor_id == id) {
                    out.picks += 1;
                }
            }
            for entry in txn.open_table(DISMISSED)?.iter()? {
                if entry?.0.value().1 == id {
                    out.dismissals += 1;
                }
            }
            for entry in txn.open_table(PAST_RECS)?.iter()? {
                if entry?.0.value().2 == id {
                    out.past_recommendations += 1;
                }
            }
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let conn = tx.conn()?;
            let (picks, dismissals, past) = store.run(
                sqlx::query_as::<_, (i64, i64, i64)>(
                    "SELECT (SELECT count(*) FROM picks WHERE vendors @> $2) AS picks, \
                     (SELECT count(*) FROM dismissals WHERE vendor_id = $1) AS dismissals, \
                     (SELECT count(*) FROM past_recommendations WHERE vendor_id = $1) AS past",
                )
                .bind(id as i64)
                .bind(Json(serde_json::json!([{ "vendor_id": id }])))
                .fetch_one(conn),
            )?;
            out.picks = picks as u64;
            out.dismissals = dismissals as u64;
            out.past_recommendations = past as u64;
        }
    }
    Ok(out)
}

/// Moves vendor `from` to `into` in every firm's picks, dismissals and past recommendations inside
/// the caller's transaction. A pick set listing both keeps `into` once, at the better place; a
/// firm that dismissed both, or was recommended both in a category, keeps its row for `into`.
/// Answers the rows that now name `into` instead of `from`.
pub fn merge_vendor_in(tx: &mut WriteTx, from: u64, into: u64) -> Result<VendorRows> {
    let mut out = VendorRows::default();
    match tx {
        WriteTx::File(txn) => {
            let mut picks = txn.open_table(PICKS)?;
            let mut sets: Vec<((u64, u64), PickSet)> = Vec::new();
            for entry in picks.iter()? {
                let (key, value) = entry?;
                let set: PickSet = codec::decode(value.value())?;
                if set.picks.iter().any(|p| p.vendor_id == from) {
                    sets.push((key.value(), set));
                }
            }
            for (key, mut set) in sets {
                let mut seen = Vec::new();
                set.picks.retain_mut(|p| {
                    if p.vendor_id == from {
                        p.vendor_id = into;
                    }
                    let first = !seen.contains(&p.vendor_id);
                    seen.push(p.vendor_id);
                    first
                });
                picks.insert(key, codec::encode(&set).as_slice())?;
                out.picks += 1;
            }

            let mut dismissed = txn.open_table(DISMISSED)?;
            let mut theirs: Vec<(u64, Vec<u8>)> = Vec::new();
            for entry in dismissed.iter()? {
                let (key, value) = entry?;
                let (firm, vendor) = key.value();
                if vendor == from {
                    theirs.push((firm, value.value().to_vec()));
                }
            }
            for (firm, value) in theirs {
                dismissed.remove((firm, from))?;
                if dismissed.get((firm, into))?.is_none() {
                    dismissed.insert((firm, into), value.as_slice())?;
                    out.dismissals += 1;
                }
            }

            let mut past = txn.open_table(PAST_RECS)?;
            let mut theirs: Vec<((u64, u64), Vec<u8>)> = Vec::new();
            for entry in past.iter()? {
                let (key, value) = entry?;
                let (firm, category, vendor) = key.value();
                if vendor == from {
                    theirs.push(((firm, category), value.value().to_vec()));
                }
            }
            for ((firm, category), value) in theirs {
                past.remove((firm, category, from))?;
                if past.get((firm, category, into))?.is_none() {
                    past.insert((firm, category, into), value.as_slice())?;
                    out.past_recommendations += 1;
                }
            }
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let conn = tx.conn()?;
            store.run(async {
                // The stored picks as JSON values: only `vendor_id` is read or written here.
                let rows = sqlx::query_as::<_, (i64, i64, Json<Vec<serde_json::Value>>)>(
                    "SELECT firm_id, category_id, vendors FROM picks WHERE vendors @> $1 \
                     ORDER BY firm_id, category_id FOR UPDATE",
                )
                .bind(Json(serde_json::json!([{ "vendor_id": from }])))
                .fetch_all(&mut *conn)
                .await?;
                out.picks = rows.len() as u64;
                for (firm_id, category_id, Json(mut picks)) in rows {
                    let mut seen = Vec::new();
                    picks.retain_mut(|p| {
                        let id = p.get("vendor_id").and_then(serde_json::Value::as_u64);
                        let id = if id == Some(from) {
                            p["vendor_id"] = into.into();
                            Some(into)
                        } else {
                            id
                        };
                        let first = !seen.contains(&id);
                        seen.push(id);
                        first
                    });
                    sqlx::query(
                        "UPDATE picks SET vendors = $3 WHERE firm_id = $1 AND category_id = $2",
                    )
                    .bind(firm_id)
                    .bind(category_id)
                    .bind(Json(picks))
                    .execute(&mut *conn)
                    .await?;
                }
                out.dismissals = sqlx::query(
                    "UPDATE dismissals d SET vendor_id = $2 WHERE vendor_id = $1 AND NOT EXISTS \
                     (SELECT 1 FROM dismissals k WHERE k.firm_id = d.firm_id AND k.vendor_id = $2)",
                )
                .bind(from as i64)
                .bind(into as i64)
                .execute(&mut *conn)
                .await?
                .rows_affected();
                sqlx::query("DELETE FROM dismissals WHERE vendor_id = $1")
                    .bind(from as i64)
                    .execute(&mut *conn)
                    .await?;
                out.past_recommendations = sqlx::query(
                    "UPDATE past_recommendations p SET vendor_id = $2 WHERE vendor_id = $1 \
                     AND NOT EXISTS (SELECT 1 FROM past_recommendations k \
                     WHERE k.firm_id = p.firm_id AND k.category_id = p.category_id \
                     AND k.vendor_id = $2)",
                )
                .bind(from as i64)
                .bind(into as i64)
                .execute(&mut *conn)
                .await?
                .rows_affected();
                sqlx::query("DELETE FROM past_recommendations WHERE vendor_id = $1")
                    .bind(from as i64)
                    .execute(&mut *conn)
                    .await?;
                anyhow::Ok(())
            })?;
        }
    }
    Ok(out)
}

/// Saved pick sets naming a vendor.
pub const SAVED_PICKS: &str = "picks";
pub const DISMISSALS: &str = "dismissals";
pub const PAST_RECOMMENDATIONS: &str = "past_recommendations";

impl VendorRows {
    fn counts(self) -> Naming {
        vec![
            (SAVED_PICKS, self.picks),
            (DISMISSALS, self.dismissals),
            (PAST_RECOMMENDATIONS, self.past_recommendations),
        ]
    }
}

/// The recommendations' part in a vendor delete and merge.
pub const PART: VendorPart = VendorPart {
    naming: |tx, id| Ok(rows_naming_in(tx, id)?.counts()),
    merge: |tx, from, into| {
        Ok(VendorMoved {
            counts: merge_vendor_in(tx, from, into)?.counts(),
            ..VendorMoved::default()
        })
    },
    delete: None,
};
