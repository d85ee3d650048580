//! Runtime configuration of a server, resolved from the command line and the environment.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    /// Mark the session cookie `Secure` (serve behind HTTPS).
    pub secure_cookies: bool,
    /// The `utm_source` value added to outbound vendor links.
    pub utm_source: String,
    /// Whether the web app may ask public icon services for vendor logos.
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
}

impl Config {
    /// Settings for tests and tools: an ephemeral port and the given data directory.
    pub fn for_data_dir(data_dir: impl Into<PathBuf>) -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            data_dir: data_dir.into(),
            secure_cookies: false,
            utm_source: "litstack".into(),
            third_party_logos: true,
            session_idle: Duration::from_secs(7 * 24 * 3600),
            session_absolute: Duration::from_secs(30 * 24 * 3600),
            import_max_bytes: 256 * 1024 * 1024,
            trusted_proxy: None,
            sample_data: false,
        }
    }
}
