//! The month's snapshot of "What firms pay" (`prices`): drawn once per calendar month (UTC) by
//! the clock (`clock::today`), stored in the settings of either backend, and read by every request
//! of every hub node, the same for every viewer. Nothing is recomputed per request, per viewer or
//! per node.
//!
//! Stored in two tables of its own, written once over the storage seam:
//! - `what_firms_pay_head` (`HEADS`, one row): the head, `{month, computedAt}`: the month
//!   (YYYY-MM) of the snapshot in force.
//! - `what_firms_pay` (`ENTRIES`, by vendor id): one row per vendor that 5 or more firms shared
//!   for that month: the drawn bands (never a price; a band beside which 7 firms do not lie below
//!   and 7 above is stored as none) and the ids of the firms counted. A vendor without a row reads
//!   "fewer than 5 firms shared".
//!
//! Until redb schema 15 and PostgreSQL migration 0056 they were settings rows (`what_firms_pay`,
//! `what_firms_pay/<vendor id>`); both moved a month's snapshot over as it was. A head of the
//! daily snapshots before (`{day, ..}`) counted as no snapshot and was left behind with its rows:
//! the first read draws the month, as it would have.
//!
//! One node draws the month: the head is replaced only by a later month, in the same serializable
//! transaction that replaces the vendor rows, so a second node's draw of the same month finds it
//! taken and changes nothing. A server draws it at start when there is none for this month, and
//! checks every few minutes (`spawn`); a read that finds no snapshot, or one of an earlier month,
//! draws it first.
//!
//! A withdrawal needs no hook: a read checks that every firm its vendor's row counted still
//! shares, and withholds the vendor's figures otherwise, until the next month's snapshot (which
//! reads the consents afresh and leaves the firm out). A firm merged away or deleted no longer
//! shares either. Backups copy the rows; an export to PostgreSQL leaves them behind (the hub
//! draws its own at start), and a firm merge needs nothing (the merged-away firm withholds the
//! vendors it counted in, until the next month).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::model::WhatFirmsPay;
use super::prices::{self, DrawnPay, Shared, Standing};
use crate::catalog::Catalog;
use crate::peers::shown::is_hidden;
use crate::platform::error::{AppError, Result};
use crate::platform::store::Store;
use crate::platform::store::registry::{Export, Holder, INSTALL_OWN, Purge, Table};
use crate::platform::store::seam::{self, Table as SeamTable};

/// The snapshot in force: one row, at `HEAD`.
pub const HEADS: SeamTable<u64, Head> = SeamTable::declare("what_firms_pay_head", &["id"], None);
const HEAD: u64 = 1;
/// Vendor id -> its row of the month in force.
pub const ENTRIES: SeamTable<u64, Entry> =
    SeamTable::declare("what_firms_pay", &["vendor_id"], None);

/// The snapshot in force: the month it was drawn for (YYYY-MM) and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Head {
    /// Read from `day` in a head of the daily snapshots before, which [`Head::current`] refuses.
    #[serde(alias = "day")]
    pub month: String,
    pub computed_at: i64,
}

impl Head {
    /// The month of the snapshot, or `None` for a head that holds no month (a day of the daily
    /// snapshots before): no snapshot is in force then.
    pub fn current(&self) -> Option<&str> {
        Some(self.month.as_str()).filter(|m| is_month(m))
    }
}

/// "2026-11": a calendar month as the snapshot is keyed by.
pub fn month_key(day: chrono::NaiveDate) -> String {
    day.format("%Y-%m").to_string()
}

/// Whether `text` is a month key (YYYY-MM), not a day or anything else.
fn is_month(text: &str) -> bool {
    text.len() == 7 && chrono::NaiveDate::parse_from_str(&format!("{text}-01"), "%Y-%m-%d").is_ok()
}

/// Whether the snapshot `head` holds is of `month` or later.
fn covers(head: Option<&Head>, month: &str) -> bool {
    head.and_then(Head::current).is_some_and(|m| m >= month)
}

/// One vendor's row of the month: the firms counted (by id) and the bands drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub month: String,
    pub firms: Vec<u64>,
    pub pay: DrawnPay,
}

/// One vendor's row from what its sharing firms pay (`(firm id, what it pays)`, each firm once),
/// or `None` under 5 firms.
pub fn entry_of(month: &str, shared: &[(u64, Shared)]) -> Option<Entry> {
    if is_hidden(shared.len() as u32) {
        return None;
    }
    let prices: Vec<Shared> = shared.iter().map(|(_, s)| *s).collect();
    Some(Entry {
        month: month.to_string(),
        firms: shared.iter().map(|(id, _)| *id).collect(),
        pay: prices::draw(&prices),
    })
}

