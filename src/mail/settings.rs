//! How the server reaches its mail server: an `smtp://` or `smtps://` URL (user and password in it)
//! and the From address. Set with `--smtp-url` at start or on the operator's mail screen; the
//! stored value is what every node reads.
//!
//! Security: `smtps://` is TLS from the first byte; `smtp://` must upgrade with STARTTLS, except to
//! a loopback host (a relay on the same machine) or when the operator allows plain SMTP, where
//! STARTTLS is used when offered.

use std::time::Duration;

use lettre::AsyncSmtpTransport;
use lettre::Tokio1Executor;
use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use serde::{Deserialize, Serialize};

use crate::platform::error::{AppError, bad_request};

/// The mail settings, as stored (the password inside the URL).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MailSettings {
    pub smtp_url: String,
    pub from: String,
    /// Plain SMTP to a host that is not loopback (the operator's explicit choice).
    pub allow_plain: bool,
}

/// How the connection is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Security {
    /// `smtps://`: TLS from the first byte.
    Tls,
    /// `smtp://`: STARTTLS, required.
    Starttls,
    /// `smtp://` to loopback or with plain allowed: STARTTLS when the server offers it.
    StarttlsIfOffered,
}

/// The parts of the URL, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpTarget {
    pub host: String,
    pub port: u16,
    pub username: Option<String>,
    pub password: Option<String>,
    pub security: Security,
}

const URL_EXAMPLE: &str = "use smtp://user:password@mail.example.com:587 (STARTTLS) or smtps://user:password@mail.example.com:465 (TLS)";

fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

impl MailSettings {
    /// Checks the URL and the From address; a fault is a 400 naming it.
    pub fn parse(smtp_url: &str, from: &str, allow_plain: bool) -> Result<MailSettings, AppError> {
        let settings = MailSettings {
            smtp_url: smtp_url.trim().to_string(),
            from: from.trim().to_string(),
            allow_plain,
        };
        settings.target()?;
        settings.mailbox()?;
        Ok(settings)
    }

    /// The settings of the start flags; without `--mail-from` the SMTP user is the From
    /// address when it is one.
    pub fn from_flags(
        flags: &crate::platform::config::SmtpFlags,
    ) -> Result<MailSettings, AppError> {
        let from = match &flags.from {
            Some(from) => from.clone(),
            None => {
                let probe = MailSettings {
                    smtp_url: flags.url.trim().to_string(),
                    from: String::new(),
                    allow_plain: flags.allow_plain,
                };
                probe
                    .target()?
                    .username
                    .filter(|u| u.contains('@'))
                    .ok_or_else(|| {
                        bad_request(
                            "give --mail-from, the address messages come from, such as \"Litstack <litstack@firm.example>\"",
                        )
                    })?
            }
        };
        MailSettings::parse(&flags.url, &from, flags.allow_plain)
    }

    pub fn target(&self) -> Result<SmtpTarget, AppError> {
        let url = url::Url::parse(&self.smtp_url)
            .map_err(|_| bad_request(format!("The SMTP address is not a URL: {URL_EXAMPLE}")))?;
        let host = url
            .host_str()
            .filter(|h| !h.is_empty())
            .ok_or_else(|| bad_request(format!("The SMTP address has no host: {URL_EXAMPLE}")))?
            .to_string();
        let (security, default_port) = match url.scheme() {
            "smtps" => (Security::Tls, 465),
            "smtp" if is_loopback(&host) || self.allow_plain => (Security::StarttlsIfOffered, 587),
            "smtp" => (Security::Starttls, 587),
            _ => {
                return Err(bad_request(format!(
                    "The SMTP address must start with smtp:// or smtps://: {URL_EXAMPLE}"
                )));
            }
        };
        if url.path() != "" && url.path() != "/" || url.query().is_some() {
            return Err(bad_request(format!(
                "The SMTP address takes a user, password, host and port only: {URL_EXAMPLE}"
            )));
        }
        let decode = |s: &str| {
            percent_encoding::percent_decode_str(s)
                .decode_utf8()
                .map(|s| s.into_owned())
                .map_err(|_| bad_request("The SMTP user or password is not valid UTF-8"))
        };
        let username = Some(url.username())
            .filter(|u| !u.is_empty())
            .map(decode)
            .transpose()?;
        let password = url.password().map(decode).transpose()?;
        Ok(SmtpTarget {
            host,
            port: url.port().unwrap_or(default_port),
            username,
            password,
            security,
        })
    }

