//! The aggregate behind the peer figures: per firm, how many of its accounts back each part of
//! its stack and outcomes (so an account's change is a subtraction and an addition), and per firm
//! size, the totals every figure reads. A firm's contribution to its size's totals is its `Shape`:
//! its size by majority and the union of its accounts' answers; a write takes the affected firms'
//! shapes out, changes their accounts, and puts the new shapes in, at a cost bounded by the size
//! of those firms, never by the number of accounts.
//!
//! Readers take a read lock for the microseconds a figure needs; a refresh reads the account's
//! rows outside it (refreshes take turns, so the last one always reads the latest commit).

use crate::platform::firm_id::FirmId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use crate::catalog::{Catalog, SharedCatalog};
use crate::platform::error::Result;
use crate::platform::firm_size::FirmSize;
use crate::platform::store::Store;

use super::figures::Figures;
use super::{Member, OutcomesOf, majority_size};

/// The peer figures of every firm, kept current on write. Built empty; `reload` fills it.
#[derive(Default)]
pub struct PeerFigures {
    state: RwLock<Option<Aggregate>>,
    /// Refreshes take turns: each reads storage after the one before has applied, so the last to
    /// run has seen every commit before it.
    refreshing: Mutex<()>,
}

impl PeerFigures {
    /// Builds the aggregate from every account's rows: at start, and when a hub node missed part
    /// of the change log. The only whole-table read; held under the lock so that no refresh is
    /// lost in between.
    pub fn reload(
        &self,
        store: &Store,
        catalog: &SharedCatalog,
        outcomes: OutcomesOf,
    ) -> Result<()> {
        let _turn = self
            .refreshing
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        // Only verified firms are evidence for other firms.
        let firms: Vec<_> = crate::accounts::all_firms(store)?
            .into_iter()
            .filter(|f| f.verified)
            .collect();
        let mut answers: HashMap<u64, Vec<_>> = HashMap::new();
        for ((user_id, category_id), adoption) in crate::techstack::storage::load_all(store)? {
            answers
                .entry(user_id)
                .or_default()
                .push((category_id, adoption));
        }
        let mut entries: HashMap<u64, Vec<_>> = HashMap::new();
        for ((user_id, vendor_id), outcome) in (outcomes.all)(store)? {
            entries
                .entry(user_id)
                .or_default()
                .push((vendor_id, outcome));
        }
        let members = firms.iter().map(|firm| {
            let mine = answers.remove(&firm.id.get()).unwrap_or_default();
            let outcomes = entries.remove(&firm.id.get()).unwrap_or_default();
            (firm.id.get(), Member::new(firm, mine, &outcomes))
        });
        let aggregate = Aggregate::build(catalog.load_full(), members);
        *self.state.write().unwrap_or_else(PoisonError::into_inner) = Some(aggregate);
        Ok(())
    }

    /// Re-reads `firm_id`'s rows and recomputes it (and the size group it left, if it moved).
    pub fn refresh(&self, store: &Store, outcomes: OutcomesOf, firm_id: FirmId) -> Result<()> {
        let _turn = self
            .refreshing
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let member = Member::read(store, outcomes, firm_id)?;
        let mut state = self.state.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(aggregate) = state.as_mut() {
            aggregate.set(firm_id.get(), member);
        }
        Ok(())
    }

    /// Runs `f` over the figures, as of `catalog` now: after a catalog change (a vendor moved
    /// category) every firm is recounted from the accounts in memory first.
    pub fn read<T>(&self, catalog: &SharedCatalog, f: impl FnOnce(&Figures) -> T) -> T {
        let catalog = catalog.load_full();
        {
            let state = self.state.read().unwrap_or_else(PoisonError::into_inner);
            if let Some(aggregate) = state.as_ref().filter(|a| Arc::ptr_eq(&a.catalog, &catalog)) {
                return f(&Figures::new(aggregate));
            }
        }
        let mut state = self.state.write().unwrap_or_else(PoisonError::into_inner);
        let aggregate = match state.take() {
            Some(old) if Arc::ptr_eq(&old.catalog, &catalog) => old,
            Some(old) => {
                Aggregate::build(catalog, old.members.into_iter().map(|(id, m)| (id, m.0)))
            }
            None => Aggregate::build(catalog, std::iter::empty()),
        };
        let out = f(&Figures::new(&aggregate));
        *state = Some(aggregate);
        out
    }
}

