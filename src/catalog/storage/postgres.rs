//! The catalog in PostgreSQL (migrations/postgres/0004_catalog.sql): `categories`, `vendors` (one
//! column per field; lists as text arrays, firm sizes as their API codes), `vendor_sources` and
//! the vendors' side tables.
//!
//! Vendor writes (the CSV import, the seed, an administrator's edit) take the catalog's
//! transaction-scoped advisory lock first, so they run one at a time as under redb's one writer:
//! an import reads the vendors, matches rows against them and writes, without another writer in
//! between.

use std::collections::HashMap;

use chrono::NaiveDate;
use sqlx::PgConnection;

use super::CatalogRows;
use crate::catalog::facts::{Provenance, VendorFacts};
use crate::catalog::model::{BookingSource, Category, Vendor, VendorSource};
use crate::platform::error::Result;
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::postgres::code;
use crate::platform::store::{PgStore, PgTx};

mod rows;
use rows::{BookingSourceRow, CategoryRow, VendorBookingSourceRow, VendorRow};

use super::CATALOG_LOCK;

macro_rules! vendor_columns {
    () => {
        "id, name, category_id, website_url, booking_url, logo_url, description, \
         short_highlights, integrations, price_bracket, firm_sizes_supported, \
         practice_areas_supported, geo_focus, tags, is_recommended_partner, partner_level, \
         is_active, needs_review"
    };
}

pub fn load_catalog(store: &PgStore) -> Result<CatalogRows> {
    store.run(async {
        let mut conn = store.pool().acquire().await?;
        // One snapshot for the three reads, so a concurrent import is seen whole or not at all.
        let mut tx = sqlx::Connection::begin(&mut *conn).await?;
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            .execute(&mut *tx)
            .await?;
        let categories =
            sqlx::query_as::<_, CategoryRow>("SELECT id, name, stage FROM categories ORDER BY id")
                .fetch_all(&mut *tx)
                .await?
                .into_iter()
                .map(Category::try_from)
                .collect::<anyhow::Result<Vec<_>>>()?;
        let vendors = all_vendors(&mut tx).await?;
        let sources = all_sources(&mut tx).await?;
        let booking_sources = all_booking_sources(&mut tx).await?;
        let facts = all_facts(&mut tx).await?;
        let aliases =
            sqlx::query_as::<_, (String, i64)>("SELECT name, vendor_id FROM vendor_aliases")
                .fetch_all(&mut *tx)
                .await?
                .into_iter()
                .map(|(name, vendor_id)| (name, vendor_id as u64))
                .collect::<HashMap<String, u64>>();
        tx.commit().await?;
        Ok(CatalogRows {
            categories,
            vendors,
            sources,
            booking_sources,
            facts,
            aliases,
        })
    })
}

pub(super) async fn all_facts(conn: &mut PgConnection) -> Result<HashMap<u64, VendorFacts>> {
    let rows = sqlx::query_as::<_, (i64, sqlx::types::Json<VendorFacts>)>(
        "SELECT vendor_id, facts FROM vendor_facts",
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, facts)| (id as u64, facts.0))
        .collect())
}

async fn facts_of(conn: &mut PgConnection, vendor_id: u64) -> Result<VendorFacts> {
    let row = sqlx::query_scalar::<_, sqlx::types::Json<VendorFacts>>(
        "SELECT facts FROM vendor_facts WHERE vendor_id = $1",
    )
    .bind(vendor_id as i64)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|f| f.0).unwrap_or_default())
}

/// Stores a vendor's facts; empty ones remove the row.
pub(super) async fn put_facts(
    conn: &mut PgConnection,
    vendor_id: u64,
    facts: &VendorFacts,
) -> Result<()> {
    if facts.is_empty() {
        sqlx::query("DELETE FROM vendor_facts WHERE vendor_id = $1")
            .bind(vendor_id as i64)
            .execute(conn)
            .await?;
    } else {
        sqlx::query(
            "INSERT INTO vendor_facts (vendor_id, facts) VALUES ($1, $2) \
             ON CONFLICT (vendor_id) DO UPDATE SET facts = EXCLUDED.facts",
        )
        .bind(vendor_id as i64)
        .bind(sqlx::types::Json(facts))
        .execute(conn)
        .await?;
    }
    Ok(())
}

