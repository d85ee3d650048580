//! The demo requests' storage, written once over the storage seam (`store::seam`): a firm's
//! requests in `REQUESTS` ((firm id, request id), indexed by the vendor asked, which a vendor's
//! list, the per-vendor limit and the operator's vendor merge and delete read) and the firms that
//! asked a vendor without an account to join in `JOIN_ASKS` ((firm id, vendor id), indexed by
//! vendor). Every write of a firm's rows begins with `open_firm`; both tables are a firm's: in its
//! archive, gone with it, moved by a firm merge.

pub mod vendors;

use crate::platform::error::{Result, not_found};
use crate::platform::firm_id::FirmId;
use crate::platform::store::arrival::{Arrival, Rows, unkeyed};
use crate::platform::store::registry::{
    Export, Holder, Load, Purge, Reference, Table as Declared, Taking, Target, keyed,
};
use crate::platform::store::seam::{self, Index, On, Table};
use crate::platform::store::{Store, WriteTx};

use super::model::{DemoRequest, JoinAsk};

/// (firm id, request id) -> `DemoRequest`; ids from one sequence across firms. Created by the
/// first request.
pub const REQUESTS: Table<(u64, u64), DemoRequest> =
    Table::declare("demo_requests", &["firm_id", "id"], Some("demo_requests"))
        .indexed(&[&REQUESTS_BY_VENDOR]);

/// The requests by the vendor asked.
pub const REQUESTS_BY_VENDOR: Index = Index::new("demo_requests_by_vendor", On::Field("vendorId"));

/// (firm id, vendor id) -> `JoinAsk`: the firm asked a vendor without an account to join
/// Litstack. Created by the first ask.
pub const JOIN_ASKS: Table<(u64, u64), JoinAsk> =
    Table::declare("vendor_join_asks", &["firm_id", "vendor_id"], None)
        .indexed(&[&JOIN_ASKS_BY_VENDOR]);

/// The firms' asks by vendor.
pub const JOIN_ASKS_BY_VENDOR: Index = Index::new("vendor_join_asks_by_vendor", On::Key(1));

/// What a new request is checked against: the firm's requests and the vendor's (every firm's).
pub struct Seen<'a> {
    pub firms: &'a [DemoRequest],
    pub vendors: &'a [DemoRequest],
    pub id: u64,
}

/// Writes a new request of `firm` to `vendor` in one transaction: the firm's scope first, then
/// `lock` (the vendor accounts' turn, so two firms' requests to one vendor are counted one after
/// the other), then `build` sees the firm's and the vendor's requests and makes the request (or
/// refuses: nothing is written), then `tell` writes beside it (the vendor's notices and mail).
pub fn create(
    store: &Store,
    firm: FirmId,
    vendor: u64,
    lock: impl FnOnce(&mut WriteTx) -> Result<()>,
    build: impl FnOnce(Seen) -> Result<DemoRequest>,
    tell: impl FnOnce(&mut WriteTx, &DemoRequest) -> Result<()>,
) -> Result<DemoRequest> {
    let mut tx = store.begin()?;
    seam::within(&mut tx, |tx| tx.open_firm(firm))?;
    lock(&mut tx)?;
    let request = seam::within(&mut tx, |tx| {
        let firms = values(tx.range(&REQUESTS, &[firm.get()])?);
        let vendors = values(tx.lookup(&REQUESTS, &REQUESTS_BY_VENDOR, vendor..=vendor)?);
        let id = tx.next_id(&REQUESTS)?;
        let request = build(Seen {
            firms: &firms,
            vendors: &vendors,
            id,
        })?;
        tx.insert(&REQUESTS, (firm.get(), id), &request)?;
        Ok(request)
    })?;
    tell(&mut tx, &request)?;
    tx.commit()?;
    Ok(request)
}

fn values<K>(rows: Vec<(K, DemoRequest)>) -> Vec<DemoRequest> {
    rows.into_iter().map(|(_, r)| r).collect()
}

/// The firm's requests, newest first.
pub fn for_firm(store: &Store, firm: FirmId) -> Result<Vec<DemoRequest>> {
    seam::read(store, |tx| requests_in(tx, firm))
}

fn requests_in(tx: &mut seam::Tx, firm: FirmId) -> Result<Vec<DemoRequest>> {
    let mut rows = values(tx.range(&REQUESTS, &[firm.get()])?);
    rows.reverse();
    Ok(rows)
}