/// How a vendor's row stands, given the firms that share now: withheld when a firm it counted no
/// longer shares.
pub fn standing<'a>(entry: Option<&'a Entry>, sharing_now: &BTreeSet<u64>) -> Standing<'a> {
    match entry {
        None => Standing::TooFew,
        Some(e) if e.firms.iter().all(|f| sharing_now.contains(f)) => Standing::Drawn(&e.pay),
        Some(_) => Standing::Withheld,
    }
}

/// What the verified, sharing firms of known size pay per seat, by vendor: each firm's contract
/// for a vendor still listed in its tech stack, each firm once per vendor.
pub fn shared_by_vendor(
    store: &Store,
    catalog: &Catalog,
) -> Result<BTreeMap<u64, Vec<(u64, Shared)>>> {
    let mut by_vendor: BTreeMap<u64, Vec<(u64, Shared)>> = BTreeMap::new();
    for firm_id in crate::accounts::price_sharing::sharing_firms(store)? {
        let Some(firm) = crate::accounts::find_firm(store, firm_id.get())?.filter(|f| f.verified)
        else {
            continue;
        };
        let Some(size) = firm.size else {
            continue;
        };
        let contracts = crate::techstack::storage::contracts::contracts(store, firm_id)?;
        if contracts.is_empty() {
            continue;
        }
        let tools = crate::techstack::firm_tools(store, catalog, firm_id)?;
        for contract in contracts {
            let listed = tools
                .iter()
                .any(|t| t.has_tool == Some(true) && t.vendor_ids.contains(&contract.vendor_id));
            if listed {
                by_vendor.entry(contract.vendor_id).or_default().push((
                    firm_id.get(),
                    Shared {
                        size,
                        cents_per_seat: prices::per_seat(contract.annual_cost, contract.seats),
                    },
                ));
            }
        }
    }
    Ok(by_vendor)
}

/// Draws the snapshot of `day`'s month from the store as it is now and stores it, unless the
/// snapshot in force is of that month or later. True when this call stored it.
pub fn take(store: &Store, catalog: &Catalog, day: chrono::NaiveDate) -> Result<bool> {
    let month = month_key(day);
    if covers(head(store)?.as_ref(), &month) {
        return Ok(false);
    }
    let entries: Vec<(u64, Entry)> = shared_by_vendor(store, catalog)?
        .into_iter()
        .filter_map(|(vendor, shared)| entry_of(&month, &shared).map(|e| (vendor, e)))
        .collect();
    let head = Head {
        month,
        computed_at: crate::platform::clock::now_secs(),
    };
    let stored = replace(store, &head, &entries)?;
    if stored {
        tracing::info!(month = %head.month, vendors = entries.len(), "drew the month's \"What firms pay\"");
    }
    Ok(stored)
}

/// One node draws at a time (another request waits and then finds the month drawn).
static DRAWING: Mutex<()> = Mutex::new(());

/// Makes sure a snapshot of this month (or later) is in force.
pub fn ensure_this_month(store: &Store, catalog: &Catalog) -> Result<()> {
    let today = crate::platform::clock::today();
    if covers(head(store)?.as_ref(), &month_key(today)) {
        return Ok(());
    }
    let _one = DRAWING.lock().unwrap_or_else(|e| e.into_inner());
    take(store, catalog, today)?;
    Ok(())
}

/// What firms pay for `vendor_id`, from the snapshot in force (drawn first if there is none for
/// this month). The same answer for every viewer: nothing here reads who asks.
pub fn what_firms_pay(store: &Store, catalog: &Catalog, vendor_id: u64) -> Result<WhatFirmsPay> {
    let stored = seam::read(store, |tx| stored_in(tx, vendor_id))?;
    what_firms_pay_from(store, catalog, vendor_id, stored)
}

/// What the month's snapshot holds for a vendor, and the firms that share now, as read in one
/// snapshot with the caller's rows (`stored_in`).
pub struct Stored {
    head: Option<Head>,
    entry: Option<Entry>,
    sharing_now: BTreeSet<u64>,
}

