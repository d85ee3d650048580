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

use std::path::{Path, PathBuf};

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use apply::{PullReport, pull};
pub use publish::{Publication, publish};
pub use signed::{PublicKey, SecretKey};

use crate::platform::outbound::{Call, Outbound, Refused};

/// What the feed's routes need: the store and the catalog a pull swaps, the signed file this
/// install serves (its `--catalog-feed-file`), if any, and what a pull may read: the outside
/// fetches' rule and the data directory a feed file lies in.
#[derive(Clone)]
pub struct FeedState {
    pub store: std::sync::Arc<crate::platform::store::Store>,
    pub catalog: crate::catalog::SharedCatalog,
    pub served_file: Option<std::sync::Arc<std::path::PathBuf>>,
    pub outbound: Outbound,
    pub data_dir: std::sync::Arc<PathBuf>,
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

/// What a feed fetch may take: a signed feed is at most `signed::MAX_BYTES`.
const CALL: Call = Call {
    what: "the catalog feed",
    max_bytes: signed::MAX_BYTES,
    timeout: std::time::Duration::from_secs(30),
};

/// Where a feed comes from, checked: an https address (plain http only to a host the operator
/// named in `--fetch-private-hosts`, which is also what lets a private address be fetched at
/// all), or a file. Through the API a file must lie in the data directory, so the operator's
/// screen reads no other file of the server; the command line (someone with the server's files)
/// may name any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeedSource {
    Address(url::Url),
    File(PathBuf),
}

/// What a source that is not one is told.
const SOURCE_FORMS: &str = "The source is an https:// address (http:// only for a host the \
     install names in --fetch-private-hosts), or the absolute path of a file in the data \
     directory";

impl FeedSource {
    /// Reads `raw` as a source; `data_dir`: the directory a file must lie in (`None` on the
    /// command line).
    pub fn parse(
        raw: &str,
        outbound: &Outbound,
        data_dir: Option<&Path>,
    ) -> Result<FeedSource, String> {
        let raw = raw.trim();
        let lower = raw.to_ascii_lowercase();
        if lower.starts_with("http://") || lower.starts_with("https://") {
            let checked = crate::platform::upload::parse_web_url(raw)
                .map_err(|e| format!("The feed's address {e}"))?
                .ok_or_else(|| "Give the feed's address".to_string())?;
            let url = url::Url::parse(&checked).map_err(|e| format!("The feed's address: {e}"))?;
            if url.scheme() == "http" && !outbound.allows_private(&url) {
                return Err(format!(
                    "The feed's address must start with https:// (http:// only for a host the \
                     install names in --fetch-private-hosts): {raw}"
                ));
            }
            return Ok(FeedSource::Address(url));
        }
        let path = Path::new(raw);
        if raw.is_empty() || raw.chars().count() > 1000 || raw.chars().any(char::is_control) {
            return Err(SOURCE_FORMS.into());
        }
        if let Some(dir) = data_dir {
            if !path.is_absolute() {
                return Err(SOURCE_FORMS.into());
            }
            // Lexically here (the file may not be there yet); `fetch` checks again where the
            // links lead.
            let dir = std::path::absolute(dir).map_err(|e| format!("{e}"))?;
            let outside = path
                .components()
                .any(|c| matches!(c, std::path::Component::ParentDir))
                || !path.starts_with(&dir);
            if outside {
                return Err(format!(
                    "{raw} is not in the data directory {}: put the feed file there (the \
                     operator's screen reads no other file of the server)",
                    dir.display()
                ));
            }
        }
        Ok(FeedSource::File(path.to_path_buf()))
    }
}

/// Reads a feed from `source`: an address through the one rule for outside fetches (no
/// redirect, 30 seconds, at most `signed::MAX_BYTES`), or a file, which with `data_dir` must
/// still lie in it once its links are followed.
pub async fn fetch(
    source: &FeedSource,
    outbound: &Outbound,
    data_dir: Option<&Path>,
) -> Result<Vec<u8>, String> {
    let path = match source {
        FeedSource::Address(url) => {
            return outbound.get(CALL, url, "application/json").await.map_err(
                |refused| match refused {
                    Refused::TooLarge { .. } => {
                        format!("{url} sent more than a catalog feed can hold")
                    }
                    unreachable @ Refused::Unreachable { .. } => unreachable.to_string(),
                },
            );
        }
        FeedSource::File(path) => path,
    };
    let shown = path.display();
    if let Some(dir) = data_dir {
        let real = tokio::fs::canonicalize(path)
            .await
            .map_err(|e| format!("Cannot read {shown}: {e}"))?;
        let dir = tokio::fs::canonicalize(dir)
            .await
            .map_err(|e| format!("Cannot read the data directory: {e}"))?;
        if !real.starts_with(&dir) {
            return Err(format!(
                "{shown} leads out of the data directory: put the feed file itself there"
            ));
        }
    }
    let meta = tokio::fs::metadata(path)
        .await
        .map_err(|e| format!("Cannot read {shown}: {e}"))?;
    // A device or a pipe would be read for ever, or wait for ever.
    if !meta.is_file() {
        return Err(format!("{shown} is not a file"));
    }
    if meta.len() > signed::MAX_BYTES as u64 {
        return Err(format!("{shown} is too large to be a catalog feed"));
    }
    tokio::fs::read(path)
        .await
        .map_err(|e| format!("Cannot read {shown}: {e}"))
}

#[cfg(test)]
mod tests;
