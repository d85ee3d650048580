//! The client's address, for the sign-in throttling and the security log.

use std::convert::Infallible;
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

/// The client's address: the peer's, or what the trusted proxy (`--trusted-proxy`) forwarded.
pub struct ClientIp(pub String);

/// Request extension carrying the configured trusted proxy, set by the router.
#[derive(Clone, Copy)]
pub struct TrustedProxy(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(a)| a.ip());
        let trusted = parts.extensions.get::<TrustedProxy>().and_then(|t| t.0);
        // Only the configured proxy may speak for the client; its last hop is the client it saw.
        let forwarded = match (peer, trusted) {
            (Some(peer), Some(proxy)) if peer == proxy => parts
                .headers
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.rsplit(',').next())
                .and_then(|ip| ip.trim().parse::<std::net::IpAddr>().ok()),
            _ => None,
        };
        let ip = forwarded
            .or(peer)
            .map(|ip| ip.to_string())
            .unwrap_or_else(|| "local".into());
        Ok(ClientIp(ip))
    }
}