/// What one account adds, checked against the catalog: sorted, without repeats.
#[derive(Debug, Clone, Default, PartialEq)]
struct Contribution {
    answered: Vec<u64>,
    with_tool: Vec<u64>,
    vendors: Vec<u64>,
}

impl Contribution {
    fn of(member: &Member, catalog: &Catalog) -> Contribution {
        let mut c = Contribution::default();
        for (category_id, adoption) in &member.answers {
            let adoption = adoption.clone().against(catalog, *category_id);
            c.answered.push(*category_id);
            if adoption.has_tool {
                c.with_tool.push(*category_id);
                c.vendors.extend(adoption.vendor_ids);
            }
        }
        for list in [&mut c.answered, &mut c.with_tool, &mut c.vendors] {
            list.sort_unstable();
            list.dedup();
        }
        c
    }
}

/// One firm: how many of its accounts back each part.
#[derive(Debug, Default)]
struct FirmState {
    accounts: u32,
    votes: [u32; FirmSize::ALL.len()],
    answered: HashMap<u64, u32>,
    with_tool: HashMap<u64, u32>,
    vendors: HashMap<u64, u32>,
    held: HashMap<u64, u32>,
    chose: HashMap<u64, u32>,
}

/// A firm as the figures count it: its size by majority and the union of its accounts' parts.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Shape {
    pub size: Option<FirmSize>,
    pub answered: Vec<u64>,
    pub with_tool: Vec<u64>,
    pub vendors: Vec<u64>,
    pub held: Vec<u64>,
    pub chose: Vec<u64>,
}

impl FirmState {
    fn add(&mut self, member: &Member, c: &Contribution, delta: i32) {
        self.accounts = self.accounts.saturating_add_signed(delta);
        if let Some(size) = member.size {
            let v = &mut self.votes[size.index()];
            *v = v.saturating_add_signed(delta);
        }
        let parts = [
            (&mut self.answered, &c.answered),
            (&mut self.with_tool, &c.with_tool),
            (&mut self.vendors, &c.vendors),
        ];
        for (counts, ids) in parts {
            for id in ids {
                bump(counts, *id, delta);
            }
        }
        // Each vendor once per account, as the union counts it.
        let mut held = member.held.clone();
        held.sort_unstable();
        held.dedup();
        let mut chose = member.chose.clone();
        chose.sort_unstable();
        chose.dedup();
        for id in held {
            bump(&mut self.held, id, delta);
        }
        for id in chose {
            bump(&mut self.chose, id, delta);
        }
    }

    fn shape(&self) -> Shape {
        let keys = |m: &HashMap<u64, u32>| {
            let mut k: Vec<u64> = m.keys().copied().collect();
            k.sort_unstable();
            k
        };
        Shape {
            size: majority_size(&self.votes),
            answered: keys(&self.answered),
            with_tool: keys(&self.with_tool),
            vendors: keys(&self.vendors),
            held: keys(&self.held),
            chose: keys(&self.chose),
        }
    }
}

/// Adds `delta` to a count, dropping it at zero so that a key present means "at least one".
fn bump(counts: &mut HashMap<u64, u32>, id: u64, delta: i32) {
    let n = counts.entry(id).or_insert(0);
    *n = n.saturating_add_signed(delta);
    if *n == 0 {
        counts.remove(&id);
    }
}

/// Per firm size, the totals the figures read.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct SizeTotals {
    /// Firms using each catalog vendor.
    pub vendor_firms: HashMap<u64, u32>,
    /// Firms that answered at least one category.
    pub answering: u32,
    /// Firms that answered each category, and that have a tool in it.
    pub answered: HashMap<u64, u32>,
    pub with_tool: HashMap<u64, u32>,
    /// Firms that answered every stage, by how many stages they have a tool for (index 0 to the
    /// number of stages).
    pub stages_covered: Vec<u32>,
    /// Firms that had a demo of each vendor, and that chose it.
    pub held: HashMap<u64, u32>,
    pub chose: HashMap<u64, u32>,
}

