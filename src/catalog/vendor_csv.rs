//! The vendor CSV format: the seed catalog in data/vendors.csv and the admin import share it.
//! Columns are matched by name ignoring case, spaces and underscores; list columns are separated
//! by semicolons.

use std::collections::{HashMap, HashSet};

use super::facts::{Provenance, VendorFacts};
use super::model::{BookingSource, Category, ImportedBy, PartnerLevel, Vendor, VendorSource};
use super::storage::{self, VendorImport};
use super::vendor_checks::{
    self, DESCRIPTION_MAX, ENTRY_MAX, formula_message, formula_start, text,
};
use crate::platform::firm_size::FirmSize;
use crate::platform::upload::{ImportReport, RowProblems, normalize_header, truncate};

pub const REQUIRED: [&str; 4] = ["name", "category", "websiteUrl", "bookingUrl"];
pub const OPTIONAL: [&str; 18] = [
    "id",
    "logoUrl",
    "description",
    "shortHighlights",
    "integrations",
    "priceBracket",
    "firmSizeSupported",
    "practiceAreasSupported",
    "geoFocus",
    "tags",
    "isRecommendedPartner",
    "partnerLevel",
    "isActive",
    "needsReview",
    "sourceUrl",
    "verifiedOn",
    "bookingSourceUrl",
    "bookingVerifiedOn",
];
/// Parses a partner level, matching case-insensitively; the message names the allowed levels.
pub fn parse_partner_level(raw: &str) -> Result<String, String> {
    PartnerLevel::ALL
        .iter()
        .find(|l| l.as_str().eq_ignore_ascii_case(raw))
        .map(|l| l.as_str().to_string())
        .ok_or_else(|| {
            format!(
                "partnerLevel must be one of {} or empty, not \"{}\"",
                PartnerLevel::names(),
                truncate(raw, 20)
            )
        })
}

/// Parses a `verifiedOn` day: exactly YYYY-MM-DD, a real date.
pub fn parse_verified_on(raw: &str) -> Result<Option<String>, String> {
    parse_day(raw, "verifiedOn")
}

/// Parses a day column (`verifiedOn`, `bookingVerifiedOn`): exactly YYYY-MM-DD, a real date.
fn parse_day(raw: &str, column: &str) -> Result<Option<String>, String> {
    if raw.is_empty() {
        return Ok(None);
    }
    let well_formed = raw.len() == 10
        && raw.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        });
    match chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
        Ok(day) if well_formed => Ok(Some(day.format("%Y-%m-%d").to_string())),
        _ => Err(format!("{column} must be a date like 2026-11-22")),
    }
}

/// True when a header row names the vendor columns (the import uses it to pick the file kind).
pub fn is_vendor_header(headers: &[String]) -> bool {
    let have: Vec<String> = headers.iter().map(|h| normalize_header(h)).collect();
    REQUIRED.iter().all(|r| have.contains(&normalize_header(r)))
}

struct Columns(HashMap<String, usize>);

impl Columns {
    fn get<'r>(&self, record: &'r csv::StringRecord, name: &str) -> &'r str {
        self.0
            .get(&normalize_header(name))
            .and_then(|&i| record.get(i))
            .map(str::trim)
            .unwrap_or("")
    }
}

