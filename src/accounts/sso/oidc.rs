//! The OpenID Connect side of single sign-on, through the `openidconnect` crate: discovery, the
//! authorization-code flow with PKCE, `state` and `nonce`, and the ID token's checks (signature
//! from the provider's JWKS, issuer, audience, expiry, nonce). A token signed with a key the JWKS
//! does not name makes us fetch the provider's keys once more and check again (key rotation).
//! Each node keeps a provider's discovery document and keys for five minutes.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

use openidconnect::core::{
    CoreAuthenticationFlow, CoreClient, CoreIdTokenClaims, CoreProviderMetadata,
};
use openidconnect::{
    AsyncHttpClient, AuthorizationCode, ClaimsVerificationError, ClientId, ClientSecret, CsrfToken,
    DiscoveryError, HttpRequest, HttpResponse, IssuerUrl, Nonce, OAuth2TokenResponse,
    PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope, SignatureVerificationError,
    TokenResponse,
};

use crate::platform::outbound::{Call, Outbound, Refused as NotFetched};

/// What the operator allows of an issuer's address.
#[derive(Debug, Clone, Copy)]
pub struct IssuerRules {
    /// `--sso-allow-http`: plain http to a host that is not this machine.
    pub allow_http: bool,
}

fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// The issuer as typed, checked: an absolute https URL (http only to loopback, or when the
/// operator allows it), no query or fragment. The trailing slash is kept as typed: the
/// provider's `issuer` must equal it exactly.
pub fn parse_issuer(raw: &str, rules: IssuerRules) -> Result<String, String> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Err("The issuer URL is required, e.g. https://login.example.com".into());
    }
    let url =
        url::Url::parse(raw).map_err(|_| format!("The issuer URL {raw} is not a web address"))?;
    let host = url.host_str().unwrap_or("");
    let ok = match url.scheme() {
        "https" => true,
        "http" => is_loopback(host) || rules.allow_http,
        _ => false,
    };
    if !ok || host.is_empty() {
        return Err(
            "The issuer URL must start with https:// (plain http only for a provider on this \
             machine, or when the operator starts Litstack with --sso-allow-http)"
                .into(),
        );
    }
    if url.query().is_some() || url.fragment().is_some() || !url.username().is_empty() {
        return Err("The issuer URL must not carry a query, a fragment or a user name".into());
    }
    Ok(raw.to_string())
}

/// What one provider call may take: a discovery document, a key set or a token answer is a few
/// KB; 256 KB leaves room for a provider with many keys.
const CALL: Call = Call {
    what: "the provider's discovery document",
    max_bytes: 256 * 1024,
    timeout: Duration::from_secs(10),
};

/// openidconnect's HTTP client: every provider call (discovery, keys, token) goes through the
/// one rule for outside fetches (`platform::outbound`: a public address unless the operator named
/// the host, the address pinned, no redirect, the specification's advice against request
/// forgery, a size and a time limit).
struct Provider<'a>(&'a Outbound);

impl<'c> AsyncHttpClient<'c> for Provider<'_> {
    type Error = NotFetched;
    type Future = Pin<Box<dyn Future<Output = Result<HttpResponse, NotFetched>> + Send + 'c>>;

    fn call(&'c self, request: HttpRequest) -> Self::Future {
        Box::pin(self.0.send(CALL, request))
    }
}

/// Error text with its causes, for the person who configures the provider.
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

/// Each provider's discovery document and keys, as this node last fetched them, and when: a
/// sign-in reuses them for `KEEP` (a key they do not name fetches them again at once).
type Discovered = HashMap<String, (Instant, CoreProviderMetadata)>;
static DISCOVERED: LazyLock<Mutex<Discovered>> = LazyLock::new(Default::default);
const KEEP: Duration = Duration::from_secs(300);

/// What an owner is told when the discovery document names another issuer: the only failure
/// told apart, since it needs a document that parsed, from a provider that answered.
const OTHER_ISSUER: &str = "The provider's discovery document names another issuer: type the \
     issuer URL exactly as your identity provider gives it";

/// Fetches the issuer's discovery document (and its keys); openidconnect checks that the
/// document's `issuer` equals `issuer`. Always asks the provider (a save, a key rotation). Every
/// failure but another issuer is told as one refusal (no port scanner: a closed port, a missing
/// page, a wrong content type and a failed TLS handshake look alike); the cause is logged at
/// debug.
pub async fn discover(outbound: &Outbound, issuer: &str) -> Result<CoreProviderMetadata, String> {
    let unreachable = NotFetched::Unreachable { what: CALL.what }.to_string();
    let url = IssuerUrl::new(issuer.to_string()).map_err(|_| unreachable.clone())?;
    let metadata = CoreProviderMetadata::discover_async(url, &Provider(outbound))
        .await
        .map_err(|e| {
            tracing::debug!(issuer, cause = %chain(&e), "the provider's discovery failed");
            match e {
                DiscoveryError::Validation(_) => OTHER_ISSUER.to_string(),
                _ => unreachable,
            }
        })?;
    if let Ok(mut kept) = DISCOVERED.lock() {
        kept.retain(|_, (at, _)| at.elapsed() < KEEP);
        kept.insert(issuer.to_string(), (Instant::now(), metadata.clone()));
    }
    Ok(metadata)
}

/// The issuer's discovery document and keys: as fetched in the last `KEEP`, else fetched now.
async fn discovered(outbound: &Outbound, issuer: &str) -> Result<CoreProviderMetadata, String> {
    let kept = DISCOVERED.lock().ok().and_then(|kept| {
        kept.get(issuer)
            .filter(|(at, _)| at.elapsed() < KEEP)
            .map(|(_, metadata)| metadata.clone())
    });
    match kept {
        Some(metadata) => Ok(metadata),
        None => discover(outbound, issuer).await,
    }
}

