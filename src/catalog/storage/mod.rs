//! The catalog's storage, in either backend: categories, vendors, vendor sources (where a
//! vendor's facts were checked) and meeting clicks. Nothing else touches these tables; other
//! domains read the in-memory `Catalog`. The questionnaires are not stored: they ship in data/.
//!
//! Every write of categories or vendors is one transaction that, on PostgreSQL, records
//! `Change::Catalog` last, so every node reloads its catalog.

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
use crate::platform::store::{
    CATEGORIES, MEETING_CLICK_KINDS, MEETING_CLICK_TIMES, MEETING_CLICKS, VENDOR_ALIASES,
    VENDOR_BOOKING_SOURCES, VENDOR_FACTS, VENDOR_SOURCES, VENDORS,
};
use crate::platform::store::{Store, WriteTx};
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

/// The marker (META on redb, `settings` on PostgreSQL) that says the first launch's catalog was
/// written.
const SEEDED: &str = "seeded:catalog";

pub fn is_seeded(store: &Store) -> Result<bool> {
    match store {
        Store::File(db) => file::is_seeded(db, SEEDED),
        Store::Postgres(db) => postgres::is_seeded(db, SEEDED),
    }
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
    let seeded = match &mut tx {
        WriteTx::File(txn) => file::is_seeded_in(txn, SEEDED)?,
        WriteTx::Postgres(tx) => {
            postgres::lock_catalog(tx)?;
            postgres::is_seeded_in(tx, SEEDED)?
        }
    };
    if seeded {
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
    match &mut tx {
        WriteTx::File(txn) => file::mark_seeded(txn, SEEDED)?,
        WriteTx::Postgres(tx) => postgres::mark_seeded(tx, SEEDED)?,
    }
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
    let marked = match store {
        Store::File(db) => file::is_seeded(db, marker)?,
        Store::Postgres(db) => postgres::is_seeded(db, marker)?,
    };
    if marked {
        return Ok(false);
    }
    let mut tx = store.begin()?;
    let done = match &mut tx {
        WriteTx::File(txn) => file::is_seeded_in(txn, marker)?,
        WriteTx::Postgres(tx) => {
            postgres::lock_catalog(tx)?;
            postgres::is_seeded_in(tx, marker)?
        }
    };
    if done {
        return Ok(false);
    }
    write(&mut VendorImport::open(&mut tx)?)?;
    match &mut tx {
        WriteTx::File(txn) => file::mark_seeded(txn, marker)?,
        WriteTx::Postgres(tx) => postgres::mark_seeded(tx, marker)?,
    }
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
    let mut tx = store.begin()?;
    crate::platform::store::merged::refuse(&mut tx, firm)?;
    let mut click = MeetingClick {
        id: 0,
        user_id,
        vendor_id,
        source_page,
        at: crate::platform::clock::now_secs(),
        kind,
    };
    click.id = insert_meeting_click_in(&mut tx, &click)?;
    tx.commit()?;
    Ok(click)
}

/// Stores a meeting click inside the caller's transaction; answers its new id.
pub fn insert_meeting_click_in(tx: &mut WriteTx, click: &MeetingClick) -> Result<u64> {
    match tx {
        WriteTx::File(txn) => file::insert_meeting_click(txn, click),
        WriteTx::Postgres(tx) => postgres::insert_meeting_click(tx, click),
    }
}

/// The user's newest `limit` clicks, newest first. Read by the user's key: other users' clicks
/// never cost this reader anything.
pub fn recent_meeting_clicks(
    store: &Store,
    user_id: u64,
    limit: usize,
) -> Result<Vec<MeetingClick>> {
    match store {
        Store::File(db) => file::recent_meeting_clicks(db, user_id, limit),
        Store::Postgres(db) => postgres::recent_meeting_clicks(db, user_id, limit),
    }
}

/// Every click that opened `vendor_id`'s scheduler, by anyone: (user, Unix seconds).
pub fn scheduler_opens(store: &Store, vendor_id: u64) -> Result<Vec<(u64, i64)>> {
    match store {
        Store::File(db) => file::scheduler_opens(db, vendor_id),
        Store::Postgres(db) => postgres::scheduler_opens(db, vendor_id),
    }
}

/// The clicks of each of `user_ids` on each of `vendor_ids`, newest first for each pair, read by
/// (user, vendor) in one read (one round trip in hub mode, however many pairs).
pub fn meeting_clicks_on(
    store: &Store,
    user_ids: &[u64],
    vendor_ids: &[u64],
) -> Result<Vec<MeetingClick>> {
    match store {
        Store::File(db) => file::meeting_clicks_on(db, user_ids, vendor_ids),
        Store::Postgres(db) => postgres::meeting_clicks_on(db, user_ids, vendor_ids),
    }
}

// A firm's archive: its members' clicks on vendors' booking pages and websites, each with what
// it opened (stored apart from the click's value, so named here).
fn archive_meeting_clicks(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    let mut clicks = Vec::new();
    for &user_id in &taking.members {
        clicks.extend(recent_meeting_clicks(store, user_id, usize::MAX)?);
    }
    let kinds: Vec<ClickKind> = clicks.iter().map(|c| c.kind).collect();
    let mut out = rows(clicks)?;
    for (row, kind) in out.iter_mut().zip(kinds) {
        row["kind"] = serde_json::to_value(kind).map_err(anyhow::Error::from)?;
    }
    Ok(out)
}

/// An archive's clicks as the new firm's members' own, with this install's vendor ids.
fn load_meeting_clicks(
    tx: &mut WriteTx,
    arrival: &mut Arrival,
    rows: &mut Rows<'_>,
) -> Result<usize> {
    let count = rows.len();
    // The click's kind is read on its own: the click's type does not take it from a row.
    #[derive(serde::Deserialize)]
    struct Kind<K> {
        #[serde(default)]
        kind: Option<K>,
    }
    for (i, row) in rows.into_iter().enumerate() {
        let kind: Kind<_> = parse("meeting_clicks", i, row.clone())?;
        let mut click: MeetingClick = parse("meeting_clicks", i, row)?;
        if let Some(kind) = kind.kind {
            click.kind = kind;
        }
        click.user_id = arrival.user("meeting_clicks", i, click.user_id)?;
        click.vendor_id = arrival.vendor(click.vendor_id)?;
        insert_meeting_click_in(tx, &click)?;
    }
    Ok(count)
}

// A deleted firm's members' clicks: by (member, vendor, click) and (member, click), and the kinds
// of those clicks by click id.
fn purge_meeting_clicks(txn: &redb::WriteTransaction, taking: &Taking) -> Result<()> {
    use crate::platform::store::registry::RedbTable;
    use redb::ReadableTable;
    let mut clicks = Vec::new();
    if crate::platform::store::registry::has_table(txn, "meeting_click_times")? {
        let table = txn.open_table(crate::platform::store::MEETING_CLICK_TIMES)?;
        for &user in &taking.members {
            for entry in table.range((user, 0)..=(user, u64::MAX))? {
                clicks.push(entry?.0.value().1);
            }
        }
    }
    crate::platform::store::MEETING_CLICKS.purge_keys(txn, &taking.members)?;
    crate::platform::store::MEETING_CLICK_TIMES.purge_keys(txn, &taking.members)?;
    if crate::platform::store::registry::has_table(txn, "meeting_click_kinds")? {
        let mut kinds = txn.open_table(crate::platform::store::MEETING_CLICK_KINDS)?;
        for click in clicks {
            kinds.remove(click)?;
        }
    }
    Ok(())
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
        purge: Purge::By(purge_meeting_clicks),
        export: Export::Rows {
            read: archive_meeting_clicks,
            load: Load::Rows(load_meeting_clicks),
        },
        holder: Holder::Member { column: "user_id" },
        redb: &[&MEETING_CLICKS, &MEETING_CLICK_TIMES, &MEETING_CLICK_KINDS],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
];
