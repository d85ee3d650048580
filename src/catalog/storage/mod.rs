//! The catalog's storage, in either backend: categories, vendors, vendor sources (where a
//! vendor's facts were checked) and meeting clicks. Nothing else touches these tables; other
//! domains read the in-memory `Catalog`. The questionnaires are not stored: they ship in data/.
//!
//! Every write of categories or vendors is one transaction that, on PostgreSQL, records
//! `Change::Catalog` last, so every node reloads its catalog.
//!
//! The meeting clicks are written once over the storage seam (`CLICKS`). What carried over: on
//! redb the table of before the seam, its bincode values rewritten as the seam's JSON by schema
//! 14's migration, which also moved each click's kind into its value and dropped the users' time
//! order (a user's clicks are one range); on PostgreSQL migration 0052 moved the rows into the
//! seam's layout, ids and the sequence's value kept.

mod export;
mod file;
mod postgres;
pub mod removal;

pub use export::export;

use std::collections::HashMap;

use super::facts::{Provenance, VendorFacts};
use super::model::{
    BookingSource, Category, ClickKind, MeetingClick, SourcePage, Vendor, VendorSource,
};
use crate::platform::error::{AppError, Result};
use crate::platform::firm_id::FirmId;
use crate::platform::store::arrival::{Arrival, Rows, parse};
use crate::platform::store::registry::{
    Export, Holder, INSTALL_OWN, Load, Purge, Reference, Table, Taking, Target, rows,
};
use crate::platform::store::seam::{self, Index, On, Table as SeamTable};
use crate::platform::store::{
    CATEGORIES, MEETING_CLICKS, VENDOR_ALIASES, VENDOR_BOOKING_SOURCES, VENDOR_FACTS,
    VENDOR_SOURCES, VENDORS,
};
use crate::platform::store::{Store, WriteTx, settings};
use crate::platform::upload::ImportReport;

/// What the store holds of the catalog.
pub struct CatalogRows {
    pub categories: Vec<Category>,
    /// By id.
    pub vendors: Vec<Vendor>,
    pub sources: HashMap<u64, VendorSource>,
    /// Where each booking link was checked, by vendor id.
    pub booking_sources: HashMap<u64, BookingSource>,
    /// Where each vendor's facts came from, and its security profile, by vendor id.
    pub facts: HashMap<u64, VendorFacts>,
    /// Lower-cased names of merged vendors -> the kept vendor's id.
    pub aliases: HashMap<String, u64>,
}

pub fn load_catalog(store: &Store) -> Result<CatalogRows> {
    match store {
        Store::File(db) => file::load_catalog(db),
        Store::Postgres(db) => postgres::load_catalog(db),
    }
}

/// The setting that says the first launch's catalog was written.
const SEEDED: &str = "seeded:catalog";

/// The install-wide lock catalog writes take turns on (`seam::Tx::lock_install`).
const CATALOG_LOCK: i64 = 0x4c69_7473_ca7a;

pub fn is_seeded(store: &Store) -> Result<bool> {
    marked(store, SEEDED)
}

/// Whether the seeding `marker` was set (a setting, `store::settings`).
fn marked(store: &Store, marker: &str) -> Result<bool> {
    Ok(settings::read::<serde_json::Value>(store, marker)?.is_some())
}

/// Takes the catalog's turn inside `tx` and answers whether `marker` was set by a write before
/// it: a check repeated under the catalog's write lock, so two nodes starting at once seed once.
fn marked_in(tx: &mut WriteTx, marker: &str) -> Result<bool> {
    seam::within(tx, |tx| {
        tx.lock_install(CATALOG_LOCK)?;
        Ok(settings::get::<serde_json::Value>(tx, marker)?.is_some())
    })
}

fn mark_in(tx: &mut WriteTx, marker: &str) -> Result<()> {
    seam::within(tx, |tx| settings::put(tx, marker, &1))
}

/// Writes the categories and runs `import` (the vendor CSV's, `seed.rs` passes it), with the seeded
/// marker, in one transaction. A vendor file with row errors is refused and nothing is written. `None` when the catalog was
/// seeded meanwhile (another node starting at the same time): the check is repeated inside the
/// transaction, under the catalog's write lock.
pub fn save_seed(
    store: &Store,
    categories: &[Category],
    import: impl FnOnce(&mut VendorImport) -> anyhow::Result<ImportReport>,
) -> Result<Option<ImportReport>> {
    let mut tx = store.begin()?;
    if marked_in(&mut tx, SEEDED)? {
        return Ok(None);
    }
    match &mut tx {
        WriteTx::File(txn) => file::put_categories(txn, categories)?,
        WriteTx::Postgres(tx) => postgres::put_categories(tx, categories)?,
    }
    let report = import(&mut VendorImport::open(&mut tx)?)?;
    if !report.errors.is_empty() {
        let errors = &report.errors;
        return Err(anyhow::anyhow!("data/vendors.csv has errors: {errors:?}").into());
    }
    mark_in(&mut tx, SEEDED)?;
    commit_catalog(tx)?;
    Ok(Some(report))
}

