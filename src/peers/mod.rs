//! What other firms use and did: the evidence behind "used by N firms of your size", the coverage
//! shares and the demo-outcome tallies. Only real accounts' answers exist here (there is no sample
//! tech-stack data), and every count about other firms is shown through `shown`, the one privacy
//! rule: from `MIN_FIRMS` up as it is, 0 to 4 as "fewer than 5".
//!
//! A firm is the firm entity (`crate::platform::caller::Firm`): its tech stack, shortlist and outcomes are keyed
//! by its id, and only verified firms count, so sign-ups typing a firm's name can neither join
//! its count nor move another firm's across the threshold. `Member` is what one firm adds, read
//! from its own rows only. (The aggregate can combine several members under one key, with the
//! size most of them give, `majority_size`; since firms are entities each key has one.)
//!
//! The figures come from `PeerFigures`, an aggregate built once at start and kept current on
//! every write that changes what an account adds (`Peers::changed`, which the accounts, the tech
//! stack and the shortlist reach through the `FirmChanged` hook the app gives them: a tech-stack
//! save, a demo outcome, a new account, a change of firm name or size), by recomputing that
//! account's firm only. So a
//! request costs the same with ten firms or ten thousand. In hub mode each node's aggregate
//! follows the change log (`Change::Peers`, `Change::User`; see hub.rs). The screens that show
//! the figures with the firm's own data are here too: the coverage map (`coverage`) and the
//! demo-outcome disclosure (`disclosure`, `outcomes`).
//!
//! The demo outcomes are the firms' shortlist answers; `shortlist/` sits above `peers/` (it shows
//! the recommendations), so the figures read them through `OutcomesOf`, which the app sets.

mod aggregate;
pub mod coverage;
pub mod disclosure;
mod figures;
pub mod model;
pub mod outcomes;
#[cfg(test)]
pub mod reference;
mod routes;
pub mod shown;
#[cfg(test)]
mod tests;

pub use aggregate::PeerFigures;
pub use disclosure::{ShownOutcome, Tally, shown_outcome};
pub use figures::{CoverageCounts, Figures};
pub use shown::{FEWER_THAN, MIN_FIRMS, ShownCount};

use std::sync::Arc;

use crate::catalog::SharedCatalog;
use crate::platform::caller::Firm;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::firm_size::FirmSize;
use crate::platform::store::Store;

use crate::techstack::model::Adoption;

/// The peer screens' routes (the coverage map): each one's path and method are in its handler's
/// `#[utoipa::path]`.
pub fn router<S>() -> utoipa_axum::router::OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Peers: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    utoipa_axum::router::OpenApiRouter::new().routes(utoipa_axum::routes!(routes::get_coverage))
}

/// A firm's size from its accounts' sizes (votes per `FirmSize::index`): the most given one, a tie
/// going to the first of the tied sizes in `FirmSize::ALL`'s order; none when no account gave one.
pub fn majority_size(votes: &[u32; FirmSize::ALL.len()]) -> Option<FirmSize> {
    FirmSize::ALL
        .iter()
        .rev()
        .max_by_key(|s| votes[s.index()])
        .filter(|s| votes[s.index()] > 0)
        .copied()
}

/// What one account adds to its firm's figures, read from its own rows only.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Member {
    /// The firm's id, as the aggregate's key.
    pub firm: String,
    pub size: Option<FirmSize>,
    /// The account's answered categories, as stored (checked against the catalog when counted).
    pub answers: Vec<(u64, Adoption)>,
    /// Vendors whose demo the account says was held.
    pub held: Vec<u64>,
    /// Of those, the vendors the account says it chose.
    pub chose: Vec<u64>,
}

