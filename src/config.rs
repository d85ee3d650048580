//! Runtime configuration of a server, resolved from the command line and the environment.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

// The defaults, written once: the command line shows them and `Config::for_data_dir` uses them.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
pub const DEFAULT_DATA_DIR: &str = "./litstack-data";
pub const DEFAULT_UTM_SOURCE: &str = "litstack";
pub const DEFAULT_SESSION_IDLE_HOURS: u64 = 7 * 24;
/// The grace period of a firm's deletion: an owner can take it back until then.
pub const DEFAULT_FIRM_DELETION_DAYS: u32 = 30;
pub const DEFAULT_SESSION_MAX_DAYS: u64 = 30;
pub const DEFAULT_IMPORT_MAX_MB: usize = 256;
pub const DEFAULT_PARTNER_WEIGHT: f64 = 0.0;
pub const DEFAULT_MAX_CONNECTIONS: usize = 4096;
pub const DEFAULT_MAX_CONNECTIONS_PER_CLIENT: usize = 256;
/// A client has this long to send a request's headers, and an idle keep-alive connection this
/// long to start its next request (hyper times both with the same clock).
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest silence within a request body. It bounds the time between two pieces of a body,
/// not the whole upload: a 256 MiB import on a slow link keeps sending and never meets it, while
/// a minute covers TCP's retransmission back-off on a bad link.
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(60);

#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    /// Hub mode: keep everything durable in this PostgreSQL database instead of the data
    /// directory's redb file (which then holds only this node's bookings snapshot).
    pub database_url: Option<String>,
    /// Mark the session cookie `Secure` (serve behind HTTPS).
    pub secure_cookies: bool,
    /// The `utm_source` value added to outbound vendor links.
    pub utm_source: String,
    /// Whether the web app may ask public icon services for vendor logos (an operator's opt-in).
    pub third_party_logos: bool,
    /// A session ends after this long without a request.
    pub session_idle: Duration,
    /// A session ends this long after sign-in, however active.
    pub session_absolute: Duration,
    /// Largest CSV upload accepted by the import.
    pub import_max_bytes: usize,
    /// The reverse proxy whose `X-Forwarded-For` is believed; `None` believes no such header.
    pub trusted_proxy: Option<std::net::IpAddr>,
    /// Load the generated sample demo bookings on first launch.
    pub sample_data: bool,
    /// How much partner status lifts a vendor in recommendations; 0 (the default) means not at all.
    pub partner_weight: f64,
    /// The address people open Litstack at (behind a reverse proxy, say); its host is served.
    pub public_url: Option<crate::hosts::PublicUrl>,
    /// Further host names served, besides `localhost` and IP literals (lower-case, no port).
    pub allowed_hosts: Vec<String>,
    /// Timeouts and caps of the HTTP connections.
    pub connections: Connections,
    /// Sign-up mode set at start (`--sign-up`); `None` keeps the stored one (open by default).
    pub sign_up: Option<SignUpMode>,
    /// Mail settings given at start (`--smtp-url`, `--mail-from`, `--smtp-allow-plain`), stored
    /// then as the operator's choice; `None` keeps the stored ones (none on a new install).
    pub smtp: Option<SmtpFlags>,
    /// `--sso-allow-http`: a firm's identity provider may be plain http on a host that is not
    /// this machine (else https only, as mail's `--smtp-allow-plain`).
    pub sso_allow_http: bool,
    /// Every account must sign in with a second factor (`--require-mfa`): an account without one
    /// sets it up at its next sign-in before anything else.
    pub require_mfa: bool,
    /// Days between scheduling a firm's deletion and its running (`--firm-deletion-days`).
    pub firm_deletion_days: u32,
}

/// Timeouts and caps of the HTTP connections (see `server.rs`).
#[derive(Debug, Clone, Copy)]
pub struct Connections {
    /// Open connections at most; the server lowers it to fit the open-file limit.
    pub max_open: usize,
    /// Open connections from one client address at most (the trusted proxy is not capped).
    pub max_per_client: usize,
    pub header_read_timeout: Duration,
    pub body_read_timeout: Duration,
}

impl Default for Connections {
    fn default() -> Connections {
        Connections {
            max_open: DEFAULT_MAX_CONNECTIONS,
            max_per_client: DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
            header_read_timeout: HEADER_READ_TIMEOUT,
            body_read_timeout: BODY_READ_TIMEOUT,
        }
    }
}

impl Config {
    /// Settings for tests and tools: the defaults, an ephemeral port and the given data directory.
    pub fn for_data_dir(data_dir: impl Into<PathBuf>) -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            data_dir: data_dir.into(),
            database_url: None,
            secure_cookies: false,
            utm_source: DEFAULT_UTM_SOURCE.into(),
            third_party_logos: false,
            session_idle: session_idle(DEFAULT_SESSION_IDLE_HOURS),
            session_absolute: session_absolute(DEFAULT_SESSION_MAX_DAYS),
            import_max_bytes: import_max_bytes(DEFAULT_IMPORT_MAX_MB),
            trusted_proxy: None,
            sample_data: false,
            partner_weight: DEFAULT_PARTNER_WEIGHT,
            public_url: None,
            allowed_hosts: Vec::new(),
            connections: Connections::default(),
            sign_up: None,
            smtp: None,
            sso_allow_http: false,
            require_mfa: false,
            firm_deletion_days: DEFAULT_FIRM_DELETION_DAYS,
        }
    }
}

/// The idle limit of `--session-idle-hours` (at least an hour).
pub fn session_idle(hours: u64) -> Duration {
    Duration::from_secs(hours.max(1) * 3600)
}

/// The absolute limit of `--session-max-days` (at least a day).
pub fn session_absolute(days: u64) -> Duration {
    Duration::from_secs(days.max(1) * 24 * 3600)
}

/// The upload limit of `--import-max-mb` (at least 1 MiB).
pub fn import_max_bytes(mib: usize) -> usize {
    mib.max(1) * 1024 * 1024
}

// Who may create an account: anyone (`open`, the default) or only a person with an invitation
// (the accounts' `settings`). No doc comment: it would become the API document's description.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    serde::Serialize,
    serde::Deserialize,
    utoipa::ToSchema,
    clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum SignUpMode {
    Open,
    InviteOnly,
}

impl SignUpMode {
    pub fn code(self) -> &'static str {
        match self {
            SignUpMode::Open => "open",
            SignUpMode::InviteOnly => "invite-only",
        }
    }

    pub fn from_code(code: &str) -> Option<SignUpMode> {
        [SignUpMode::Open, SignUpMode::InviteOnly]
            .into_iter()
            .find(|m| m.code() == code)
    }
}

impl Config {
    /// Whether `host` (as `hosts::host_name` gives it) is a name this install is served at.
    pub fn serves(&self, host: &str) -> bool {
        host == "localhost"
            || crate::hosts::is_ip_literal(host)
            || self.public_url.as_ref().is_some_and(|u| u.host == host)
            || self.allowed_hosts.iter().any(|name| name == host)
    }
}

/// The mail flags as given: `mail::MailSettings::parse` checks them at start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpFlags {
    pub url: String,
    pub from: Option<String>,
    pub allow_plain: bool,
}
