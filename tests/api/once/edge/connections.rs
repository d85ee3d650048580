//! Slow clients and connection floods on the real binary over real sockets: the header timeout,
//! the caps on connections overall and per client address, and the open-file limit.

use std::io::{Read, Write};
use std::net::{IpAddr, TcpStream};
use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

use super::{addr_of, exchange};
use crate::process::{serving, start};
use crate::wire::Conn;

/// Waits until the server closes `stream` (it reads the end, or a reset); `None` if it is still
/// open after `within`. Returns how long that took from `since`.
fn closed_by_server(mut stream: TcpStream, since: Instant, within: Duration) -> Option<Duration> {
    stream.set_read_timeout(Some(within)).unwrap();
    let mut buf = [0u8; 1024];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return Some(since.elapsed()),
            Ok(_) => continue,
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return None;
            }
            Err(_) => return Some(since.elapsed()),
        }
    }
}

fn half_header(addr: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(b"GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        .unwrap();
    s
}

#[test]
fn slow_and_idle_connections_are_closed_after_the_header_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path(), &[]);
    let addr = addr_of(&server);
    let started = Instant::now();
    let half = half_header(&addr);
    let silent = TcpStream::connect(&addr).unwrap();
    // A keep-alive connection that got its answer and then waits: hyper times the wait for the
    // next request's headers with the same clock, so no separate idle timeout is needed.
    let mut idle = Conn::open(&addr);
    let answered = idle.send("GET", "/api/auth/me", None, None).unwrap();
    assert_eq!(answered.status, 401);
    let idle_since = Instant::now();

    let within = Duration::from_secs(40);
    let waits = [
        thread::spawn(move || closed_by_server(half, started, within)),
        thread::spawn(move || closed_by_server(silent, started, within)),
    ];
    let idle_closed = idle.is_closed();
    let idle_after = idle_since.elapsed();
    for (what, wait) in ["half a header", "nothing"].into_iter().zip(waits) {
        let after = wait.join().unwrap();
        let after = after.unwrap_or_else(|| panic!("a connection that sent {what} is still open"));
        // The server cannot close early by accident; late only on a very slow machine.
        assert!(
            after >= Duration::from_secs(9),
            "{what}: closed after {after:?}"
        );
        assert!(
            after < Duration::from_secs(30),
            "{what}: closed after {after:?}"
        );
    }
    assert!(idle_closed, "the idle keep-alive connection is still open");
    assert!(
        idle_after >= Duration::from_secs(9) && idle_after < Duration::from_secs(30),
        "the idle keep-alive connection closed after {idle_after:?}"
    );
    // Normal requests go on.
    let (status, _) = exchange(
        &addr,
        "GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\n",
        "",
    );
    assert_eq!(status, 401);
}

/// A connection from `source` (any 127.x.y.z address reaches a loopback server on Linux).
fn connect_from(source: IpAddr, addr: &str) -> TcpStream {
    let addr: std::net::SocketAddr = addr.parse().unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .unwrap();
    let stream = runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind((source, 0).into()).unwrap();
        socket.connect(addr).await.unwrap()
    });
    let stream = stream.into_std().unwrap();
    stream.set_nonblocking(false).unwrap();
    stream
}

/// Whether a connection was refused: the server answers 503 or closes it at once, where an
/// admitted connection would wait for the rest of its request.
fn is_refused(mut stream: TcpStream) -> bool {
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut answer = Vec::new();
    match stream.read_to_end(&mut answer) {
        Ok(_) => answer.is_empty() || answer.starts_with(b"HTTP/1.1 503"),
        Err(e) => !matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ),
    }
}

/// A normal request from `source` on a fresh connection: its status.
fn normal_request_from(source: IpAddr, addr: &str) -> u16 {
    let mut s = connect_from(source, addr);
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let _ =
        s.write_all(b"GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer)
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// Retries a normal request until it is served: the server notices closed connections a moment
/// after the client closes them.
fn served_again(source: IpAddr, addr: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if normal_request_from(source, addr) == 401 {
            return true;
        }
        thread::sleep(Duration::from_millis(100));
    }
    false
}

const HOME: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 1));
const NEIGHBOUR: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 2));

#[test]
fn one_client_over_its_connection_cap_is_refused_while_others_are_served() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(
        dir.path(),
        &[
            "--max-connections-per-client",
            "4",
            "--max-connections",
            "100",
        ],
    );
    let addr = addr_of(&server);
    let slow: Vec<TcpStream> = (0..4).map(|_| half_header(&addr)).collect();
    let extra = connect_from(HOME, &addr);
    assert!(
        is_refused(extra),
        "a fifth connection from the same address was kept"
    );
    assert_eq!(
        normal_request_from(NEIGHBOUR, &addr),
        401,
        "another client is served"
    );
    drop(slow);
    assert!(
        served_again(HOME, &addr),
        "the client is not served after closing its connections"
    );
}

#[test]
fn connections_over_the_overall_cap_are_refused_until_some_close() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(
        dir.path(),
        &[
            "--max-connections",
            "6",
            "--max-connections-per-client",
            "100",
        ],
    );
    let addr = addr_of(&server);
    let slow: Vec<TcpStream> = (0..6).map(|_| half_header(&addr)).collect();
    for source in [HOME, NEIGHBOUR] {
        assert!(
            is_refused(connect_from(source, &addr)),
            "a seventh connection (from {source}) was kept"
        );
    }
    drop(slow);
    assert!(
        served_again(NEIGHBOUR, &addr),
        "not served after the slow connections closed"
    );
}

// ---------------------------------------------------------------------------------------------
// Open files

/// The (soft, hard) limit of open files of a running process.
fn open_file_limits(pid: u32) -> (String, String) {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .unwrap();
    let mut fields = line["Max open files".len()..].split_whitespace();
    (
        fields.next().unwrap().to_string(),
        fields.next().unwrap().to_string(),
    )
}

#[test]
fn the_server_raises_its_open_file_soft_limit_to_the_hard_limit() {
    let dir = tempfile::tempdir().unwrap();
    // Started from a shell with a low soft limit, as a login shell's 1,024 often is.
    let mut cmd = Command::new("sh");
    cmd.env("RUST_LOG", "warn")
        .arg("-c")
        .arg(r#"ulimit -S -n 256 && exec "$0" "$@""#)
        .arg(env!("CARGO_BIN_EXE_litstack"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--no-sample-data",
            "--data-dir",
        ])
        .arg(dir.path());
    let server = serving(cmd);
    let (soft, hard) = open_file_limits(server.child.id());
    assert!(
        hard == "unlimited" || hard.parse::<u64>().unwrap() > 256,
        "hard limit {hard}"
    );
    assert_eq!(soft, hard, "the soft limit was not raised");
}
