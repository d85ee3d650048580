//! The catalog tables' rows as PostgreSQL hands them over, each converted into its domain type
//! in one place.

use chrono::NaiveDate;

use crate::catalog::model::{BookingSource, Category, ImportedBy, Vendor};
use crate::platform::store::postgres::from_code;

#[derive(sqlx::FromRow)]
pub(super) struct CategoryRow {
    id: i64,
    name: String,
    stage: Option<i16>,
}

impl TryFrom<CategoryRow> for Category {
    type Error = anyhow::Error;
    fn try_from(row: CategoryRow) -> anyhow::Result<Category> {
        Ok(Category::stored(
            row.id as u64,
            row.name,
            row.stage.map(u8::try_from).transpose()?,
        ))
    }
}

/// A `vendors` row as `vendor_columns!` selects it.
#[derive(sqlx::FromRow)]
pub(super) struct VendorRow {
    id: i64,
    name: String,
    category_id: i64,
    website_url: Option<String>,
    booking_url: Option<String>,
    logo_url: Option<String>,
    description: String,
    short_highlights: Vec<String>,
    integrations: Vec<String>,
    price_bracket: Option<i16>,
    firm_sizes_supported: Vec<String>,
    practice_areas_supported: Vec<String>,
    geo_focus: Option<String>,
    tags: Vec<String>,
    is_recommended_partner: bool,
    partner_level: Option<String>,
    is_active: bool,
    needs_review: bool,
}

impl TryFrom<VendorRow> for Vendor {
    type Error = anyhow::Error;
    fn try_from(row: VendorRow) -> anyhow::Result<Vendor> {
        Ok(Vendor {
            id: row.id as u64,
            name: row.name,
            category_id: row.category_id as u64,
            website_url: row.website_url,
            booking_url: row.booking_url,
            logo_url: row.logo_url,
            description: row.description,
            short_highlights: row.short_highlights,
            integrations: row.integrations,
            price_bracket: row.price_bracket.map(u8::try_from).transpose()?,
            firm_sizes_supported: row
                .firm_sizes_supported
                .into_iter()
                .map(from_code)
                .collect::<anyhow::Result<_>>()?,
            practice_areas_supported: row.practice_areas_supported,
            geo_focus: row.geo_focus,
            tags: row.tags,
            is_recommended_partner: row.is_recommended_partner,
            partner_level: row.partner_level,
            is_active: row.is_active,
            needs_review: row.needs_review,
        })
    }
}

#[derive(sqlx::FromRow)]
pub(super) struct VendorBookingSourceRow {
    pub(super) vendor_id: i64,
    #[sqlx(flatten)]
    pub(super) source: BookingSourceRow,
}

/// A row of `vendor_booking_sources`: checked against a page, or imported (a CHECK constraint
/// holds it to exactly one of the two).
#[derive(sqlx::FromRow)]
pub(super) struct BookingSourceRow {
    source_url: Option<String>,
    verified_on: Option<NaiveDate>,
    imported_by: Option<i64>,
    imported_file: Option<String>,
    imported_on: Option<NaiveDate>,
}

impl TryFrom<BookingSourceRow> for BookingSource {
    type Error = anyhow::Error;

    fn try_from(row: BookingSourceRow) -> anyhow::Result<BookingSource> {
        let day = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
        match row {
            BookingSourceRow {
                source_url: Some(source_url),
                verified_on: Some(verified_on),
                ..
            } => Ok(BookingSource::checked(source_url, day(verified_on))),
            BookingSourceRow {
                imported_file: Some(file_name),
                imported_on: Some(on),
                imported_by,
                ..
            } => Ok(BookingSource::Imported(ImportedBy {
                user_id: imported_by.map(|id| id as u64),
                file_name,
                on: day(on),
            })),
            _ => Err(anyhow::anyhow!(
                "a vendor_booking_sources row is neither checked nor imported"
            )),
        }
    }
}
