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
        let token = tokio::task::spawn_blocking(move || {
            crate::accounts::require_setup_token_if_unclaimed(&app)
        })
        .await??;
        if let Some(token) = token {
            println!(
                "First-time setup: Litstack serves a network address, so creating the first \
                 (admin) account needs this one-time setup token: {token}"
            );
        }
    }
    println!("Litstack is serving at http://{local}");
    tracing::info!(%local, data_dir = %state.config.data_dir.display(), "serving");
    axum::serve(
        listener,
        crate::app(state).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
    .context("serving HTTP")?;
    tracing::info!("stopped");
    Ok(())
}

/// Expired rate-limit windows are dropped every few minutes.
fn spawn_housekeeping(state: AppState) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(300));
        loop {
            tick.tick().await;
            state.limiter.sweep(std::time::Duration::from_secs(3600));
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
