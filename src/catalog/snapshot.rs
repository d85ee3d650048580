//! The in-memory catalog: one immutable `Catalog` read from the store, replaced whole after every
//! catalog change, so readers never see half of one.

use std::collections::HashMap;

use anyhow::Context;

use super::facts::{self, VendorFacts, VendorFactsView};
use super::model::{self, BookingSource, Category, CategoryRef, Question, Vendor, VendorSource};
use super::storage::{self, CatalogRows};
use crate::platform::store::Store;

const QUESTIONS: &str = include_str!("../../data/questions.json");

/// An immutable snapshot of the catalog.
pub struct Catalog {
    pub categories: Vec<Category>,
    /// Sorted by id.
    pub vendors: Vec<Vendor>,
    /// Where each verified vendor's facts come from, by vendor id.
    sources: HashMap<u64, VendorSource>,
    /// Where each booking link was checked, by vendor id.
    booking_sources: HashMap<u64, BookingSource>,
    /// Where each vendor's facts came from, and its security profile, by vendor id.
    facts: HashMap<u64, VendorFacts>,
    /// Lower-cased names of merged vendors -> the kept vendor's id.
    aliases: HashMap<String, u64>,
    questions: HashMap<u64, Vec<Question>>,
}

impl Catalog {
    pub fn load(store: &Store) -> anyhow::Result<Catalog> {
        let CatalogRows {
            categories,
            vendors,
            sources,
            booking_sources,
            facts,
            aliases,
        } = storage::load_catalog(store)?;
        let questionnaires: Vec<model::Questionnaire> =
            serde_json::from_str(QUESTIONS).context("data/questions.json")?;
        let mut questions = HashMap::new();
        for q in questionnaires {
            let category = categories
                .iter()
                .find(|c| c.name == q.category)
                .with_context(|| format!("questions.json names unknown category {}", q.category))?;
            questions.insert(category.id, q.questions);
        }
        Ok(Catalog {
            categories,
            vendors,
            sources,
            booking_sources,
            facts,
            aliases,
            questions,
        })
    }

    /// Where a vendor's facts were checked, if they were.
    pub fn source(&self, vendor_id: u64) -> Option<&VendorSource> {
        self.sources.get(&vendor_id)
    }

    /// Where a vendor's booking link was checked, if it was.
    pub fn booking_source(&self, vendor_id: u64) -> Option<&BookingSource> {
        self.booking_sources.get(&vendor_id)
    }

    /// What the catalog stores of a vendor's facts beyond its row, if anything.
    pub fn facts(&self, vendor_id: u64) -> Option<&VendorFacts> {
        self.facts.get(&vendor_id)
    }

    /// Where each of `vendor`'s facts came from, and its security profile, as firms see them.
    /// Where the vendor's price bracket came from (`None` when it has none): Litstack's estimate
    /// unless a page or the administrator says.
    pub fn price_provenance(&self, vendor: &Vendor) -> Option<facts::ProvenanceView> {
        vendor.price_bracket?;
        Some(
            self.facts(vendor.id)
                .and_then(|f| f.row.get(&facts::RowFact::Price))
                .map_or(facts::ProvenanceView::Estimate, Into::into),
        )
    }

    pub fn facts_view(&self, vendor: &Vendor) -> VendorFactsView {
        facts::view(
            vendor,
            self.facts(vendor.id),
            self.booking_source(vendor.id),
        )
    }

    /// The vendor a booking's Client (lower-cased) counts for: the lowest id of that name, else
    /// the vendor a merged vendor of that name went into.
    pub fn vendor_for_client(&self, client_lower: &str) -> Option<u64> {
        self.vendors
            .iter()
            .find(|v| v.name.to_lowercase() == client_lower)
            .map(|v| v.id)
            .or_else(|| self.aliases.get(client_lower).copied())
    }

    /// The lower-cased Client names whose bookings count for a vendor (see `vendor_for_client`):
    /// its own name when it is the lowest id of that name, and the names merged into it.
    pub fn client_names(&self, vendor_id: u64) -> Vec<String> {
        let mut names = Vec::new();
        if let Some(vendor) = self.vendor(vendor_id) {
            let own = vendor.name.to_lowercase();
            if self.vendor_for_client(&own) == Some(vendor_id) {
                names.push(own);
            }
        }
        for (name, &id) in &self.aliases {
            if id == vendor_id && self.vendor_for_client(name) == Some(vendor_id) {
                names.push(name.clone());
            }
        }
        names.sort();
        names
    }

    /// Lower-cased names of merged vendors -> the kept vendor's id.
    pub fn aliases(&self) -> &HashMap<String, u64> {
        &self.aliases
    }

    /// How many vendors (active or not) have a partner level or the recommended-partner star.
    pub fn partner_count(&self) -> usize {
        self.vendors
            .iter()
            .filter(|v| v.partner_level.is_some() || v.is_recommended_partner)
            .count()
    }

    pub fn category(&self, id: u64) -> Option<&Category> {
        self.categories.iter().find(|c| c.id == id)
    }

    /// The category `text` names, by its name or its label (`Category::is_named`): how imports
    /// and links find a category.
    pub fn category_by_name(&self, text: &str) -> Option<&Category> {
        self.categories.iter().find(|c| c.is_named(text))
    }

    /// A reference to category `id` (empty name and label when the catalog lacks it).
    pub fn category_ref(&self, id: u64) -> CategoryRef {
        self.category(id).map_or_else(
            || CategoryRef {
                id,
                name: String::new(),
                label: String::new(),
            },
            CategoryRef::from,
        )
    }

    /// The vendor (active or not) of this name, compared lower-cased, or the one a merged vendor
    /// of this name went into: how the bookings import matches a booking's Client to a vendor.
    pub fn vendor_by_name(&self, name: &str) -> Option<&Vendor> {
        self.vendor_for_client(&name.to_lowercase())
            .and_then(|id| self.vendor(id))
    }

    pub fn vendor(&self, id: u64) -> Option<&Vendor> {
        self.vendors
            .binary_search_by_key(&id, |v| v.id)
            .ok()
            .map(|i| &self.vendors[i])
    }

    pub fn questions(&self, category_id: u64) -> &[Question] {
        self.questions
            .get(&category_id)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// The stage categories in stage order (1-9).
    pub fn stages(&self) -> Vec<&Category> {
        let mut stages: Vec<&Category> = self
            .categories
            .iter()
            .filter(|c| c.stage.is_some())
            .collect();
        stages.sort_by_key(|c| c.stage);
        stages
    }

    /// The stage categories in stage order, then the others by name: the order of the tech-stack
    /// form, the coverage map and the shortlist.
    pub fn stages_then_others_by_name(&self) -> Vec<&Category> {
        let mut order = self.stages();
        let mut rest: Vec<&Category> = self
            .categories
            .iter()
            .filter(|c| c.stage.is_none())
            .collect();
        rest.sort_by_key(|c| c.name.to_lowercase());
        order.extend(rest);
        order
    }
}

/// Replaces the in-memory catalog with what the store holds now. Call it after committing a
/// catalog change. Loads and swaps run one at a time, so that a load which began before another
/// writer's commit can never be swapped in after that writer's newer load.
pub fn reload(
    store: &crate::platform::store::Store,
    catalog: &super::SharedCatalog,
) -> anyhow::Result<()> {
    static SWAPS: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = SWAPS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    catalog.store(std::sync::Arc::new(Catalog::load(store)?));
    Ok(())
}