fn list(raw: &str) -> Vec<String> {
    raw.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

fn boolean(raw: &str, column: &str, default: bool) -> Result<bool, String> {
    match raw.to_ascii_lowercase().as_str() {
        "" => Ok(default),
        "true" | "yes" | "1" | "y" => Ok(true),
        "false" | "no" | "0" | "n" => Ok(false),
        _ => Err(format!(
            "{column} must be true or false, not \"{}\"",
            truncate(raw, 40)
        )),
    }
}

/// One parsed row: the id it names (if any), the vendor (id 0), where its facts come from, and
/// where its booking link was checked (present exactly when it has one).
struct Row {
    id: Option<u64>,
    vendor: Vendor,
    source: VendorSource,
    booking: Option<BookingSource>,
}

/// Parses one row into a vendor (without its id), or says what is wrong with it: every problem
/// of the row, each column checked whatever the others hold, so the file is fixed in one pass.
fn parse_row(
    cols: &Columns,
    record: &csv::StringRecord,
    categories: &[Category],
    imported: Option<&ImportedBy>,
) -> Result<Row, String> {
    let mut p = RowProblems::default();
    let name = p.check(vendor_checks::name(cols.get(record, "name")));
    let category_name = cols.get(record, "category");
    let category = if category_name.is_empty() {
        p.add("category is required");
        None
    } else {
        p.check(
            categories
                .iter()
                .find(|c| c.is_named(category_name))
                .ok_or_else(|| format!("unknown category \"{}\"", truncate(category_name, 60))),
        )
    };
    let id = match cols.get(record, "id") {
        "" => Some(None),
        raw => p
            .check(raw.parse::<u64>().ok().filter(|&id| id > 0).ok_or_else(|| {
                format!(
                    "id must be a positive whole number, not \"{}\"",
                    truncate(raw, 20)
                )
            }))
            .map(Some),
    };
    let price_bracket = match cols.get(record, "priceBracket") {
        "" => Some(None),
        raw => p
            .check(
                raw.parse::<u8>()
                    .ok()
                    .filter(|b| (1..=4).contains(b))
                    .ok_or_else(|| {
                        format!(
                            "priceBracket must be 1, 2, 3 or 4, not \"{}\"",
                            truncate(raw, 20)
                        )
                    }),
            )
            .map(Some),
    };
    let firm_sizes_supported = p.check(
        list(cols.get(record, "firmSizeSupported"))
            .iter()
            .map(|s| {
                FirmSize::parse(s)
                    .ok_or_else(|| format!("unknown firm size \"{}\"", truncate(s, 20)))
            })
            .collect::<Result<Vec<_>, _>>(),
    );
    let partner_level = match cols.get(record, "partnerLevel") {
        "" => Some(None),
        raw => p.check(parse_partner_level(raw)).map(Some),
    };
    // A link or day column holding a formula gets the formula message, as the text columns do
    // (anything else wrong with it gets the link's or the day's own message below).
    let mut formula = HashSet::new();
    for column in [
        "websiteUrl",
        "bookingUrl",
        "logoUrl",
        "sourceUrl",
        "verifiedOn",
        "bookingSourceUrl",
        "bookingVerifiedOn",
    ] {
        if let Some(start) = formula_start(cols.get(record, column)) {
            p.add(formula_message(column, start));
            formula.insert(column);
        }
    }
    let url = |p: &mut RowProblems, column: &'static str| {
        if formula.contains(column) {
            return None;
        }
        p.check(vendor_checks::link(cols.get(record, column)).map_err(|e| format!("{column}: {e}")))
    };
    let website_url = url(&mut p, "websiteUrl");
    let booking_url = url(&mut p, "bookingUrl");
    let logo_url = url(&mut p, "logoUrl");
    let source_url = url(&mut p, "sourceUrl");
    let booking_source_url = url(&mut p, "bookingSourceUrl");
    let day = |p: &mut RowProblems, column: &'static str| {
        if formula.contains(column) {
            return None;
        }
        p.check(parse_day(cols.get(record, column), column))
    };
    let verified_on = day(&mut p, "verifiedOn");
    let booking_verified_on = day(&mut p, "bookingVerifiedOn");
    // The list columns' entries are split on ";", so none holds one; each list has its limit.
    for column in [
        "shortHighlights",
        "integrations",
        "practiceAreasSupported",
        "tags",
    ] {
        let raw = cols.get(record, column);
        if p.check(text(raw, column, usize::MAX)).is_some() {
            vendor_checks::list(&mut p, &list(raw), column);
        }
    }
    p.check(text(cols.get(record, "geoFocus"), "geoFocus", ENTRY_MAX));
    let description = p.check(text(
        cols.get(record, "description"),
        "description",
        DESCRIPTION_MAX,
    ));
    let flag = |p: &mut RowProblems, column: &str, default: bool| {
        p.check(boolean(cols.get(record, column), column, default))
    };
    let is_recommended_partner = flag(&mut p, "isRecommendedPartner", false);
    let is_active = flag(&mut p, "isActive", true);
    let needs_review = flag(&mut p, "needsReview", false);
    let short_highlights = list(cols.get(record, "shortHighlights"));
    let integrations = list(cols.get(record, "integrations"));
    let tags: Vec<String> = list(cols.get(record, "tags"))
        .into_iter()
        .map(|t| t.to_lowercase())
        .collect();
    // The booking link's provenance is judged only when the columns it reads could be read.
    let (source, booking) = match (source_url, verified_on) {
        (Some(source_url), Some(verified_on)) => {
            let source = VendorSource {
                source_url,
                verified_on,
            };
            let booking = match (
                booking_url.as_ref(),
                booking_source_url,
                booking_verified_on,
            ) {
                (Some(link), Some(page), Some(day)) => {
                    p.check(booking_source(link.is_some(), page, day, &source, imported))
                }
                _ => None,
            };
            (source, booking)
        }
        _ => (VendorSource::default(), None),
    };
    p.finish()?;
    let (
        Some(name),
        Some(category),
        Some(id),
        Some(price_bracket),
        Some(firm_sizes_supported),
        Some(partner_level),
        Some(website_url),
        Some(booking_url),
        Some(logo_url),
        Some(description),
        Some(is_recommended_partner),
        Some(is_active),
        Some(needs_review),
        Some(booking),
    ) = (
        name,
        category,
        id,
        price_bracket,
        firm_sizes_supported,
        partner_level,
        website_url,
        booking_url,
        logo_url,
        description,
        is_recommended_partner,
        is_active,
        needs_review,
        booking,
    )
    else {
        return Err("the row could not be read".into());
    };
    let vendor = Vendor {
        id: 0,
        name,
        category_id: category.id,
        website_url,
        booking_url,
        logo_url,
        description,
        short_highlights,
        integrations,
        price_bracket,
        firm_sizes_supported,
        practice_areas_supported: list(cols.get(record, "practiceAreasSupported")),
        geo_focus: Some(cols.get(record, "geoFocus").to_string()).filter(|s| !s.is_empty()),
        tags,
        is_recommended_partner,
        partner_level,
        is_active,
        needs_review,
    };
    Ok(Row {
        id,
        vendor,
        source,
        booking,
    })
}