pub(super) struct Aggregate {
    pub catalog: Arc<Catalog>,
    /// The catalog's stage categories: a firm that answered all of them has a stage coverage.
    pub stage_ids: Vec<u64>,
    /// Every account, with what it added as last counted.
    members: HashMap<u64, (Member, Contribution)>,
    firms: HashMap<String, FirmState>,
    pub sizes: [SizeTotals; FirmSize::ALL.len()],
}

impl Aggregate {
    pub fn build(catalog: Arc<Catalog>, members: impl Iterator<Item = (u64, Member)>) -> Aggregate {
        let stage_ids: Vec<u64> = catalog.stages().iter().map(|c| c.id).collect();
        let totals = SizeTotals {
            stages_covered: vec![0; stage_ids.len() + 1],
            ..SizeTotals::default()
        };
        let mut aggregate = Aggregate {
            catalog,
            stage_ids,
            members: HashMap::new(),
            firms: HashMap::new(),
            sizes: std::array::from_fn(|_| totals.clone()),
        };
        for (user_id, member) in members {
            let c = Contribution::of(&member, &aggregate.catalog);
            aggregate
                .firms
                .entry(member.firm.clone())
                .or_default()
                .add(&member, &c, 1);
            aggregate.members.insert(user_id, (member, c));
        }
        let shapes: Vec<Shape> = aggregate.firms.values().map(FirmState::shape).collect();
        for shape in &shapes {
            aggregate.count(shape, 1);
        }
        aggregate
    }

    /// The firm `user_id` belongs to, as counted.
    pub fn firm_of(&self, user_id: u64) -> Option<Shape> {
        let (member, _) = self.members.get(&user_id)?;
        self.firms.get(&member.firm).map(FirmState::shape)
    }

    /// Replaces what `user_id` adds (`None`: the account is gone).
    pub fn set(&mut self, user_id: u64, member: Option<Member>) {
        let mut keys: Vec<String> = Vec::new();
        if let Some((old, _)) = self.members.get(&user_id) {
            keys.push(old.firm.clone());
        }
        if let Some(new) = &member
            && !keys.contains(&new.firm)
        {
            keys.push(new.firm.clone());
        }
        for key in &keys {
            if let Some(shape) = self.firms.get(key).map(FirmState::shape) {
                self.count(&shape, -1);
            }
        }
        if let Some((old, c)) = self.members.remove(&user_id)
            && let Some(firm) = self.firms.get_mut(&old.firm)
        {
            firm.add(&old, &c, -1);
            if firm.accounts == 0 {
                self.firms.remove(&old.firm);
            }
        }
        if let Some(new) = member {
            let c = Contribution::of(&new, &self.catalog);
            self.firms
                .entry(new.firm.clone())
                .or_default()
                .add(&new, &c, 1);
            self.members.insert(user_id, (new, c));
        }
        for key in &keys {
            if let Some(shape) = self.firms.get(key).map(FirmState::shape) {
                self.count(&shape, 1);
            }
        }
    }

    /// Adds a firm's shape to (1) or takes it from (-1) its size's totals.
    fn count(&mut self, shape: &Shape, delta: i32) {
        let Some(size) = shape.size else { return };
        let covered = self.stages_covered(shape);
        let totals = &mut self.sizes[size.index()];
        for &v in &shape.vendors {
            bump(&mut totals.vendor_firms, v, delta);
        }
        if !shape.answered.is_empty() {
            totals.answering = totals.answering.saturating_add_signed(delta);
            for &c in &shape.answered {
                bump(&mut totals.answered, c, delta);
            }
            for &c in &shape.with_tool {
                bump(&mut totals.with_tool, c, delta);
            }
            if let Some(covered) = covered {
                let n = &mut totals.stages_covered[covered];
                *n = n.saturating_add_signed(delta);
            }
        }
        for &v in &shape.held {
            bump(&mut totals.held, v, delta);
        }
        for &v in &shape.chose {
            bump(&mut totals.chose, v, delta);
        }
    }

    /// How many stages the firm has a tool for, when it answered every stage.
    pub fn stages_covered(&self, shape: &Shape) -> Option<usize> {
        let answered_all = self
            .stage_ids
            .iter()
            .all(|id| shape.answered.binary_search(id).is_ok());
        answered_all.then(|| {
            self.stage_ids
                .iter()
                .filter(|id| shape.with_tool.binary_search(id).is_ok())
                .count()
        })
    }
}
