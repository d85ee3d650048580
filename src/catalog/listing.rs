//! GET /api/vendors: filtering, search, sorting and paging of the vendor directory.

use serde::{Deserialize, Serialize};

use super::Catalog;
use super::facts::SecurityFilter;
use super::model::Vendor;
use crate::platform::error::{AppError, Result, bad_request};

pub const DEFAULT_PAGE_SIZE: usize = 24;
pub const MAX_PAGE_SIZE: usize = 100;
pub const MAX_QUERY_CHARS: usize = 200;

/// The vendor orders `sort` accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum VendorSort {
    NameAsc,
    NameDesc,
    // Partners (by level), then everyone else; each group by name.
    PartnerFirst,
    // Vendors without a booking link, then those with one; each group by name (the operator's
    // vendor screen: the links still to find come first).
    NoBookingFirst,
}

impl VendorSort {
    /// The `sort` parameter; absent or empty is by name. Text in, so that an unknown order gets
    /// our message listing the valid ones.
    pub fn parse(raw: Option<&str>) -> Result<VendorSort> {
        match raw.unwrap_or("") {
            "" => Ok(VendorSort::NameAsc),
            code => serde_json::from_value(serde_json::Value::from(code)).map_err(|_| {
                bad_request(
                    "sort must be one of name_asc, name_desc, partner_first, no_booking_first",
                )
            }),
        }
    }
}

/// The raw query string; every field is text so that each can get its own clear message. An
/// unknown name (a misspelt `categoryId`) is refused rather than answered with an unfiltered list.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct VendorQuery {
    /// Comma-separated category ids; each must exist.
    pub category_ids: Option<String>,
    /// Search text in name, description and highlights.
    #[param(max_length = 200)]
    pub q: Option<String>,
    #[param(value_type = Option<VendorSort>)]
    pub sort: Option<String>,
    /// 1-based; clamped into range.
    #[param(value_type = Option<i64>)]
    pub page: Option<String>,
    /// Default 24, clamped to 1-100.
    #[param(value_type = Option<i64>)]
    pub page_size: Option<String>,
    #[param(value_type = Option<bool>)]
    pub include_inactive: Option<String>,
    /// Comma-separated security facts a vendor must state: `baa` (signs a HIPAA business
    /// associate agreement), `soc2` (a SOC 2 Type II report), `sso` (single sign-on). A vendor
    /// that does not state a fact does not meet it.
    pub security: Option<String>,
}

/// Parses `security`: known codes only, each once.
pub fn parse_security(raw: Option<&str>) -> Result<Vec<SecurityFilter>> {
    let mut out = Vec::new();
    for code in raw
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        let filter = SecurityFilter::parse(code).ok_or_else(|| {
            bad_request(format!(
                "security must be a comma-separated list of baa, soc2 and sso; \"{}\" is not one",
                crate::platform::upload::truncate(code, 20)
            ))
        })?;
        if !out.contains(&filter) {
            out.push(filter);
        }
    }
    Ok(out)
}

/// Parses a comma-separated list of category ids, each of which must exist.
pub fn parse_category_ids(raw: Option<&str>, catalog: &Catalog) -> Result<Vec<u64>> {
    let mut ids = Vec::new();
    for part in raw
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let id: u64 = part.parse().map_err(|_| {
            bad_request(format!(
                "categoryIds must be a comma-separated list of category ids; \"{}\" is not one",
                crate::platform::upload::truncate(part, 20)
            ))
        })?;
        if catalog.category(id).is_none() {
            return Err(bad_request(format!("There is no category with id {id}")));
        }
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// Parses `page`: a whole number; below 1 becomes 1 (clamping to the last page happens later).
pub fn parse_page(raw: Option<&str>) -> Result<usize> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(1),
        Some(s) => {
            let n: i64 = s
                .parse()
                .map_err(|_| bad_request("page must be a whole number"))?;
            Ok(n.clamp(1, i64::from(u32::MAX)) as usize)
        }
    }
}

pub fn parse_page_size(raw: Option<&str>) -> Result<usize> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(DEFAULT_PAGE_SIZE),
        Some(s) => {
            let n: i64 = s
                .parse()
                .map_err(|_| bad_request("pageSize must be a whole number"))?;
            Ok(n.clamp(1, MAX_PAGE_SIZE as i64) as usize)
        }
    }
}

pub fn parse_bool(raw: Option<&str>, name: &str) -> Result<bool> {
    match raw.map(str::trim).unwrap_or("") {
        "" | "false" => Ok(false),
        "true" => Ok(true),
        _ => Err(bad_request(format!("{name} must be true or false"))),
    }
}

/// Folds text for search: accents removed, lower case.
pub fn fold(s: &str) -> String {
    deunicode::deunicode(s).to_lowercase()
}

/// One page of a list, with the page clamped into range.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: usize,
    pub page: usize,
    pub page_size: usize,
    pub total_pages: usize,
}

