//! Hub mode: keeping this node's memory (the session cache, the catalog, the bookings index, the
//! peer figures) in step with what every other node on the same PostgreSQL database writes.
//!
//! Writers record each change in the change log and notify, in their own transaction
//! (`store::postgres::changes`). A listener task (`store::change_log::listen`) holds a dedicated
//! connection that waits for those notifications, and a plain thread here applies the log: at
//! every notification and at least every `POLL`, so a lost notification or a dropped listener
//! costs at most `POLL`, never a stale answer for good. The thread holds only a weak reference to the app, so a node that is dropped
//! (a test's) stops it within `POLL`.

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Weak, mpsc};
use std::time::{Duration, Instant};

use crate::state::App;
use crate::store::change_log::{self, Change};

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
            node: format!("litstack-listener-{}", hex::encode(id)),
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

/// Starts the listener and the applying thread of a node in hub mode.
pub fn start(app: &Arc<App>) -> anyhow::Result<()> {
    let Some(hub) = &app.hub else {
        return Ok(());
    };
    let (wake, woken) = mpsc::channel::<()>();
    let weak = Arc::downgrade(app);
    change_log::listen(&app.store, hub.node.clone(), wake, move |up| {
        if let Some(app) = weak.upgrade()
            && let Some(hub) = &app.hub
        {
            hub.listening.store(up, Ordering::SeqCst);
        }
    });
    let weak = Arc::downgrade(app);
    std::thread::Builder::new()
        .name("litstack-hub".into())
        .spawn(move || apply_loop(&weak, &woken))?;
    Ok(())
}

fn apply_loop(app: &Weak<App>, woken: &mpsc::Receiver<()>) {
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
        let Some(app) = app.upgrade() else { return };
        if let Err(e) = catch_up(&app) {
            tracing::warn!(error = %e, "hub: could not apply the change log; retrying");
        }
        if pruned.elapsed() >= PRUNE_EVERY && app.hub.is_some() {
            pruned = Instant::now();
            if let Err(e) = change_log::prune(&app.store) {
                tracing::warn!(error = %e, "hub: could not prune the change log");
            }
        }
    }
}

/// Applies every change after this node's watermark. Several catalog or bookings changes in one
/// round cost one reload each.
pub fn catch_up(app: &App) -> anyhow::Result<()> {
    let Some(hub) = &app.hub else {
        return Ok(());
    };
    loop {
        let after = hub.applied();
        let found = change_log::since(&app.store, after, BATCH)?;
        let Some(&(newest, _)) = found.last() else {
            return Ok(());
        };
        // The log was pruned past this node's watermark (it was away for a day): reload all.
        let missed =
            after > 0 && found[0].0 > after + 1 && change_log::oldest(&app.store)? > after + 1;
        let (mut catalog, mut bookings, mut all_peers) = (missed, missed, missed);
        if missed {
            app.sessions.forget_all();
        }
        // Firms whose peer figures may have moved: each is recounted once per round.
        let mut peers = std::collections::BTreeSet::new();
        for (_, change) in &found {
            match change {
                Some(Change::User { user_id }) => {
                    app.sessions.forget_user(*user_id, None);
                    // A firm's record change comes as one `User` per member.
                    if let Some(user) = app.load_user(*user_id)? {
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
            crate::catalog::reload(app)?;
        }
        if bookings {
            crate::bookings::catch_up(app)?;
        }
        if all_peers {
            app.peers.reload(app)?;
        } else {
            for firm_id in peers {
                app.peers.refresh(app, firm_id)?;
            }
        }
        hub.applied.store(newest, Ordering::SeqCst);
        if found.len() < BATCH as usize {
            return Ok(());
        }
    }
}
