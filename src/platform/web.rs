//! The embedded web app and the HTTP hardening around every response.

use axum::body::Body;
use axum::extract::{OriginalUri, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::platform::config::Config;
use crate::platform::error::{AppError, ErrorBody, forbidden, not_found};
use crate::platform::hosts;

#[derive(RustEmbed)]
#[folder = "web/dist"]
struct Assets;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Serves a bundle file, or index.html for client routes such as /trends or /matches?categoryId=3.
/// A path that looks like a file (has an extension) but is not in the bundle is a 404; a method
/// other than GET or HEAD is a 405 (the app only changes state through /api).
pub async fn serve_app(method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        let mut res = AppError::MethodNotAllowed(format!(
            "{method} is not allowed on {}: pages of the web app are only read (GET); changes go \
             through /api",
            uri.path()
        ))
        .into_response();
        res.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return res;
    }
    let path = uri.path().trim_start_matches('/');
    // The bundle has plain file names: anything that could climb out of it is simply not found.
    let suspicious = path.split('/').any(|seg| seg == ".." || seg == ".")
        || path.contains(['\\', '%', '\0'])
        || path.contains("//");
    if !suspicious
        && !path.is_empty()
        && let Some(file) = Assets::get(path)
    {
        let mime = mime_guess::from_path(path).first_or_octet_stream();
        let cache = if path.starts_with("assets/") {
            IMMUTABLE
        } else {
            "no-cache"
        };
        return (
            [
                (header::CONTENT_TYPE, mime.as_ref()),
                (header::CACHE_CONTROL, cache),
            ],
            file.data.into_owned(),
        )
            .into_response();
    }
    let last = path.rsplit('/').next().unwrap_or("");
    if suspicious || last.contains('.') {
        return (
            StatusCode::NOT_FOUND,
            [(header::CACHE_CONTROL, "no-cache")],
            "Not found",
        )
            .into_response();
    }
    match Assets::get("index.html") {
        Some(index) => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            index.data.into_owned(),
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            "The web app is missing from this build",
        )
            .into_response(),
    }
}

/// An unknown /api path: JSON, never the app.
pub async fn api_not_found(method: Method, OriginalUri(uri): OriginalUri) -> AppError {
    not_found(format!("No API endpoint {method} {}", uri.path()))
}

/// A known /api path with a method it does not take: a JSON 405 instead of an empty body.
pub async fn api_method_not_allowed(method: Method, OriginalUri(uri): OriginalUri) -> AppError {
    AppError::MethodNotAllowed(format!(
        "{method} is not allowed on {}: check the method of the request",
        uri.path()
    ))
}

const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
    frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/// The headers every response carries (set in `lib.rs` with tower-http's header layers).
pub fn security_headers() -> [(header::HeaderName, HeaderValue); 4] {
    [
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ),
    ]
}

/// Refusals (401, 403) are logged here, in one place, as security events (method and path only:
/// no query, no body).
pub async fn log_refusals(req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let res = next.run(req).await;
    let status = res.status();
    if status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN {
        tracing::info!(target: "security", %method, %path, status = status.as_u16(), "request refused");
    }
    res
}

/// CSRF defence for state-changing requests, not resting on `Origin` alone:
/// - a browser's `Sec-Fetch-Site: cross-site` is refused, and so is `same-site` (another host of
///   the same site) unless its `Origin` is ours;
/// - an `Origin` (or, without one, a `Referer`) must be ours: the address the request was sent to
///   or `--public-url`, at a name this install is served at (`hosts.rs`), so a rebound name is
///   refused even where it equals `Host`;
/// - a request that carries a session cookie, a firm's or a vendor's (`caller::SESSION_COOKIES`),
///   and says nothing of where it comes from (no `Origin`, `Referer` or `Sec-Fetch-Site`) is
///   refused: every browser that sends the cookie sends one of them, so only a forged or stripped
///   request lacks all three.
///
/// A request without a session cookie and without those headers is a tool's (curl, a mail provider's
/// one-click unsubscribe POST): it cannot carry a victim's session by accident, so it passes.
pub async fn same_origin_only(
    State(config): State<std::sync::Arc<Config>>,
    req: Request,
    next: Next,
) -> Result<Response, AppError> {
    if !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS)
        && !comes_from_us(&req, &config)
    {
        return Err(forbidden(
            "This request came from another site and was refused. Use Litstack from its own address.",
        ));
    }
    Ok(next.run(req).await)
}

