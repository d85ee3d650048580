//! What a firm uses, as recommendations read it: the answered categories, the tools' names and
//! the integrations those tools declare.

use crate::platform::firm_id::FirmId;
use std::collections::HashSet;

use super::storage;
use crate::catalog::Catalog;
use crate::platform::error::Result;
use crate::platform::store::Store;

/// What a user's firm uses in one answered category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirmTools {
    pub category_id: u64,
    /// Always `Some` for an answered category; `Option` so callers can build unanswered rows.
    pub has_tool: Option<bool>,
    /// Catalog vendors of the category, in the order the user picked them.
    pub vendor_ids: Vec<u64>,
    /// One of `vendor_ids`, if the user starred one.
    pub primary_vendor_id: Option<u64>,
    /// Tools named in free text (not in the catalog), trimmed, distinct ignoring case.
    pub other_vendors: Vec<String>,
}

/// The categories the user answered, by category id, in one read.
pub fn firm_tools(store: &Store, catalog: &Catalog, firm_id: FirmId) -> Result<Vec<FirmTools>> {
    Ok(tools_of(catalog, storage::load(store, firm_id)?))
}

/// `firm_tools` of answers already read (`storage::load`'s).
pub fn tools_of(catalog: &Catalog, saved: Vec<(u64, super::Adoption)>) -> Vec<FirmTools> {
    saved
        .into_iter()
        .filter(|(category_id, _)| catalog.category(*category_id).is_some())
        .map(|(category_id, adoption)| {
            let a = adoption.against(catalog, category_id);
            FirmTools {
                category_id,
                has_tool: Some(a.has_tool),
                vendor_ids: a.vendor_ids,
                primary_vendor_id: a.primary_vendor_id,
                other_vendors: a.other_vendors,
            }
        })
        .collect()
}

/// The names of every tool the firm uses: catalog vendor names, then other names; each name once
/// (ignoring case). Recommendations match these against vendors' `integrations`, ignoring case.
pub fn tool_names(catalog: &Catalog, tools: &[FirmTools]) -> Vec<String> {
    let mut seen = HashSet::new();
    let listed = tools
        .iter()
        .flat_map(|t| &t.vendor_ids)
        .filter_map(|id| catalog.vendor(*id));
    let listed: Vec<String> = listed.map(|v| v.name.clone()).collect();
    let others = tools.iter().flat_map(|t| t.other_vendors.iter().cloned());
    listed
        .into_iter()
        .chain(others)
        .filter(|name| seen.insert(name.to_lowercase()))
        .collect()
}

/// The integrations the firm's catalog tools declare (each once, ignoring case): what a new
/// vendor could plug into.
pub fn tool_integrations(catalog: &Catalog, tools: &[FirmTools]) -> Vec<String> {
    let mut seen = HashSet::new();
    tools
        .iter()
        .flat_map(|t| &t.vendor_ids)
        .filter_map(|id| catalog.vendor(*id))
        .flat_map(|v| v.integrations.iter())
        .filter(|name| seen.insert(name.to_lowercase()))
        .cloned()
        .collect()
}
