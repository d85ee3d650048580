//! The first launch's catalog: the categories and vendors shipped in data/ (the vendors through
//! the same CSV importer admins use).

use super::facts::{Provenance, RowFact};
use super::model::Category;
use super::storage;
use crate::platform::store::Store;

const SEED_CATEGORIES: &str = include_str!("../../data/categories.csv");
const SEED_VENDORS: &str = include_str!("../../data/vendors.csv");

/// First launch only: writes the categories and the seed vendors. A marker in the store makes a second
/// launch (or a restart after an admin edited vendors) change nothing.
pub fn seed(store: &Store) -> anyhow::Result<()> {
    if storage::is_seeded(store)? {
        return shipped_facts_once(store);
    }
    let categories = parse_categories(SEED_CATEGORIES)?;
    let import = |tables: &mut storage::VendorImport| {
        let report = super::vendor_csv::import(tables, SEED_VENDORS.as_bytes(), &categories, None)?;
        // The shipped rows pass the record's checks as every writer's do, or nothing is seeded.
        anyhow::ensure!(
            report.errors.is_empty(),
            "data/vendors.csv has rows the vendor checks refuse: {}",
            report.errors.join("; ")
        );
        // Each fact data/vendor-facts.csv names a page for, on top of the rows just written.
        let vendors = tables.vendors()?;
        let mut shipped = super::facts_file::parse(super::facts_file::SHIPPED, &vendors)?;
        for vendor in &vendors {
            let facts = shipped.remove(&vendor.id).unwrap_or_default();
            let mut stored = tables.facts(vendor.id)?;
            let before = stored.clone();
            stored.row.extend(facts.row);
            // A shipped booking link no page we read confirms is Litstack's, not its row's
            // page's.
            if vendor.booking_url.is_some() {
                stored
                    .row
                    .entry(RowFact::BookingLink)
                    .or_insert(Provenance::Estimate);
            }
            stored.stated_price = facts.stated_price;
            stored.pricing_model = facts.pricing_model;
            stored.security = facts.security;
            if stored != before {
                tables.put_facts(vendor.id, &stored)?;
            }
        }
        Ok(report)
    };
    let Some(report) = storage::save_seed(store, &categories, import)? else {
        // Another node seeded it while this one started.
        return Ok(());
    };
    tracing::info!(
        categories = categories.len(),
        vendors = report.inserted,
        "catalog seeded"
    );
    shipped_facts_once(store)
}

/// The marker of `shipped_facts_once`.
const SHIPPED_FACTS: &str = "seeded:vendor-facts";

/// Once per install: brings the shipped security profiles, stated prices and pricing models to a
/// catalog seeded before vendor facts had provenance, for each shipped vendor still under its id
/// and name, where the install holds none of its own. The row's facts keep theirs (Litstack's
/// estimate): the install's rows may differ from the shipped ones the pages were read against.
/// On a catalog seeded with them it finds them there and changes nothing.
fn shipped_facts_once(store: &Store) -> anyhow::Result<()> {
    storage::once(store, SHIPPED_FACTS, |tables| {
        let vendors = tables.vendors()?;
        let shipped = super::facts_file::parse_for(super::facts_file::SHIPPED, &vendors)?;
        let links = shipped_booking_links()?;
        for vendor in &vendors {
            let id = vendor.id;
            let mut stored = tables.facts(id)?;
            let before = stored.clone();
            // The shipped link, still as shipped, was never confirmed on a page we read.
            if vendor.booking_url.is_some()
                && vendor.booking_url == links.get(&id).cloned().flatten()
            {
                stored
                    .row
                    .entry(RowFact::BookingLink)
                    .or_insert(Provenance::Estimate);
            }
            let Some(facts) = shipped.get(&id).cloned() else {
                if stored != before {
                    tables.put_facts(id, &stored)?;
                }
                continue;
            };
            if stored.security == Default::default() {
                stored.security = facts.security;
            }
            stored.stated_price = stored.stated_price.or(facts.stated_price);
            stored.pricing_model = stored.pricing_model.or(facts.pricing_model);
            if stored != before {
                tables.put_facts(id, &stored)?;
            }
        }
        Ok(())
    })?;
    Ok(())
}

/// The shipped vendors' booking links by id (`None`: none shipped).
fn shipped_booking_links() -> anyhow::Result<std::collections::HashMap<u64, Option<String>>> {
    let mut reader = csv::Reader::from_reader(SEED_VENDORS.as_bytes());
    let headers = reader.headers()?.clone();
    let column = |name: &str| {
        headers
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| anyhow::anyhow!("data/vendors.csv has no {name} column"))
    };
    let (id, link) = (column("id")?, column("bookingUrl")?);
    let mut out = std::collections::HashMap::new();
    for record in reader.records() {
        let r = record?;
        out.insert(
            r[id].parse()?,
            Some(r[link].to_string()).filter(|l| !l.is_empty()),
        );
    }
    Ok(out)
}

fn parse_categories(csv_text: &str) -> anyhow::Result<Vec<Category>> {
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let mut out = Vec::new();
    for record in reader.deserialize() {
        let row: ShippedCategory = record?;
        out.push(Category {
            id: row.id,
            label: row.label.unwrap_or_else(|| row.name.clone()),
            name: row.name,
            stage: row.stage,
        });
    }
    Ok(out)
}

/// A row of data/categories.csv.
#[derive(serde::Deserialize)]
struct ShippedCategory {
    id: u64,
    name: String,
    stage: Option<u8>,
    label: Option<String>,
}

/// What a screen shows for the category of this name (the bookings name categories by name): its
/// label (`Category::label`), else the name as given.
pub fn category_label(name: &str) -> &str {
    shipped_label(name).unwrap_or(name)
}

/// The label data/categories.csv gives the category of this name (compared ignoring case).
pub(super) fn shipped_label(name: &str) -> Option<&'static str> {
    static SHIPPED: std::sync::LazyLock<Vec<Category>> = std::sync::LazyLock::new(|| {
        parse_categories(SEED_CATEGORIES).expect("data/categories.csv is embedded and valid")
    });
    SHIPPED
        .iter()
        .find(|c| c.name.eq_ignore_ascii_case(name))
        .map(|c| c.label.as_str())
}