impl<T> Page<T> {
    pub fn of(all: Vec<T>, page: usize, page_size: usize) -> Page<T> {
        let total = all.len();
        let total_pages = total.div_ceil(page_size).max(1);
        let page = page.clamp(1, total_pages);
        let items = all
            .into_iter()
            .skip((page - 1) * page_size)
            .take(page_size)
            .collect();
        Page {
            items,
            total,
            page,
            page_size,
            total_pages,
        }
    }
}

fn partner_rank(v: &Vendor) -> u8 {
    match v.partner_level.as_deref() {
        Some("Platinum") => 0,
        Some("Gold") => 1,
        Some("Silver") => 2,
        Some("Bronze") => 3,
        _ if v.is_recommended_partner => 4,
        _ => 5,
    }
}

pub struct VendorFilter {
    pub category_ids: Vec<u64>,
    pub q: Option<String>,
    pub sort: VendorSort,
    pub include_inactive: bool,
    pub security: Vec<SecurityFilter>,
}

impl VendorFilter {
    pub fn parse(query: &VendorQuery, catalog: &Catalog) -> Result<VendorFilter, AppError> {
        let q = query.q.as_deref().map(str::trim).filter(|s| !s.is_empty());
        if q.is_some_and(|q| q.chars().count() > MAX_QUERY_CHARS) {
            return Err(bad_request(format!(
                "Search text must be at most {MAX_QUERY_CHARS} characters"
            )));
        }
        Ok(VendorFilter {
            category_ids: parse_category_ids(query.category_ids.as_deref(), catalog)?,
            q: q.map(fold),
            sort: VendorSort::parse(query.sort.as_deref())?,
            include_inactive: parse_bool(query.include_inactive.as_deref(), "includeInactive")?,
            security: parse_security(query.security.as_deref())?,
        })
    }

    /// The matching vendors in display order. With a search, name matches come first.
    pub fn apply<'a>(&self, catalog: &'a Catalog) -> Vec<&'a Vendor> {
        let mut hits: Vec<(bool, &Vendor)> = catalog
            .vendors
            .iter()
            .filter(|v| self.include_inactive || v.is_active)
            .filter(|v| self.category_ids.is_empty() || self.category_ids.contains(&v.category_id))
            .filter(|v| {
                let facts = catalog.facts(v.id);
                self.security.iter().all(|f| f.met_by(facts))
            })
            .filter_map(|v| match &self.q {
                None => Some((true, v)),
                Some(q) => {
                    let in_name = fold(&v.name).contains(q.as_str());
                    let elsewhere = in_name
                        || fold(&v.description).contains(q.as_str())
                        || v.short_highlights
                            .iter()
                            .any(|h| fold(h).contains(q.as_str()));
                    elsewhere.then_some((in_name, v))
                }
            })
            .collect();
        hits.sort_by(|(a_name, a), (b_name, b)| {
            b_name.cmp(a_name).then_with(|| {
                let by_name = a
                    .name
                    .to_lowercase()
                    .cmp(&b.name.to_lowercase())
                    .then(a.id.cmp(&b.id));
                match self.sort {
                    VendorSort::NameAsc => by_name,
                    VendorSort::NameDesc => by_name.reverse(),
                    VendorSort::PartnerFirst => partner_rank(a).cmp(&partner_rank(b)).then(by_name),
                    VendorSort::NoBookingFirst => b
                        .booking_url
                        .is_none()
                        .cmp(&a.booking_url.is_none())
                        .then(by_name),
                }
            })
        });
        hits.into_iter().map(|(_, v)| v).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_clamp_into_range() {
        let p = Page::of((1..=30).collect::<Vec<_>>(), 9, 24);
        assert_eq!((p.page, p.total_pages, p.items.len()), (2, 2, 6));
        let empty = Page::of(Vec::<u8>::new(), 3, 24);
        assert_eq!((empty.page, empty.total_pages, empty.total), (1, 1, 0));
    }

    #[test]
    fn page_numbers_are_whole_numbers_at_least_one() {
        assert_eq!(parse_page(Some("-3")).unwrap(), 1);
        assert!(parse_page(Some("abc")).is_err());
        assert_eq!(parse_page_size(Some("0")).unwrap(), 1);
        assert_eq!(parse_page_size(Some("100000")).unwrap(), MAX_PAGE_SIZE);
    }

    #[test]
    fn security_filters_are_known_codes_each_once() {
        assert_eq!(
            parse_security(Some("baa, soc2,baa")).unwrap(),
            vec![SecurityFilter::Baa, SecurityFilter::Soc2TypeII]
        );
        assert!(parse_security(Some("")).unwrap().is_empty());
        let err = format!("{:?}", parse_security(Some("hipaa")).unwrap_err());
        assert!(err.contains("hipaa") && err.contains("is not one"), "{err}");
    }

    #[test]
    fn folding_ignores_accents_and_case() {
        assert_eq!(fold("Évolve Légal"), "evolve legal");
    }
}