async fn all_vendors(conn: &mut PgConnection) -> Result<Vec<Vendor>> {
    let rows = sqlx::query_as::<_, VendorRow>(concat!(
        "SELECT ",
        vendor_columns!(),
        " FROM vendors ORDER BY id"
    ))
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(Vendor::try_from)
        .collect::<anyhow::Result<_>>()?)
}

async fn all_sources(conn: &mut PgConnection) -> Result<HashMap<u64, VendorSource>> {
    let rows = sqlx::query_as::<_, (i64, Option<String>, Option<NaiveDate>)>(
        "SELECT vendor_id, source_url, verified_on FROM vendor_sources",
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(vendor_id, source_url, verified_on)| {
            let source = VendorSource {
                source_url,
                verified_on: verified_on.map(|d| d.format("%Y-%m-%d").to_string()),
            };
            (vendor_id as u64, source)
        })
        .collect())
}

pub(super) async fn all_booking_sources(
    conn: &mut PgConnection,
) -> Result<HashMap<u64, BookingSource>> {
    let rows = sqlx::query_as::<_, VendorBookingSourceRow>(
        "SELECT vendor_id, source_url, verified_on, imported_by, imported_file, imported_on \
         FROM vendor_booking_sources",
    )
    .fetch_all(conn)
    .await?;
    rows.into_iter()
        .map(|row| Ok((row.vendor_id as u64, row.source.try_into()?)))
        .collect()
}

/// Stores where a vendor's booking link was checked; `None` removes the row.
pub(super) async fn put_booking_source(
    conn: &mut PgConnection,
    vendor_id: u64,
    source: Option<&BookingSource>,
) -> Result<()> {
    let Some(source) = source else {
        sqlx::query("DELETE FROM vendor_booking_sources WHERE vendor_id = $1")
            .bind(vendor_id as i64)
            .execute(conn)
            .await?;
        return Ok(());
    };
    let (source_url, verified_on) = match source.checked_page() {
        Some((url, on)) => (Some(url), Some(day(on)?)),
        None => (None, None),
    };
    let imported = source.imported();
    let imported_on = imported.map(|by| day(&by.on)).transpose()?;
    sqlx::query(
        "INSERT INTO vendor_booking_sources \
         (vendor_id, source_url, verified_on, imported_by, imported_file, imported_on) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (vendor_id) DO UPDATE SET \
         source_url = EXCLUDED.source_url, verified_on = EXCLUDED.verified_on, \
         imported_by = EXCLUDED.imported_by, imported_file = EXCLUDED.imported_file, \
         imported_on = EXCLUDED.imported_on",
    )
    .bind(vendor_id as i64)
    .bind(source_url)
    .bind(verified_on)
    .bind(imported.and_then(|by| by.user_id).map(|id| id as i64))
    .bind(imported.map(|by| by.file_name.as_str()))
    .bind(imported_on)
    .execute(conn)
    .await?;
    Ok(())
}

pub(super) async fn upsert_vendor(conn: &mut PgConnection, v: &Vendor) -> Result<()> {
    let firm_sizes = v
        .firm_sizes_supported
        .iter()
        .map(code)
        .collect::<anyhow::Result<Vec<String>>>()?;
    sqlx::query(concat!(
        "INSERT INTO vendors (",
        vendor_columns!(),
        ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
         $18) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, \
         category_id = EXCLUDED.category_id, website_url = EXCLUDED.website_url, \
         booking_url = EXCLUDED.booking_url, logo_url = EXCLUDED.logo_url, \
         description = EXCLUDED.description, short_highlights = EXCLUDED.short_highlights, \
         integrations = EXCLUDED.integrations, price_bracket = EXCLUDED.price_bracket, \
         firm_sizes_supported = EXCLUDED.firm_sizes_supported, \
         practice_areas_supported = EXCLUDED.practice_areas_supported, \
         geo_focus = EXCLUDED.geo_focus, tags = EXCLUDED.tags, \
         is_recommended_partner = EXCLUDED.is_recommended_partner, \
         partner_level = EXCLUDED.partner_level, is_active = EXCLUDED.is_active, \
         needs_review = EXCLUDED.needs_review"
    ))
    .bind(v.id as i64)
    .bind(&v.name)
    .bind(v.category_id as i64)
    .bind(&v.website_url)
    .bind(&v.booking_url)
    .bind(&v.logo_url)
    .bind(&v.description)
    .bind(&v.short_highlights)
    .bind(&v.integrations)
    .bind(v.price_bracket.map(i16::from))
    .bind(firm_sizes)
    .bind(&v.practice_areas_supported)
    .bind(&v.geo_focus)
    .bind(&v.tags)
    .bind(v.is_recommended_partner)
    .bind(&v.partner_level)
    .bind(v.is_active)
    .bind(v.needs_review)
    .execute(conn)
    .await?;
    Ok(())
}

