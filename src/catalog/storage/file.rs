//! The catalog in the redb file: CATEGORIES, VENDORS, VENDOR_SOURCES, MEETING_CLICKS (by user,
//! vendor and id) and MEETING_CLICK_TIMES (by user and id), values
//! through `store::codec`; the seeded marker in META. The file's one writer serialises every write.

use std::collections::HashMap;

use redb::{ReadableTable, WriteTransaction};

use super::CatalogRows;
use crate::catalog::facts::{Provenance, VendorFacts};
use crate::catalog::model::{
    BookingSource, Category, ClickKind, MeetingClick, Vendor, VendorSource,
};
use crate::platform::error::Result;
use crate::platform::store::{
    self, CATEGORIES, FileStore, MEETING_CLICK_KINDS, MEETING_CLICK_TIMES, MEETING_CLICKS, META,
    VENDOR_ALIASES, VENDOR_BOOKING_SOURCES, VENDOR_FACTS, VENDOR_SOURCES, VENDORS, codec,
};

/// A category as CATEGORIES holds it: no label (`Category::stored` gives it one).
#[derive(serde::Serialize, serde::Deserialize)]
struct StoredCategory {
    id: u64,
    name: String,
    stage: Option<u8>,
}

/// The code of a click kind in `MEETING_CLICK_KINDS` (a booking click has no row).
const WEBSITE: u8 = 1;

pub fn load_catalog(store: &FileStore) -> Result<CatalogRows> {
    let txn = store.read()?;
    let mut categories: Vec<Category> = Vec::new();
    for entry in txn.open_table(CATEGORIES)?.iter()? {
        let row: StoredCategory = codec::decode(entry?.1.value())?;
        categories.push(Category::stored(row.id, row.name, row.stage));
    }
    let mut vendors: Vec<Vendor> = Vec::new();
    for entry in txn.open_table(VENDORS)?.iter()? {
        vendors.push(codec::decode(entry?.1.value())?);
    }
    let mut sources = HashMap::new();
    for entry in txn.open_table(VENDOR_SOURCES)?.iter()? {
        let (id, value) = entry?;
        sources.insert(id.value(), codec::decode(value.value())?);
    }
    // Tables added after schema 7: absent in a file no import or merge has written to since.
    let mut booking_sources = HashMap::new();
    if let Some(table) = store::open_read(&txn, VENDOR_BOOKING_SOURCES)? {
        for entry in table.iter()? {
            let (id, value) = entry?;
            booking_sources.insert(id.value(), codec::decode(value.value())?);
        }
    }
    let mut facts = HashMap::new();
    if let Some(table) = store::open_read(&txn, VENDOR_FACTS)? {
        for entry in table.iter()? {
            let (id, value) = entry?;
            facts.insert(id.value(), codec::decode(value.value())?);
        }
    }
    let mut aliases = HashMap::new();
    if let Some(table) = store::open_read(&txn, VENDOR_ALIASES)? {
        for entry in table.iter()? {
            let (name, id) = entry?;
            aliases.insert(name.value().to_string(), id.value());
        }
    }
    Ok(CatalogRows {
        categories,
        vendors,
        sources,
        booking_sources,
        facts,
        aliases,
    })
}

pub fn is_seeded(store: &FileStore, marker: &str) -> Result<bool> {
    Ok(store::meta_get(&store.read()?, marker)?.is_some())
}

pub fn is_seeded_in(txn: &WriteTransaction, marker: &str) -> Result<bool> {
    Ok(txn.open_table(META)?.get(marker)?.is_some())
}

pub fn mark_seeded(txn: &WriteTransaction, marker: &str) -> Result<()> {
    Ok(store::meta_set(txn, marker, 1)?)
}

pub fn put_categories(txn: &WriteTransaction, categories: &[Category]) -> Result<()> {
    let mut table = txn.open_table(CATEGORIES)?;
    for c in categories {
        let row = StoredCategory {
            id: c.id,
            name: c.name.clone(),
            stage: c.stage,
        };
        table.insert(c.id, codec::encode(&row).as_slice())?;
    }
    Ok(())
}

