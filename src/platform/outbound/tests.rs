//! The rule on real connections to servers on loopback, with names looked up by a table.

use std::net::Ipv4Addr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::http::{StatusCode, header};
use axum::routing::get;

use super::*;

const CALL: Call = Call {
    what: "the test file",
    max_bytes: 1024,
    timeout: Duration::from_secs(5),
};

fn loopback() -> Vec<PrivateHost> {
    vec!["127.0.0.1".parse().unwrap()]
}

fn url(raw: &str) -> Url {
    Url::parse(raw).unwrap()
}

/// A web server on loopback: a file, a missing one, a redirect to itself, one too large.
async fn server() -> String {
    let app = axum::Router::new()
        .route("/ok", get(|| async { "fetched" }))
        .route("/missing", get(|| async { StatusCode::NOT_FOUND }))
        .route(
            "/moved",
            get(|| async { (StatusCode::FOUND, [(header::LOCATION, "/ok")]) }),
        )
        .route("/big", get(|| async { vec![b'x'; 4096] }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    base
}

/// A port nothing listens on.
async fn closed_port() -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    listener.local_addr().unwrap().port()
}

/// A listener that speaks no HTTP: it says something else and hangs up.
async fn not_http() -> u16 {
    use tokio::io::AsyncWriteExt;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let _ = socket.write_all(b"SSH-2.0-OpenSSH_9.6\r\n").await;
        }
    });
    port
}

#[tokio::test]
async fn an_allowed_host_is_fetched() {
    let base = server().await;
    let outbound = Outbound::new(&loopback());
    let body = outbound
        .get(CALL, &url(&format!("{base}/ok")), "*/*")
        .await
        .unwrap();
    assert_eq!(body, b"fetched");
}

#[tokio::test]
async fn refused_closed_missing_redirected_and_private_answer_alike() {
    let base = server().await;
    let allowed = Outbound::new(&loopback());
    let strict = Outbound::new(&[]).with_resolver(|_: &str, _: u16| {
        Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "no such name",
        ))
    });
    let closed = format!("http://127.0.0.1:{}/", closed_port().await);
    let other = format!("http://127.0.0.1:{}/", closed_port().await);
    let garbage = format!("http://127.0.0.1:{}/", not_http().await);
    let tls = format!("https://{}/ok", base.trim_start_matches("http://"));
    let mut answers = Vec::new();
    for (outbound, link) in [
        (&allowed, closed.as_str()),
        (&allowed, other.as_str()),
        (&allowed, garbage.as_str()),
        (&allowed, tls.as_str()),
        (&allowed, &format!("{base}/missing")),
        (&allowed, &format!("{base}/moved")),
        (&strict, &format!("{base}/ok")),
        (&strict, "http://[::127.0.0.1]/"),
        (&strict, "http://[::ffff:169.254.169.254]/"),
        (&strict, "http://192.0.0.170/"),
        (&strict, "http://2130706433/"),
        (&strict, "http://no-such-name.example.com/"),
        (&strict, "ftp://ftp.example.com/file"),
    ] {
        let refused = outbound.get(CALL, &url(link), "*/*").await.unwrap_err();
        answers.push((link.to_string(), refused.to_string()));
    }
    for (link, answer) in &answers {
        assert_eq!(
            answer, "Litstack could not fetch the test file from that address",
            "{link}"
        );
    }
}

#[tokio::test]
async fn an_answer_over_the_size_limit_is_refused() {
    let base = server().await;
    let refused = Outbound::new(&loopback())
        .get(CALL, &url(&format!("{base}/big")), "*/*")
        .await
        .unwrap_err();
    assert_eq!(
        refused,
        Refused::TooLarge {
            what: "the test file",
            max_bytes: 1024
        }
    );
}

#[tokio::test]
async fn a_name_that_resolves_to_a_private_address_is_refused_without_connecting() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let lookups = Arc::new(AtomicUsize::new(0));
    let counted = lookups.clone();
    let outbound = Outbound::new(&loopback()).with_resolver(move |name: &str, _: u16| {
        counted.fetch_add(1, Ordering::SeqCst);
        Ok(match name {
            "intranet.example.com" => vec![Ipv4Addr::LOCALHOST.into()],
            // One public address and one private: any private one refuses the name.
            "mixed.example.com" => {
                vec!["93.184.216.34".parse().unwrap(), Ipv4Addr::LOCALHOST.into()]
            }
            _ => Vec::new(),
        })
    });
    for host in ["intranet.example.com", "mixed.example.com"] {
        let link = url(&format!("http://{host}:{port}/"));
        let refused = outbound.get(CALL, &link, "*/*").await.unwrap_err();
        assert_eq!(refused, Refused::Unreachable { what: CALL.what }, "{host}");
    }
    assert_eq!(lookups.load(Ordering::SeqCst), 2);
    let accepted = tokio::time::timeout(Duration::from_millis(300), listener.accept()).await;
    assert!(accepted.is_err(), "a refused name was connected to");
}

/// The lookup judged is the one connected to: a second answer (a rebinding) is never asked for.
#[tokio::test]
async fn the_address_judged_is_the_one_connected_to() {
    let base = server().await;
    let port = url(&base).port().unwrap();
    let lookups = Arc::new(AtomicUsize::new(0));
    let counted = lookups.clone();
    let allowed = vec!["intranet.example.com".parse().unwrap()];
    let outbound = Outbound::new(&allowed).with_resolver(move |_: &str, _: u16| {
        // The first answer is the server; any later one an address that leads nowhere.
        Ok(match counted.fetch_add(1, Ordering::SeqCst) {
            0 => vec![Ipv4Addr::LOCALHOST.into()],
            _ => vec!["10.255.255.1".parse().unwrap()],
        })
    });
    let link = url(&format!("http://intranet.example.com:{port}/ok"));
    assert_eq!(outbound.get(CALL, &link, "*/*").await.unwrap(), b"fetched");
    assert_eq!(lookups.load(Ordering::SeqCst), 1);
}

/// A server that takes the connection and never answers (or trickles) meets the call's limit.
#[tokio::test]
async fn a_server_that_never_answers_meets_the_time_limit() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            held.push(socket);
        }
    });
    let call = Call {
        timeout: Duration::from_millis(300),
        ..CALL
    };
    let began = std::time::Instant::now();
    let refused = Outbound::new(&loopback())
        .get(call, &url(&format!("http://127.0.0.1:{port}/")), "*/*")
        .await
        .unwrap_err();
    assert_eq!(refused, Refused::Unreachable { what: CALL.what });
    assert!(
        began.elapsed() < Duration::from_secs(3),
        "{:?}",
        began.elapsed()
    );
}
