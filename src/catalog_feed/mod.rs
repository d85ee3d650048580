//! One signed catalog that installs share. An install (typically a hub) publishes its catalog —
//! categories, vendors with every fact and its provenance, merges and retirements — as one
//! versioned file signed with Ed25519 (`publish`, offline: the key never sits on a serving node);
//! another pulls it (`apply`) from a file or an address, by hand or on the operator's schedule.
//!
//! Rooms: `signed` (keys and the envelope), `payload` (what the feed says), `state` and `storage`
//! (what an install keeps of feeds), `publish`, `apply`, `routes` (the operator's screen and the
//! served file).

pub mod apply;
pub mod payload;
pub mod publish;
pub mod routes;
pub mod signed;
pub mod state;
pub mod storage;

use std::path::Path;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use apply::{PullReport, pull};
pub use publish::{Publication, publish};
pub use signed::{PublicKey, SecretKey};

/// What the feed's routes need: the store and the catalog a pull swaps, and the signed file this
/// install serves (its `--catalog-feed-file`), if any.
#[derive(Clone)]
pub struct FeedState {
    pub store: std::sync::Arc<crate::platform::store::Store>,
    pub catalog: crate::catalog::SharedCatalog,
    pub served_file: Option<std::sync::Arc<std::path::PathBuf>>,
}

/// The feed's routes: each one's path and method are in its handler's `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    FeedState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::served_feed))
        .routes(routes!(routes::feed_status, routes::set_feed_source))
        .routes(routes!(routes::pull_feed_now))
        .routes(routes!(routes::choose_feed_value))
}

/// Reads a feed from `source`: an http(s) address (no redirect, 30 seconds, at most
/// `signed::MAX_BYTES`) or a file's path.
pub async fn fetch(source: &str) -> Result<Vec<u8>, String> {
    let lower = source.to_ascii_lowercase();
    if !(lower.starts_with("https://") || lower.starts_with("http://")) {
        let path = Path::new(source);
        let meta = tokio::fs::metadata(path)
            .await
            .map_err(|e| format!("Cannot read {source}: {e}"))?;
        // A device or a pipe would be read for ever, or wait for ever.
        if !meta.is_file() {
            return Err(format!("{source} is not a file"));
        }
        if meta.len() > signed::MAX_BYTES as u64 {
            return Err(format!("{source} is too large to be a catalog feed"));
        }
        return tokio::fs::read(path)
            .await
            .map_err(|e| format!("Cannot read {source}: {e}"));
    }
    use openidconnect::reqwest;
    let client = reqwest::ClientBuilder::new()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(std::time::Duration::from_secs(30))
        .build()
        .map_err(|e| format!("The HTTP client could not start: {e}"))?;
    let mut response = client
        .get(source)
        .send()
        .await
        .map_err(|e| format!("Cannot fetch {source}: {e}"))?;
    if !response.status().is_success() {
        return Err(format!(
            "{source} answered {}: no catalog feed there",
            response.status()
        ));
    }
    let mut body = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| format!("The download from {source} broke off: {e}"))?
    {
        body.extend_from_slice(&chunk);
        if body.len() > signed::MAX_BYTES {
            return Err(format!("{source} sent more than a catalog feed can hold"));
        }
    }
    Ok(body)
}

#[cfg(test)]
mod tests;
