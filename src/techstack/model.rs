//! What a firm says it uses in one category, and the parsing of a save request into it.
//!
//! Invariants of a stored `Adoption` (the save path guarantees them): a "No" answer has no
//! vendors; vendor ids are distinct catalog vendors of the category; the primary is one of them;
//! other names are trimmed, 1-80 characters, distinct ignoring case, and never the name of a
//! selected catalog vendor; at most `MAX_VENDORS` listed plus other names.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::catalog::{Catalog, Category};
use crate::platform::error::{Result, bad_request};

/// Listed plus other vendors, per category (SPEC section 9).
pub const MAX_VENDORS: usize = 10;
/// Longest other-vendor name, in characters (SPEC section 9).
pub const MAX_OTHER_NAME: usize = 80;

/// One answered category of one user, as stored. An unanswered category has no record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adoption {
    pub has_tool: bool,
    /// Catalog vendors of the category, in the order the user picked them.
    pub vendor_ids: Vec<u64>,
    pub primary_vendor_id: Option<u64>,
    pub other_vendors: Vec<String>,
}

impl Adoption {
    /// Drops what the catalog no longer backs (a vendor moved to another category by an import),
    /// so readers always see the invariants above.
    pub fn against(mut self, catalog: &Catalog, category_id: u64) -> Adoption {
        self.vendor_ids.retain(|id| {
            catalog
                .vendor(*id)
                .is_some_and(|v| v.category_id == category_id)
        });
        if self
            .primary_vendor_id
            .is_some_and(|p| !self.vendor_ids.contains(&p))
        {
            self.primary_vendor_id = None;
        }
        self
    }
}

/// The body of `POST /api/profile/category-adoption`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SaveRequest {
    /// The categories to save; at least one, each at most once.
    #[serde(default)]
    #[schema(value_type = Vec<SaveItem>, required = true, min_items = 1)]
    pub items: Option<Vec<SaveItem>>,
}

/// One answered category. Vendors only make sense with `hasTool: true`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SaveItem {
    pub category_id: u64,
    /// Yes or No; required.
    #[serde(default)]
    #[schema(value_type = bool, required = true)]
    pub has_tool: Option<bool>,
    #[serde(default)]
    pub selected_vendor_ids: Option<Vec<u64>>,
    #[serde(default)]
    pub primary_vendor_id: Option<u64>,
    /// Tools not in the catalog, by name (at most 80 characters each).
    #[serde(default)]
    pub other_vendors: Option<Vec<String>>,
}

/// Parses a whole save request against the catalog: every item valid, or the first problem.
pub fn parse_save(request: SaveRequest, catalog: &Catalog) -> Result<Vec<(u64, Adoption)>> {
    let items = request.items.unwrap_or_default();
    if items.is_empty() {
        return Err(bad_request("Answer at least one category before saving."));
    }
    let mut out: Vec<(u64, Adoption)> = Vec::with_capacity(items.len());
    for item in items {
        let Some(category) = catalog.category(item.category_id) else {
            return Err(bad_request(format!(
                "There is no category with id {}",
                item.category_id
            )));
        };
        if out.iter().any(|(id, _)| *id == category.id) {
            return Err(bad_request(format!(
                "{} appears more than once; send each category once",
                category.label
            )));
        }
        out.push((category.id, parse_item(item, category, catalog)?));
    }
    Ok(out)
}

fn parse_item(item: SaveItem, category: &Category, catalog: &Catalog) -> Result<Adoption> {
    let Some(has_tool) = item.has_tool else {
        return Err(bad_request(format!(
            "Answer Yes or No for {} (hasTool must be true or false)",
            category.label
        )));
    };
    let selected = item.selected_vendor_ids.unwrap_or_default();
    let others = other_names(item.other_vendors.unwrap_or_default())?;

    if !has_tool {
        if !selected.is_empty() || item.primary_vendor_id.is_some() || !others.is_empty() {
            return Err(bad_request(format!(
                "{} is answered No, so it cannot list vendors; answer Yes or remove them",
                category.label
            )));
        }
        return Ok(Adoption {
            has_tool: false,
            vendor_ids: Vec::new(),
            primary_vendor_id: None,
            other_vendors: Vec::new(),
        });
    }

    let mut vendor_ids: Vec<u64> = Vec::new();
    let mut seen = HashSet::new();
    for id in selected {
        let Some(vendor) = catalog.vendor(id) else {
            return Err(bad_request(format!("There is no vendor with id {id}")));
        };
        if vendor.category_id != category.id {
            let home = catalog
                .category(vendor.category_id)
                .map(|c| c.label.as_str());
            return Err(bad_request(format!(
                "{} belongs to {}, not to {}",
                vendor.name,
                home.unwrap_or("another category"),
                category.label
            )));
        }
        if seen.insert(id) {
            vendor_ids.push(id);
        }
    }
    if let Some(primary) = item.primary_vendor_id
        && !vendor_ids.contains(&primary)
    {
        return Err(bad_request(format!(
            "The primary vendor of {} must be one of its selected vendors",
            category.label
        )));
    }

    // A typed name that is a listed vendor of this category means that vendor: select it once.
    // Two listed vendors of one category with the same name: the older one (lower id) is meant.
    let mut listed: HashMap<String, u64> = HashMap::new();
    for v in catalog
        .vendors
        .iter()
        .filter(|v| v.category_id == category.id)
    {
        listed.entry(v.name.to_lowercase()).or_insert(v.id);
    }
    let mut other_vendors = Vec::new();
    for name in others {
        match listed.get(&name.to_lowercase()) {
            Some(&id) => {
                if seen.insert(id) {
                    vendor_ids.push(id);
                }
            }
            None => other_vendors.push(name),
        }
    }

    let count = vendor_ids.len() + other_vendors.len();
    if count > MAX_VENDORS {
        return Err(bad_request(format!(
            "At most {MAX_VENDORS} vendors per category (listed plus other): {} has {count}",
            category.label
        )));
    }
    Ok(Adoption {
        has_tool: true,
        vendor_ids,
        primary_vendor_id: item.primary_vendor_id,
        other_vendors,
    })
}

/// Trims each name, drops empty ones and case-insensitive repeats (the first spelling wins).
fn other_names(raw: Vec<String>) -> Result<Vec<String>> {
    let mut names: Vec<String> = Vec::new();
    let mut seen = HashSet::new();
    for name in raw {
        let name = name.trim();
        if name.is_empty() {
            continue;
        }
        if name.chars().count() > MAX_OTHER_NAME {
            let shown: String = name.chars().take(30).collect();
            return Err(bad_request(format!(
                "Other vendor names can be at most {MAX_OTHER_NAME} characters (\"{shown}…\" is longer)"
            )));
        }
        if name.chars().any(char::is_control) {
            return Err(bad_request(
                "Other vendor names cannot contain line breaks or tabs",
            ));
        }
        if seen.insert(name.to_lowercase()) {
            names.push(name.to_string());
        }
    }
    Ok(names)
}

/// One integration a vendor declares, and whether the firm uses that tool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Integration {
    pub name: String,
    /// A tool of the firm's own tech stack (names compared ignoring case).
    pub in_your_stack: bool,
}
