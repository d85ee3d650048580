//! One rule for every outside fetch: vendor logos, an identity provider's discovery, keys and
//! tokens, catalog feed pulls, and anything later that asks another server for something on a
//! person's say-so. A link typed into Litstack must not turn the server into a probe of the
//! network it sits in, so every such request goes through `Outbound`:
//!
//! - http(s) only, to a public unicast address (`addresses`), unless the operator named the host
//!   in `--fetch-private-hosts` (`allow`);
//! - the name is resolved once, here, and the connection goes to exactly the addresses judged:
//!   reqwest gets a resolver that knows only that name and only those addresses, so a DNS answer
//!   that changes between the check and the connection (rebinding) reaches nothing new;
//! - no proxy from the environment (a proxy would connect where we did not judge);
//! - no redirect is followed, not even to the same host: every caller wants the resource at the
//!   address it was given (OpenID Connect advises against following redirects, a logo is stored
//!   with its source, a feed is signed anyway), and a redirect "to the same host" may name
//!   another port of it, the probe this rule exists to prevent;
//! - a size limit and a time limit on each call;
//! - one refusal, "Litstack could not fetch <what> from that address", whatever went wrong (a
//!   private address, no such name, a closed port, a refused or reset connection, TLS, a
//!   timeout, an error status, a redirect), so its answers do not tell apart the states a port
//!   scanner wants to know. The real cause is logged at debug for the operator.

mod addresses;
mod allow;

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::http::{Request, Response, header};
use openidconnect::reqwest;
use url::{Host, Url};

pub use addresses::is_public;
pub use allow::PrivateHost;

/// Looks a host name up: the system's resolver in service, a table in tests.
pub trait Resolve: Send + Sync + 'static {
    /// The addresses `host` names. Blocking: it is called on a blocking thread.
    fn lookup(&self, host: &str, port: u16) -> std::io::Result<Vec<IpAddr>>;
}

impl<F> Resolve for F
where
    F: Fn(&str, u16) -> std::io::Result<Vec<IpAddr>> + Send + Sync + 'static,
{
    fn lookup(&self, host: &str, port: u16) -> std::io::Result<Vec<IpAddr>> {
        self(host, port)
    }
}

/// The operating system's resolver (getaddrinfo), as tokio's `lookup_host` uses it.
struct System;

impl Resolve for System {
    fn lookup(&self, host: &str, port: u16) -> std::io::Result<Vec<IpAddr>> {
        use std::net::ToSocketAddrs;
        Ok((host, port).to_socket_addrs()?.map(|a| a.ip()).collect())
    }
}

/// What one call fetches and how much of it: `what` names it in the refusal ("the logo").
#[derive(Debug, Clone, Copy)]
pub struct Call {
    pub what: &'static str,
    pub max_bytes: usize,
    pub timeout: Duration,
}

/// Why a fetch gave nothing. `Unreachable` is every failure to get an answer (its `Display` is
/// the one message); `TooLarge` is an answer from an allowed address that was over the limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    Unreachable {
        what: &'static str,
    },
    TooLarge {
        what: &'static str,
        max_bytes: usize,
    },
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Unreachable { what } => {
                write!(f, "Litstack could not fetch {what} from that address")
            }
            Refused::TooLarge { what, max_bytes } => {
                write!(f, "{what} is larger than {} KB", max_bytes / 1024)
            }
        }
    }
}

impl std::error::Error for Refused {}

/// What went wrong inside, before it is told as a `Refused`.
enum Failure {
    /// The real cause, for the log only.
    Unreachable(String),
    TooLarge,
}

/// The HTTP client every outside fetch goes through; cheap to clone.
#[derive(Clone)]
pub struct Outbound {
    private_hosts: Arc<[PrivateHost]>,
    resolver: Arc<dyn Resolve>,
}

impl fmt::Debug for Outbound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Outbound")
            .field("private_hosts", &self.private_hosts)
            .finish_non_exhaustive()
    }
}

impl Outbound {
    /// Fetches from public addresses, and from private ones at the hosts named.
    pub fn new(private_hosts: &[PrivateHost]) -> Outbound {
        Outbound {
            private_hosts: private_hosts.into(),
            resolver: Arc::new(System),
        }
    }

    /// The same rule, with names looked up by `resolver`.
    pub fn with_resolver(self, resolver: impl Resolve) -> Outbound {
        Outbound {
            resolver: Arc::new(resolver),
            ..self
        }
    }

    /// Whether the operator named `url`'s host (and port) in `--fetch-private-hosts`.
    pub fn allows_private(&self, url: &Url) -> bool {
        self.private_hosts.iter().any(|h| h.matches(url))
    }

    /// GETs `url` and answers its body, when the answer is a success (2xx).
    pub async fn get(&self, call: Call, url: &Url, accept: &str) -> Result<Vec<u8>, Refused> {
        let request = Request::get(url.as_str())
            .header(header::ACCEPT, accept)
            .body(Vec::new())
            .map_err(|e| self.told(call, url, Failure::Unreachable(e.to_string())))?;
        let response = self.send(call, request).await?;
        if !response.status().is_success() {
            let cause = format!("answered {}", response.status());
            return Err(self.told(call, url, Failure::Unreachable(cause)));
        }
        Ok(response.into_body())
    }

