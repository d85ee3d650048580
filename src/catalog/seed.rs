//! The first launch's catalog: the categories and vendors shipped in data/ (the vendors through
//! the same CSV importer admins use).

use super::model::Category;
use super::storage;
use crate::platform::store::Store;

const SEED_CATEGORIES: &str = include_str!("../../data/categories.csv");
const SEED_VENDORS: &str = include_str!("../../data/vendors.csv");

/// First launch only: writes the categories and the seed vendors. A marker in the store makes a second
/// launch (or a restart after an admin edited vendors) change nothing.
pub fn seed(store: &Store) -> anyhow::Result<()> {
    if storage::is_seeded(store)? {
        return Ok(());
    }
    let categories = parse_categories(SEED_CATEGORIES)?;
    let import = |tables: &mut storage::VendorImport| {
        super::vendor_csv::import(tables, SEED_VENDORS.as_bytes(), &categories, None)
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
    Ok(())
}

fn parse_categories(csv_text: &str) -> anyhow::Result<Vec<Category>> {
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let mut out = Vec::new();
    for record in reader.records() {
        let r = record?;
        out.push(Category {
            id: r[0].parse()?,
            name: r[1].to_string(),
            stage: if r[2].is_empty() {
                None
            } else {
                Some(r[2].parse()?)
            },
        });
    }
    Ok(out)
}
