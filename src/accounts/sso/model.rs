//! Single sign-on's stored values and what the API shows of them.

use serde::{Deserialize, Serialize};

use crate::accounts::FirmRole;

/// A firm's identity provider, as stored. The client secret is stored as given (it must be sent
/// to the provider); no answer ever carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SsoConfig {
    pub firm_id: u64,
    pub issuer: String,
    pub client_id: String,
    pub client_secret: String,
    pub default_role: FirmRole,
    pub require_sso: bool,
    pub updated_at: i64,
}

/// Where a firm's claim to an email domain stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DomainStatus {
    /// Waiting for the operator: it does nothing yet.
    Pending,
    /// Confirmed by the operator: people of this domain sign in through the firm's provider.
    Confirmed,
    /// Refused by the operator.
    Refused,
}

impl DomainStatus {
    pub fn code(self) -> &'static str {
        match self {
            DomainStatus::Pending => "pending",
            DomainStatus::Confirmed => "confirmed",
            DomainStatus::Refused => "refused",
        }
    }

    pub fn from_code(code: &str) -> Option<DomainStatus> {
        [
            DomainStatus::Pending,
            DomainStatus::Confirmed,
            DomainStatus::Refused,
        ]
        .into_iter()
        .find(|s| s.code() == code)
    }
}

/// One firm's claim to one email domain, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DomainClaim {
    pub domain: String,
    pub firm_id: u64,
    pub status: DomainStatus,
    pub claimed_at: i64,
    pub decided_at: Option<i64>,
}

/// A sign-in begun at the provider, kept by the hash of its `state` for ten minutes, used once:
/// any node (or this one after a restart) finishes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flow {
    pub firm_id: u64,
    pub nonce: String,
    pub pkce_verifier: String,
    pub redirect_uri: String,
    pub return_path: String,
    pub created_at: i64,
}

/// How long a flow may take, in seconds.
pub const FLOW_SECS: i64 = 600;

/// The account an identity (issuer, subject) signs in as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SsoLink {
    pub issuer: String,
    pub subject: String,
    pub user_id: u64,
    pub created_at: i64,
}

/// GET /api/firm/sso: the firm's settings, never the client secret.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SsoSettingsView {
    /// Whether the firm has set up a provider at all.
    pub configured: bool,
    pub issuer: String,
    pub client_id: String,
    /// Whether a client secret is saved (it is never shown).
    pub client_secret_set: bool,
    pub domains: Vec<DomainView>,
    pub default_role: FirmRole,
    pub require_sso: bool,
}

/// A claimed domain and where the operator's confirmation stands.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DomainView {
    pub domain: String,
    pub status: DomainStatus,
}

/// PUT /api/firm/sso.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SsoSettingsUpdate {
    pub issuer: String,
    pub client_id: String,
    /// Empty or absent keeps the saved secret.
    #[serde(default)]
    pub client_secret: Option<String>,
    pub domains: Vec<String>,
    /// `viewer` unless set; never `owner`.
    #[serde(default)]
    pub default_role: Option<FirmRole>,
    #[serde(default)]
    pub require_sso: bool,
}

/// GET /api/auth/sso/discover: whether the email's domain signs in through its firm's provider.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SsoDiscovery {
    pub sso: bool,
}

/// A domain claim on the operator's screen.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminDomainClaim {
    pub domain: String,
    pub firm_id: u64,
    pub firm_name: String,
    pub status: DomainStatus,
    /// RFC 3339.
    pub claimed_at: String,
}

/// GET /api/admin/firms/sso-domains.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AdminDomainClaims {
    pub items: Vec<AdminDomainClaim>,
}

/// PUT /api/admin/firms/{firm_id}/sso-domains/{domain}: the operator's decision.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DomainDecision {
    /// `confirmed` or `refused`.
    pub status: DomainStatus,
}

/// GET /api/auth/sso/discover and /start's query.
#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct EmailQuery {
    /// The email the person typed.
    pub email: String,
    /// Where to go after signing in (a path of this app); `/` when absent.
    #[serde(rename = "returnTo")]
    pub return_to: Option<String>,
}

/// GET /api/auth/sso/callback's query, as the provider sends it.
#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    pub code: Option<String>,
    pub state: Option<String>,
    /// The provider's error code when the person or the provider stopped the sign-in.
    pub error: Option<String>,
}
