//! Start-up: open the store, write what a first launch needs, and load the in-memory views.
//! The server, the command-line tools, the tests and the benches all start here.

use std::sync::Arc;

use arc_swap::ArcSwap;

use crate::app::AppState;
use crate::catalog::Catalog;
use crate::peers::Peers;
use crate::platform::config::Config;
use crate::platform::store::Store;

impl AppState {
    /// Opens the store, seeds what a first launch needs and loads the in-memory views; in hub mode
    /// the node then keeps them in step with the other nodes' writes (`hub::start`).
    pub fn open(config: Config) -> anyhow::Result<AppState> {
        Self::open_node(config, true)
    }

    /// `open` for a command-line tool, which runs once: in hub mode its memory is not kept in step
    /// with other nodes (no listener), so nothing of it outlives the command and its runtime.
    pub fn open_for_command(config: Config) -> anyhow::Result<AppState> {
        Self::open_node(config, false)
    }

    fn open_node(mut config: Config, in_step: bool) -> anyhow::Result<AppState> {
        let store = Store::open(&config, &crate::registry::seam_tables())?;
        // In hub mode the data directory holds only this node's bookings snapshot, in a folder
        // named for the database: a snapshot is keyed by the booking generation, which another
        // database may share. The change log's position is read before the views load, so what
        // commits meanwhile is replayed.
        let hub = match crate::platform::store::change_log::database_id(&store)? {
            Some(id) => {
                config.storage.data_dir = config.storage.data_dir.join(format!("hub-{id}"));
                crate::platform::store::private_dir(&config.storage.data_dir)?;
                Some(Arc::new(crate::hub::Hub::new(
                    crate::platform::store::change_log::latest(&store)?,
                )))
            }
            None => None,
        };
        crate::catalog::seed(&store)?;
        let catalog = Catalog::load(&store)?;
        let store = Arc::new(store);
        let bookings = crate::bookings::load(&store, &config.storage.data_dir)?;
        let catalog = Arc::new(ArcSwap::from_pointee(catalog));
        // The figures count the firms' demo outcomes, which the shortlist (above them) keeps.
        let outcomes = crate::peers::OutcomesOf {
            firm: crate::shortlist::demo_outcomes,
            all: crate::shortlist::all_demo_outcomes,
        };
        let peers = Peers::new(store.clone(), catalog.clone(), outcomes);
        let state = AppState {
            firm_changed: {
                let peers = peers.clone();
                crate::accounts::FirmChanged::new(move |firm| peers.changed(firm))
            },
            peers,
            store,
            config: Arc::new(config),
            catalog,
            sessions: Default::default(),
            limiter: Default::default(),
            hashing: Default::default(),
            setup_token: Default::default(),
            bookings: Arc::new(ArcSwap::new(bookings)),
            hub,
        };
        // Built from every account once; from here on each write recounts only its firm.
        state.peers.reload()?;
        if let Some(hub) = state.hub.clone().filter(|_| in_step) {
            crate::hub::start(crate::hub::Node {
                hub,
                accounts: state.accounts(),
                bookings: axum::extract::FromRef::from_ref(&state),
                peers: state.peers.clone(),
            })?;
        }
        // `--sign-up` given at start is the operator's choice now; without it the stored one stays.
        if let Some(mode) = state.config.sign_up {
            crate::accounts::settings::set_sign_up_mode(&state.accounts(), mode)
                .map_err(|e| anyhow::anyhow!("saving the sign-up mode: {e}"))?;
        }
        let released = crate::mail::storage::release_claims(&state.store)
            .map_err(|e| anyhow::anyhow!("reading the mail outbox: {e}"))?;
        if released > 0 {
            tracing::info!(target: "mail", released, "messages a stopped process was sending are due again");
        }
        // `--smtp-url` likewise: checked, then stored for every node.
        if let Some(flags) = &state.config.smtp() {
            let settings = crate::mail::MailSettings::from_flags(flags)
                .map_err(|e| anyhow::anyhow!("--smtp-url: {e}"))?;
            crate::mail::storage::set_settings(&state.store, Some(&settings))
                .map_err(|e| anyhow::anyhow!("saving the mail settings: {e}"))?;
        }
        if state.config.sample_data {
            crate::import::seed_sample(&axum::extract::FromRef::from_ref(&state))?;
        }
        Ok(state)
    }
}

/// When the server listens on a network address and no account exists yet, prints the one-time
/// token the first (admin) sign-up must present.
pub fn announce_setup_token(app: &AppState) -> anyhow::Result<()> {
    if let Some(token) = crate::accounts::require_setup_token_if_unclaimed(&app.accounts())? {
        println!(
            "First-time setup: Litstack serves a network address, so creating the first \
             (admin) account needs this one-time setup token: {token}"
        );
    }
    Ok(())
}