pub fn update_vendor(
    store: &FileStore,
    id: u64,
    by: &Provenance,
    edit: impl FnOnce(Vendor, &mut VendorFacts) -> Result<Option<Vendor>>,
) -> Result<bool> {
    let txn = store.write()?;
    let changed = {
        let mut table = txn.open_table(VENDORS)?;
        let stored: Vendor = match table.get(id)? {
            Some(bytes) => codec::decode(bytes.value())?,
            None => return Ok(false),
        };
        let old = stored.clone();
        let old_link = stored.booking_url.clone();
        let mut facts_table = txn.open_table(VENDOR_FACTS)?;
        let mut facts: VendorFacts = match facts_table.get(id)? {
            Some(bytes) => codec::decode(bytes.value())?,
            None => VendorFacts::default(),
        };
        let changed = edit(stored, &mut facts)?;
        if let Some(vendor) = &changed {
            table.insert(id, codec::encode(vendor).as_slice())?;
            facts.note_row_changes(Some(&old), vendor, by);
            put_facts_in(&mut facts_table, id, &facts)?;
            // Where the old link was checked says nothing about a new one.
            if vendor.booking_url != old_link {
                txn.open_table(VENDOR_BOOKING_SOURCES)?.remove(id)?;
            }
        }
        changed.is_some()
    };
    // Nothing to write: the transaction is dropped unused.
    if changed {
        txn.commit()?;
    }
    Ok(true)
}

/// The vendor tables inside one write transaction, for the vendor CSV import.
pub struct VendorWrites<'txn> {
    txn: &'txn WriteTransaction,
    vendors: redb::Table<'txn, u64, &'static [u8]>,
    sources: redb::Table<'txn, u64, &'static [u8]>,
    booking_sources: redb::Table<'txn, u64, &'static [u8]>,
    facts: redb::Table<'txn, u64, &'static [u8]>,
}

