//! The catalog's storage: categories, vendors, where a vendor's facts and booking link were checked,
//! the vendors' facts, the names merged vendors leave behind, and meeting clicks. Nothing else
//! touches these tables; other domains read the in-memory `Catalog`. The questionnaires are not
//! stored: they ship in data/.
//!
//! Every table is written once, over the storage seam, for both engines. Every write of categories
//! or vendors is one transaction that takes the catalog's turn first (`CATALOG_LOCK`: redb's one
//! writer already takes turns) and, on PostgreSQL, records `Change::Catalog` last, so every node
//! reloads its catalog. Those writes run in the caller's transaction (`seam::within`), not a
//! retried one: an import's body reads a file once and answers a report.
//!
//! What carried over: on redb, schema 21 rewrote the catalog's bincode values as the seam's JSON
//! (the aliases were plain ids already); on PostgreSQL, migration 0069 moved the rows of the
//! column-per-field tables into the seam's layout, ids and the vendors' sequence kept. The meeting
//! clicks came earlier: schema 14 and migration 0052.

pub mod removal;

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::facts::{Provenance, VendorFacts};
use super::model::{
    BookingSource, Category, ClickKind, MeetingClick, SourcePage, Vendor, VendorSource,
};
use crate::platform::error::{AppError, Result};
use crate::platform::firm_id::FirmId;
use crate::platform::store::arrival::{Arrival, Rows, parse};
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::registry::{
    Export, Holder, INSTALL_OWN, Load, Purge, Reference, Table, Taking, Target, rows,
};
use crate::platform::store::seam::{self, Index, On, Table as SeamTable};
use crate::platform::store::{MEETING_CLICKS, VENDOR_ALIASES};
use crate::platform::store::{Store, WriteTx, settings};
use crate::platform::upload::ImportReport;

/// A category as the store keeps it, keyed by its id: its label is the seed's
/// (`Category::stored`), so a relabelled stage reads right without a write.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredCategory {
    pub name: String,
    pub stage: Option<u8>,
}

/// id -> the category's name and stage.
pub const CATEGORIES: SeamTable<u64, StoredCategory> =
    SeamTable::declare("categories", &["id"], None);

/// id -> the vendor (its API form, the id with it). New ids come from the `vendors` sequence,
/// which a vendor file's own ids move forward.
pub const VENDORS: SeamTable<u64, Vendor> = SeamTable::declare("vendors", &["id"], Some("vendors"));

/// vendor id -> where the row's facts were checked; a vendor never verified has no row.
pub const SOURCES: SeamTable<u64, VendorSource> =
    SeamTable::declare("vendor_sources", &["vendor_id"], None);

/// vendor id -> where its booking link was checked (or who imported it).
pub const BOOKING_SOURCES: SeamTable<u64, BookingSource> =
    SeamTable::declare("vendor_booking_sources", &["vendor_id"], None);

/// vendor id -> where each fact came from, and its security profile; empty facts have no row.
pub const FACTS: SeamTable<u64, VendorFacts> =
    SeamTable::declare("vendor_facts", &["vendor_id"], None);

/// A merged vendor's lower-cased name -> the kept vendor's id: bookings naming it count for the
/// kept vendor. A plain id in redb, as before the seam.
pub const ALIASES: SeamTable<String, u64, u64> =
    SeamTable::new("vendor_aliases", VENDOR_ALIASES, &["name"], None);

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

/// The whole catalog, in one snapshot: an import that commits meanwhile is seen whole or not at
/// all.
pub fn load_catalog(store: &Store) -> Result<CatalogRows> {
    seam::read(store, |tx| {
        let categories = (tx.range(&CATEGORIES, &[])?.into_iter())
            .map(|(id, c)| Category::stored(id, c.name, c.stage))
            .collect();
        Ok(CatalogRows {
            categories,
            vendors: all_vendors(tx)?,
            sources: tx.range(&SOURCES, &[])?.into_iter().collect(),
            booking_sources: tx.range(&BOOKING_SOURCES, &[])?.into_iter().collect(),
            facts: tx.range(&FACTS, &[])?.into_iter().collect(),
            aliases: tx.range_text(&ALIASES, "")?.into_iter().collect(),
        })
    })
}

/// Every vendor, by id (the key is its id).
fn all_vendors(tx: &mut seam::Tx) -> Result<Vec<Vendor>> {
    Ok((tx.range(&VENDORS, &[])?.into_iter())
        .map(|(id, vendor)| Vendor { id, ..vendor })
        .collect())
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
    seam::within(&mut tx, |tx| {
        for c in categories {
            let stored = StoredCategory {
                name: c.name.clone(),
                stage: c.stage,
            };
            tx.insert(&CATEGORIES, c.id, &stored)?;
        }
        Ok(())
    })?;
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
/// Imports and vendor edits run one at a time (the catalog's turn, taken when the import opens).
/// `import`'s own error comes back as it is (the caller tells a file's fault from ours by it);
/// the store's become one.
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
    seam::within(&mut tx, |tx| {
        tx.record_change(Change::Catalog);
        Ok(())
    })?;
    Ok(tx.commit()?)
}