/// The firm's requests, newest first, and the vendors it asked to join, in one snapshot (one read
/// for the firm's screens, which show both).
pub fn for_firm_with_asks(store: &Store, firm: FirmId) -> Result<(Vec<DemoRequest>, Vec<u64>)> {
    seam::read(store, |tx| Ok((requests_in(tx, firm)?, asks_in(tx, firm)?)))
}

/// The requests sent to `vendor`, newest first, by every firm that asked it (and no other).
pub fn for_vendor(store: &Store, vendor: u64) -> Result<Vec<DemoRequest>> {
    let mut rows = values(seam::read(store, |tx| {
        tx.lookup(&REQUESTS, &REQUESTS_BY_VENDOR, vendor..=vendor)
    })?);
    rows.sort_by_key(|r| std::cmp::Reverse(r.id));
    Ok(rows)
}

/// Every firm's asks to join, by (firm id, vendor id).
pub type JoinAsks = Vec<((u64, u64), JoinAsk)>;

/// Every request and every ask to join: the operator's counts.
pub fn everything(store: &Store) -> Result<(Vec<DemoRequest>, JoinAsks)> {
    seam::read(store, |tx| {
        Ok((
            values(tx.range(&REQUESTS, &[])?),
            tx.range(&JOIN_ASKS, &[])?,
        ))
    })
}

/// Changes the firm's request `id` in one transaction (a 404 when the firm has none of that id):
/// `change` may refuse, writing nothing; `tell` writes beside it.
pub fn update_for_firm(
    store: &Store,
    firm: FirmId,
    id: u64,
    change: impl FnOnce(DemoRequest) -> Result<DemoRequest>,
    tell: impl FnOnce(&mut WriteTx, &DemoRequest) -> Result<()>,
) -> Result<DemoRequest> {
    let mut tx = store.begin()?;
    let request = seam::within(&mut tx, |tx| {
        tx.open_firm(firm)?;
        let key = (firm.get(), id);
        let current = tx.get(&REQUESTS, key)?.ok_or_else(no_such_request)?;
        let changed = change(current)?;
        tx.insert(&REQUESTS, key, &changed)?;
        Ok(changed)
    })?;
    tell(&mut tx, &request)?;
    tx.commit()?;
    Ok(request)
}

/// Changes request `id` sent to `vendor` in one transaction (a 404 when no request of that id was
/// sent to it, or its firm is gone): `change` may refuse; `tell` writes beside it, with the firm.
pub fn update_for_vendor(
    store: &Store,
    vendor: u64,
    id: u64,
    change: impl FnOnce(DemoRequest) -> Result<DemoRequest>,
    tell: impl FnOnce(&mut WriteTx, FirmId, &DemoRequest) -> Result<()>,
) -> Result<DemoRequest> {
    let mut tx = store.begin()?;
    let found = seam::within(&mut tx, |tx| {
        let Some((key, _)) = tx
            .lookup(&REQUESTS, &REQUESTS_BY_VENDOR, vendor..=vendor)?
            .into_iter()
            .find(|((_, request), _)| *request == id)
        else {
            return Err(no_such_request());
        };
        let firm = FirmId::from_stored(key.0);
        if !tx.firm_is_open(firm)? {
            return Err(no_such_request());
        }
        // Read again under the firm's lock: the firm may have withdrawn it meanwhile.
        let current = tx
            .get(&REQUESTS, key)?
            .filter(|r| r.vendor_id == vendor)
            .ok_or_else(no_such_request)?;
        let changed = change(current)?;
        tx.insert(&REQUESTS, key, &changed)?;
        Ok((firm, changed))
    })?;
    let (firm, request) = found;
    tell(&mut tx, firm, &request)?;
    tx.commit()?;
    Ok(request)
}

fn no_such_request() -> crate::platform::error::AppError {
    not_found("There is no such demo request")
}

/// Records that the firm asked `vendor` to join Litstack; whether this is the firm's first ask
/// (a second changes nothing).
pub fn ask_to_join(store: &Store, firm: FirmId, vendor: u64, ask: &JoinAsk) -> Result<bool> {
    seam::write(store, |tx| {
        tx.open_firm(firm)?;
        match tx.insert_new(&JOIN_ASKS, (firm.get(), vendor), ask) {
            Ok(()) => Ok(true),
            Err(crate::platform::error::AppError::Conflict(m)) if m == seam::TAKEN => Ok(false),
            Err(e) => Err(e),
        }
    })
}

