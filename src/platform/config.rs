//! Runtime configuration of a server, resolved from the command line and the environment.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::ArgAction;
use clap::builder::TypedValueParser;
use clap::builder::{BoolValueParser, RangedU64ValueParser};

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

/// Every option of the server, as the command line and the environment give it: one clap field
/// with `long` and `env` each. The methods below give the values the server works with.
#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// Address to listen on. Use 0.0.0.0:8080 to serve the local network.
    #[arg(long, env = "LITSTACK_ADDR", default_value = DEFAULT_ADDR)]
    pub addr: SocketAddr,
    #[command(flatten)]
    pub storage: Storage,
    /// Do not load the sample demo bookings on first launch.
    // The flag says "no": given (or its variable true), the field is false.
    #[arg(long = "no-sample-data", env = "LITSTACK_NO_SAMPLE_DATA", action = ArgAction::SetTrue,
        value_parser = BoolValueParser::new().map(|no| !no))]
    pub sample_data: bool,
    /// Mark the session cookie Secure (when served behind HTTPS).
    #[arg(long, env = "LITSTACK_SECURE_COOKIES")]
    pub secure_cookies: bool,
    /// The utm_source tag added to outbound vendor links.
    #[arg(long, env = "LITSTACK_UTM_SOURCE", default_value = DEFAULT_UTM_SOURCE)]
    pub utm_source: String,
    /// Let the web app ask public icon services for vendor logos that the catalog has none for
    /// (they learn which vendors a firm looks at; off by default: the catalog's logo or a letter).
    #[arg(long, env = "LITSTACK_THIRD_PARTY_LOGOS")]
    pub third_party_logos: bool,
    /// No logos from third parties: the default now, still accepted so older service files start.
    #[arg(
        long,
        env = "LITSTACK_NO_THIRD_PARTY_LOGOS",
        hide = true,
        conflicts_with = "third_party_logos"
    )]
    pub no_third_party_logos: bool,
    /// Hosts on a private network that Litstack may fetch from anyway, comma-separated
    /// HOST[:PORT] (an image server or identity provider on the install's own network); every
    /// other logo, provider and feed is fetched only from a public address.
    #[arg(
        long,
        env = "LITSTACK_FETCH_PRIVATE_HOSTS",
        value_delimiter = ',',
        value_name = "HOST[:PORT]"
    )]
    pub fetch_private_hosts: Vec<crate::platform::outbound::PrivateHost>,
    /// Sign a session out after this many hours without a request.
    #[arg(long = "session-idle-hours", value_name = "SESSION_IDLE_HOURS",
        env = "LITSTACK_SESSION_IDLE_HOURS",
        default_value = default_text(DEFAULT_SESSION_IDLE_HOURS),
        value_parser = RangedU64ValueParser::<u64>::new().map(session_idle))]
    pub session_idle: Duration,
    /// Sign a session out this many days after sign-in, however active.
    #[arg(long = "session-max-days", value_name = "SESSION_MAX_DAYS",
        env = "LITSTACK_SESSION_MAX_DAYS", default_value = default_text(DEFAULT_SESSION_MAX_DAYS),
        value_parser = RangedU64ValueParser::<u64>::new().map(session_absolute))]
    pub session_absolute: Duration,
    /// Believe X-Forwarded-For only from this proxy address (e.g. 127.0.0.1 behind nginx).
    #[arg(long, env = "LITSTACK_TRUSTED_PROXY")]
    pub trusted_proxy: Option<std::net::IpAddr>,
    /// Days between scheduling a firm's deletion and its running; an owner can take it back until
    /// then (0: at the next hourly run).
    #[arg(long, env = "LITSTACK_FIRM_DELETION_DAYS", default_value_t = DEFAULT_FIRM_DELETION_DAYS)]
    pub firm_deletion_days: u32,
    /// Largest CSV file the import accepts, in MiB.
    #[arg(long = "import-max-mb", value_name = "IMPORT_MAX_MB", env = "LITSTACK_IMPORT_MAX_MB",
        default_value = default_text(DEFAULT_IMPORT_MAX_MB),
        value_parser = parse_import_max_mb)]
    pub import_max_bytes: usize,
    /// How much partner status lifts a vendor in recommendations (0 = not at all).
    #[arg(long, env = "LITSTACK_PARTNER_WEIGHT", default_value_t = DEFAULT_PARTNER_WEIGHT,
        value_parser = parse_partner_weight)]
    pub partner_weight: f64,
    /// The address people open Litstack at, e.g. https://litstack.firm.test behind a reverse
    /// proxy: its host name is served, and a browser's requests from there are same-origin.
    #[arg(long, env = "LITSTACK_PUBLIC_URL")]
    pub public_url: Option<crate::platform::hosts::PublicUrl>,
    /// More host names to serve, comma-separated (localhost and IP addresses always are); a
    /// request for any other name is refused with 421.
    #[arg(long, env = "LITSTACK_ALLOWED_HOSTS", value_delimiter = ',',
        value_parser = crate::platform::hosts::parse_host_name)]
    pub allowed_hosts: Vec<String>,
    /// Open connections at most (lowered to fit the open-file limit); more are refused.
    #[arg(long, env = "LITSTACK_MAX_CONNECTIONS", default_value_t = DEFAULT_MAX_CONNECTIONS,
        value_parser = parse_connection_cap)]
    pub max_connections: usize,
    /// Open connections from one client address at most (the --trusted-proxy is not capped).
    #[arg(long, env = "LITSTACK_MAX_CONNECTIONS_PER_CLIENT",
        default_value_t = DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
        value_parser = parse_connection_cap)]
    pub max_connections_per_client: usize,
    /// Who may create an account: `open` (anyone; each sign-up makes a firm) or `invite-only`
    /// (only through a firm's invitation). Saved, and changeable on the operator's Firms screen;
    /// left out, the saved mode stays (open on a new install).
    #[arg(long, env = "LITSTACK_SIGN_UP", value_enum)]
    pub sign_up: Option<SignUpMode>,
    /// The mail server invitations and reset links are sent through:
    /// smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS). Saved,
    /// and changeable on the operator's Mail screen; left out, the saved settings stay.
    #[arg(long, env = "LITSTACK_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The address messages come from, e.g. "Litstack <litstack@firm.example>" (default: the SMTP
    /// user, when it is an email address).
    #[arg(long, env = "LITSTACK_MAIL_FROM", requires = "smtp_url")]
    pub mail_from: Option<String>,
    /// Allow plain SMTP (STARTTLS only when offered) to a host that is not this machine.
    #[arg(long, env = "LITSTACK_SMTP_ALLOW_PLAIN", requires = "smtp_url")]
    pub smtp_allow_plain: bool,
    /// Allow a firm's single sign-on provider (OpenID Connect issuer) on plain http to a host
    /// that is not this machine. Without it, issuers must be https (http only on loopback).
    #[arg(long, env = "LITSTACK_SSO_ALLOW_HTTP")]
    pub sso_allow_http: bool,
    /// A signed catalog written by `litstack catalog publish`, served to other installs at
    /// /api/catalog/feed (read at each request, so a newer file is served once it replaces this).
    #[arg(long, env = "LITSTACK_CATALOG_FEED_FILE")]
    pub catalog_feed_file: Option<PathBuf>,
    /// Require a second factor (two-step sign-in) of every account on this install: an account
    /// without one sets it up at its next sign-in before it sees anything else.
    #[arg(long, env = "LITSTACK_REQUIRE_MFA")]
    pub require_mfa: bool,
}

