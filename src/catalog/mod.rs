//! The catalog: categories, vendors and questionnaires. Seeded at first launch from the files in
//! data/ (vendors through the same CSV importer admins use) and held in memory as one immutable
//! `Catalog`, replaced whole after a vendor import.

pub mod admin;
pub mod listing;
pub mod meetings;
pub mod model;
pub mod outbound;
pub mod vendor_csv;

use std::collections::HashMap;

use anyhow::Context;
use axum::Router;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use redb::ReadableTable;
use serde::Serialize;

pub use meetings::{MeetingClick, SourcePage};
pub use model::{Category, FieldType, Question, QuestionOption, Vendor, VendorSource};
pub use outbound::with_utm;

use crate::accounts::CurrentUser;
use crate::error::{Result, bad_request, not_found};
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::store::{self, CATEGORIES, Store, VENDOR_SOURCES, VENDORS, codec};
use listing::{Page, VendorFilter, VendorQuery, parse_page, parse_page_size};

const SEED_CATEGORIES: &str = include_str!("../../data/categories.csv");
const SEED_VENDORS: &str = include_str!("../../data/vendors.csv");
const QUESTIONS: &str = include_str!("../../data/questions.json");

/// An immutable snapshot of the catalog.
pub struct Catalog {
    pub categories: Vec<Category>,
    /// Sorted by id.
    pub vendors: Vec<Vendor>,
    /// Where each verified vendor's facts come from, by vendor id.
    sources: HashMap<u64, VendorSource>,
    questions: HashMap<u64, Vec<Question>>,
}

impl Catalog {
    pub fn load(store: &Store) -> anyhow::Result<Catalog> {
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
            questions,
        })
    }

    /// Where a vendor's facts were checked, if they were.
    pub fn source(&self, vendor_id: u64) -> Option<&VendorSource> {
        self.sources.get(&vendor_id)
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

    pub fn category_by_name(&self, name: &str) -> Option<&Category> {
        self.categories
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
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
}

/// Replaces the in-memory catalog with what the store holds now. Call it after committing a
/// catalog change. Loads and swaps run one at a time, so that a load which began before another
/// writer's commit can never be swapped in after that writer's newer load.
pub fn reload(app: &crate::App) -> anyhow::Result<()> {
    static SWAPS: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = SWAPS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    app.catalog
        .store(std::sync::Arc::new(Catalog::load(&app.store)?));
    Ok(())
}

/// First launch only: writes the categories and the seed vendors. A marker in META makes a second
/// launch (or a restart after an admin edited vendors) change nothing.
pub fn seed(store: &Store) -> anyhow::Result<()> {
    if store::meta_get(&store.read()?, "seeded:catalog")?.is_some() {
        return Ok(());
    }
    let txn = store.write()?;
    let categories = parse_categories(SEED_CATEGORIES)?;
    {
        let mut table = txn.open_table(CATEGORIES)?;
        for c in &categories {
            table.insert(c.id, codec::encode(c).as_slice())?;
        }
    }
    let report = vendor_csv::import(&txn, SEED_VENDORS.as_bytes(), &categories)?;
    anyhow::ensure!(
        report.errors.is_empty(),
        "data/vendors.csv has errors: {:?}",
        report.errors
    );
    store::meta_set(&txn, "seeded:catalog", 1)?;
    txn.commit()?;
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

/// The catalog operations, for the API description.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        list_categories,
        list_vendors,
        list_questions,
        meetings::record_click,
        meetings::list_clicks,
        admin::update_vendor
    ),
    components(schemas(listing::VendorSortCode))
)]
pub struct CatalogApi;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/categories", get(list_categories))
        .route("/vendors", get(list_vendors))
        .route("/questions/{category_id}", get(list_questions))
        .merge(meetings::router())
        .merge(admin::router())
}

/// GET /api/categories: every category, stage categories with their stage.
#[utoipa::path(get, path = "/categories", tag = "catalog",
    responses(
        (status = 200, body = Vec<Category>),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
    ))]
async fn list_categories(State(state): State<AppState>, _: CurrentUser) -> Json<Vec<Category>> {
    Json(state.catalog.load().categories.clone())
}

/// A vendor as the directory shows it, with its category's name and where its facts come from.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorView<'a> {
    #[serde(flatten)]
    #[schema(value_type = Vendor)]
    pub vendor: &'a Vendor,
    pub category_name: &'a str,
    /// The page the vendor's facts were checked against.
    pub source_url: Option<&'a str>,
    /// The day they were checked (YYYY-MM-DD); absent when never verified.
    pub verified_on: Option<&'a str>,
}

pub fn vendor_view<'a>(catalog: &'a Catalog, vendor: &'a Vendor) -> VendorView<'a> {
    let category_name = catalog
        .category(vendor.category_id)
        .map(|c| c.name.as_str())
        .unwrap_or("");
    let source = catalog.source(vendor.id);
    VendorView {
        vendor,
        category_name,
        source_url: source.and_then(|s| s.source_url.as_deref()),
        verified_on: source.and_then(|s| s.verified_on.as_deref()),
    }
}

/// A page of the vendor directory, and whether "Partners First" has any partner to put first.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorPage<'a> {
    #[serde(flatten)]
    #[schema(inline)]
    pub page: Page<VendorView<'a>>,
    /// Vendors of the whole catalog (not only this page) with a partner level or star.
    pub partner_count: usize,
}

