//! Caps on open connections, overall and per client address, so that slow or idle connections
//! cannot use up the open files: a connection over a cap is answered with a short 503 if its
//! socket takes it at once, and closed; no task is kept for it.
//!
//! The client is the socket's peer. Behind `--trusted-proxy` every connection comes from the
//! proxy, so its address is not capped per client (the overall cap still holds).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// The open connections, counted overall and per client address.
pub struct ConnectionCaps {
    max_open: usize,
    max_per_client: usize,
    uncapped_client: Option<IpAddr>,
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    total: usize,
    per_client: HashMap<IpAddr, usize>,
    /// Whether the overall cap was met since it was last logged, so a flood logs once.
    full_reported: bool,
}

/// Why a connection was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The server holds `max_open` connections.
    Full,
    /// This client holds `max_per_client` connections.
    ClientFull,
}

/// One admitted connection; dropping it (when the connection ends) frees its place.
pub struct Admitted {
    caps: Arc<ConnectionCaps>,
    client: IpAddr,
}

impl ConnectionCaps {
    pub fn new(max_open: usize, max_per_client: usize, uncapped_client: Option<IpAddr>) -> Self {
        ConnectionCaps {
            max_open: max_open.max(1),
            max_per_client: max_per_client.max(1),
            uncapped_client,
            open: Mutex::new(Open::default()),
        }
    }

    /// Takes a place for a new connection from `client`, or says why there is none.
    pub fn admit(self: &Arc<Self>, client: IpAddr) -> Result<Admitted, Refused> {
        let mut open = self.lock();
        if open.total >= self.max_open {
            if !open.full_reported {
                open.full_reported = true;
                tracing::warn!(
                    max = self.max_open,
                    "refusing new connections: the most the server keeps open are open \
                     (--max-connections)"
                );
            }
            return Err(Refused::Full);
        }
        if Some(client) != self.uncapped_client {
            let mine = open.per_client.entry(client).or_default();
            if *mine >= self.max_per_client {
                return Err(Refused::ClientFull);
            }
            *mine += 1;
        }
        open.total += 1;
        Ok(Admitted {
            caps: self.clone(),
            client,
        })
    }

    /// Connections open now.
    #[cfg(test)]
    fn open(&self) -> usize {
        self.lock().total
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        // The counts stay consistent even if a holder panicked: each update is one statement.
        self.open
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut open = self.caps.lock();
        open.total = open.total.saturating_sub(1);
        if open.total < self.caps.max_open {
            open.full_reported = false;
        }
        if Some(self.client) != self.caps.uncapped_client
            && let Some(mine) = open.per_client.get_mut(&self.client)
        {
            *mine = mine.saturating_sub(1);
            if *mine == 0 {
                open.per_client.remove(&self.client);
            }
        }
    }
}

/// The whole answer to a refused connection, written at most once and without waiting.
pub const REFUSAL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
    content-type: application/json\r\n\
    retry-after: 5\r\n\
    connection: close\r\n\
    content-length: 77\r\n\r\n\
    {\"error\":\"The server has too many open connections: try again in a moment.\"}\n";

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, last])
    }

    #[test]
    fn the_refusal_is_a_complete_http_answer() {
        let text = std::str::from_utf8(REFUSAL).unwrap();
        let (_, body) = text.split_once("\r\n\r\n").unwrap();
        assert_eq!(body.len(), 77);
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(json["error"].as_str().unwrap().contains("try again"));
    }

    #[test]
    fn a_client_over_its_cap_is_refused_while_others_are_admitted() {
        let caps = Arc::new(ConnectionCaps::new(10, 2, None));
        let first = caps.admit(ip(1)).unwrap();
        let _second = caps.admit(ip(1)).unwrap();
        assert_eq!(caps.admit(ip(1)).err(), Some(Refused::ClientFull));
        let _other = caps.admit(ip(2)).unwrap();
        drop(first);
        let _again = caps.admit(ip(1)).unwrap();
        assert_eq!(caps.open(), 3);
    }

    #[test]
    fn the_overall_cap_refuses_everyone_until_a_connection_ends() {
        let caps = Arc::new(ConnectionCaps::new(2, 2, None));
        let a = caps.admit(ip(1)).unwrap();
        let _b = caps.admit(ip(2)).unwrap();
        assert_eq!(caps.admit(ip(3)).err(), Some(Refused::Full));
        drop(a);
        assert!(caps.admit(ip(3)).is_ok());
    }

    #[test]
    fn the_trusted_proxy_is_not_capped_per_client() {
        let proxy = ip(9);
        let caps = Arc::new(ConnectionCaps::new(4, 1, Some(proxy)));
        let held: Vec<_> = (0..4).map(|_| caps.admit(proxy).unwrap()).collect();
        assert_eq!(caps.admit(proxy).err(), Some(Refused::Full));
        drop(held);
        assert_eq!(caps.open(), 0);
    }
}