/// Runs `write` once in the store's life: in one transaction with `marker`, under the catalog's
/// write lock, so a second call (or another node starting at the same time) writes nothing.
/// `Ok(false)` when it had run before.
pub fn once(
    store: &Store,
    marker: &str,
    write: impl FnOnce(&mut VendorImport) -> anyhow::Result<()>,
) -> Result<bool> {
    // Every start asks: a read answers it without the write lock once it has run.
    if marked(store, marker)? {
        return Ok(false);
    }
    let mut tx = store.begin()?;
    if marked_in(&mut tx, marker)? {
        return Ok(false);
    }
    write(&mut VendorImport::open(&mut tx)?)?;
    mark_in(&mut tx, marker)?;
    commit_catalog(tx)?;
    Ok(true)
}

/// Runs a vendor import in one transaction: all its writes, or none when `import` fails.
/// Imports and vendor edits run one at a time (redb's one writer; on PostgreSQL the catalog's
/// advisory lock, taken when the import opens). `import`'s own error comes back as it is (the
/// caller tells a file's fault from ours by it); the store's become one.
pub fn import_vendors<T, E: From<AppError>>(
    store: &Store,
    import: impl FnOnce(&mut VendorImport) -> Result<T, E>,
) -> Result<T, E> {
    let mut tx = store.begin().map_err(AppError::from)?;
    let out = import(&mut VendorImport::open(&mut tx)?)?;
    commit_catalog(tx)?;
    Ok(out)
}

/// Commits a catalog write; on PostgreSQL the change is recorded first, so every node reloads.
fn commit_catalog(mut tx: WriteTx) -> Result<()> {
    if let WriteTx::Postgres(tx) = &mut tx {
        postgres::record_catalog_change(tx)?;
    }
    Ok(tx.commit()?)
}

/// Edits vendor `id` in one transaction: `edit` gets the stored vendor and its facts (which it
/// may change in place) and returns the vendor, changed or not, or `None` to write nothing; the
/// row facts it changes are credited to `by`. `Ok(false)` when there is no such vendor.
pub fn update_vendor(
    store: &Store,
    id: u64,
    by: &Provenance,
    edit: impl FnOnce(Vendor, &mut VendorFacts) -> Result<Option<Vendor>>,
) -> Result<bool> {
    match store {
        Store::File(db) => file::update_vendor(db, id, by, edit),
        Store::Postgres(db) => postgres::update_vendor(db, id, by, edit),
    }
}

/// The vendor tables inside one write transaction, for the vendor CSV import: what is stored,
/// new ids, and rows to write.
#[expect(
    clippy::large_enum_variant,
    reason = "one per write, on the stack for its duration; boxing buys nothing"
)]
pub enum VendorImport<'t, 's> {
    File(file::VendorWrites<'t>),
    Postgres(postgres::VendorWrites<'t, 's>),
}

impl<'t, 's> VendorImport<'t, 's> {
    pub fn open(tx: &'t mut WriteTx<'s>) -> Result<VendorImport<'t, 's>> {
        Ok(match tx {
            WriteTx::File(txn) => VendorImport::File(file::VendorWrites::open(txn)?),
            WriteTx::Postgres(tx) => VendorImport::Postgres(postgres::VendorWrites::open(tx)?),
        })
    }

    /// Every stored vendor, by id.
    pub fn vendors(&mut self) -> Result<Vec<Vendor>> {
        match self {
            VendorImport::File(w) => w.vendors(),
            VendorImport::Postgres(w) => w.vendors(),
        }
    }

    /// A vendor's source (empty when it has none).
    pub fn source(&self, id: u64) -> Result<VendorSource> {
        match self {
            VendorImport::File(w) => w.source(id),
            VendorImport::Postgres(w) => Ok(w.source(id)),
        }
    }

