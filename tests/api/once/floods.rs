//! The real binary over real sockets, behind a trusted proxy on loopback (so each request can name
//! its client in X-Forwarded-For): sign-ups that find accounts out, wrong passwords that would lock
//! the owner out, look-alike emails and write floods are each held back for the client that sends
//! them, and nobody else.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::PASSWORD;
use crate::process::start;

struct Answer {
    status: u16,
    head: String,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|line| {
            let (n, v) = line.split_once(':')?;
            n.eq_ignore_ascii_case(name).then_some(v.trim())
        })
    }

    /// The session cookie the answer sets, if any.
    fn session(&self) -> Option<String> {
        let set = self.header("set-cookie")?;
        let value = set.split(';').next()?.strip_prefix("litstack_session=")?;
        (!value.is_empty()).then(|| value.to_string())
    }

    fn error(&self) -> String {
        let v: Value = serde_json::from_str(&self.body).unwrap_or(Value::Null);
        v["error"].as_str().unwrap_or_default().to_string()
    }
}

/// One request on its own connection, as `client` behind the proxy.
fn send(addr: &str, client: &str, path: &str, body: &Value, cookie: Option<&str>) -> Answer {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let body = body.to_string();
    let cookie = cookie.map_or(String::new(), |c| {
        format!("Cookie: litstack_session={c}\r\n")
    });
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\nX-Forwarded-For: {client}\r\n{cookie}\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    Answer {
        status: head
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0),
        head: head.to_string(),
        body: body.to_string(),
    }
}

fn sign_up(addr: &str, client: &str, email: &str) -> Answer {
    let body = json!({ "name": "Ann Doe", "email": email, "password": PASSWORD,
                       "lawFirm": "Doe & Partners" });
    send(addr, client, "/api/auth/sign-up", &body, None)
}

fn sign_in(addr: &str, client: &str, email: &str, password: &str) -> Answer {
    let body = json!({ "email": email, "password": password });
    send(addr, client, "/api/auth/sign-in", &body, None)
}

#[test]
fn on_the_real_binary_each_flood_is_held_back_for_its_client_only() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path(), &["--trusted-proxy", "127.0.0.1"]);
    let addr = server
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/');
    let operator = sign_up(addr, "192.0.2.1", "ops@litstack.test");
    assert_eq!(operator.status, 201, "{}", operator.body);
    let operator = operator.session().unwrap();
    assert_eq!(sign_up(addr, "192.0.2.2", "ann@doe-law.com").status, 201);

    // Finding accounts out: 20 attempts an hour per client, refused ones too (each for another
    // address: one address has a window of its own, 10 an hour from every client together).
    let statuses: Vec<u16> = (0..25)
        .map(|i| sign_up(addr, "203.0.113.9", &format!("ann{i}@doe-law.com\u{200B}")).status)
        .collect();
    assert_eq!(statuses[..20], [400; 20]);
    assert_eq!(statuses[20..], [429; 5]);
    let refused = sign_up(addr, "203.0.113.9", "bo@roe-law.com");
    assert!(refused.header("retry-after").is_some());
    assert!(refused.error().starts_with("Too many sign-up attempts"));

    // A look-alike of Ann's email is refused, not made a second account.
    let lookalike = sign_up(addr, "203.0.113.10", "ann@doe-law.com\u{200B}");
    assert_eq!(lookalike.status, 400, "{}", lookalike.body);

    // Ten wrong passwords from one client lock that client out of Ann's account, not Ann.
    for _ in 0..10 {
        assert_eq!(
            sign_in(addr, "203.0.113.66", "ann@doe-law.com", "wrong-password").status,
            401
        );
    }
    let locked = sign_in(addr, "203.0.113.66", "ann@doe-law.com", PASSWORD);
    assert_eq!(locked.status, 429);
    assert!(locked.header("retry-after").is_some());
    let ann = sign_in(addr, "198.51.100.7", "ann@doe-law.com", PASSWORD);
    assert_eq!(ann.status, 200, "{}", ann.body);
    let ann = ann.session().unwrap();

    // A flood of meeting clicks from Ann's session meets its write budget; the operator's
    // clicks from another client go through.
    let click = json!({ "vendorId": 12, "sourcePage": "BROWSE" });
    let flood = (0..3_000)
        .map(|_| {
            send(
                addr,
                "198.51.100.7",
                "/api/meeting-clicks",
                &click,
                Some(&ann),
            )
        })
        .enumerate()
        .find(|(_, a)| a.status != 201);
    let (n, refused) = flood.expect("the flood is refused");
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert!(n >= 600, "refused after {n}");
    assert!(refused.header("retry-after").is_some());
    assert!(
        refused
            .error()
            .starts_with("Too many changes in a short time. Wait")
    );
    let other = send(
        addr,
        "192.0.2.1",
        "/api/meeting-clicks",
        &click,
        Some(&operator),
    );
    assert_eq!(other.status, 201, "{}", other.body);
}
