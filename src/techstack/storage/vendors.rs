//! A catalog vendor in every firm's tech stack, for the operator's vendor delete and merge
//! (`admin::vendors`): how many firms list it, and moving it to the vendor it is merged into.
//! Both walk every firm's answers: they are rare operator actions, never a request's path.

use redb::ReadableTable;

use crate::platform::error::Result;
use crate::platform::store::registry::{VendorMoved, VendorPart};
use crate::platform::store::{ADOPTION, WriteTx, codec};
use crate::techstack::model::Adoption;

/// The firms whose tech stack lists vendor `id` (as a tool or the primary one).
pub fn firms_listing_in(tx: &mut WriteTx, id: u64) -> Result<Vec<u64>> {
    match tx {
        WriteTx::File(txn) => {
            let table = txn.open_table(ADOPTION)?;
            let mut firms = Vec::new();
            for entry in table.iter()? {
                let (key, value) = entry?;
                let adoption: Adoption = codec::decode(value.value())?;
                if lists(&adoption, id) {
                    firms.push(key.value().0);
                }
            }
            firms.dedup();
            Ok(firms)
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let firms: Vec<i64> = store.run(
                sqlx::query_scalar(
                    "SELECT DISTINCT firm_id FROM category_adoption \
                     WHERE $1 = ANY(vendor_ids) OR primary_vendor_id = $1 ORDER BY firm_id",
                )
                .bind(id as i64)
                .fetch_all(tx.conn()?),
            )?;
            Ok(firms.into_iter().map(|f| f as u64).collect())
        }
    }
}

fn lists(adoption: &Adoption, id: u64) -> bool {
    adoption.vendor_ids.contains(&id) || adoption.primary_vendor_id == Some(id)
}

/// `adoption` with vendor `from` replaced by `into`, listed once, in `from`'s place when `into`
/// was not listed already; `from` as the primary makes `into` the primary.
pub fn replaced(mut adoption: Adoption, from: u64, into: u64) -> Adoption {
    let mut ids = Vec::with_capacity(adoption.vendor_ids.len());
    for id in adoption.vendor_ids {
        let id = if id == from { into } else { id };
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    adoption.vendor_ids = ids;
    if adoption.primary_vendor_id == Some(from) {
        adoption.primary_vendor_id = Some(into);
    }
    adoption
}

/// Moves vendor `from` to `into` in every firm's tech stack inside the caller's transaction;
/// answers the firms whose stack changed (for their peer figures).
pub fn merge_vendor_in(tx: &mut WriteTx, from: u64, into: u64) -> Result<Vec<u64>> {
    match tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(ADOPTION)?;
            let mut changed: Vec<((u64, u64), Adoption)> = Vec::new();
            for entry in table.iter()? {
                let (key, value) = entry?;
                let adoption: Adoption = codec::decode(value.value())?;
                if lists(&adoption, from) {
                    changed.push((key.value(), replaced(adoption, from, into)));
                }
            }
            for (key, adoption) in &changed {
                table.insert(*key, codec::encode(adoption).as_slice())?;
            }
            let mut firms: Vec<u64> = changed.iter().map(|((firm, _), _)| *firm).collect();
            firms.dedup();
            Ok(firms)
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let conn = tx.conn()?;
            let firms = store.run(async {
                let rows = sqlx::query_as::<_, (i64, i64, Vec<i64>, Option<i64>)>(
                    "SELECT firm_id, category_id, vendor_ids, primary_vendor_id \
                     FROM category_adoption \
                     WHERE $1 = ANY(vendor_ids) OR primary_vendor_id = $1 \
                     ORDER BY firm_id, category_id FOR UPDATE",
                )
                .bind(from as i64)
                .fetch_all(&mut *conn)
                .await?;
                let mut firms = Vec::new();
                for (firm_id, category_id, vendor_ids, primary_vendor_id) in rows {
                    let adoption = Adoption {
                        has_tool: true,
                        vendor_ids: vendor_ids.into_iter().map(|id| id as u64).collect(),
                        primary_vendor_id: primary_vendor_id.map(|id| id as u64),
                        other_vendors: Vec::new(),
                    };
                    let merged = replaced(adoption, from, into);
                    sqlx::query(
                        "UPDATE category_adoption SET vendor_ids = $3, primary_vendor_id = $4 \
                         WHERE firm_id = $1 AND category_id = $2",
                    )
                    .bind(firm_id)
                    .bind(category_id)
                    .bind(
                        merged
                            .vendor_ids
                            .iter()
                            .map(|&id| id as i64)
                            .collect::<Vec<i64>>(),
                    )
                    .bind(merged.primary_vendor_id.map(|id| id as i64))
                    .execute(&mut *conn)
                    .await?;
                    firms.push(firm_id as u64);
                }
                firms.dedup();
                anyhow::Ok(firms)
            })?;
            Ok(firms)
        }
    }
}

/// Tech stacks naming a vendor, by the firms that list it.
pub const TECH_STACKS: &str = "tech_stacks";

/// The tech stacks' part in a vendor delete and merge: the firms' answers and contracts.
pub const PART: VendorPart = VendorPart {
    naming: |tx, id| Ok(vec![(TECH_STACKS, firms_listing_in(tx, id)?.len() as u64)]),
    merge: |tx, from, into| {
        let firms = merge_vendor_in(tx, from, into)?;
        super::contracts::merge_vendor_in(tx, from, into)?;
        Ok(VendorMoved {
            counts: vec![(TECH_STACKS, firms.len() as u64)],
            firms,
            kept_both: Vec::new(),
        })
    },
    delete: Some(super::contracts::delete_vendor_in),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_merged_vendor_takes_the_duplicates_place_once() {
        let adoption = Adoption {
            has_tool: true,
            vendor_ids: vec![3, 9, 5],
            primary_vendor_id: Some(9),
            other_vendors: vec![],
        };
        let merged = replaced(adoption.clone(), 9, 7);
        assert_eq!(merged.vendor_ids, [3, 7, 5]);
        assert_eq!(merged.primary_vendor_id, Some(7));
        let merged = replaced(adoption, 9, 5);
        assert_eq!(merged.vendor_ids, [3, 5]);
        assert_eq!(merged.primary_vendor_id, Some(5));
    }
}
