//! A catalog vendor on every firm's shortlist, for the operator's vendor delete and merge
//! (`admin::vendors`). Both walk every firm's entries: rare operator actions, never a request's
//! path.

use redb::ReadableTable;

use crate::platform::error::Result;
use crate::platform::store::registry::{VendorMoved, VendorPart};
use crate::platform::store::{SHORTLIST, WriteTx, codec};
use crate::shortlist::model::Entry;

/// The firms with vendor `id` on their shortlist.
pub fn firms_listing_in(tx: &mut WriteTx, id: u64) -> Result<Vec<u64>> {
    match tx {
        WriteTx::File(txn) => {
            let table = txn.open_table(SHORTLIST)?;
            let mut firms = Vec::new();
            for entry in table.iter()? {
                let (firm, vendor) = entry?.0.value();
                if vendor == id {
                    firms.push(firm);
                }
            }
            Ok(firms)
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let firms: Vec<i64> = store.run(
                sqlx::query_scalar(
                    "SELECT firm_id FROM shortlist WHERE vendor_id = $1 ORDER BY firm_id",
                )
                .bind(id as i64)
                .fetch_all(tx.conn()?),
            )?;
            Ok(firms.into_iter().map(|f| f as u64).collect())
        }
    }
}

/// What a vendor merge did to the shortlists.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct MovedEntries {
    /// Firms whose entry for the merged vendor became their entry for the kept one.
    pub moved: Vec<u64>,
    /// Firms that had both: their entry for the kept vendor stays, the other is dropped.
    pub kept_both: Vec<u64>,
}

/// Moves every firm's entry for vendor `from` to `into` inside the caller's transaction; a firm
/// with an entry for both keeps its entry for `into` (its notes, status and history) and loses
/// the one for `from`.
pub fn merge_vendor_in(tx: &mut WriteTx, from: u64, into: u64) -> Result<MovedEntries> {
    let mut out = MovedEntries::default();
    match tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(SHORTLIST)?;
            let mut theirs: Vec<(u64, Entry)> = Vec::new();
            for entry in table.iter()? {
                let (key, value) = entry?;
                let (firm, vendor) = key.value();
                if vendor == from {
                    theirs.push((firm, codec::decode(value.value())?));
                }
            }
            for (firm, entry) in theirs {
                table.remove((firm, from))?;
                if table.get((firm, into))?.is_some() {
                    out.kept_both.push(firm);
                } else {
                    table.insert((firm, into), codec::encode(&entry).as_slice())?;
                    out.moved.push(firm);
                }
            }
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let conn = tx.conn()?;
            store.run(async {
                let both: Vec<i64> = sqlx::query_scalar(
                    "DELETE FROM shortlist WHERE vendor_id = $1 AND firm_id IN \
                     (SELECT firm_id FROM shortlist WHERE vendor_id = $2) RETURNING firm_id",
                )
                .bind(from as i64)
                .bind(into as i64)
                .fetch_all(&mut *conn)
                .await?;
                let moved: Vec<i64> = sqlx::query_scalar(
                    "UPDATE shortlist SET vendor_id = $2 WHERE vendor_id = $1 RETURNING firm_id",
                )
                .bind(from as i64)
                .bind(into as i64)
                .fetch_all(&mut *conn)
                .await?;
                out.kept_both = both.into_iter().map(|f| f as u64).collect();
                out.moved = moved.into_iter().map(|f| f as u64).collect();
                anyhow::Ok(())
            })?;
            out.kept_both.sort_unstable();
            out.moved.sort_unstable();
        }
    }
    Ok(out)
}

/// Shortlist entries naming a vendor.
pub const SHORTLIST_ENTRIES: &str = "shortlist_entries";

/// The shortlists' part in a vendor delete and merge.
pub const PART: VendorPart = VendorPart {
    naming: |tx, id| {
        Ok(vec![(
            SHORTLIST_ENTRIES,
            firms_listing_in(tx, id)?.len() as u64,
        )])
    },
    merge: |tx, from, into| {
        let MovedEntries { moved, kept_both } = merge_vendor_in(tx, from, into)?;
        Ok(VendorMoved {
            counts: vec![(SHORTLIST_ENTRIES, moved.len() as u64)],
            firms: moved.iter().chain(&kept_both).copied().collect(),
            kept_both,
        })
    },
    delete: None,
};
