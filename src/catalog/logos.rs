//! Vendor logos, copied and served by Litstack, so no firm user's browser asks a vendor's server
//! (which would learn who looks at it). When the operator sets a logo link or approves a
//! vendor's proposed one, the image is fetched once (`copy`) through the one rule for outside
//! fetches (`platform::outbound`: a public address unless the operator named the host, no
//! redirect, a time limit), at most `MAX_BYTES`, and a PNG, JPEG, GIF or
//! WebP by its first bytes (an SVG can carry script). The copy is stored by vendor and content
//! hash, and the vendor's `logoUrl` becomes its address here, `/api/logos/{vendor}/{sha256}`,
//! served to anyone with a year's immutable caching. A vendor's older copies go once a newer one
//! is its logo (`keep_only`); a deleted vendor's go with it.
//!
//! The vendor CSV's `logoUrl` column is stored as given and not fetched: the web app shows such a
//! link only when the operator allows third-party logos (`--third-party-logos`).

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::platform::error::{Result, bad_request, not_found};
use crate::platform::outbound::{Call, Outbound, Refused};
use crate::platform::store::registry::{
    Export, Holder, INSTALL_OWN, Purge, Table, VendorMoved, VendorPart,
};
use crate::platform::store::seam::{self, Tx};
use crate::platform::store::{Store, WriteTx};

/// (vendor id, `sha_key` of the image's SHA-256) -> `Stored`: the copies of each vendor's logo,
/// on the storage seam. What carried over: on redb schema 16 rekeyed the copies of before (by a
/// text key of vendor and hash) and rewrote them as JSON; on PostgreSQL migration 0063 moved the
/// rows into the seam's layout.
pub const LOGOS: seam::Table<(u64, u64), Stored> =
    seam::Table::declare("vendor_logos", &["vendor_id", "sha_key"], None);

/// A copy as stored: the whole hash (its key holds the first 63 bits of it) with the image.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Stored {
    pub sha256: String,
    #[serde(flatten)]
    pub logo: Logo,
}

/// The largest logo copied: a logo this size is already far sharper than a card shows it.
pub const MAX_BYTES: usize = 512 * 1024;

/// Where the served copies live.
pub const PATH_PREFIX: &str = "/api/logos/";

/// One stored copy.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Logo {
    pub content_type: String,
    /// The http(s) address it was copied from.
    pub source_url: String,
    /// The day it was copied, YYYY-MM-DD.
    pub copied_on: String,
    /// In JSON as base64: a third larger, where a list of numbers would be three times.
    #[serde(with = "base64_bytes")]
    pub bytes: Vec<u8>,
}

mod base64_bytes {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], out: S) -> Result<S::Ok, S::Error> {
        out.serialize_str(&STANDARD.encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Vec<u8>, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(from)?;
        STANDARD
            .decode(text.as_bytes())
            .map_err(serde::de::Error::custom)
    }
}

/// The first 63 bits of a hex SHA-256, a key part on both engines (`None` for text that is not
/// one: no copy is stored under it).
fn sha_key(sha: &str) -> Option<u64> {
    let first = u64::from_str_radix(sha.get(..16)?, 16).ok()?;
    Some(first & seam::MAX_PART)
}

/// The address a copy is served at.
pub fn served_path(vendor: u64, sha: &str) -> String {
    format!("{PATH_PREFIX}{vendor}/{sha}")
}

/// Whether `url` is a copy served here (rather than a vendor's own address).
pub fn is_served(url: &str) -> bool {
    url.starts_with(PATH_PREFIX)
}

/// The image type its first bytes show, if it is one a logo may be.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

/// What a logo fetch may take: a logo this size is already far sharper than a card shows it.
const CALL: Call = Call {
    what: "the logo",
    max_bytes: MAX_BYTES,
    timeout: std::time::Duration::from_secs(15),
};