fn comes_from_us(req: &Request, config: &Config) -> bool {
    let headers = req.headers();
    let fetch_site = headers
        .get("sec-fetch-site")
        .map(|v| v.to_str().unwrap_or("").to_ascii_lowercase());
    let says_where = headers.contains_key(header::ORIGIN) || headers.contains_key(header::REFERER);
    match fetch_site.as_deref() {
        Some("cross-site") => return false,
        // Another host of the same site (a sibling subdomain): only with an Origin that is ours.
        Some("same-site") if !says_where => return false,
        None if !says_where && crate::platform::caller::carries_session(headers) => return false,
        _ => {}
    }
    is_same_origin(req, config)
}

fn is_same_origin(req: &Request, config: &Config) -> bool {
    let headers = req.headers();
    let Some(claimed) = headers
        .get(header::ORIGIN)
        .or_else(|| headers.get(header::REFERER))
    else {
        return true;
    };
    let Some((scheme, rest)) = claimed.to_str().ok().and_then(|url| url.split_once("://")) else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if !(scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https"))
        || authority.is_empty()
        || authority.contains('@')
        || !config.serves(&hosts::host_name(authority))
    {
        return false;
    }
    let sent_here = matches!(hosts::request_authority(req), Some(Some(to)) if to.eq_ignore_ascii_case(authority));
    let public = config.public_url.as_ref().is_some_and(|url| {
        url.origin
            .eq_ignore_ascii_case(&format!("{scheme}://{authority}"))
    });
    sent_here || public
}

pub fn empty(status: StatusCode) -> Response {
    Response::builder()
        .status(status)
        .body(Body::empty())
        .expect("a plain response")
}

/// Refuses, before routing, a request addressed to a name this install is not served at: 421.
pub async fn served_hosts_only(
    State(config): State<std::sync::Arc<Config>>,
    req: Request,
    next: Next,
) -> Response {
    let refused = match hosts::request_authority(&req) {
        None => None,
        Some(Some(authority)) => {
            let host = hosts::host_name(authority);
            (!config.serves(&host)).then_some(host)
        }
        Some(None) => Some(String::new()),
    };
    let Some(host) = refused else {
        return next.run(req).await;
    };
    tracing::info!(target: "security", host = ?host, path = %req.uri().path(), "request for a foreign host refused");
    let name: String = host.chars().take(100).collect();
    let error = format!(
        "This Litstack is not served at the name {name:?}. If it should be, its operator adds the \
         name to --allowed-hosts (LITSTACK_ALLOWED_HOSTS), or sets --public-url \
         (LITSTACK_PUBLIC_URL) to the address people open it at."
    );
    (
        StatusCode::MISDIRECTED_REQUEST,
        axum::Json(ErrorBody { error, code: None }),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same_origin(config: &Config, pairs: &[(header::HeaderName, &str)]) -> bool {
        let mut b = Request::builder().method(Method::POST).uri("/api/x");
        for (k, v) in pairs {
            b = b.header(k.clone(), *v);
        }
        is_same_origin(&b.body(Body::empty()).unwrap(), config)
    }

    #[test]
    fn origin_must_match_host_when_present() {
        let c = Config::for_data_dir("unused");
        let host = (header::HOST, "127.0.0.1:8080");
        assert!(same_origin(&c, std::slice::from_ref(&host)));
        assert!(same_origin(
            &c,
            &[host.clone(), (header::ORIGIN, "http://127.0.0.1:8080")]
        ));
        assert!(!same_origin(
            &c,
            &[host.clone(), (header::ORIGIN, "https://evil.com")]
        ));
        assert!(!same_origin(&c, &[host.clone(), (header::ORIGIN, "null")]));
        assert!(!same_origin(
            &c,
            &[
                host.clone(),
                (header::REFERER, "http://127.0.0.1:8080.evil.com/x")
            ]
        ));
        assert!(same_origin(
            &c,
            &[host, (header::REFERER, "http://127.0.0.1:8080/trends")]
        ));
    }

    fn from_us(pairs: &[(header::HeaderName, &str)]) -> bool {
        let mut b = Request::builder().method(Method::POST).uri("/api/x");
        for (k, v) in pairs {
            b = b.header(k.clone(), *v);
        }
        comes_from_us(
            &b.body(Body::empty()).unwrap(),
            &Config::for_data_dir("unused"),
        )
    }

    #[test]
    fn fetch_metadata_decides_before_origin() {
        let host = (header::HOST, "127.0.0.1:8080");
        let ours = (header::ORIGIN, "http://127.0.0.1:8080");
        let cookie = (header::COOKIE, "theme=dark; litstack_session=abc");
        let site = |v| (header::HeaderName::from_static("sec-fetch-site"), v);
        // cross-site is refused whatever else the request says, cookie or not.
        assert!(!from_us(&[host.clone(), site("cross-site")]));
        assert!(!from_us(&[
            host.clone(),
            ours.clone(),
            cookie.clone(),
            site("cross-site")
        ]));
        // same-site (a sibling host) needs an Origin that is ours.
        assert!(!from_us(&[host.clone(), cookie.clone(), site("same-site")]));
        assert!(!from_us(&[
            host.clone(),
            site("same-site"),
            (header::ORIGIN, "http://app.127.0.0.1:8080")
        ]));
        assert!(from_us(&[host.clone(), ours.clone(), site("same-site")]));
        // The cookie with nothing saying where the request comes from is refused...
        assert!(!from_us(&[host.clone(), cookie.clone()]));
        // ...and passes with any one of the three, when it says "us".
        assert!(from_us(&[host.clone(), cookie.clone(), ours]));
        assert!(from_us(&[
            host.clone(),
            cookie.clone(),
            site("same-origin")
        ]));
        assert!(from_us(&[
            host.clone(),
            cookie,
            (header::REFERER, "http://127.0.0.1:8080/firm")
        ]));
        // Without the cookie a tool's request is unaffected (a mail provider's unsubscribe POST).
        assert!(from_us(std::slice::from_ref(&host)));
        // An empty cookie value, or another cookie of the same prefix, is no session.
        assert!(from_us(&[
            host.clone(),
            (header::COOKIE, "litstack_session=")
        ]));
        assert!(from_us(&[
            host.clone(),
            (header::COOKIE, "litstack_session_old=abc")
        ]));
        // A vendor's session cookie is a session cookie too: the same rule, no escape.
        let vendor = (header::COOKIE, "theme=dark; litstack_vendor=abc");
        assert!(!from_us(&[host.clone(), vendor.clone()]));
        assert!(from_us(&[
            host.clone(),
            vendor,
            (header::ORIGIN, "http://127.0.0.1:8080")
        ]));
        assert!(from_us(&[host, (header::COOKIE, "litstack_vendor=")]));
    }

    #[test]
    fn an_origin_equal_to_host_is_refused_when_the_name_is_not_served() {
        let c = Config::for_data_dir("unused");
        let rebound = "rebind.evil.test:8080";
        assert!(!same_origin(
            &c,
            &[
                (header::HOST, rebound),
                (header::ORIGIN, "http://rebind.evil.test:8080")
            ]
        ));
    }

    #[test]
    fn the_public_url_is_same_origin_behind_a_proxy_that_rewrites_host() {
        let c = Config {
            public_url: Some("https://litstack.firm.test".parse().unwrap()),
            ..Config::for_data_dir("unused")
        };
        let upstream = (header::HOST, "127.0.0.1:8080");
        assert!(same_origin(
            &c,
            &[
                upstream.clone(),
                (header::ORIGIN, "https://LitStack.firm.test")
            ]
        ));
        assert!(!same_origin(
            &c,
            &[upstream, (header::ORIGIN, "http://litstack.firm.test:8081")]
        ));
    }
}
