//! Hub mode: keeping this node's memory (the session cache, the catalog, the bookings index, the
//! peer figures) in step with what every other node on the same PostgreSQL database writes.
//!
//! Writers record each change in the change log and notify, in their own transaction
//! (`store::postgres::changes`). A listener task (`store::change_log::listen`) holds a dedicated
//! connection that waits for those notifications, and a plain thread here applies the log: at
//! every notification and at least every `POLL`, so a lost notification or a dropped listener
//! costs at most `POLL`, never a stale answer for good. The thread stops within `POLL` once every holder of the node's state is gone (a test's
//! node dropped).

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Weak, mpsc};
use std::time::{Duration, Instant};

use crate::accounts::AccountsState;
use crate::bookings::BookingsState;
use crate::peers::Peers;
use crate::platform::store::change_log::{self, Change};

/// The longest a change waits to be applied when its notification is lost.
pub const POLL: Duration = Duration::from_secs(1);
/// How often a node drops change-log rows every node has long since seen.
const PRUNE_EVERY: Duration = Duration::from_secs(3600);
/// Changes applied per round; more just take more rounds.
const BATCH: i64 = 10_000;

/// This node's place in the change log.
pub struct Hub {
    /// Names this node's listener connection (`application_name` in `pg_stat_activity`).
    pub node: String,
    /// The newest change id this node has applied: its memory reflects every change up to it.
    applied: AtomicI64,
    /// Whether the listener connection is up (for the operator's log, and tests).
    listening: AtomicBool,
}

impl Hub {
    pub fn new(applied: i64) -> Hub {
        let mut id = [0u8; 4];
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut id);
        Hub {
            node: format!(
                "{}{}",
                crate::platform::store::postgres::schema::NODE_PREFIX,
                hex::encode(id)
            ),
            applied: AtomicI64::new(applied),
            listening: AtomicBool::new(false),
        }
    }

    pub fn applied(&self) -> i64 {
        self.applied.load(Ordering::SeqCst)
    }

    pub fn listening(&self) -> bool {
        self.listening.load(Ordering::SeqCst)
    }
}

/// What a node keeps in step: its place in the log, the accounts (their session cache), the
/// catalog and bookings indexes, and the peer figures.
pub struct Node {
    pub hub: Arc<Hub>,
    pub accounts: AccountsState,
    pub bookings: BookingsState,
    pub peers: Peers,
}

impl Node {
    /// Whether the app's state is gone but for this node's own hold on it: the node is shutting
    /// down (and the runtime its store drives sqlx in may be with it).
    fn orphaned(&self) -> bool {
        Arc::strong_count(&self.hub) == 1
    }
}

/// Starts the listener and the applying thread of a node in hub mode.
pub fn start(node: Node) -> anyhow::Result<()> {
    let (wake, woken) = mpsc::channel::<()>();
    let weak: Weak<Hub> = Arc::downgrade(&node.hub);
    change_log::listen(
        &node.accounts.store,
        node.hub.node.clone(),
        wake,
        move |up| {
            if let Some(hub) = weak.upgrade() {
                hub.listening.store(up, Ordering::SeqCst);
            }
        },
    );
    std::thread::Builder::new()
        .name("litstack-hub".into())
        .spawn(move || apply_loop(&node, &woken))?;
    Ok(())
}

fn apply_loop(node: &Node, woken: &mpsc::Receiver<()>) {
    let mut pruned = Instant::now();
    loop {
        match woken.recv_timeout(POLL) {
            Ok(()) | Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                // The listener ended (the node is shutting down); keep polling while the app lives.
                std::thread::sleep(POLL);
            }
        }
        while woken.try_recv().is_ok() {}
        if node.orphaned() {
            return;
        }
        if let Err(e) = catch_up(node) {
            // Dropped by every other holder meanwhile: nothing to retry.
            if node.orphaned() {
                return;
            }
            tracing::warn!(error = %e, "hub: could not apply the change log; retrying");
        }
        if pruned.elapsed() >= PRUNE_EVERY {
            pruned = Instant::now();
            if let Err(e) = change_log::prune(&node.accounts.store) {
                tracing::warn!(error = %e, "hub: could not prune the change log");
            }
        }
    }
}

/// Applies every change after this node's watermark. Several catalog or bookings changes in one
/// round cost one reload each.
pub fn catch_up(node: &Node) -> anyhow::Result<()> {
    let (hub, accounts) = (&node.hub, &node.accounts);
    let store = &accounts.store;
    loop {
        let after = hub.applied();
        let found = change_log::since(store, after, BATCH)?;
        let Some(&(newest, _)) = found.last() else {
            return Ok(());
        };
        // The log was pruned past this node's watermark (it was away for a day): reload all.
        let missed = after > 0 && found[0].0 > after + 1 && change_log::oldest(store)? > after + 1;
        let (mut catalog, mut bookings, mut all_peers) = (missed, missed, missed);
        if missed {
            accounts.sessions.forget_all();
        }
        // Firms whose peer figures may have moved: each is recounted once per round.
        let mut peers = std::collections::BTreeSet::new();
        for (_, change) in &found {
            match change {
                Some(Change::User { user_id }) => {
                    accounts.sessions.forget_user(*user_id, None);
                    // A firm's record change comes as one `User` per member.
                    if let Some(user) = accounts.load_user(*user_id)? {
                        peers.insert(user.firm.id);
                    }
                }
                Some(Change::Catalog) => catalog = true,
                Some(Change::Bookings { .. }) => bookings = true,
                Some(Change::Peers { firm_id }) => {
                    peers.insert(*firm_id);
                }
                // A kind from a newer binary: reload what could be stale.
                None => (catalog, bookings, all_peers) = (true, true, true),
            }
        }
        if catalog {
            // The peer figures recount themselves against the new catalog when next read.
            crate::catalog::reload(store, &node.bookings.catalog)?;
        }
        if bookings {
            crate::bookings::catch_up(&node.bookings)?;
        }
        if all_peers {
            node.peers.reload()?;
        } else {
            for firm_id in peers {
                node.peers.refresh(firm_id)?;
            }
        }
        hub.applied.store(newest, Ordering::SeqCst);
        if found.len() < BATCH as usize {
            return Ok(());
        }
    }
}