/// Fetches the image at `raw` (an http(s) address, checked as the import checks links) through
/// the one rule for outside fetches, and answers it as a `Logo`; every refusal says what to do
/// instead, and none tells a closed port from a missing file or a private address.
pub async fn fetch(raw: &str, outbound: &Outbound) -> Result<Logo> {
    let url = crate::platform::upload::parse_web_url(raw)
        .map_err(|e| bad_request(format!("logoUrl: {e}")))?
        .ok_or_else(|| bad_request("logoUrl: give the image's http(s) address"))?;
    let parsed = url::Url::parse(&url).map_err(|e| bad_request(format!("logoUrl: {e}")))?;
    let accept = "image/png, image/jpeg, image/gif, image/webp";
    let bytes = outbound
        .get(CALL, &parsed, accept)
        .await
        .map_err(|refused| match refused {
            Refused::TooLarge { max_bytes, .. } => bad_request(format!(
                "The logo at {url} is larger than {} KB: give a smaller image",
                max_bytes / 1024
            )),
            unreachable @ Refused::Unreachable { .. } => bad_request(format!(
                "{unreachable}: give the image's own address on a public web server"
            )),
        })?;
    let content_type = sniff(&bytes).ok_or_else(|| {
        bad_request(format!(
            "The logo at {url} is not a PNG, JPEG, GIF or WebP image (an SVG is refused: it can \
             carry script)"
        ))
    })?;
    Ok(Logo {
        content_type: content_type.to_string(),
        source_url: url,
        copied_on: crate::platform::clock::today().to_string(),
        bytes,
    })
}

/// Fetches and stores a copy of the logo at `raw` for `vendor`; answers the address it is
/// served at, for the vendor's `logoUrl`.
pub async fn copy(
    store: std::sync::Arc<Store>,
    vendor: u64,
    raw: &str,
    outbound: &Outbound,
) -> Result<String> {
    let logo = fetch(raw, outbound).await?;
    let sha = hex::encode(Sha256::digest(&logo.bytes));
    let path = served_path(vendor, &sha);
    tokio::task::spawn_blocking(move || {
        let mut tx = store.begin()?;
        put(&mut tx, vendor, &sha, &logo)?;
        tx.commit()?;
        Ok::<_, crate::platform::error::AppError>(())
    })
    .await
    .map_err(anyhow::Error::from)??;
    Ok(path)
}

fn put(tx: &mut WriteTx, vendor: u64, sha: &str, logo: &Logo) -> Result<()> {
    let key = sha_key(sha).ok_or_else(|| anyhow::anyhow!("a logo's hash is not hex: {sha}"))?;
    let stored = Stored {
        sha256: sha.to_string(),
        logo: logo.clone(),
    };
    seam::within(tx, |tx| tx.insert(&LOGOS, (vendor, key), &stored))
}

/// The stored copy of `vendor`'s logo with hash `sha`.
pub fn get(store: &Store, vendor: u64, sha: &str) -> Result<Option<Logo>> {
    let Some(key) = sha_key(sha) else {
        return Ok(None);
    };
    let found = seam::get_one(store, &LOGOS, (vendor, key))?;
    Ok(found.filter(|s| s.sha256 == sha).map(|s| s.logo))
}

/// The address `logo_url` names, when it is a copy served here: (vendor, sha).
fn parse_served(logo_url: &str) -> Option<(u64, &str)> {
    let rest = logo_url.strip_prefix(PATH_PREFIX)?;
    let (vendor, sha) = rest.split_once('/')?;
    Some((vendor.parse().ok()?, sha))
}

/// Where the copy `logo_url` names was copied from, for the operator's and the vendor's eyes.
pub fn source_of(store: &Store, logo_url: &str) -> Result<Option<String>> {
    let Some((vendor, sha)) = parse_served(logo_url) else {
        return Ok(None);
    };
    Ok(get(store, vendor, sha)?.map(|l| l.source_url))
}

/// Deletes `vendor`'s copies other than the one `current` (its `logoUrl`) serves.
pub fn keep_only(store: &Store, vendor: u64, current: Option<&str>) -> Result<()> {
    let keep = current
        .and_then(parse_served)
        .filter(|(v, _)| *v == vendor)
        .map(|(_, sha)| sha);
    let mut tx = store.begin()?;
    seam::within(&mut tx, |tx| remove_in(tx, vendor, keep))?;
    tx.commit()?;
    Ok(())
}