/// The vendors the firm asked to join, by id.
pub fn firms_join_asks(store: &Store, firm: FirmId) -> Result<Vec<u64>> {
    seam::read(store, |tx| asks_in(tx, firm))
}

fn asks_in(tx: &mut seam::Tx, firm: FirmId) -> Result<Vec<u64>> {
    Ok(tx
        .range(&JOIN_ASKS, &[firm.get()])?
        .into_iter()
        .map(|((_, vendor), _)| vendor)
        .collect())
}

/// Moves firm `from`'s requests and asks to `into` (a firm merge, both firms locked): a request
/// keeps its id (one sequence across firms); an ask `into` made too stays `into`'s.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[into, from])?;
        let (into, from) = (into.get(), from.get());
        for ((_, id), request) in tx.range(&REQUESTS, &[from])? {
            tx.remove(&REQUESTS, (from, id))?;
            tx.insert(&REQUESTS, (into, id), &request)?;
        }
        for ((_, vendor), ask) in tx.range(&JOIN_ASKS, &[from])? {
            tx.remove(&JOIN_ASKS, (from, vendor))?;
            if tx.get(&JOIN_ASKS, (into, vendor))?.is_none() {
                tx.insert(&JOIN_ASKS, (into, vendor), &ask)?;
            }
        }
        Ok(())
    })
}

// A firm's archive: its requests (what it shared, the vendor's answer) and its asks to join.
fn archive_requests(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    let mut rows = for_firm(store, taking.firm)?;
    rows.reverse();
    rows.into_iter()
        .map(|r| keyed(&[("id", r.id)], r))
        .collect()
}

fn archive_join_asks(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    let rows = seam::range_one(store, &JOIN_ASKS, &[taking.firm.get()])?;
    rows.into_iter()
        .map(|((_, vendor), ask)| keyed(&[("vendor_id", vendor)], ask))
        .collect()
}

// An import: the archive's requests under this install's ids (a new id each, this catalog's
// vendor, this install's person), and its asks.
fn load_requests(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm = arrival.firm()?;
    let count = rows.len();
    let mut parsed = Vec::with_capacity(count);
    for (i, row) in rows.into_iter().enumerate() {
        let (_, mut request): (_, DemoRequest) = unkeyed("demo_requests", i, row, &["id"])?;
        request.vendor_id = arrival.vendor(request.vendor_id)?;
        request.requested_by = arrival.user("demo_requests", i, request.requested_by)?;
        parsed.push(request);
    }
    seam::within(tx, |tx| {
        for mut request in parsed {
            request.id = tx.next_id(&REQUESTS)?;
            tx.insert(&REQUESTS, (firm.get(), request.id), &request)?;
        }
        Ok(count)
    })
}

fn load_join_asks(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm = arrival.firm()?;
    let count = rows.len();
    let mut parsed = Vec::with_capacity(count);
    for (i, row) in rows.into_iter().enumerate() {
        let (keys, mut ask): (_, JoinAsk) = unkeyed("vendor_join_asks", i, row, &["vendor_id"])?;
        ask.asked_by = arrival.user("vendor_join_asks", i, ask.asked_by)?;
        parsed.push((arrival.vendor(keys[0])?, ask));
    }
    seam::within(tx, |tx| {
        for (vendor, ask) in &parsed {
            tx.insert(&JOIN_ASKS, (firm.get(), *vendor), ask)?;
        }
        Ok(count)
    })
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Declared] = &[
    Declared {
        name: "demo_requests",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_requests,
            load: Load::Rows(load_requests),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&REQUESTS, &REQUESTS_BY_VENDOR],
        postgres: true,
        secrets: &[],
        // The vendor and the person are fields of the value (`vendorId`, `requestedBy`), not
        // columns: the loader maps both, and the vendor part below moves and deletes by vendor.
        refers_to: &[],
    },
    Declared {
        name: "vendor_join_asks",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_join_asks,
            load: Load::Rows(load_join_asks),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&JOIN_ASKS, &JOIN_ASKS_BY_VENDOR],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
];

#[cfg(test)]
mod tests;
