//! Running the server: bind, announce the address, serve until Ctrl-C or SIGTERM.
//!
//! Connections are accepted here rather than by `axum::serve` so that slow clients cannot take
//! the server down: hyper closes a connection that has not sent a request's headers within
//! `HEADER_READ_TIMEOUT` (an idle keep-alive connection waiting for its next request included),
//! tower-http fails a request body that goes silent for `BODY_READ_TIMEOUT`, and `caps` refuses
//! connections beyond the caps overall and per client, which fit the open-file limit.

mod caps;

use std::sync::Arc;

use anyhow::Context;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tower::{Layer, ServiceExt};
use tower_http::timeout::RequestBodyTimeoutLayer;

use crate::{AppState, Config};
use caps::ConnectionCaps;

/// Files kept free of connections for the database, its snapshot, PostgreSQL and the logs.
const RESERVED_FILES: u64 = 128;

pub async fn serve(mut config: Config) -> anyhow::Result<()> {
    let addr = config.addr;
    let open_files = raise_open_file_limit();
    // Bound before the state opens: the links Litstack writes use the address really bound
    // (`Config::public_origin`), an ephemeral port's included.
    let listener = TcpListener::bind(addr).await.map_err(|e| match e.kind() {
        std::io::ErrorKind::AddrInUse => anyhow::anyhow!(
            "could not listen on {addr}: the address is already in use \
             (is another Litstack running? pick another with --addr)"
        ),
        _ => anyhow::anyhow!("could not listen on {addr}: {e}"),
    })?;
    let local = listener.local_addr().context("reading the bound address")?;
    config.addr = local;
    anyhow::ensure!(
        config.storage.database_url().is_none() || config.public_origin().is_some(),
        "a hub node listening on {local} needs --public-url (LITSTACK_PUBLIC_URL), the address \
         people open Litstack at: every node must write the same links into mail"
    );
    if config.public_origin().is_none() {
        tracing::warn!(%local, "no --public-url: mail that carries a link (invitations, reset \
            links, notices) is not sent until Litstack is started with the address people open");
    }
    let state = tokio::task::spawn_blocking(move || AppState::open(config)).await??;
    // Install the handlers before announcing the address, so a signal sent as soon as the
    // address is printed already shuts down gracefully.
    let shutdown = shutdown_signal()?;
    spawn_housekeeping(state.clone());
    crate::vendor_profile::price_snapshot::spawn(state.sub());
    crate::mail::sender::spawn(state.sub());
    crate::firms::deletion::spawn(state.sub());
    crate::admin::handover::spawn(state.sub());
    crate::shortlist::followup::spawn(state.sub(), state.config.public_origin());
    crate::techstack::reminders::spawn(state.sub(), state.config.public_origin()).await;
    if !local.ip().is_loopback() {
        let app = state.clone();
        tokio::task::spawn_blocking(move || crate::startup::announce_setup_token(&app)).await??;
    }
    println!("Litstack is serving at http://{local}");
    tracing::info!(%local, data_dir = %state.config.storage.data_dir.display(), "serving");
    let caps = Arc::new(ConnectionCaps::new(
        max_open(state.config.connections().max_open, open_files),
        state.config.connections().max_per_client,
        state.config.trusted_proxy,
    ));
    let limits = state.config.connections();
    let store = state.store.clone();
    let app = RequestBodyTimeoutLayer::new(limits.body_read_timeout).layer(crate::app(state));
    // HTTP/1 only, as before (HTTP/2 is not built in): the version sniffing of `auto` waits for
    // bytes with no timeout, the HTTP/1 header timeout runs from the connection's first moment.
    let mut http = auto::Builder::new(TokioExecutor::new()).http1_only();
    http.http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let admitted = match caps.admit(peer.ip()) {
            Ok(admitted) => admitted,
            Err(why) => {
                tracing::debug!(%peer, ?why, "connection refused");
                refuse(stream);
                continue;
            }
        };
        // The handlers and the client address (`ClientIp`) read the peer from `ConnectInfo`.
        let service = app
            .clone()
            .map_request(move |mut req: axum::http::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                req
            });
        let connection = http
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
            .into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(%peer, "connection ended: {e}");
            }
            drop(admitted);
        });
    }
    drop(listener);
    // Idle keep-alive connections close at once; requests in flight get `SHUTDOWN_GRACE` to
    // finish. An import still running then is abandoned: its transaction never commits, so the
    // file is imported whole or not at all, and a service manager's stop never hangs.
    tokio::select! {
        () = graceful.shutdown() => {},
        () = tokio::time::sleep(SHUTDOWN_GRACE) => tracing::warn!(
            grace = ?SHUTDOWN_GRACE,
            "requests still running after the shutdown grace period are abandoned \
             (an unfinished import is rolled back)"
        ),
    }
    // Closed here, not by whichever task drops the store last while the runtime shuts down: the
    // process waits at most 500 ms for that (`commands::run`), and a file left open is repaired
    // at the next start.
    tokio::task::spawn_blocking(move || store.close()).await?;
    tracing::info!("stopped");
    Ok(())
}