    pub fn mailbox(&self) -> Result<Mailbox, AppError> {
        self.from.parse::<Mailbox>().map_err(|_| {
            bad_request("The From address must be an email address, such as Litstack <litstack@firm.example>")
        })
    }

    /// The transport these settings describe (it connects on first use).
    pub fn transport(&self) -> Result<AsyncSmtpTransport<Tokio1Executor>, AppError> {
        let target = self.target()?;
        let tls = || {
            TlsParameters::new(target.host.clone())
                .map_err(|e| AppError::Internal(anyhow::anyhow!("TLS parameters: {e}")))
        };
        let tls = match target.security {
            Security::Tls => Tls::Wrapper(tls()?),
            Security::Starttls => Tls::Required(tls()?),
            Security::StarttlsIfOffered => Tls::Opportunistic(tls()?),
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&target.host)
            .port(target.port)
            .tls(tls)
            .timeout(Some(Duration::from_secs(30)));
        if let Some(user) = target.username {
            builder =
                builder.credentials(Credentials::new(user, target.password.unwrap_or_default()));
        }
        Ok(builder.build())
    }

    /// The domain of the From address, for Message-IDs.
    pub fn domain(&self) -> String {
        self.mailbox()
            .map(|m| m.email.domain().to_string())
            .unwrap_or_else(|_| "litstack.invalid".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(url: &str, allow_plain: bool) -> Result<SmtpTarget, String> {
        MailSettings {
            smtp_url: url.into(),
            from: "Litstack <litstack@firm.example>".into(),
            allow_plain,
        }
        .target()
        .map_err(|e| e.to_string())
    }

    #[test]
    fn mail_urls_choose_the_security_and_refuse_what_is_not_smtp() {
        let t = target("smtps://ann%40firm.example:p%3Ass@mail.firm.example", false).unwrap();
        assert_eq!((t.port, t.security), (465, Security::Tls));
        assert_eq!(t.username.as_deref(), Some("ann@firm.example"));
        assert_eq!(t.password.as_deref(), Some("p:ss"));
        let t = target("smtp://mail.firm.example:2525", false).unwrap();
        assert_eq!((t.port, t.security), (2525, Security::Starttls));
        assert_eq!(
            target("smtp://127.0.0.1:1025", false).unwrap().security,
            Security::StarttlsIfOffered
        );
        assert_eq!(
            target("smtp://localhost", false).unwrap().security,
            Security::StarttlsIfOffered
        );
        assert_eq!(
            target("smtp://[::1]:25", false).unwrap().security,
            Security::StarttlsIfOffered
        );
        assert_eq!(
            target("smtp://mail.firm.example", true).unwrap().security,
            Security::StarttlsIfOffered
        );
        assert!(
            target("http://mail.firm.example", false)
                .unwrap_err()
                .contains("smtp://")
        );
        assert!(
            target("mail.firm.example", false)
                .unwrap_err()
                .contains("not a URL")
        );
        assert!(
            target("smtp://mail.firm.example/x?tls=none", false)
                .unwrap_err()
                .contains("only")
        );
    }

    #[test]
    fn the_from_address_must_be_a_mailbox() {
        assert!(MailSettings::parse("smtp://localhost:25", "not an address", false).is_err());
        let ok = MailSettings::parse(
            "smtp://localhost:25",
            " Litstack <litstack@firm.example> ",
            false,
        )
        .unwrap();
        assert_eq!(ok.domain(), "firm.example");
    }
}