    /// The id of a new vendor: the file's own `id` (the sequence moves past it), or the next one.
    pub fn new_id(&mut self, given: Option<u64>) -> Result<u64> {
        match self {
            VendorImport::File(w) => w.new_id(given),
            VendorImport::Postgres(w) => w.new_id(given),
        }
    }

    /// Stores a vendor and its source (an empty source removes the row).
    pub fn put(&mut self, vendor: &Vendor, source: &VendorSource) -> Result<()> {
        match self {
            VendorImport::File(w) => w.put(vendor, source),
            VendorImport::Postgres(w) => w.put(vendor, source),
        }
    }

    /// Where a vendor's booking link was checked, if it has one on record.
    pub fn booking_source(&mut self, id: u64) -> Result<Option<BookingSource>> {
        match self {
            VendorImport::File(w) => w.booking_source(id),
            VendorImport::Postgres(w) => w.booking_source(id),
        }
    }

    /// Where a vendor's facts came from, and its security profile (empty when none is stored).
    pub fn facts(&mut self, id: u64) -> Result<VendorFacts> {
        match self {
            VendorImport::File(w) => w.facts(id),
            VendorImport::Postgres(w) => w.facts(id),
        }
    }

    /// Stores a vendor's facts (empty ones remove the row). Call it after `put` for a new vendor.
    pub fn put_facts(&mut self, id: u64, facts: &VendorFacts) -> Result<()> {
        match self {
            VendorImport::File(w) => w.put_facts(id, facts),
            VendorImport::Postgres(w) => w.put_facts(id, facts),
        }
    }