/// The vendor's row of the month's snapshot and the firms sharing now, inside a read begun
/// elsewhere.
pub fn stored_in(tx: &mut seam::Tx, vendor_id: u64) -> Result<Stored> {
    let (head, entry) = read_in(tx, vendor_id)?;
    let sharing_now = crate::accounts::price_sharing::sharing_firms_in(tx)?
        .into_iter()
        .map(|f| f.get())
        .collect();
    Ok(Stored {
        head,
        entry,
        sharing_now,
    })
}

/// `what_firms_pay` of what was read already; the month is drawn first when it is not stored.
pub fn what_firms_pay_from(
    store: &Store,
    catalog: &Catalog,
    vendor_id: u64,
    stored: Stored,
) -> Result<WhatFirmsPay> {
    let this_month = month_key(crate::platform::clock::today());
    let Stored {
        head,
        entry,
        mut sharing_now,
    } = stored;
    let (head, entry) = match (head, entry) {
        (Some(h), e) if covers(Some(&h), &this_month) => (h, e),
        _ => {
            ensure_this_month(store, catalog)?;
            let stored = seam::read(store, |tx| stored_in(tx, vendor_id))?;
            sharing_now = stored.sharing_now;
            match (stored.head, stored.entry) {
                (Some(h), e) if h.current().is_some() => (h, e),
                _ => {
                    return Err(AppError::Internal(anyhow::anyhow!(
                        "the month's \"What firms pay\" was drawn but is not stored"
                    )));
                }
            }
        }
    };
    // A row of another month than the head's is a leftover: none for this month.
    let entry = entry.filter(|e| e.month == head.month);
    Ok(prices::publish(
        standing(entry.as_ref(), &sharing_now),
        &head.month,
    ))
}

/// How often a server checks whether the month's snapshot is drawn.
const EVERY: Duration = Duration::from_secs(300);

/// Draws the month's snapshot at start when there is none for this month, then checks every few
/// minutes for the life of the server.
pub fn spawn(state: crate::recommend::RecommendState) {
    crate::platform::periodic::every(
        Duration::ZERO,
        EVERY,
        "drawing the month's \"What firms pay\"",
        move || {
            let state = state.clone();
            async move {
                use crate::platform::blocking::Blocking;
                state
                    .blocking(|app| ensure_this_month(&app.store, &app.catalog.load()))
                    .await
            }
        },
    );
}

/// The snapshot in force, if any.
pub fn head(store: &Store) -> Result<Option<Head>> {
    seam::get_one(store, &HEADS, HEAD)
}

/// The head and the vendor's row, read together (one snapshot).
fn read_in(tx: &mut seam::Tx, vendor_id: u64) -> Result<(Option<Head>, Option<Entry>)> {
    let head = tx.get(&HEADS, HEAD)?;
    // The rows under a head that holds no month are of the daily snapshots' shape.
    if head.as_ref().and_then(Head::current).is_none() {
        return Ok((head, None));
    }
    Ok((head, tx.get(&ENTRIES, vendor_id)?))
}

/// Stores `head` and `entries` in place of the snapshot in force, unless that is of the same month
/// or later. True when stored.
fn replace(store: &Store, head: &Head, entries: &[(u64, Entry)]) -> Result<bool> {
    seam::write(store, |tx| {
        // The claim: the head moves only to a later month. A node that draws the same month
        // second finds it taken (on PostgreSQL after its serializable write is retried).
        if covers(tx.get(&HEADS, HEAD)?.as_ref(), &head.month) {
            return Ok(false);
        }
        for (vendor, _) in tx.range(&ENTRIES, &[])? {
            tx.remove(&ENTRIES, vendor)?;
        }
        tx.insert_many(&ENTRIES, entries)?;
        tx.insert(&HEADS, HEAD, head)?;
        Ok(true)
    })
}