/// GET /api/vendors: the vendor directory, filtered, searched, sorted and paged.
#[utoipa::path(get, path = "/vendors", tag = "catalog",
    params(VendorQuery),
    responses(
        (status = 200, body = VendorPage),
        (status = 400, description = "An invalid filter", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
    ))]
async fn list_vendors(
    State(state): State<AppState>,
    _: CurrentUser,
    Query(query): Query<VendorQuery>,
) -> Result<Response> {
    let catalog = state.catalog.load();
    let filter = VendorFilter::parse(&query, &catalog)?;
    let page = parse_page(query.page.as_deref())?;
    let page_size = parse_page_size(query.page_size.as_deref())?;
    let matches = filter.apply(&catalog);
    let page = Page::of(matches, page, page_size);
    let items: Vec<VendorView> = page
        .items
        .iter()
        .map(|v| vendor_view(&catalog, v))
        .collect();
    // Serialised here, while the catalog the views borrow from is held.
    Ok(Json(VendorPage {
        page: Page {
            items,
            total: page.total,
            page: page.page,
            page_size: page.page_size,
            total_pages: page.total_pages,
        },
        partner_count: catalog.partner_count(),
    })
    .into_response())
}

/// What the client sees of a question: the option labels, never the tags behind them.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct QuestionView<'a> {
    id: u64,
    prompt: &'a str,
    field_type: FieldType,
    options: Vec<&'a str>,
}

/// A vendor id from a path or a list: ASCII digits only (no sign, space or decimal point) that fit
/// a u64. Every route that takes a vendor id parses it here, so all answer alike.
pub fn parse_vendor_id(raw: &str) -> Result<u64> {
    let digits = !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit());
    digits
        .then(|| raw.parse().ok())
        .flatten()
        .ok_or_else(|| bad_request("Vendor ids are whole numbers like 42"))
}

pub fn parse_category_id(raw: &str) -> Result<u64> {
    raw.parse()
        .map_err(|_| bad_request("The category id must be a whole number"))
}

/// GET /api/questions/{category_id}: the category's questionnaire (empty when it has none).
#[utoipa::path(get, path = "/questions/{category_id}", tag = "catalog",
    params(("category_id" = u64, Path, description = "A category id")),
    responses(
        (status = 200, body = Vec<QuestionView>),
        (status = 400, description = "The id is not a whole number", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 404, description = "No such category", body = crate::error::ErrorBody),
    ))]
async fn list_questions(
    State(state): State<AppState>,
    _: CurrentUser,
    Path(raw): Path<String>,
) -> Result<Response> {
    let id = parse_category_id(&raw)?;
    let catalog = state.catalog.load();
    if catalog.category(id).is_none() {
        return Err(not_found(format!("There is no category with id {id}")));
    }
    let questions: Vec<QuestionView> = catalog
        .questions(id)
        .iter()
        .map(|q| QuestionView {
            id: q.id,
            prompt: &q.prompt,
            field_type: q.field_type,
            options: q.options.iter().map(|o| o.label.as_str()).collect(),
        })
        .collect();
    Ok(Json(questions).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vendors of the embedded data/vendors.csv, through the importer admins use.
    fn shipped() -> Catalog {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        seed(&store).unwrap();
        Catalog::load(&store).unwrap()
    }

    #[test]
    fn vendor_ids_are_plain_digits_that_fit() {
        assert_eq!(parse_vendor_id("42").unwrap(), 42);
        assert_eq!(parse_vendor_id("0042").unwrap(), 42);
        for bad in [
            "",
            "abc",
            "+42",
            "-1",
            " 42",
            "42 ",
            "4 2",
            "4.2",
            "1e3",
            "18446744073709551616",
            "99999999999999999999999",
        ] {
            assert!(parse_vendor_id(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_shipped_catalog_claims_no_partner() {
        let catalog = shipped();
        let partners: Vec<u64> = catalog
            .vendors
            .iter()
            .filter(|v| v.partner_level.is_some() || v.is_recommended_partner)
            .map(|v| v.id)
            .collect();
        assert!(
            partners.is_empty(),
            "partner values in data/vendors.csv: {partners:?}"
        );
        assert_eq!(catalog.partner_count(), 0);
    }

    #[test]
    #[ignore = "the shipped catalog does not meet this yet: 21 of 142 active vendors have a bookingUrl and 37 rows lack verifiedOn (data/README.md)"]
    fn the_shipped_catalog_can_be_scheduled_and_says_when_it_was_verified() {
        let catalog = shipped();
        let active: Vec<&Vendor> = catalog.vendors.iter().filter(|v| v.is_active).collect();
        let (bookable, unbookable): (Vec<&Vendor>, Vec<&Vendor>) =
            active.iter().partition(|v| v.booking_url.is_some());
        let unverified: Vec<u64> = catalog
            .vendors
            .iter()
            .filter(|v| catalog.source(v.id).is_none_or(|s| s.verified_on.is_none()))
            .map(|v| v.id)
            .collect();
        let mut problems = Vec::new();
        if bookable.len() * 2 < active.len() {
            let ids: Vec<u64> = unbookable.iter().map(|v| v.id).collect();
            problems.push(format!(
                "only {} of {} active vendors have a bookingUrl (at least half must); without one: {ids:?}",
                bookable.len(),
                active.len()
            ));
        }
        if !unverified.is_empty() {
            problems.push(format!("rows without verifiedOn: {unverified:?}"));
        }
        assert!(
            problems.is_empty(),
            "data/vendors.csv: {}",
            problems.join("; ")
        );
    }
}