/// Where a row's booking link comes from: its `bookingSourceUrl` and `bookingVerifiedOn`, each
/// falling back to the row's `sourceUrl` and `verifiedOn` (the page and day the whole row was
/// checked). Every link a firm is sent to says where it came from: in the shipped catalog
/// (`imported` is `None`) a link without a page and a day is refused; in an administrator's file
/// that names neither (the spec's vendor CSV has no such column) the import itself is the link's
/// provenance. A page without its day, or a day without its page, is refused either way: the file
/// meant to name a source and left half of it out.
fn booking_source(
    has_link: bool,
    source_url: Option<String>,
    verified_on: Option<String>,
    row: &VendorSource,
    imported: Option<&ImportedBy>,
) -> Result<Option<BookingSource>, String> {
    if !has_link {
        if source_url.is_some() || verified_on.is_some() {
            return Err(
                "bookingSourceUrl and bookingVerifiedOn describe a booking link: fill bookingUrl \
                 or leave them empty"
                    .into(),
            );
        }
        return Ok(None);
    }
    match (
        source_url.or_else(|| row.source_url.clone()),
        verified_on.or_else(|| row.verified_on.clone()),
    ) {
        (Some(source_url), Some(verified_on)) => {
            Ok(Some(BookingSource::checked(source_url, verified_on)))
        }
        (None, None) if imported.is_some() => {
            Ok(imported.map(|by| BookingSource::Imported(by.clone())))
        }
        (None, None) => Err(
            "bookingUrl needs the page it was checked against and the day: \
                             fill bookingSourceUrl and bookingVerifiedOn (or sourceUrl and \
                             verifiedOn for the whole row)"
                .into(),
        ),
        (None, Some(_)) => Err("bookingUrl needs the page it was checked against: fill \
                                bookingSourceUrl (or sourceUrl for the whole row)"
            .into()),
        (Some(_), None) => Err("bookingUrl needs the day it was checked: fill \
                                bookingVerifiedOn (or verifiedOn for the whole row), like \
                                2026-11-22"
            .into()),
    }
}

/// `data` with every CRLF turned into LF (borrowed when it has none).
fn crlf_to_lf(data: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if !data.windows(2).any(|w| w == b"\r\n") {
        return std::borrow::Cow::Borrowed(data);
    }
    let mut out = Vec::with_capacity(data.len());
    let mut bytes = data.iter().peekable();
    while let Some(&b) = bytes.next() {
        if b == b'\r' && bytes.peek() == Some(&&b'\n') {
            continue;
        }
        out.push(b);
    }
    std::borrow::Cow::Owned(out)
}