/// The parts of a flow begun: where to send the browser, and what to keep for its return.
pub struct Started {
    pub authorize_url: String,
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
}

/// Begins a sign-in at the provider.
pub async fn start(
    outbound: &Outbound,
    issuer: &str,
    client_id: &str,
    client_secret: &str,
    redirect_uri: &str,
    login_hint: &str,
) -> Result<Started, String> {
    let metadata = discovered(outbound, issuer).await?;
    let client = CoreClient::from_provider_metadata(
        metadata,
        ClientId::new(client_id.to_string()),
        Some(ClientSecret::new(client_secret.to_string())),
    )
    .set_redirect_uri(RedirectUrl::new(redirect_uri.to_string()).map_err(|e| e.to_string())?);
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let (url, state, nonce) = client
        .authorize_url(
            CoreAuthenticationFlow::AuthorizationCode,
            CsrfToken::new_random,
            Nonce::new_random,
        )
        .add_scope(Scope::new("email".into()))
        .add_scope(Scope::new("profile".into()))
        .add_extra_param("login_hint", login_hint)
        .set_pkce_challenge(challenge)
        .url();
    Ok(Started {
        authorize_url: url.to_string(),
        state: state.secret().clone(),
        nonce: nonce.secret().clone(),
        pkce_verifier: verifier.secret().clone(),
    })
}

/// What a verified ID token tells of the person.
#[derive(Debug, Clone)]
pub struct Identity {
    pub subject: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub name: Option<String>,
}

/// Why a sign-in at the provider did not give an identity, and the code the sign-in page shows.
#[derive(Debug)]
pub struct Refused {
    pub code: &'static str,
    pub detail: String,
}

fn refused(code: &'static str, detail: impl Into<String>) -> Refused {
    Refused {
        code,
        detail: detail.into(),
    }
}

/// Exchanges the code (with the PKCE verifier) and checks the ID token.
#[expect(
    clippy::too_many_arguments,
    reason = "the flow's parts, each kept apart by its kind"
)]
pub async fn finish(
    outbound: &Outbound,
    issuer: &str,
    client_id: &str,
    client_secret: &str,
    redirect_uri: &str,
    code: &str,
    pkce_verifier: &str,
    nonce: &str,
) -> Result<Identity, Refused> {
    let http = Provider(outbound);
    let client = |metadata| {
        Ok::<_, Refused>(
            CoreClient::from_provider_metadata(
                metadata,
                ClientId::new(client_id.to_string()),
                Some(ClientSecret::new(client_secret.to_string())),
            )
            .set_redirect_uri(
                RedirectUrl::new(redirect_uri.to_string())
                    .map_err(|e| refused("provider", e.to_string()))?,
            ),
        )
    };
    let metadata = discovered(outbound, issuer)
        .await
        .map_err(|e| refused("provider", e))?;
    let first = client(metadata)?;
    let response = first
        .exchange_code(AuthorizationCode::new(code.to_string()))
        .map_err(|e| refused("provider", e.to_string()))?
        .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier.to_string()))
        .request_async(&http)
        .await
        .map_err(|e| refused("exchange", chain(&e)))?;
    let _ = response.access_token();
    let token = response
        .id_token()
        .ok_or_else(|| refused("token", "The provider sent no ID token"))?
        .clone();
    let nonce = Nonce::new(nonce.to_string());
    let checked: Result<CoreIdTokenClaims, ClaimsVerificationError> =
        token.claims(&first.id_token_verifier(), &nonce).cloned();
    let claims = match checked {
        Err(ClaimsVerificationError::SignatureVerification(
            SignatureVerificationError::NoMatchingKey,
        )) => {
            // A key the provider's keys did not name: they may have rotated since. Once more.
            let metadata = discover(outbound, issuer)
                .await
                .map_err(|e| refused("provider", e))?;
            let again = client(metadata)?;
            token
                .claims(&again.id_token_verifier(), &nonce)
                .cloned()
                .map_err(|e| refused("token", chain(&e)))?
        }
        other => other.map_err(|e| refused("token", chain(&e)))?,
    };
    Ok(Identity {
        subject: claims.subject().as_str().to_string(),
        email: claims.email().map(|e| e.as_str().to_string()),
        email_verified: claims.email_verified().unwrap_or(false),
        name: claims
            .name()
            .and_then(|n| n.get(None))
            .map(|n| n.as_str().to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_issuer_is_https_except_on_loopback_or_when_the_operator_allows_http() {
        let strict = IssuerRules { allow_http: false };
        let lax = IssuerRules { allow_http: true };
        assert!(parse_issuer("https://login.example.com/tenant/v2.0", strict).is_ok());
        assert!(parse_issuer("http://127.0.0.1:8443", strict).is_ok());
        assert!(parse_issuer("http://localhost:9000/", strict).is_ok());
        assert!(parse_issuer("http://[::1]:9000", strict).is_ok());
        assert!(parse_issuer("http://idp.example.com", strict).is_err());
        assert!(parse_issuer("http://idp.example.com", lax).is_ok());
        assert!(parse_issuer("ftp://idp.example.com", lax).is_err());
        assert!(parse_issuer("https://idp.example.com/?x=1", strict).is_err());
        assert!(parse_issuer("https://user@idp.example.com", strict).is_err());
        assert!(parse_issuer("", strict).is_err());
        // Kept as typed: the provider's `issuer` must equal it exactly.
        assert_eq!(
            parse_issuer(" https://idp.example.com/ ", strict).unwrap(),
            "https://idp.example.com/"
        );
    }
}
