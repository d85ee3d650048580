//! The catalog tables: CATEGORIES, VENDORS, VENDOR_SOURCES (where a vendor's facts were checked)
//! and MEETING_CLICKS. Nothing else opens them; other domains read the in-memory `Catalog`.

use std::collections::HashMap;

use redb::{ReadableTable, WriteTransaction};

use super::model::{Category, MeetingClick, SourcePage, Vendor, VendorSource};
use super::vendor_csv;
use crate::error::Result;
use crate::import::ImportReport;
use crate::state::now_secs;
use crate::store::{self, CATEGORIES, MEETING_CLICKS, Store, VENDOR_SOURCES, VENDORS, codec};

/// What the store holds of the catalog (the questionnaires are not stored: they ship in data/).
pub struct CatalogRows {
    pub categories: Vec<Category>,
    /// By id.
    pub vendors: Vec<Vendor>,
    pub sources: HashMap<u64, VendorSource>,
}

pub fn load_catalog(store: &Store) -> anyhow::Result<CatalogRows> {
    let txn = store.read()?;
    let mut categories: Vec<Category> = Vec::new();
    for entry in txn.open_table(CATEGORIES)?.iter()? {
        categories.push(codec::decode(entry?.1.value())?);
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
    Ok(CatalogRows {
        categories,
        vendors,
        sources,
    })
}

/// The marker in META that says the first launch's catalog was written.
const SEEDED: &str = "seeded:catalog";

pub fn is_seeded(store: &Store) -> anyhow::Result<bool> {
    Ok(store::meta_get(&store.read()?, SEEDED)?.is_some())
}

/// Writes the categories and imports the vendor CSV, with the seeded marker, in one transaction.
/// A vendor file with row errors is refused and nothing is written.
pub fn save_seed(
    store: &Store,
    categories: &[Category],
    vendors_csv: &[u8],
) -> anyhow::Result<ImportReport> {
    let txn = store.write()?;
    {
        let mut table = txn.open_table(CATEGORIES)?;
        for c in categories {
            table.insert(c.id, codec::encode(c).as_slice())?;
        }
    }
    let report = vendor_csv::import(&txn, vendors_csv, categories)?;
    anyhow::ensure!(
        report.errors.is_empty(),
        "data/vendors.csv has errors: {:?}",
        report.errors
    );
    store::meta_set(&txn, SEEDED, 1)?;
    txn.commit()?;
    Ok(report)
}

/// Edits vendor `id` in one transaction: `edit` gets the stored vendor and returns it changed,
/// or `None` to write nothing. `Ok(false)` when there is no such vendor.
pub fn update_vendor(
    store: &Store,
    id: u64,
    edit: impl FnOnce(Vendor) -> Result<Option<Vendor>>,
) -> Result<bool> {
    let txn = store.write()?;
    let changed = {
        let mut table = txn.open_table(VENDORS)?;
        let stored: Vendor = match table.get(id)? {
            Some(bytes) => codec::decode(bytes.value())?,
            None => return Ok(false),
        };
        let changed = edit(stored)?;
        if let Some(vendor) = &changed {
            table.insert(id, codec::encode(vendor).as_slice())?;
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
}

impl<'txn> VendorWrites<'txn> {
    pub fn open(txn: &'txn WriteTransaction) -> anyhow::Result<VendorWrites<'txn>> {
        Ok(VendorWrites {
            txn,
            vendors: txn.open_table(VENDORS)?,
            sources: txn.open_table(VENDOR_SOURCES)?,
        })
    }

    /// Every stored vendor, by id.
    pub fn vendors(&self) -> anyhow::Result<Vec<Vendor>> {
        let mut out = Vec::new();
        for entry in self.vendors.iter()? {
            out.push(codec::decode(entry?.1.value())?);
        }
        Ok(out)
    }

    /// A vendor's source (empty when it has none).
    pub fn source(&self, id: u64) -> anyhow::Result<VendorSource> {
        Ok(match self.sources.get(id)? {
            Some(bytes) => codec::decode(bytes.value())?,
            None => VendorSource::default(),
        })
    }

    /// The id of a new vendor: the file's own `id` (the sequence moves past it), or the next one.
    pub fn new_id(&self, given: Option<u64>) -> anyhow::Result<u64> {
        match given {
            Some(id) => {
                store::bump_sequence(self.txn, "vendors", id)?;
                Ok(id)
            }
            None => store::next_id(self.txn, "vendors"),
        }
    }

    /// Stores a vendor and its source (an empty source removes the row).
    pub fn put(&mut self, vendor: &Vendor, source: &VendorSource) -> anyhow::Result<()> {
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

/// Stores a meeting click now, and puts the vendor on the user's shortlist as "demo booked" in
/// the same commit.
pub fn record_meeting_click(
    store: &Store,
    user_id: u64,
    vendor_id: u64,
    source_page: SourcePage,
) -> Result<MeetingClick> {
    let txn = store.write()?;
    let click = MeetingClick {
        id: store::next_id(&txn, "meeting_clicks")?,
        user_id,
        vendor_id,
        source_page,
        at: now_secs(),
    };
    txn.open_table(MEETING_CLICKS)?
        .insert(click.id, codec::encode(&click).as_slice())?;
    crate::shortlist::demo_booked(&txn, user_id, click.vendor_id, click.at)?;
    txn.commit()?;
    Ok(click)
}

/// The user's clicks that `keep` accepts, newest first, at most `limit`. Ids grow with time, so
/// walking the table backwards finds the newest first; clicks are human-paced, so this scan
/// stays small without a per-user index.
pub fn user_meeting_clicks(
    store: &Store,
    user_id: u64,
    limit: usize,
    keep: impl Fn(&MeetingClick) -> bool,
) -> Result<Vec<MeetingClick>> {
    let txn = store.read()?;
    let table = txn.open_table(MEETING_CLICKS)?;
    let mut mine = Vec::new();
    for entry in table.iter()?.rev() {
        if mine.len() == limit {
            break;
        }
        let click: MeetingClick = codec::decode(entry?.1.value())?;
        if click.user_id == user_id && keep(&click) {
            mine.push(click);
        }
    }
    Ok(mine)
}