/// Imports a vendor file in one write transaction and reloads the catalog; `by` is the
/// administrator's import that links without a source of their own are credited to (see
/// `import`). An error that is a `csv::Error` is the file's (its header could not be read).
pub fn import_file(
    app: &super::CatalogState,
    data: &[u8],
    by: Option<&ImportedBy>,
) -> anyhow::Result<ImportReport> {
    let catalog = app.catalog.load();
    let report = storage::import_vendors(&app.store, |tables| {
        import(tables, data, &catalog.categories, by)
    })?;
    super::reload(&app.store, &app.catalog)?;
    Ok(report)
}

/// Imports vendor rows through `tables` (one transaction): a row with a known id, or with the
/// name of an existing vendor of the same category, updates it (or is skipped when nothing
/// changed); others are new. `imported` is the administrator's import a link without a source of
/// its own is credited to; `None` for the shipped catalog, where every link names its page.
pub fn import(
    tables: &mut VendorImport,
    data: &[u8],
    categories: &[Category],
    imported: Option<&ImportedBy>,
) -> anyhow::Result<ImportReport> {
    let mut report = ImportReport::new("vendors");
    // The csv crate numbers lines wrongly after CRLF line ends (files saved by Excel on Windows);
    // with LF only, "Row N" is the line a person sees in an editor.
    let data = crlf_to_lf(data);
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(data.as_ref());
    let headers: Vec<String> = reader.headers()?.iter().map(String::from).collect();
    let cols = Columns(
        headers
            .iter()
            .enumerate()
            .map(|(i, h)| (normalize_header(h), i))
            .collect(),
    );

    // The facts a row changes are the administrator's (the spec's vendor file names no page per
    // fact); the shipped catalog's are Litstack's until data/vendor-facts.csv names their page.
    let entered = match imported {
        Some(by) => Provenance::Administrator {
            user_id: by.user_id,
            file: Some(by.file_name.clone()),
            on: by.on.clone(),
        },
        None => Provenance::Estimate,
    };
    let mut existing = tables.vendors()?;
    let mut row_errors = 0u64;
    let mut seen_ids = std::collections::HashSet::new();
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map(|p| p.line()).unwrap_or(0);
                row_errors += 1;
                report.row_error(
                    line,
                    "the row could not be read as CSV (check quotes and UTF-8)",
                );
                continue;
            }
        };
        let line = record.position().map(|p| p.line()).unwrap_or(0);
        let Row {
            id,
            mut vendor,
            source,
            mut booking,
        } = match parse_row(&cols, &record, categories, imported) {
            Ok(parsed) => parsed,
            Err(reason) => {
                row_errors += 1;
                report.row_error(line, reason);
                continue;
            }
        };
        let found = match id {
            Some(id) => existing.iter().position(|v| v.id == id),
            None => existing.iter().position(|v| {
                v.category_id == vendor.category_id && v.name.eq_ignore_ascii_case(&vendor.name)
            }),
        };
        match found {
            Some(i) => {
                vendor.id = existing[i].id;
                if !seen_ids.insert(vendor.id) {
                    row_errors += 1;
                    report.row_error(line, "the same vendor appears twice in this file");
                    continue;
                }
                let old_source = tables.source(vendor.id)?;
                let old_booking = tables.booking_source(vendor.id)?;
                let old_facts = tables.facts(vendor.id)?;
                let mut facts = old_facts.clone();
                facts.note_row_changes(Some(&existing[i]), &vendor, &entered);
                // The same link again, with no source of its own: it keeps the provenance it has
                // (re-sending a file does not re-date its links).
                if booking.as_ref().is_some_and(|b| b.imported().is_some())
                    && existing[i].booking_url == vendor.booking_url
                    && old_booking.is_some()
                {
                    booking = old_booking.clone();
                }
                if existing[i] == vendor
                    && old_source == source
                    && old_booking == booking
                    && old_facts == facts
                {
                    report.skipped += 1;
                } else {
                    tables.put(&vendor, &source)?;
                    if old_booking != booking {
                        tables.put_booking_source(vendor.id, booking.as_ref())?;
                    }
                    if old_facts != facts {
                        tables.put_facts(vendor.id, &facts)?;
                    }
                    existing[i] = vendor;
                    report.updated += 1;
                }
            }
            None => {
                vendor.id = tables.new_id(id)?;
                seen_ids.insert(vendor.id);
                tables.put(&vendor, &source)?;
                if booking.is_some() {
                    tables.put_booking_source(vendor.id, booking.as_ref())?;
                }
                let mut facts = VendorFacts::default();
                facts.note_row_changes(None, &vendor, &entered);
                tables.put_facts(vendor.id, &facts)?;
                existing.push(vendor);
                report.inserted += 1;
            }
        }
    }
    Ok(report.finish(row_errors))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verified_on_is_a_real_day_written_yyyy_mm_dd() {
        assert_eq!(
            parse_verified_on("2026-11-22").unwrap().as_deref(),
            Some("2026-11-22")
        );
        assert_eq!(parse_verified_on("").unwrap(), None);
        for bad in [
            "2026-11-31",
            "2026-2-3",
            "22/11/2026",
            "Nov 2026",
            "2026-11-22T10:00:00Z",
            "+2026-11-2",
            "yesterday",
        ] {
            assert_eq!(
                parse_verified_on(bad).unwrap_err(),
                "verifiedOn must be a date like 2026-11-22",
                "{bad:?}"
            );
        }
    }

    #[test]
    fn texts_that_a_spreadsheet_would_run_are_refused() {
        for bad in [
            "=HYPERLINK(\"http://evil.example\")",
            "+1",
            "-x",
            "@SUM(A1)",
            "\t=1",
            "\n+1",
        ] {
            // The description is the one column where a tab or line break is text.
            let err = text(bad, "description", 200).unwrap_err();
            assert!(err.contains("formula"), "{bad:?}: {err}");
        }
        for fine in ["Clio", "4LegalLeads", "A=B", "Smith & Jones", "e-filing"] {
            assert_eq!(text(fine, "name", 200).unwrap(), fine);
        }
    }

    #[test]
    fn a_booking_link_says_where_and_when_it_was_checked() {
        let none = VendorSource::default();
        let row = VendorSource {
            source_url: Some("https://acme.example.com/about".into()),
            verified_on: Some("2026-11-01".into()),
        };
        let own = |url: &str, day: &str| (Some(url.to_string()), Some(day.to_string()));
        let (url, day) = own("https://acme.example.com/demo", "2026-11-20");
        assert_eq!(
            booking_source(true, url, day, &row, None).unwrap(),
            Some(BookingSource::checked(
                "https://acme.example.com/demo",
                "2026-11-20"
            ))
        );
        // The row's own source and day stand in for the booking columns.
        let fallback = booking_source(true, None, None, &row, None)
            .unwrap()
            .unwrap();
        assert_eq!(fallback.checked_page().unwrap().1, "2026-11-01");
        // The shipped catalog: a link names its page, always.
        let err = booking_source(true, None, None, &none, None).unwrap_err();
        assert!(
            err.contains("bookingSourceUrl and bookingVerifiedOn"),
            "{err}"
        );
        // An administrator's file with the spec's columns only: the import is the provenance.
        let by = ImportedBy {
            user_id: Some(1),
            file_name: "vendors.csv".into(),
            on: "2026-11-25".into(),
        };
        assert_eq!(
            booking_source(true, None, None, &none, Some(&by)).unwrap(),
            Some(BookingSource::Imported(by.clone()))
        );
        // A page given is still a page: it wins over the import.
        let checked = booking_source(true, None, None, &row, Some(&by))
            .unwrap()
            .unwrap();
        assert!(checked.imported().is_none());
        // Half a source is a mistake in either case.
        for imported in [None, Some(&by)] {
            let err = booking_source(
                true,
                Some("https://x.example.com".into()),
                None,
                &none,
                imported,
            );
            assert!(err.unwrap_err().contains("the day it was checked"));
            let err = booking_source(true, None, Some("2026-11-01".into()), &none, imported);
            assert!(err.unwrap_err().contains("the page it was checked against"));
        }
        // No link: no booking source, and booking columns alone are a mistake.
        assert_eq!(booking_source(false, None, None, &row, None).unwrap(), None);
        assert!(booking_source(false, None, Some("2026-11-01".into()), &none, None).is_err());
    }

    #[test]
    fn partner_levels_are_gold_silver_or_bronze_in_any_case() {
        assert_eq!(parse_partner_level("gold").unwrap(), "Gold");
        assert_eq!(parse_partner_level("BRONZE").unwrap(), "Bronze");
        assert!(parse_partner_level("Platinum").is_err());
    }
}
