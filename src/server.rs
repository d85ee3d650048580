//! Running the server: bind, announce the address, serve until Ctrl-C or SIGTERM.

use std::net::SocketAddr;

use anyhow::Context;
use tokio::net::TcpListener;

use crate::{AppState, Config};

pub async fn serve(config: Config) -> anyhow::Result<()> {
    let addr = config.addr;
    let state = tokio::task::spawn_blocking(move || AppState::open(config)).await??;
    let listener = TcpListener::bind(addr).await.map_err(|e| match e.kind() {
        std::io::ErrorKind::AddrInUse => anyhow::anyhow!(
            "could not listen on {addr}: the address is already in use \
             (is another Litstack running? pick another with --addr)"
        ),
        _ => anyhow::anyhow!("could not listen on {addr}: {e}"),
    })?;
    let local = listener.local_addr().context("reading the bound address")?;
    // Install the handlers before announcing the address, so a signal sent as soon as the
    // address is printed already shuts down gracefully.
    let shutdown = shutdown_signal()?;
    spawn_housekeeping(state.clone());
    if !local.ip().is_loopback() {
        let app = state.clone();
        tokio::task::spawn_blocking(move || crate::startup::announce_setup_token(&app)).await??;
    }
    println!("Litstack is serving at http://{local}");
    tracing::info!(%local, data_dir = %state.config.data_dir.display(), "serving");
    let signalled = std::sync::Arc::new(tokio::sync::Notify::new());
    let notify = signalled.clone();
    let server = axum::serve(
        listener,
        crate::app(state).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        shutdown.await;
        notify.notify_one();
    });
    // Idle keep-alive connections close at once; requests in flight get `SHUTDOWN_GRACE` to
    // finish. An import still running then is abandoned: its transaction never commits, so the
    // file is imported whole or not at all, and a service manager's stop never hangs.
    tokio::select! {
        served = server => served.context("serving HTTP")?,
        _ = async {
            signalled.notified().await;
            tokio::time::sleep(SHUTDOWN_GRACE).await;
        } => tracing::warn!(
            grace = ?SHUTDOWN_GRACE,
            "requests still running after the shutdown grace period are abandoned \
             (an unfinished import is rolled back)"
        ),
    }
    tracing::info!("stopped");
    Ok(())
}

/// How long a shutdown waits for requests in flight (an import, typically) before it stops anyway.
pub const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// Expired rate-limit windows are dropped every few minutes.
fn spawn_housekeeping(state: AppState) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(300));
        loop {
            tick.tick().await;
            let swept = state.blocking(crate::accounts::sweep_rate_limits).await;
            if let Err(e) = swept {
                tracing::warn!("sweeping the sign-in rate limits: {e}");
            }
        }
    });
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