impl Member {
    pub fn new(
        firm: &Firm,
        answers: Vec<(u64, Adoption)>,
        outcomes: &[(u64, DemoOutcome)],
    ) -> Member {
        let held: Vec<(u64, bool)> = outcomes
            .iter()
            .filter(|(_, o)| o.demo_held == Some(true))
            .map(|(vendor_id, o)| (*vendor_id, o.chosen == Some(true)))
            .collect();
        Member {
            firm: firm.id.to_string(),
            size: firm.size,
            answers,
            held: held.iter().map(|(v, _)| *v).collect(),
            chose: held.iter().filter(|(_, c)| *c).map(|(v, _)| *v).collect(),
        }
    }

    /// The firm's contribution as stored now; `None` when there is no such firm, or when it is
    /// not verified: only verified firms are evidence for other firms.
    pub fn read(store: &Store, outcomes: OutcomesOf, firm_id: FirmId) -> Result<Option<Member>> {
        let Some(firm) = crate::accounts::find_firm(store, firm_id.get())?.filter(|f| f.verified)
        else {
            return Ok(None);
        };
        let answers = crate::techstack::storage::load(store, firm_id)?;
        let outcomes = (outcomes.firm)(store, firm_id)?;
        Ok(Some(Member::new(&firm, answers, &outcomes)))
    }
}

/// What a firm's shortlist says of a vendor's demo: the part of the entry's outcome the figures
/// count (the shortlist keeps the satisfaction beside it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DemoOutcome {
    /// `None` until the firm answered.
    pub demo_held: Option<bool>,
    /// Only answered after the demo was held.
    pub chosen: Option<bool>,
}

/// How the figures read the demo outcomes firms note on their shortlists (set by the app:
/// `shortlist/` sits above `peers/`, so the figures are told how to read them, as the
/// recommendations are told how to read the rejected vendors).
#[derive(Clone, Copy)]
pub struct OutcomesOf {
    pub firm: ReadFirmOutcomes,
    pub all: ReadAllOutcomes,
}

/// One firm's outcomes, as (vendor id, outcome), one per shortlisted vendor.
type ReadFirmOutcomes = fn(&Store, FirmId) -> Result<Vec<(u64, DemoOutcome)>>;

/// Every firm's, as ((firm id, vendor id), outcome): only for building the figures at start.
type ReadAllOutcomes = fn(&Store) -> Result<Vec<((u64, u64), DemoOutcome)>>;

/// The peer figures with what they are read from: the store and the catalog. Cloned into each
/// domain state that reads or moves them.
#[derive(Clone)]
pub struct Peers {
    figures: Arc<PeerFigures>,
    store: Arc<Store>,
    catalog: SharedCatalog,
    outcomes: OutcomesOf,
}

impl Peers {
    /// Empty figures; `reload` fills them.
    pub fn new(store: Arc<Store>, catalog: SharedCatalog, outcomes: OutcomesOf) -> Peers {
        Peers {
            figures: Arc::default(),
            store,
            catalog,
            outcomes,
        }
    }

    /// Builds the figures from every firm's rows (at start, and when a hub node missed changes).
    pub fn reload(&self) -> Result<()> {
        self.figures
            .reload(&self.store, &self.catalog, self.outcomes)
    }

    /// Re-reads one firm's rows and recomputes it.
    pub fn refresh(&self, firm_id: FirmId) -> Result<()> {
        self.figures.refresh(&self.store, self.outcomes, firm_id)
    }

    /// Runs `f` over the figures, as of the catalog now.
    pub fn read<T>(&self, f: impl FnOnce(&Figures) -> T) -> T {
        self.figures.read(&self.catalog, f)
    }

    /// Brings the figures up to date after a committed write that changed what `firm_id` adds to
    /// them. A failed read is logged, not returned: the write itself succeeded, and the next
    /// change of that firm (or a restart) recomputes it.
    pub fn changed(&self, firm_id: FirmId) {
        if let Err(e) = self.refresh(firm_id) {
            tracing::warn!(error = %e, firm_id = firm_id.get(), "peer figures: could not recompute a firm");
        }
    }
}