/// This room's tables, for the registry of data (the list in src/registry.rs): the install's own,
/// drawn again by any install from its own firms.
pub const TABLES: &[Table] = &[
    Table {
        name: "what_firms_pay_head",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&HEADS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    Table {
        name: "what_firms_pay",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&ENTRIES],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
];

/// Why the copy to PostgreSQL leaves them behind.
pub const NOT_COPIED: &[(&str, &str)] = &[
    (
        "what_firms_pay_head",
        "the hub draws the month's own at start",
    ),
    ("what_firms_pay", "the hub draws the month's own at start"),
];

#[cfg(test)]
mod tests {
    //! The properties of issues 44 and 76 on a model of the store: firms, their consents,
    //! verification and contracts, one vendor, the months, and the real rule in between (the row
    //! drawn each month, `entry_of`; the withdrawal check, `standing`; the answer, `publish`).

    use super::*;
    use crate::platform::firm_size::FirmSize;
    use proptest::prelude::*;

    /// The target: the firm whose price the attacker is after.
    const TARGET: usize = 0;
    /// The attacker's own sharing firm, whose figure it sets as it likes.
    const ATTACKER: usize = 1;

    #[derive(Debug, Clone)]
    struct Firm {
        size: FirmSize,
        dollars: u64,
        /// Holds a contract for the vendor, listed in its stack.
        listed: bool,
        verified: bool,
        shares: bool,
    }

    #[derive(Debug, Clone)]
    enum Event {
        /// The firm signs up and saves its contract for the vendor.
        Joins(usize),
        Verified(usize),
        /// The firm's contract now costs this many dollars a seat (the target's: its n-th price).
        Edits(usize, u64),
        Withdraws(usize),
        SharesAgain(usize),
        NextMonth,
    }

    /// The model: the firms and the month's row for the vendor.
    struct World {
        firms: Vec<Firm>,
        month: u32,
        entry: Option<Entry>,
    }

    /// The key of the `n`-th month from January 2027.
    fn nth_month(n: u32) -> String {
        month_key(
            chrono::NaiveDate::from_ymd_opt(2027, 1, 1)
                .unwrap()
                .checked_add_months(chrono::Months::new(n))
                .unwrap(),
        )
    }

    impl World {
        fn month_text(&self) -> String {
            nth_month(self.month)
        }

        /// A new month's row, from the firms as they are now (as `take` draws it from the store).
        fn draw(&mut self) {
            let shared: Vec<(u64, Shared)> = self
                .firms
                .iter()
                .enumerate()
                .filter(|(_, f)| f.listed && f.verified && f.shares)
                .map(|(id, f)| {
                    (
                        id as u64,
                        Shared {
                            size: f.size,
                            cents_per_seat: f.dollars * 100,
                        },
                    )
                })
                .collect();
            self.entry = entry_of(&self.month_text(), &shared);
        }

        /// What anyone (the attacker) reads on the profile now.
        fn answer(&self) -> WhatFirmsPay {
            let sharing: BTreeSet<u64> = (0..self.firms.len() as u64)
                .filter(|id| self.firms[*id as usize].shares)
                .collect();
            prices::publish(standing(self.entry.as_ref(), &sharing), &self.month_text())
        }

        /// Applies `event`; the target's n-th edit sets `target_prices[n]`.
        fn apply(&mut self, event: &Event, target_prices: &[u64], edits: &mut usize) {
            match *event {
                Event::Joins(i) => self.firms[i].listed = true,
                Event::Verified(i) => self.firms[i].verified = true,
                Event::Edits(i, dollars) => {
                    self.firms[i].dollars = if i == TARGET {
                        *edits += 1;
                        target_prices[*edits % target_prices.len()]
                    } else {
                        dollars
                    };
                }
                Event::Withdraws(i) => self.firms[i].shares = false,
                Event::SharesAgain(i) => self.firms[i].shares = true,
                Event::NextMonth => {
                    self.month += 1;
                    self.draw();
                }
            }
        }
    }

    /// Every answer the attacker reads: one at the start and one after each event. The target's
    /// prices are `target_prices` (its first, then one per edit, in turn).
    fn run(firms: &[Firm], events: &[Event], target_prices: &[u64]) -> Vec<WhatFirmsPay> {
        let mut firms = firms.to_vec();
        firms[TARGET].dollars = target_prices[0];
        let mut world = World {
            firms,
            month: 0,
            entry: None,
        };
        world.draw();
        let mut edits = 0;
        let mut answers = vec![world.answer()];
        for event in events {
            let before = world.answer();
            let counted = world.entry.as_ref().is_some_and(|e| {
                e.firms
                    .iter()
                    .any(|f| matches!(event, Event::Withdraws(i) if *f == *i as u64))
            });
            world.apply(event, target_prices, &mut edits);
            let after = world.answer();
            match event {
                // Joining, being verified or editing changes nothing until the next month.
                Event::Joins(_) | Event::Verified(_) | Event::Edits(..) => {
                    assert_eq!(after, before, "{event:?} changed the month's answer")
                }
                // A withdrawal of a firm the month's figures counted hides them at once.
                Event::Withdraws(_) if counted => assert!(after.withheld, "{event:?}: {after:?}"),
                Event::Withdraws(_) => assert_eq!(after, before),
                Event::SharesAgain(_) | Event::NextMonth => {}
            }
            // No figure from under 5 firms.
            for figure in
                std::iter::once(&after.overall).chain(after.by_size.iter().map(|g| &g.figure))
            {
                if figure.median.is_some() {
                    assert!(figure.firms.value >= Some(5), "{after:?}");
                }
            }
            // Figures shown are drawn only from firms that hold a contract and share now.
            if let Some(e) = world
                .entry
                .as_ref()
                .filter(|_| after.overall.median.is_some())
            {
                assert!(e.firms.iter().all(|f| world.firms[*f as usize].listed));
                assert!(e.firms.iter().all(|f| world.firms[*f as usize].shares));
            }
            answers.push(after);
        }
        answers
    }

    /// A round price (a multiple of $10) in band `band` of the ladder; `pick` chooses which.
    fn round_in(band: u8, pick: u64) -> u64 {
        let b = prices::band(band);
        let to = b.to.unwrap_or(b.from * 2);
        let steps = (to - b.from).div_ceil(10);
        b.from + 10 * (pick % steps)
    }

    fn sizes() -> impl Strategy<Value = FirmSize> {
        prop::sample::select(FirmSize::ALL.to_vec())
    }

    fn round_price() -> impl Strategy<Value = u64> {
        (0u8..=12, any::<u64>()).prop_map(|(band, pick)| round_in(band, pick))
    }

    fn firm() -> impl Strategy<Value = Firm> {
        (
            sizes(),
            round_price(),
            prop::bool::weighted(0.8),
            prop::bool::weighted(0.8),
            prop::bool::weighted(0.8),
        )
            .prop_map(|(size, dollars, listed, verified, shares)| Firm {
                size,
                dollars,
                listed,
                verified,
                shares,
            })
    }

    fn events(firms: usize) -> impl Strategy<Value = Vec<Event>> {
        let event = prop_oneof![
            (0..firms).prop_map(Event::Joins),
            (0..firms).prop_map(Event::Verified),
            // The attacker sets its own figure more often than anything else.
            (0..firms, round_price()).prop_map(|(i, d)| Event::Edits(i, d)),
            round_price().prop_map(|d| Event::Edits(ATTACKER, d)),
            round_price().prop_map(|d| Event::Edits(ATTACKER, d)),
            (0..firms).prop_map(Event::Withdraws),
            (0..firms).prop_map(Event::SharesAgain),
            Just(Event::NextMonth),
        ];
        prop::collection::vec(event, 0..60)
    }

    /// The firms, the events, and the target's prices: a band and two picks within it each.
    type WorldCase = (Vec<Firm>, Vec<Event>, Vec<(u8, u64, u64)>);

    /// A world: the target (not yet in: it joins, is verified and shares by events, or starts in
    /// any state), the attacker's firm (listed, verified, sharing), 3 to 40 other firms in any
    /// state (enough, often, for bands to pass the rule of 7 and 7); the events; the target's
    /// prices by band and, for each, two picks within the band.
    fn worlds() -> impl Strategy<Value = WorldCase> {
        (3usize..40, firm(), firm()).prop_flat_map(|(others, target, attacker)| {
            let firms = others + 2;
            (
                prop::collection::vec(firm(), others).prop_map(move |rest| {
                    let mut all = vec![target.clone(), attacker.clone()];
                    all[ATTACKER].listed = true;
                    all[ATTACKER].verified = true;
                    all[ATTACKER].shares = true;
                    all.extend(rest);
                    all
                }),
                events(firms),
                prop::collection::vec((0u8..=12, any::<u64>(), any::<u64>()), 1..5),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// The differencing property of issue 44, exactly: take any firms (sizes, round prices in
        /// whole $10, verified or not, sharing or not), an attacker that owns one sharing firm and
        /// sets its figure at will, and any sequence of months and events: the target firm joins,
        /// is verified, edits its price, withdraws or shares again, and so may every other firm.
        /// The attacker reads the answer at the start and after every single event. Then the
        /// whole sequence of answers is *identical* whichever round prices the target had, as
        /// long as each is in the same band of the ladder as the real one. So no sequence of
        /// answers tells the target's price apart from any other price of its band: nothing finer
        /// than the band is ever revealed, and no answer holds a point price, a lowest or a
        /// highest. Along the way: within a month a join, a verification or an edit changes no
        /// answer; a withdrawal of a counted firm withholds the vendor's figures at once; a figure
        /// comes only from 5 firms or more.
        ///
        /// What it does not claim: that the band itself stays hidden. That is the rule of 7 and
        /// 7, which `colluding_firms_never_see_a_band_of_only_the_five_lowest_or_highest` checks.
        #[test]
        fn no_sequence_of_answers_reveals_a_firms_price_within_its_band(
            (firms, events, prices) in worlds()
        ) {
            let real: Vec<u64> = prices.iter().map(|(b, pick, _)| round_in(*b, *pick)).collect();
            let other: Vec<u64> = prices.iter().map(|(b, _, pick)| round_in(*b, *pick)).collect();
            prop_assert_eq!(run(&firms, &events, &real), run(&firms, &events, &other));
        }
    }

    /// The check has teeth: the answers of before issue 44 (the median, the lowest and the
    /// highest, recomputed on every request) tell $590 from $600, two prices of one band, after
    /// one verification, as the probe found (max 590 -> 610).
    #[test]
    fn the_old_answers_fail_the_same_comparison_and_the_new_ones_pass() {
        let old = |prices: &[u64]| {
            let mut sorted = prices.to_vec();
            sorted.sort_unstable();
            (
                sorted[sorted.len() / 2],
                sorted[0],
                sorted[sorted.len() - 1],
            )
        };
        let others = [100, 200, 300, 400, 500];
        let with = |target: u64| [&others[..], &[target]].concat();
        assert_eq!(prices::band_of(59_000), prices::band_of(60_000));
        assert_ne!(
            old(&with(590)),
            old(&with(600)),
            "the old rule singles the firm out"
        );

        let firm = |dollars| Firm {
            size: FirmSize::E6To20,
            dollars,
            listed: true,
            verified: true,
            shares: true,
        };
        // The attacker and six more at $15, seven at $3,000: with the target, its band is the
        // median's, 7 below and 7 above.
        let mut firms = vec![firm(0), firm(15)];
        firms[TARGET].verified = false;
        firms.extend([15; 6].map(firm));
        firms.extend([3_000; 7].map(firm));
        let events = [
            Event::Verified(TARGET),
            Event::NextMonth,
            Event::Withdraws(TARGET),
        ];
        let a = run(&firms, &events, &[590]);
        assert_eq!(a, run(&firms, &events, &[600]));
        // The target's verification shows only the next month, and its withdrawal hides it then.
        assert_eq!(a[0], a[1]);
        assert_eq!(
            a[1].overall.median, None,
            "14 firms, 7 in one band, 7 in another"
        );
        assert_eq!(a[2].overall.median.as_ref().unwrap().text, "$500 – $1,000");
        assert!(a[3].withheld);
        // ...but a price in another band is told apart: the check can fail.
        assert_ne!(a, run(&firms, &events, &[50]));
    }

    /// One month's moves of the two colluding firms: each shares at a size and a cost per seat
    /// (cents) of its choosing, or not at all.
    type Moves = [Option<(FirmSize, u64)>; 2];

    /// How a month's row is drawn from the firms that share: `entry_of`, or a rule to compare.
    type Rule = fn(&str, &[(u64, Shared)]) -> Option<Entry>;

    /// The bands (ladder indexes) an observer firm is shown over the months: each month the row
    /// is drawn from the honest firms (ids 10 on) and the colluders' moves (ids 0 and 1), and the
    /// observer reads it; then the colluders that will change stop sharing, and it reads again.
    fn shown_over_months(honest: &[Shared], months: &[Moves], rule: Rule) -> BTreeSet<u8> {
        let mut shown = BTreeSet::new();
        for (n, moves) in months.iter().enumerate() {
            let mut shared: Vec<(u64, Shared)> = honest
                .iter()
                .enumerate()
                .map(|(i, s)| (10 + i as u64, *s))
                .collect();
            for (id, m) in moves.iter().enumerate() {
                if let Some((size, cents_per_seat)) = m {
                    let s = Shared {
                        size: *size,
                        cents_per_seat: *cents_per_seat,
                    };
                    shared.push((id as u64, s));
                }
            }
            let month = nth_month(n as u32);
            let entry = rule(&month, &shared);
            let mut sharing: BTreeSet<u64> = shared.iter().map(|(id, _)| *id).collect();
            let next = months.get(n + 1);
            let mut answers = vec![prices::publish(standing(entry.as_ref(), &sharing), &month)];
            for id in 0..2u64 {
                if next.is_some_and(|m| m[id as usize] != moves[id as usize]) {
                    sharing.remove(&id);
                }
            }
            answers.push(prices::publish(standing(entry.as_ref(), &sharing), &month));
            for answer in &answers {
                let figures = std::iter::once(&answer.overall)
                    .chain(answer.by_size.iter().map(|g| &g.figure));
                for f in figures {
                    for band in [&f.lower_quartile, &f.median, &f.upper_quartile]
                        .into_iter()
                        .flatten()
                    {
                        shown.insert(prices::band_of(band.from * 100));
                    }
                }
            }
        }
        shown
    }

    /// The bands whose honest holders are all among the 5 lowest, or all among the 5 highest,
    /// honest firms.
    fn held_only_by_an_end(honest: &[Shared]) -> BTreeSet<u8> {
        let mut bands: Vec<u8> = honest
            .iter()
            .map(|s| prices::band_of(s.cents_per_seat))
            .collect();
        bands.sort_unstable();
        let n = bands.len();
        let only_within = |band: u8, ends: std::ops::Range<usize>| {
            (0..n).all(|i| bands[i] != band || ends.contains(&i))
        };
        bands
            .iter()
            .copied()
            .filter(|b| only_within(*b, 0..5) || only_within(*b, n - 5..n))
            .collect()
    }

    /// Ranks alone, as before issue 76: the band at each rank from 5 firms up, overall only.
    fn ranks_only(month: &str, shared: &[(u64, Shared)]) -> Option<Entry> {
        let mut cents: Vec<u64> = shared.iter().map(|(_, s)| s.cents_per_seat).collect();
        cents.sort_unstable();
        let n = cents.len();
        let at = |num, den| Some(prices::band_of(cents[prices::rank(n, num, den) - 1]));
        let overall = prices::Drawn {
            firms: n as u32,
            bands: [at(1, 4), at(1, 2), at(3, 4)],
        };
        (n >= 5).then(|| Entry {
            month: month.to_string(),
            firms: shared.iter().map(|(id, _)| *id).collect(),
            pay: DrawnPay {
                overall,
                groups: Vec::new(),
            },
        })
    }

    /// A cost per seat in cents, often at the ends of the ladder and on its edges.
    fn cents() -> impl Strategy<Value = u64> {
        prop_oneof![
            Just(0u64),
            Just(100),
            Just(9_000_000),
            Just(u64::from(u32::MAX)),
            round_price().prop_map(|d| d * 100),
            round_price().prop_map(|d| (d * 100).saturating_sub(1)),
            0u64..10_000_000,
        ]
    }

    fn moves() -> impl Strategy<Value = Moves> {
        let one = || prop::option::weighted(0.9, (sizes(), cents()));
        [one(), one()]
    }

    fn honest_firms() -> impl Strategy<Value = Vec<Shared>> {
        prop::collection::vec(
            (sizes(), cents()).prop_map(|(size, cents_per_seat)| Shared {
                size,
                cents_per_seat,
            }),
            10..40,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Issue 76's threat: honest firms (10 or more, any sizes, any prices) that stay, two
        /// colluding verified firms that choose their size and price, or stop sharing, at will
        /// every month for 24 months, and a third firm that reads the figures every month (and
        /// again after each withdrawal). Whatever the two do, the union of every band the reader
        /// is shown, overall and by size, holds no band held only by the 5 lowest honest firms or
        /// only by the 5 highest: the rule of 7 and 7 keeps 5 honest firms below and above each.
        #[test]
        fn colluding_firms_never_see_a_band_of_only_the_five_lowest_or_highest(
            honest in honest_firms(),
            months in prop::collection::vec(moves(), 24),
        ) {
            let shown = shown_over_months(&honest, &months, entry_of);
            let leaked: Vec<u8> = shown.intersection(&held_only_by_an_end(&honest)).copied().collect();
            prop_assert!(leaked.is_empty(), "bands {:?} of the ends shown: {:?}", leaked, shown);
        }
    }

    /// The check has teeth: ranks alone, the rule before issue 76, show the colluders bands held
    /// only by the lowest honest firms (both at $1, the quartiles move down onto them) and by the
    /// highest (both at $90,000, they move up); the rule of 7 and 7 shows none of them, and still
    /// shows the middle when the firms are many enough.
    #[test]
    fn ranks_alone_fail_the_colluders_check_and_the_rule_passes_it() {
        let honest: Vec<Shared> = (1..=12u8)
            .map(|band| Shared {
                size: FirmSize::E6To20,
                cents_per_seat: prices::band(band).from * 100,
            })
            .collect();
        let at = |cents| Some((FirmSize::E6To20, cents));
        let months = [[at(100), at(100)], [at(9_000_000), at(9_000_000)]];
        let ends = held_only_by_an_end(&honest);
        assert_eq!(ends, [1, 2, 3, 4, 5, 8, 9, 10, 11, 12].into());
        let old = shown_over_months(&honest, &months, ranks_only);
        let old_leaks: BTreeSet<u8> = old.intersection(&ends).copied().collect();
        assert_eq!(old_leaks, [2, 4, 5, 9, 11].into(), "{old:?}");
        let new = shown_over_months(&honest, &months, entry_of);
        assert!(new.is_disjoint(&ends), "{new:?}");
        // 20 honest firms in 7 | 6 | 7: the middle band is shown whatever the two do.
        let many: Vec<Shared> = [(1u8, 7), (6, 6), (11, 7)]
            .iter()
            .flat_map(|(band, n)| {
                vec![
                    Shared {
                        size: FirmSize::E6To20,
                        cents_per_seat: prices::band(*band).from * 100,
                    };
                    *n
                ]
            })
            .collect();
        assert_eq!(shown_over_months(&many, &months, entry_of), [6].into());
    }

    /// A data file of schema 14 (the snapshot in the settings, in bincode) of the daily
    /// snapshots before issue 76: a head of a day and a vendor row of the old shape. The head is
    /// no month, so schema 15 leaves them behind and the first read draws this month's rather
    /// than failing on the old row or keeping the day's figures until the next month.
    #[test]
    fn a_daily_snapshot_left_by_an_older_version_is_replaced_by_this_months() {
        use crate::platform::store::{META, SETTINGS, codec};
        #[derive(Serialize)]
        struct OldHead {
            day: String,
            computed_at: i64,
        }
        #[derive(Serialize)]
        struct OldDrawn {
            firms: u32,
            bands: Option<[u8; 3]>,
        }
        #[derive(Serialize)]
        struct OldEntry {
            day: String,
            firms: Vec<u64>,
            pay: (OldDrawn, Vec<(u8, u8, OldDrawn)>),
        }
        let dir = tempfile::tempdir().unwrap();
        let today = crate::platform::clock::today();
        {
            let store = crate::platform::store::open_file(dir.path()).unwrap();
            crate::catalog::seed(&store).unwrap();
            let db = store.file().unwrap();
            let txn = db.write().unwrap();
            {
                let mut table = txn.open_table(SETTINGS).unwrap();
                let day = today.to_string();
                let head = OldHead {
                    day: day.clone(),
                    computed_at: 1,
                };
                let drawn = || OldDrawn {
                    firms: 5,
                    bands: Some([1, 2, 3]),
                };
                let row = OldEntry {
                    day,
                    firms: vec![1, 2, 3, 4, 5],
                    pay: (drawn(), vec![(0, 5, drawn())]),
                };
                table
                    .insert("what_firms_pay", codec::encode(&head).as_slice())
                    .unwrap();
                table
                    .insert("what_firms_pay/7", codec::encode(&row).as_slice())
                    .unwrap();
                txn.open_table(META)
                    .unwrap()
                    .insert("schema_version", 14)
                    .unwrap();
            }
            txn.commit().unwrap();
        }
        let store = crate::platform::store::open_file(dir.path()).unwrap();
        let catalog = Catalog::load(&store).unwrap();
        assert_eq!(head(&store).unwrap(), None, "a day is no month");
        let pay = what_firms_pay(&store, &catalog, 7).unwrap();
        assert_eq!(pay.as_of, month_key(today));
        assert_eq!(pay.overall.text, "fewer than 5 firms shared");
        assert_eq!(head(&store).unwrap().unwrap().month, month_key(today));
        assert!(
            !take(&store, &catalog, today).unwrap(),
            "the month is drawn once"
        );
        let txn = store.file().unwrap().read().unwrap();
        let settings = txn.open_table(SETTINGS).unwrap();
        assert!(settings.get("what_firms_pay").unwrap().is_none());
        assert!(settings.get("what_firms_pay/7").unwrap().is_none());
    }
}