/// Stores a vendor's source; an empty one removes the row.
pub(super) async fn put_source(
    conn: &mut PgConnection,
    vendor_id: u64,
    source: &VendorSource,
) -> Result<()> {
    if source.is_empty() {
        sqlx::query("DELETE FROM vendor_sources WHERE vendor_id = $1")
            .bind(vendor_id as i64)
            .execute(conn)
            .await?;
        return Ok(());
    }
    let verified_on = source.verified_on.as_deref().map(day).transpose()?;
    sqlx::query(
        "INSERT INTO vendor_sources (vendor_id, source_url, verified_on) VALUES ($1, $2, $3) \
         ON CONFLICT (vendor_id) DO UPDATE SET source_url = EXCLUDED.source_url, \
         verified_on = EXCLUDED.verified_on",
    )
    .bind(vendor_id as i64)
    .bind(&source.source_url)
    .bind(verified_on)
    .execute(conn)
    .await?;
    Ok(())
}

pub fn lock_catalog(tx: &mut PgTx) -> Result<()> {
    let store = tx.store();
    store.run(
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(CATALOG_LOCK)
            .execute(tx.conn()?),
    )?;
    Ok(())
}

pub fn record_catalog_change(tx: &mut PgTx) -> Result<()> {
    tx.record_change(Change::Catalog);
    Ok(())
}

pub fn put_categories(tx: &mut PgTx, categories: &[Category]) -> Result<()> {
    let store = tx.store();
    store.run(insert_categories(tx.conn()?, categories))
}