/// Where the data lives: the part of `Config` that the data-only commands (`backup`, `firms
/// list`, ...) take.
#[derive(Debug, Clone, clap::Args)]
pub struct Storage {
    /// Where the database lives.
    #[arg(long, env = "LITSTACK_DATA_DIR", default_value = DEFAULT_DATA_DIR, global = true)]
    pub data_dir: PathBuf,
    /// Hub mode: keep everything in this PostgreSQL database (postgres://user:password@host/db)
    /// instead of the data directory's file, which then holds only this node's bookings snapshot.
    #[arg(
        long,
        env = "LITSTACK_DATABASE_URL",
        hide_env_values = true,
        global = true
    )]
    pub database_url: Option<String>,
}

impl Storage {
    /// Hub mode's PostgreSQL database, if one is given; else the data directory's redb file. A
    /// blank URL (`LITSTACK_DATABASE_URL=` in an env file) means none, as without the variable.
    pub fn database_url(&self) -> Option<&str> {
        self.database_url
            .as_deref()
            .map(str::trim)
            .filter(|url| !url.is_empty())
    }
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
        Config::for_storage(Storage {
            data_dir: data_dir.into(),
            database_url: None,
        })
    }

    /// The settings of a command-line tool: the defaults, an ephemeral port, no sample bookings,
    /// on this store.
    pub fn for_storage(storage: Storage) -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            storage,
            sample_data: false,
            secure_cookies: false,
            utm_source: DEFAULT_UTM_SOURCE.into(),
            third_party_logos: false,
            no_third_party_logos: false,
            fetch_private_hosts: Vec::new(),
            session_idle: session_idle(DEFAULT_SESSION_IDLE_HOURS),
            session_absolute: session_absolute(DEFAULT_SESSION_MAX_DAYS),
            trusted_proxy: None,
            firm_deletion_days: DEFAULT_FIRM_DELETION_DAYS,
            import_max_bytes: import_max_bytes(DEFAULT_IMPORT_MAX_MB),
            partner_weight: DEFAULT_PARTNER_WEIGHT,
            public_url: None,
            allowed_hosts: Vec::new(),
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_connections_per_client: DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
            sign_up: None,
            smtp_url: None,
            mail_from: None,
            smtp_allow_plain: false,
            sso_allow_http: false,
            catalog_feed_file: None,
            require_mfa: false,
        }
    }

    /// Hub mode's PostgreSQL database, if any (see `Storage::database_url`).
    pub fn database_url(&self) -> Option<&str> {
        self.storage.database_url()
    }

    /// The client every outside fetch goes through, with the hosts the operator allowed.
    pub fn outbound(&self) -> crate::platform::outbound::Outbound {
        crate::platform::outbound::Outbound::new(&self.fetch_private_hosts)
    }

    /// Whether the web app may ask public icon services for vendor logos (an operator's opt-in).
    pub fn logos_from_third_parties(&self) -> bool {
        self.third_party_logos && !self.no_third_party_logos
    }

    /// Timeouts and caps of the HTTP connections.
    pub fn connections(&self) -> Connections {
        Connections {
            max_open: self.max_connections,
            max_per_client: self.max_connections_per_client,
            ..Connections::default()
        }
    }

    /// The mail flags given at start, stored then as the operator's choice; `None` keeps the
    /// stored ones (none on a new install).
    pub fn smtp(&self) -> Option<SmtpFlags> {
        self.smtp_url.clone().map(|url| SmtpFlags {
            url,
            from: self.mail_from.clone(),
            allow_plain: self.smtp_allow_plain,
        })
    }
}

