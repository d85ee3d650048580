//! The vendors inside a category (or across all of them): bookings per vendor for the filters and
//! for the comparison period, each booking counted for the catalog vendor its Client names (merged
//! vendors for the one kept) so that a row opens that vendor's profile.

use std::collections::HashMap;

use serde::Serialize;

use super::filters::Filters;
use super::index::BookingIndex;
use super::periods::Change;
use super::query::Selection;
use crate::catalog::Catalog;

/// Rows at most, with a category and across all categories.
pub const CATEGORY_ROWS: usize = 100;
pub const ALL_ROWS: usize = 20;
/// The row of bookings whose Client column was empty.
pub const UNNAMED: &str = "Vendor not named";

/// One vendor's bookings.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorRow {
    /// The catalog vendor, whose profile the row opens; null when the bookings name a vendor the
    /// catalog does not have.
    pub vendor_id: Option<u64>,
    pub name: String,
    pub count: u64,
    /// `count` over the panel's total (0 to 1).
    pub share: f64,
    pub comparison_count: u64,
    pub change: Change,
}

/// The panel: its rows, most bookings first, and the totals they are shares of.
#[derive(Debug)]
pub struct VendorPanel {
    pub items: Vec<VendorRow>,
    pub total: u64,
    pub comparison_total: u64,
    /// Vendors with bookings in the period.
    pub vendor_count: u64,
}

/// Bookings per vendor dictionary id matching `f` (dates included), only those of the category
/// `category` (a dictionary id) when given: from the running sums of every row, a size, a state
/// or a metro area, else (two filters together, or sums over their budget) by a pass over the
/// selected rows.
pub fn vendor_counts(idx: &BookingIndex, f: &Filters, category: Option<u16>) -> Vec<u32> {
    let mut counts = vec![0u32; idx.cols.vendors.len()];
    let sel = Selection::new(idx, f);
    if sel.empty {
        return counts;
    }
    let (from_day, to_day) = f.day_range();
    let place = (sel.state, sel.dma, sel.size);
    if idx.add_vendor_counts(place, from_day, to_day, category, &mut counts) {
        return counts;
    }
    let c = &idx.cols;
    sel.for_each(f.start_time(), f.end_time(), |r| {
        if category.is_none_or(|cat| c.category[r] == cat) {
            counts[c.vendor.get(r) as usize] += 1;
        }
    });
    counts
}

/// The vendors of `category` (a category name as the bookings spell it; `None`: every category)
/// for the filters, with the comparison period's counts when there is one.
pub fn panel(
    idx: &BookingIndex,
    catalog: &Catalog,
    f: &Filters,
    comparison: Option<&Filters>,
    category: Option<&str>,
) -> VendorPanel {
    let limit = if category.is_some() {
        CATEGORY_ROWS
    } else {
        ALL_ROWS
    };
    let category_id = category.map(|name| idx.cols.categories.iter().position(|c| c == name));
    // A category no booking has: every count is 0.
    let counts = |f: &Filters| match category_id {
        Some(None) => vec![0; idx.cols.vendors.len()],
        Some(Some(id)) => vendor_counts(idx, f, Some(id as u16)),
        None => vendor_counts(idx, f, None),
    };
    let now = counts(f);
    let then = comparison.map(counts);

    let ids = super::catalog_ids(catalog);
    let mut rows: HashMap<Result<u64, &str>, (u64, u64)> = HashMap::new();
    for (v, name) in idx.cols.vendors.iter().enumerate() {
        let (n, m) = (now[v], then.as_ref().map_or(0, |t| t[v]));
        if n == 0 && m == 0 {
            continue;
        }
        let key = ids.get(&idx.vendors_lower[v]).copied().ok_or(name.as_str());
        let row = rows.entry(key).or_default();
        row.0 += u64::from(n);
        row.1 += u64::from(m);
    }
    let total: u64 = now.iter().map(|&n| u64::from(n)).sum();
    let comparison_total = then.map_or(0, |t| t.iter().map(|&n| u64::from(n)).sum());
    let vendor_count = rows.values().filter(|(n, _)| *n > 0).count() as u64;
    let mut items: Vec<VendorRow> = rows
        .into_iter()
        .map(|(key, (count, comparison_count))| {
            let (vendor_id, name) = match key {
                Ok(id) => (
                    Some(id),
                    catalog
                        .vendor(id)
                        .map_or_else(String::new, |v| v.name.clone()),
                ),
                Err("") => (None, UNNAMED.to_string()),
                Err(name) => (None, name.to_string()),
            };
            VendorRow {
                vendor_id,
                name,
                count,
                share: if total > 0 {
                    count as f64 / total as f64
                } else {
                    0.0
                },
                comparison_count,
                change: Change::of(count, comparison_count),
            }
        })
        .collect();
    items.sort_by(|a, b| {
        (b.count, b.comparison_count)
            .cmp(&(a.count, a.comparison_count))
            .then_with(|| a.name.cmp(&b.name))
    });
    items.truncate(limit);
    VendorPanel {
        items,
        total,
        comparison_total,
        vendor_count,
    }
}
