//! The catalog in the redb file: CATEGORIES, VENDORS, VENDOR_SOURCES and the vendors' side
//! tables, values through `store::codec`. The file's one writer serialises every write.

use std::collections::HashMap;

use redb::{ReadableTable, WriteTransaction};

use super::CatalogRows;
use crate::catalog::facts::{Provenance, VendorFacts};
use crate::catalog::model::{BookingSource, Category, Vendor, VendorSource};
use crate::platform::error::Result;
use crate::platform::store::{
    self, CATEGORIES, FileStore, VENDOR_ALIASES, VENDOR_BOOKING_SOURCES, VENDOR_FACTS,
    VENDOR_SOURCES, VENDORS, codec,
};

/// A category as CATEGORIES holds it: no label (`Category::stored` gives it one).
#[derive(serde::Serialize, serde::Deserialize)]
struct StoredCategory {
    id: u64,
    name: String,
    stage: Option<u8>,
}

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

/// The vendor sequence, for the copy to PostgreSQL.
pub fn meta(store: &FileStore, key: &str) -> Result<Option<u64>> {
    Ok(store::meta_get(&store.read()?, key)?)
}