    /// Sends `request` and answers the response whatever its status, but a redirect (refused:
    /// none is followed). For a client such as OpenID Connect's that reads error bodies itself.
    pub async fn send(
        &self,
        call: Call,
        request: Request<Vec<u8>>,
    ) -> Result<Response<Vec<u8>>, Refused> {
        let url = Url::parse(&request.uri().to_string())
            .map_err(|e| Refused::Unreachable { what: call.what }.logged(&e))?;
        // One limit for the whole call: the lookup, the connection and the last byte.
        tokio::time::timeout(call.timeout, self.send_to(call, &url, request))
            .await
            .unwrap_or_else(|_| Err(Failure::Unreachable("timed out".into())))
            .map_err(|failure| self.told(call, &url, failure))
    }

    /// Logs the real cause at debug and answers the refusal the caller shows.
    fn told(&self, call: Call, url: &Url, failure: Failure) -> Refused {
        match failure {
            Failure::Unreachable(cause) => {
                let host = url.host_str();
                tracing::debug!(what = call.what, host, %cause, "an outside fetch gave nothing");
                Refused::Unreachable { what: call.what }
            }
            Failure::TooLarge => {
                tracing::debug!(
                    what = call.what,
                    host = url.host_str(),
                    max_bytes = call.max_bytes,
                    "an outside fetch was too large"
                );
                Refused::TooLarge {
                    what: call.what,
                    max_bytes: call.max_bytes,
                }
            }
        }
    }

    /// The addresses `url` may be fetched from: its literal address or its name's, each judged.
    async fn judged(&self, url: &Url) -> Result<Vec<SocketAddr>, Failure> {
        let unreachable = |cause: String| Failure::Unreachable(cause);
        if !matches!(url.scheme(), "http" | "https") {
            return Err(unreachable(format!(
                "the scheme {} is not http(s)",
                url.scheme()
            )));
        }
        let port = url
            .port_or_known_default()
            .ok_or_else(|| unreachable("no port".into()))?;
        let ips = match url.host() {
            None => return Err(unreachable("no host".into())),
            Some(Host::Ipv4(ip)) => vec![IpAddr::V4(ip)],
            Some(Host::Ipv6(ip)) => vec![IpAddr::V6(ip)],
            Some(Host::Domain(name)) => {
                let (resolver, name) = (self.resolver.clone(), name.to_string());
                let lookup = tokio::task::spawn_blocking(move || resolver.lookup(&name, port));
                lookup
                    .await
                    .map_err(|e| unreachable(format!("the name's lookup failed: {e}")))?
                    .map_err(|e| unreachable(format!("the name was not found: {e}")))?
            }
        };
        if ips.is_empty() {
            return Err(unreachable("the name has no address".into()));
        }
        if !self.allows_private(url)
            && let Some(ip) = ips.iter().find(|ip| !is_public(**ip))
        {
            return Err(unreachable(format!(
                "{ip} is not a public address (--fetch-private-hosts names the hosts that may be)"
            )));
        }
        Ok(ips
            .into_iter()
            .map(|ip| SocketAddr::new(ip, port))
            .collect())
    }

    async fn send_to(
        &self,
        call: Call,
        url: &Url,
        request: Request<Vec<u8>>,
    ) -> Result<Response<Vec<u8>>, Failure> {
        let unreachable = |cause: String| Failure::Unreachable(cause);
        let addresses = self.judged(url).await?;
        let pinned = Pinned {
            host: url.host_str().unwrap_or_default().to_string(),
            addresses,
        };
        let client = reqwest::Client::builder()
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(call.timeout)
            .connect_timeout(call.timeout.min(CONNECT_TIMEOUT))
            .dns_resolver(Arc::new(pinned))
            .build()
            .map_err(|e| unreachable(format!("the HTTP client could not start: {e}")))?;
        let (parts, body) = request.into_parts();
        let mut response = client
            .request(parts.method, url.clone())
            .headers(parts.headers)
            .body(body)
            .send()
            .await
            .map_err(|e| unreachable(chain(&e)))?;
        let status = response.status();
        if status.is_redirection() {
            return Err(unreachable(format!("answered {status}, a redirect")));
        }
        if response
            .content_length()
            .is_some_and(|n| n > call.max_bytes as u64)
        {
            return Err(Failure::TooLarge);
        }
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| unreachable(format!("the answer broke off: {}", chain(&e))))?
        {
            if body.len() + chunk.len() > call.max_bytes {
                return Err(Failure::TooLarge);
            }
            body.extend_from_slice(&chunk);
        }
        let mut answer = Response::new(body);
        *answer.status_mut() = status;
        *answer.headers_mut() = response.headers().clone();
        Ok(answer)
    }
}

/// The longest wait for a connection, within a call's own limit.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

impl Refused {
    fn logged(self, cause: &dyn fmt::Display) -> Refused {
        tracing::debug!(%cause, "an outside fetch gave nothing");
        self
    }
}

/// reqwest's resolver for one call: the name judged, to the addresses judged, and nothing else.
struct Pinned {
    host: String,
    addresses: Vec<SocketAddr>,
}

impl reqwest::dns::Resolve for Pinned {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let answer: Result<reqwest::dns::Addrs, Box<dyn std::error::Error + Send + Sync>> =
            if name.as_str().eq_ignore_ascii_case(&self.host) {
                Ok(Box::new(self.addresses.clone().into_iter()))
            } else {
                Err(format!("{} was not judged for this call", name.as_str()).into())
            };
        Box::pin(std::future::ready(answer))
    }
}

/// An error with its causes, for the log.
fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

#[cfg(test)]
mod tests;