pub(super) async fn insert_categories(
    conn: &mut PgConnection,
    categories: &[Category],
) -> Result<()> {
    for c in categories {
        sqlx::query(
            "INSERT INTO categories (id, name, stage) VALUES ($1, $2, $3) \
             ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, stage = EXCLUDED.stage",
        )
        .bind(c.id as i64)
        .bind(&c.name)
        .bind(c.stage.map(i16::from))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Reads the vendor under `SELECT … FOR UPDATE` inside the catalog lock, so an edit never
/// overwrites an import or another edit that committed meanwhile.
pub fn update_vendor(
    store: &PgStore,
    id: u64,
    by: &Provenance,
    edit: impl FnOnce(Vendor, &mut VendorFacts) -> Result<Option<Vendor>>,
) -> Result<bool> {
    let mut tx = PgTx::begin(store)?;
    lock_catalog(&mut tx)?;
    let row = store.run(
        sqlx::query_as::<_, VendorRow>(concat!(
            "SELECT ",
            vendor_columns!(),
            " FROM vendors WHERE id = $1 FOR UPDATE"
        ))
        .bind(id as i64)
        .fetch_optional(tx.conn()?),
    )?;
    let Some(row) = row else { return Ok(false) };
    let stored = Vendor::try_from(row)?;
    let old = stored.clone();
    let old_link = stored.booking_url.clone();
    let mut facts = store.run(facts_of(tx.conn()?, id))?;
    // Nothing to write: the transaction is rolled back unused.
    if let Some(vendor) = edit(stored, &mut facts)? {
        store.run(async {
            let conn = tx.conn()?;
            upsert_vendor(&mut *conn, &vendor).await?;
            facts.note_row_changes(Some(&old), &vendor, by);
            put_facts(conn, id, &facts).await
        })?;
        // Where the old link was checked says nothing about a new one.
        if vendor.booking_url != old_link {
            store.run(put_booking_source(tx.conn()?, id, None))?;
        }
        record_catalog_change(&mut tx)?;
        tx.commit()?;
    }
    Ok(true)
}

/// The vendor tables inside one transaction, for the vendor CSV import; holds the catalog lock
/// from `open` to the commit.
pub struct VendorWrites<'t, 's> {
    tx: &'t mut PgTx<'s>,
    /// Every stored source, read once at the start, kept up to date with this import's writes.
    sources: HashMap<u64, VendorSource>,
}

impl<'t, 's> VendorWrites<'t, 's> {
    pub fn open(tx: &'t mut PgTx<'s>) -> Result<VendorWrites<'t, 's>> {
        lock_catalog(tx)?;
        let store = tx.store();
        let sources = store.run(all_sources(tx.conn()?))?;
        Ok(VendorWrites { tx, sources })
    }

    pub fn vendors(&mut self) -> Result<Vec<Vendor>> {
        let store = self.tx.store();
        store.run(all_vendors(self.tx.conn()?))
    }

    pub fn source(&self, id: u64) -> VendorSource {
        self.sources.get(&id).cloned().unwrap_or_default()
    }

    /// The sequence `vendor_ids` holds the last id taken, as redb's `seq:vendors` does: a file's
    /// own id moves it forward (never back), so no later vendor gets that id.
    pub fn new_id(&mut self, given: Option<u64>) -> Result<u64> {
        let store = self.tx.store();
        let id: i64 = match given {
            Some(id) => store.run(
                sqlx::query_scalar(
                    "SELECT $1::bigint FROM \
                     (SELECT setval('vendor_ids', GREATEST($1, last_value)) FROM vendor_ids) s",
                )
                .bind(id as i64)
                .fetch_one(self.tx.conn()?),
            )?,
            None => store.run(
                sqlx::query_scalar("SELECT nextval('vendor_ids')").fetch_one(self.tx.conn()?),
            )?,
        };
        Ok(id as u64)
    }

    pub fn booking_source(&mut self, id: u64) -> Result<Option<BookingSource>> {
        let store = self.tx.store();
        let row = store.run(
            sqlx::query_as::<_, BookingSourceRow>(
                "SELECT source_url, verified_on, imported_by, imported_file, imported_on \
                 FROM vendor_booking_sources WHERE vendor_id = $1",
            )
            .bind(id as i64)
            .fetch_optional(self.tx.conn()?),
        )?;
        Ok(row.map(BookingSource::try_from).transpose()?)
    }

    pub fn put_booking_source(&mut self, id: u64, source: Option<&BookingSource>) -> Result<()> {
        let store = self.tx.store();
        store.run(put_booking_source(self.tx.conn()?, id, source))
    }

    pub fn facts(&mut self, id: u64) -> Result<VendorFacts> {
        let store = self.tx.store();
        store.run(facts_of(self.tx.conn()?, id))
    }

    pub fn put_facts(&mut self, id: u64, facts: &VendorFacts) -> Result<()> {
        let store = self.tx.store();
        store.run(put_facts(self.tx.conn()?, id, facts))
    }

    pub fn put(&mut self, vendor: &Vendor, source: &VendorSource) -> Result<()> {
        let store = self.tx.store();
        store.run(async {
            let conn = self.tx.conn()?;
            upsert_vendor(&mut *conn, vendor).await?;
            put_source(conn, vendor.id, source).await
        })?;
        if source.is_empty() {
            self.sources.remove(&vendor.id);
        } else {
            self.sources.insert(vendor.id, source.clone());
        }
        Ok(())
    }
}

/// A day as the API writes it (YYYY-MM-DD), for a `date` column.
fn day(text: &str) -> anyhow::Result<NaiveDate> {
    Ok(NaiveDate::parse_from_str(text, "%Y-%m-%d")?)
}