/// Deletes `vendor`'s copies but the one of hash `keep`.
fn remove_in(tx: &mut Tx, vendor: u64, keep: Option<&str>) -> Result<()> {
    for (key, stored) in tx.range(&LOGOS, &[vendor])? {
        if Some(stored.sha256.as_str()) != keep {
            tx.remove(&LOGOS, key)?;
        }
    }
    Ok(())
}

/// GET /api/logos/{vendor}/{sha256}: a logo Litstack copied. Public, like the catalog's names: a
/// vendor's screens and the sign-in pages show logos too. The hash in the address names the
/// bytes, so a browser keeps it for a year.
#[utoipa::path(get, path = "/logos/{vendor}/{sha256}", tag = "vendors", security(()),
    params(
        ("vendor" = u64, Path, description = "The vendor's id"),
        ("sha256" = String, Path, description = "The image's SHA-256, in hex"),
    ),
    responses(
        (status = 200, description = "The image, as its first bytes showed it", content(("image/png"), ("image/jpeg"), ("image/gif"), ("image/webp"))),
        (status = 400, description = "A vendor id that is not a whole number", body = crate::platform::error::ErrorBody),
        (status = 404, description = "No such logo", body = crate::platform::error::ErrorBody),
    ))]
pub async fn served_logo(
    axum::extract::State(state): axum::extract::State<super::CatalogState>,
    crate::platform::extract::Path((vendor, sha)): crate::platform::extract::Path<(u64, String)>,
) -> Result<Response> {
    use crate::platform::blocking::Blocking;
    if sha.len() != 64 || !sha.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(not_found("There is no such logo"));
    }
    let logo = state
        .blocking(move |s| get(&s.store, vendor, &sha))
        .await?
        .ok_or_else(|| not_found("There is no such logo"))?;
    let mut response = (StatusCode::OK, logo.bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(&logo.content_type)
            .unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    Ok(response)
}

// ---- The operator's vendor delete and merge, and the registry ----

/// A deleted vendor's copies go with it, and so do a merged duplicate's (the kept vendor keeps
/// its own logo).
pub const PART: VendorPart = VendorPart {
    naming: |_, _| Ok(Vec::new()),
    merge: |tx, from, _into| {
        seam::within(tx, |tx| remove_in(tx, from, None))?;
        Ok(VendorMoved::default())
    },
    delete: Some(|tx, vendor| seam::within(tx, |tx| remove_in(tx, vendor, None))),
};

/// Copies every stored logo of a redb file into PostgreSQL (`litstack export-to-postgres`).
/// This room's table, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[Table {
    name: "vendor_logos",
    purge: Purge::Never,
    export: Export::Left(INSTALL_OWN),
    holder: Holder::Install,
    redb: &[&LOGOS],
    postgres: true,
    secrets: &[],
    refers_to: &[crate::platform::store::registry::Reference {
        column: "vendor_id",
        to: crate::platform::store::registry::Target::Vendor,
    }],
}];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_raster_images_by_their_first_bytes() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some("image/png"));
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0]), Some("image/jpeg"));
        assert_eq!(sniff(b"GIF89a.."), Some("image/gif"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), None);
        assert_eq!(sniff(b"<html>"), None);
        assert_eq!(sniff(b""), None);
    }

    #[test]
    fn a_served_address_names_its_vendor_and_hash() {
        let path = served_path(12, "ab");
        assert!(is_served(&path));
        assert_eq!(parse_served(&path), Some((12, "ab")));
        assert!(!is_served("https://acme.example.com/logo.png"));
    }

    #[tokio::test]
    async fn a_private_host_is_refused_before_anything_is_fetched() {
        let strict = Outbound::new(&[]);
        let e = fetch("http://127.0.0.1:9/logo.png", &strict)
            .await
            .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("Litstack could not fetch the logo from that address"),
            "{e}"
        );
        let e = fetch("javascript:alert(1)", &strict).await.unwrap_err();
        assert!(e.to_string().starts_with("logoUrl: "), "{e}");
    }
}