    /// Stores (or, with `None`, removes) where a vendor's booking link was checked. Call it after
    /// `put` for a new vendor.
    pub fn put_booking_source(&mut self, id: u64, source: Option<&BookingSource>) -> Result<()> {
        match self {
            VendorImport::File(w) => w.put_booking_source(id, source),
            VendorImport::Postgres(w) => w.put_booking_source(id, source),
        }
    }
}

/// (user id, vendor id, click id) -> `MeetingClick`, its kind in the value: one user's clicks on
/// one vendor are one range, so reading them never walks other users' clicks. Ids come from the
/// `meeting_clicks` sequence, one across users, and grow with time.
pub const CLICKS: SeamTable<(u64, u64, u64), MeetingClick> = SeamTable::new(
    "meeting_clicks",
    MEETING_CLICKS,
    &["user_id", "vendor_id", "id"],
    Some("meeting_clicks"),
)
.indexed(&[&CLICKS_BY_VENDOR]);

/// A vendor's clicks, by anyone, for its statistics and for a vendor's merge or delete: the key
/// leads with the person. A file or a hub database from before the index gets it at the first
/// click after (redb) or at the migration on start (PostgreSQL).
pub const CLICKS_BY_VENDOR: Index = Index::of_three_parts("meeting_clicks_by_vendor", On::Key(1));

/// Stores a meeting click made now by `user_id` of `firm` and answers it with its id. A click is a
/// click: it changes no status anywhere (a booking is what the person says, on the shortlist).
/// Refused when the firm was merged away or deleted meanwhile: its members' clicks were moved or
/// purged, and one more must not land behind them.
pub fn record_meeting_click(
    store: &Store,
    firm: FirmId,
    user_id: u64,
    vendor_id: u64,
    source_page: SourcePage,
    kind: ClickKind,
) -> Result<MeetingClick> {
    let at = crate::platform::clock::now_secs();
    seam::write(store, |tx| {
        tx.open_firm(firm)?;
        let mut click = MeetingClick {
            id: 0,
            user_id,
            vendor_id,
            source_page,
            at,
            kind,
        };
        click.id = insert_click(tx, &click)?;
        Ok(click)
    })
}

/// Stores a meeting click inside the caller's transaction; answers its new id.
pub fn insert_meeting_click_in(tx: &mut WriteTx, click: &MeetingClick) -> Result<u64> {
    seam::within(tx, |tx| insert_click(tx, click))
}

fn insert_click(tx: &mut seam::Tx, click: &MeetingClick) -> Result<u64> {
    let click = MeetingClick {
        id: tx.next_id(&CLICKS)?,
        ..click.clone()
    };
    tx.insert_new(&CLICKS, (click.user_id, click.vendor_id, click.id), &click)?;
    Ok(click.id)
}

/// The user's newest `limit` clicks, newest first. Read by the user's key: other users' clicks
/// never cost this reader anything.
pub fn recent_meeting_clicks(
    store: &Store,
    user_id: u64,
    limit: usize,
) -> Result<Vec<MeetingClick>> {
    let mut clicks = seam::range_one(store, &CLICKS, &[user_id])?;
    clicks.sort_unstable_by_key(|(key, _)| std::cmp::Reverse(key.2));
    Ok(clicks
        .into_iter()
        .take(limit)
        .map(|(_, click)| click)
        .collect())
}

/// Every click that opened `vendor_id`'s scheduler, by anyone: (user, Unix seconds), for the
/// vendor's own monthly statistics (inside the caller's read, beside the profile views).
pub fn scheduler_opens_in(tx: &mut seam::Tx, vendor_id: u64) -> Result<Vec<(u64, i64)>> {
    Ok(clicks_on_in(tx, vendor_id)?
        .into_iter()
        .filter(|c| c.kind == ClickKind::Booking)
        .map(|c| (c.user_id, c.at))
        .collect())
}

/// Every click on vendor `vendor_id`, by anyone, through the index by vendor.
pub fn clicks_on_in(tx: &mut seam::Tx, vendor_id: u64) -> Result<Vec<MeetingClick>> {
    let rows = tx.lookup(&CLICKS, &CLICKS_BY_VENDOR, vendor_id..=vendor_id)?;
    Ok(rows.into_iter().map(|(_, click)| click).collect())
}

/// The clicks of each of `user_ids` on each of `vendor_ids`, newest first, in one read of the
/// (user, vendor) pairs: never other users' clicks, nor their other vendors'.
pub fn meeting_clicks_on(
    store: &Store,
    user_ids: &[u64],
    vendor_ids: &[u64],
) -> Result<Vec<MeetingClick>> {
    seam::read(store, |tx| meeting_clicks_on_in(tx, user_ids, vendor_ids))
}

/// `meeting_clicks_on` inside a read begun elsewhere.
pub fn meeting_clicks_on_in(
    tx: &mut seam::Tx,
    user_ids: &[u64],
    vendor_ids: &[u64],
) -> Result<Vec<MeetingClick>> {
    let pairs: Vec<[u64; 2]> = (user_ids.iter())
        .flat_map(|&user| vendor_ids.iter().map(move |&vendor| [user, vendor]))
        .collect();
    let prefixes: Vec<&[u64]> = pairs.iter().map(|p| &p[..]).collect();
    let mut out: Vec<MeetingClick> = (tx.range_many(&CLICKS, &prefixes)?.into_iter())
        .map(|(_, click)| click)
        .collect();
    out.sort_unstable_by_key(|c| std::cmp::Reverse(c.id));
    Ok(out)
}

// A firm's archive: its members' clicks on vendors' booking pages and websites, each with what
// it opened.
fn archive_meeting_clicks(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    let mut clicks = Vec::new();
    for &user_id in &taking.members {
        clicks.extend(recent_meeting_clicks(store, user_id, usize::MAX)?);
    }
    rows(clicks)
}

/// An archive's clicks as the new firm's members' own, with this install's vendor ids (a click of
/// an archive from before kinds were tracked is a booking click).
fn load_meeting_clicks(
    tx: &mut WriteTx,
    arrival: &mut Arrival,
    rows: &mut Rows<'_>,
) -> Result<usize> {
    let count = rows.len();
    for (i, row) in rows.into_iter().enumerate() {
        let mut click: MeetingClick = parse("meeting_clicks", i, row)?;
        click.user_id = arrival.user("meeting_clicks", i, click.user_id)?;
        click.vendor_id = arrival.vendor(click.vendor_id)?;
        insert_meeting_click_in(tx, &click)?;
    }
    Ok(count)
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[
    Table {
        name: "categories",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&CATEGORIES],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    Table {
        name: "vendors",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&VENDORS],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "category_id",
            to: Target::Category,
        }],
    },
    Table {
        name: "vendor_sources",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&VENDOR_SOURCES],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
    Table {
        name: "vendor_booking_sources",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&VENDOR_BOOKING_SOURCES],
        postgres: true,
        secrets: &[],
        refers_to: &[
            Reference {
                column: "vendor_id",
                to: Target::Vendor,
            },
            Reference {
                column: "imported_by",
                to: Target::User,
            },
        ],
    },
    Table {
        name: "vendor_facts",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&VENDOR_FACTS],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
    Table {
        name: "vendor_aliases",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&VENDOR_ALIASES],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
    Table {
        name: "meeting_clicks",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_meeting_clicks,
            load: Load::Rows(load_meeting_clicks),
        },
        holder: Holder::Member { column: "user_id" },
        redb: &[&CLICKS, &CLICKS_BY_VENDOR],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
];