impl<'txn> VendorWrites<'txn> {
    pub fn open(txn: &'txn WriteTransaction) -> Result<VendorWrites<'txn>> {
        Ok(VendorWrites {
            txn,
            vendors: txn.open_table(VENDORS)?,
            sources: txn.open_table(VENDOR_SOURCES)?,
            booking_sources: txn.open_table(VENDOR_BOOKING_SOURCES)?,
            facts: txn.open_table(VENDOR_FACTS)?,
        })
    }

    pub fn facts(&self, id: u64) -> Result<VendorFacts> {
        Ok(match self.facts.get(id)? {
            Some(bytes) => codec::decode(bytes.value())?,
            None => VendorFacts::default(),
        })
    }

    pub fn put_facts(&mut self, id: u64, facts: &VendorFacts) -> Result<()> {
        put_facts_in(&mut self.facts, id, facts)
    }

    pub fn booking_source(&self, id: u64) -> Result<Option<BookingSource>> {
        Ok(self
            .booking_sources
            .get(id)?
            .map(|bytes| codec::decode(bytes.value()))
            .transpose()?)
    }

    pub fn put_booking_source(&mut self, id: u64, source: Option<&BookingSource>) -> Result<()> {
        match source {
            Some(source) => {
                self.booking_sources
                    .insert(id, codec::encode(source).as_slice())?;
            }
            None => {
                self.booking_sources.remove(id)?;
            }
        }
        Ok(())
    }

    pub fn vendors(&self) -> Result<Vec<Vendor>> {
        let mut out = Vec::new();
        for entry in self.vendors.iter()? {
            out.push(codec::decode(entry?.1.value())?);
        }
        Ok(out)
    }

    pub fn source(&self, id: u64) -> Result<VendorSource> {
        Ok(match self.sources.get(id)? {
            Some(bytes) => codec::decode(bytes.value())?,
            None => VendorSource::default(),
        })
    }

    pub fn new_id(&self, given: Option<u64>) -> Result<u64> {
        match given {
            Some(id) => {
                store::bump_sequence(self.txn, "vendors", id)?;
                Ok(id)
            }
            None => Ok(store::next_id(self.txn, "vendors")?),
        }
    }

    pub fn put(&mut self, vendor: &Vendor, source: &VendorSource) -> Result<()> {
        self.vendors
            .insert(vendor.id, codec::encode(vendor).as_slice())?;
        if source.is_empty() {
            self.sources.remove(vendor.id)?;
        } else {
            self.sources
                .insert(vendor.id, codec::encode(source).as_slice())?;
        }
        Ok(())
    }
}

/// Stores a vendor's facts; empty ones remove the row.
fn put_facts_in(
    table: &mut redb::Table<'_, u64, &'static [u8]>,
    id: u64,
    facts: &VendorFacts,
) -> Result<()> {
    if facts.is_empty() {
        table.remove(id)?;
    } else {
        table.insert(id, codec::encode(facts).as_slice())?;
    }
    Ok(())
}

/// Stores a click with the next id of the `meeting_clicks` sequence, under its user and vendor,
/// and in the user's time order; returns the id.
pub fn insert_meeting_click(txn: &WriteTransaction, click: &MeetingClick) -> Result<u64> {
    let click = MeetingClick {
        id: store::next_id(txn, "meeting_clicks")?,
        ..click.clone()
    };
    txn.open_table(MEETING_CLICKS)?.insert(
        (click.user_id, click.vendor_id, click.id),
        codec::encode(&click).as_slice(),
    )?;
    txn.open_table(MEETING_CLICK_TIMES)?
        .insert((click.user_id, click.id), click.vendor_id)?;
    if click.kind == ClickKind::Website {
        txn.open_table(MEETING_CLICK_KINDS)?
            .insert(click.id, WEBSITE)?;
    }
    Ok(click.id)
}

/// A stored click with its kind read from `MEETING_CLICK_KINDS` (`kinds` absent: every click is a
/// booking click).
fn with_kind(
    kinds: Option<&impl ReadableTable<u64, u8>>,
    mut click: MeetingClick,
) -> Result<MeetingClick> {
    if let Some(kinds) = kinds
        && kinds.get(click.id)?.is_some_and(|k| k.value() == WEBSITE)
    {
        click.kind = ClickKind::Website;
    }
    Ok(click)
}

/// The user's newest `limit` clicks, newest first: the tail of the user's range in the time
/// order, each read by its key. Other users' clicks are never read.
pub fn recent_meeting_clicks(
    store: &FileStore,
    user_id: u64,
    limit: usize,
) -> Result<Vec<MeetingClick>> {
    let txn = store.read()?;
    let (Some(times), Some(clicks)) = (
        store::open_read(&txn, MEETING_CLICK_TIMES)?,
        store::open_read(&txn, MEETING_CLICKS)?,
    ) else {
        return Ok(Vec::new());
    };
    let kinds = store::open_read(&txn, MEETING_CLICK_KINDS)?;
    let mut out = Vec::new();
    for entry in times
        .range((user_id, 0)..=(user_id, u64::MAX))?
        .rev()
        .take(limit)
    {
        let (key, vendor_id) = entry?;
        let id = key.value().1;
        if let Some(value) = clicks.get((user_id, vendor_id.value(), id))? {
            out.push(with_kind(kinds.as_ref(), codec::decode(value.value())?)?);
        }
    }
    Ok(out)
}

/// The clicks of each of `user_ids` on each of `vendor_ids`, newest first for each pair: one range
/// of `MEETING_CLICKS` per pair, in one read.
pub fn meeting_clicks_on(
    store: &FileStore,
    user_ids: &[u64],
    vendor_ids: &[u64],
) -> Result<Vec<MeetingClick>> {
    let txn = store.read()?;
    let Some(clicks) = store::open_read(&txn, MEETING_CLICKS)? else {
        return Ok(Vec::new());
    };
    let kinds = store::open_read(&txn, MEETING_CLICK_KINDS)?;
    let mut out = Vec::new();
    for &user_id in user_ids {
        for &vendor_id in vendor_ids {
            for entry in clicks
                .range((user_id, vendor_id, 0)..=(user_id, vendor_id, u64::MAX))?
                .rev()
            {
                out.push(with_kind(kinds.as_ref(), codec::decode(entry?.1.value())?)?);
            }
        }
    }
    Ok(out)
}

/// Every click that opened `vendor_id`'s scheduler: (user, Unix seconds). A walk of every click,
/// for the vendor's own monthly statistics.
pub fn scheduler_opens(store: &FileStore, vendor_id: u64) -> Result<Vec<(u64, i64)>> {
    let txn = store.read()?;
    let Some(clicks) = store::open_read(&txn, MEETING_CLICKS)? else {
        return Ok(Vec::new());
    };
    let kinds = store::open_read(&txn, MEETING_CLICK_KINDS)?;
    let mut out = Vec::new();
    for entry in clicks.iter()? {
        let (key, value) = entry?;
        if key.value().1 != vendor_id {
            continue;
        }
        let click = with_kind(kinds.as_ref(), codec::decode(value.value())?)?;
        if click.kind == ClickKind::Booking {
            out.push((click.user_id, click.at));
        }
    }
    Ok(out)
}

/// Every stored click, by id: for the copy to PostgreSQL.
pub fn all_meeting_clicks(store: &FileStore) -> Result<Vec<MeetingClick>> {
    let txn = store.read()?;
    let mut out: Vec<MeetingClick> = Vec::new();
    let kinds = store::open_read(&txn, MEETING_CLICK_KINDS)?;
    if let Some(table) = store::open_read(&txn, MEETING_CLICKS)? {
        for entry in table.iter()? {
            out.push(with_kind(kinds.as_ref(), codec::decode(entry?.1.value())?)?);
        }
    }
    out.sort_unstable_by_key(|c| c.id);
    Ok(out)
}

/// The seeded marker and the vendor sequence, for the copy to PostgreSQL.
pub fn meta(store: &FileStore, key: &str) -> Result<Option<u64>> {
    Ok(store::meta_get(&store.read()?, key)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::model::SourcePage;

    /// Reading one user's clicks never touches another user's: here the other user's rows do not
    /// even decode, and the reads of the first user still answer (a walk would fail on them).
    #[test]
    fn a_users_clicks_are_read_without_touching_anyone_elses() {
        let dir = tempfile::tempdir().unwrap();
        let store = FileStore::open(dir.path()).unwrap();
        let txn = store.write().unwrap();
        for (vendor_id, at) in [(95, 10), (12, 20), (95, 30)] {
            let click = MeetingClick {
                id: 0,
                user_id: 7,
                vendor_id,
                source_page: SourcePage::Profile,
                at,
                kind: Default::default(),
            };
            insert_meeting_click(&txn, &click).unwrap();
        }
        txn.open_table(MEETING_CLICKS)
            .unwrap()
            .insert((8, 95, 100), b"not a click".as_slice())
            .unwrap();
        txn.open_table(MEETING_CLICK_TIMES)
            .unwrap()
            .insert((8, 100), 95)
            .unwrap();
        txn.commit().unwrap();

        let on_95: Vec<i64> = meeting_clicks_on(&store, &[7], &[95])
            .unwrap()
            .iter()
            .map(|c| c.at)
            .collect();
        assert_eq!(on_95, [30, 10], "newest first");
        let recent: Vec<u64> = recent_meeting_clicks(&store, 7, 2)
            .unwrap()
            .iter()
            .map(|c| c.vendor_id)
            .collect();
        assert_eq!(recent, [95, 12]);
        assert!(
            meeting_clicks_on(&store, &[8], &[95]).is_err(),
            "the bad row is there, for its owner's reads"
        );
    }
}