/// How long a shutdown waits for requests in flight (an import, typically) before it stops anyway.
pub const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// Raises the soft limit of open files to the hard limit, so connections, not a low default,
/// are what the caps bound. Returns the limit in force, if the platform has one.
fn raise_open_file_limit() -> Option<u64> {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => {
            tracing::info!(open_files = limit, "open-file limit");
            Some(limit)
        }
        Err(e) => {
            tracing::warn!("could not raise the open-file limit: {e}");
            None
        }
    }
}

/// The overall cap: as configured, lowered to leave `RESERVED_FILES` of the open-file limit.
fn max_open(configured: usize, open_files: Option<u64>) -> usize {
    let Some(limit) = open_files else {
        return configured;
    };
    let room = limit.saturating_sub(RESERVED_FILES).max(limit / 2).max(1);
    let room = usize::try_from(room).unwrap_or(usize::MAX);
    if configured > room {
        tracing::warn!(
            configured,
            open_files = limit,
            max_connections = room,
            "--max-connections lowered to fit the open-file limit"
        );
    }
    configured.min(room)
}

/// Answers a connection over a cap with a short 503 if its socket takes it at once, and closes
/// it: refusing costs one write and no task.
fn refuse(stream: TcpStream) {
    let _ = stream.try_write(caps::REFUSAL);
    drop(stream);
}

/// An error of one connection (reset before it was accepted) is ignored; running out of files or
/// memory is logged and waited out briefly, so the loop does not spin.
async fn accept_failed(e: std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset, Interrupted};
    if matches!(
        e.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset | Interrupted
    ) {
        return;
    }
    tracing::warn!("accepting a connection failed: {e}");
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
}

/// Expired rate-limit windows are dropped at start and every few minutes.
fn spawn_housekeeping(state: AppState) {
    let every = std::time::Duration::from_secs(300);
    let feed: crate::catalog_feed::FeedState = state.sub();
    crate::platform::periodic::every(
        std::time::Duration::from_secs(60),
        std::time::Duration::from_secs(3600),
        "pulling the catalog feed",
        move || {
            let feed = feed.clone();
            async move { crate::catalog_feed::routes::scheduled_pull(&feed).await }
        },
    );
    crate::platform::periodic::every(
        std::time::Duration::ZERO,
        every,
        "sweeping the sign-in rate limits",
        move || {
            let accounts = state.accounts();
            async move {
                crate::platform::blocking::Blocking::blocking(
                    &accounts,
                    crate::accounts::sweep_rate_limits,
                )
                .await
            }
        },
    );
}

fn shutdown_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    #[cfg(unix)]
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .context("installing the SIGTERM handler")?;
    #[cfg(unix)]
    let mut interrupt = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt())
        .context("installing the Ctrl-C handler")?;
    Ok(async move {
        #[cfg(unix)]
        tokio::select! {
            _ = terminate.recv() => {},
            _ = interrupt.recv() => {},
        }
        #[cfg(not(unix))]
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!("shutting down: finishing requests in flight");
    })
}