/// Edits vendor `id` in one transaction, in the catalog's turn (so an edit never overwrites an
/// import or another edit that committed meanwhile): `edit` gets the stored vendor and its facts
/// (which it may change in place) and returns the vendor, changed or not, or `None` to write
/// nothing; the row facts it changes are credited to `by`. `Ok(false)` when there is no such
/// vendor.
pub fn update_vendor(
    store: &Store,
    id: u64,
    by: &Provenance,
    edit: impl FnOnce(Vendor, &mut VendorFacts) -> Result<Option<Vendor>>,
) -> Result<bool> {
    let mut tx = store.begin()?;
    let wrote = seam::within(&mut tx, |tx| {
        tx.lock_install(CATALOG_LOCK)?;
        let Some(stored) = tx.get(&VENDORS, id)? else {
            return Ok(None);
        };
        let old = Vendor { id, ..stored };
        let mut facts = tx.get(&FACTS, id)?.unwrap_or_default();
        let Some(vendor) = edit(old.clone(), &mut facts)? else {
            return Ok(Some(false));
        };
        tx.insert(&VENDORS, id, &vendor)?;
        facts.note_row_changes(Some(&old), &vendor, by);
        put_facts(tx, id, &facts)?;
        // Where the old link was checked says nothing about a new one.
        if vendor.booking_url != old.booking_url {
            tx.remove(&BOOKING_SOURCES, id)?;
        }
        Ok(Some(true))
    })?;
    match wrote {
        None => Ok(false),
        // Nothing to write: the transaction is dropped unused.
        Some(false) => Ok(true),
        Some(true) => {
            commit_catalog(tx)?;
            Ok(true)
        }
    }
}

/// Stores a vendor's facts; empty ones remove the row.
fn put_facts(tx: &mut seam::Tx, id: u64, facts: &VendorFacts) -> Result<()> {
    if facts.is_empty() {
        tx.remove(&FACTS, id)?;
    } else {
        tx.insert(&FACTS, id, facts)?;
    }
    Ok(())
}

/// The vendor tables inside one write transaction, for the vendor CSV import and the catalog
/// feed: what is stored, new ids, and rows to write. Holds the catalog's turn from `open` to the
/// commit.
pub struct VendorImport<'t, 's> {
    tx: &'t mut WriteTx<'s>,
    /// Every stored source, read once at the start (a file asks for each of its rows'), kept up
    /// to date with this import's writes.
    sources: HashMap<u64, VendorSource>,
}

impl<'t, 's> VendorImport<'t, 's> {
    pub fn open(tx: &'t mut WriteTx<'s>) -> Result<VendorImport<'t, 's>> {
        let sources = seam::within(tx, |tx| {
            tx.lock_install(CATALOG_LOCK)?;
            Ok(tx.range(&SOURCES, &[])?.into_iter().collect())
        })?;
        Ok(VendorImport { tx, sources })
    }

    fn within<T>(&mut self, body: impl FnOnce(&mut seam::Tx) -> Result<T>) -> Result<T> {
        seam::within(self.tx, body)
    }

    /// Every stored vendor, by id.
    pub fn vendors(&mut self) -> Result<Vec<Vendor>> {
        self.within(all_vendors)
    }

    /// A vendor's source (empty when it has none).
    pub fn source(&self, id: u64) -> Result<VendorSource> {
        Ok(self.sources.get(&id).cloned().unwrap_or_default())
    }

    /// The id of a new vendor: the file's own `id` (the sequence moves past it, never back, so no
    /// later vendor gets it), or the next one.
    pub fn new_id(&mut self, given: Option<u64>) -> Result<u64> {
        self.within(|tx| match given {
            Some(id) => {
                tx.bump_sequence(&VENDORS, id)?;
                Ok(id)
            }
            None => tx.next_id(&VENDORS),
        })
    }

    /// Stores a vendor and its source (an empty source removes the row).
    pub fn put(&mut self, vendor: &Vendor, source: &VendorSource) -> Result<()> {
        self.within(|tx| {
            tx.insert(&VENDORS, vendor.id, vendor)?;
            if source.is_empty() {
                tx.remove(&SOURCES, vendor.id)?;
            } else {
                tx.insert(&SOURCES, vendor.id, source)?;
            }
            Ok(())
        })?;
        if source.is_empty() {
            self.sources.remove(&vendor.id);
        } else {
            self.sources.insert(vendor.id, source.clone());
        }
        Ok(())
    }

    /// Where a vendor's booking link was checked, if it has one on record.
    pub fn booking_source(&mut self, id: u64) -> Result<Option<BookingSource>> {
        self.within(|tx| tx.get(&BOOKING_SOURCES, id))
    }

    /// Where a vendor's facts came from, and its security profile (empty when none is stored).
    pub fn facts(&mut self, id: u64) -> Result<VendorFacts> {
        self.within(|tx| Ok(tx.get(&FACTS, id)?.unwrap_or_default()))
    }

    /// Stores a vendor's facts (empty ones remove the row). Call it after `put` for a new vendor.
    pub fn put_facts(&mut self, id: u64, facts: &VendorFacts) -> Result<()> {
        self.within(|tx| put_facts(tx, id, facts))
    }

    /// Stores (or, with `None`, removes) where a vendor's booking link was checked. Call it after
    /// `put` for a new vendor.
    pub fn put_booking_source(&mut self, id: u64, source: Option<&BookingSource>) -> Result<()> {
        self.within(|tx| {
            match source {
                Some(source) => tx.insert(&BOOKING_SOURCES, id, source)?,
                None => drop(tx.remove(&BOOKING_SOURCES, id)?),
            }
            Ok(())
        })
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
        // Its category is a field of the value, not a column.
        refers_to: &[],
    },
    Table {
        name: "vendor_sources",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&SOURCES],
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
        redb: &[&BOOKING_SOURCES],
        postgres: true,
        secrets: &[],
        // Who imported a link is a field of the value, not a column.
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
    Table {
        name: "vendor_facts",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&FACTS],
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
        redb: &[&ALIASES],
        postgres: true,
        secrets: &[],
        // The kept vendor is the value, not a column: a vendor's delete and merge rewrite it
        // (`removal`).
        refers_to: &[],
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