/// The idle limit of `--session-idle-hours` (at least an hour).
fn session_idle(hours: u64) -> Duration {
    Duration::from_secs(hours.max(1) * 3600)
}

/// The absolute limit of `--session-max-days` (at least a day).
fn session_absolute(days: u64) -> Duration {
    Duration::from_secs(days.max(1) * 24 * 3600)
}

/// The upload limit of `--import-max-mb` (at least 1 MiB).
fn import_max_bytes(mib: usize) -> usize {
    mib.max(1) * 1024 * 1024
}

// The parsers of flags whose value is adjusted: the number is parsed as clap parses one (the same
// messages), then brought into its range.

/// `--import-max-mb`, in bytes.
fn parse_import_max_mb(text: &str) -> Result<usize, std::num::ParseIntError> {
    text.parse().map(import_max_bytes)
}

/// A cap of connections, at least one: none would refuse every one.
fn parse_connection_cap(text: &str) -> Result<usize, std::num::ParseIntError> {
    text.parse().map(|n: usize| n.max(1))
}

/// `--partner-weight`, from 0 to 100.
fn parse_partner_weight(text: &str) -> Result<f64, std::num::ParseFloatError> {
    text.parse().map(|w: f64| w.clamp(0.0, 100.0))
}

/// A default in the flag's unit, as the help shows it, for a field in another unit (clap's
/// `default_value_t` shows the field's own value). clap keeps defaults as `'static` text: the few
/// bytes are kept for the process, as the command line is.
fn default_text(value: impl ToString) -> &'static str {
    Box::leak(value.to_string().into_boxed_str())
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
    /// Where every absolute link Litstack writes points (reset, invitation, vendor claim and join,
    /// unsubscribe, calendar feed, decision): `--public-url`, else the address the server listens
    /// on when that is loopback (only this machine can open it, so no other name can be meant).
    /// `None` when neither holds. A request's `Host`, `Origin`, `Referer`, `Forwarded` and
    /// `X-Forwarded-*` never contribute: whoever sends a request chooses those, and a mailed link
    /// built from them could hand its token to any host.
    pub fn public_origin(&self) -> Option<String> {
        if let Some(public) = &self.public_url {
            return Some(public.origin.clone());
        }
        (self.addr.ip().is_loopback() && self.addr.port() != 0)
            .then(|| format!("http://{}", self.addr))
    }

    /// Whether `host` (as `hosts::host_name` gives it) is a name this install is served at.
    pub fn serves(&self, host: &str) -> bool {
        host == "localhost"
            || crate::platform::hosts::is_ip_literal(host)
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

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        config: Config,
    }

    fn parse(args: &[&str]) -> Result<Config, clap::Error> {
        Cli::try_parse_from(std::iter::once("litstack").chain(args.iter().copied()))
            .map(|cli| cli.config)
    }

    #[test]
    fn the_command_lines_defaults_are_the_tools_defaults() {
        let given = parse(&[
            "--data-dir",
            "d",
            "--addr",
            "127.0.0.1:0",
            "--no-sample-data",
        ])
        .unwrap();
        let tool = Config::for_data_dir("d");
        assert_eq!(format!("{given:?}"), format!("{tool:?}"));
    }

    #[test]
    fn flags_in_other_units_are_converted_and_kept_in_range() {
        let c = parse(&[
            "--session-idle-hours=0",
            "--session-max-days=2",
            "--import-max-mb=0",
            "--partner-weight=500",
            "--max-connections=0",
            "--max-connections-per-client=0",
        ])
        .unwrap();
        assert_eq!(c.session_idle, Duration::from_secs(3600));
        assert_eq!(c.session_absolute, Duration::from_secs(2 * 24 * 3600));
        assert_eq!(c.import_max_bytes, 1024 * 1024);
        assert_eq!(c.partner_weight, 100.0);
        assert_eq!((c.max_connections, c.max_connections_per_client), (1, 1));
        assert!(c.sample_data);
        assert!(parse(&["--session-idle-hours=x"]).is_err());
    }

    #[test]
    fn a_blank_database_url_means_the_data_directory() {
        let c = parse(&["--database-url", " "]).unwrap();
        assert_eq!(c.database_url(), None);
        let c = parse(&["--database-url", "postgres://h/db"]).unwrap();
        assert_eq!(c.database_url(), Some("postgres://h/db"));
    }

    #[test]
    fn third_party_logos_are_off_unless_asked_for() {
        assert!(!parse(&[]).unwrap().logos_from_third_parties());
        assert!(
            parse(&["--third-party-logos"])
                .unwrap()
                .logos_from_third_parties()
        );
        assert!(
            !parse(&["--no-third-party-logos"])
                .unwrap()
                .logos_from_third_parties()
        );
        assert!(parse(&["--third-party-logos", "--no-third-party-logos"]).is_err());
    }
}
