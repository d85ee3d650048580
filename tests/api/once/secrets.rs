//! Secrets and personal data against the real binary: after sign-up, sign-in (right and wrong),
//! a password change, an email change, an import of bookings naming people, refusals and
//! sign-out — all with `RUST_LOG=debug` — no password, session token, imported name or imported
//! email appears in the log, in any API answer, in the database file or in any other file of the
//! data directory; the directory is 0700 and its files 0600; and the security events are logged.

use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;

use crate::helpers::TestApp;
use crate::wire::{Answer, Conn};

/// A request over a fresh connection.
fn http(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    content_type: &str,
    body: &[u8],
) -> Answer {
    Conn::open(addr)
        .send(method, path, token, Some((content_type, body)))
        .unwrap()
}

fn json(addr: &str, method: &str, path: &str, token: Option<&str>, v: serde_json::Value) -> Answer {
    http(
        addr,
        method,
        path,
        token,
        "application/json",
        v.to_string().as_bytes(),
    )
}

struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `litstack serve` with `RUST_LOG=debug`, its stdout and stderr going to files in `logs`.
fn start_logged(data: &Path, logs: &Path) -> Server {
    let out = logs.join("stdout.log");
    let child = crate::process::litstack()
        .env("RUST_LOG", "debug")
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--no-sample-data",
            "--data-dir",
        ])
        .arg(data)
        .stdout(Stdio::from(std::fs::File::create(&out).unwrap()))
        .stderr(Stdio::from(
            std::fs::File::create(logs.join("stderr.log")).unwrap(),
        ))
        .spawn()
        .unwrap();
    // Owned by `Server` at once, so a failure below still stops it.
    let mut server = Server {
        child,
        addr: String::new(),
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let text = std::fs::read_to_string(&out).unwrap_or_default();
        if let Some(line) = text
            .lines()
            .find_map(|l| l.strip_prefix("Litstack is serving at http://"))
        {
            server.addr = line.trim().to_string();
            return server;
        }
        assert!(Instant::now() < deadline, "litstack did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn contains(hay: &[u8], needle: &str) -> bool {
    let n = needle.as_bytes();
    hay.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n))
}

const ADMIN_PASSWORD: &str = "Violet-Harbour-Lantern-83";
const ADMIN_NEW_PASSWORD: &str = "Copper-Meadow-Whistle-27";
const WRONG_PASSWORD: &str = "Guessing-Wildly-Onward-55";
const USER_PASSWORD: &str = "Silent-Orchard-Compass-61";
const ADMIN_EMAIL: &str = "grace.admin@hopper-injury.test";
const ADMIN_NEW_EMAIL: &str = "grace.h@hopper-injury.test";
const USER_EMAIL: &str = "linus.user@hopper-injury.test";
/// People named in the imported file.
const IMPORTED: [&str; 6] = [
    "Quentin Zebulon-Marsh",
    "quentin.zm@client-mail.test",
    "Rosalind Obadiah-Fenn",
    "r.fenn@client-mail.test",
    "Thaddeus Pemberton-Yale",
    "tpy@private-client.test",
];

#[test]
fn no_secret_or_personal_data_reaches_logs_answers_or_data_files() {
    let tmp = tempfile::tempdir().unwrap();
    let (data, logs) = (tmp.path().join("data"), tmp.path().join("logs"));
    std::fs::create_dir(&logs).unwrap();
    let server = start_logged(&data, &logs);
    let addr = server.addr.clone();
    let mut answers: Vec<String> = Vec::new();
    let mut tokens: Vec<String> = Vec::new();
    let keep = |a: Answer, answers: &mut Vec<String>, tokens: &mut Vec<String>| {
        if let Some(t) = &a.token {
            tokens.push(t.clone());
        }
        answers.push(a.text());
        a
    };

    // The admin signs up, fails to sign in once, signs in, changes password.
    let a = keep(
        json(
            &addr,
            "POST",
            "/api/auth/sign-up",
            None,
            serde_json::json!({
                "name": "Grace Hopper", "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD,
                "lawFirm": "Hopper Injury Law", "firmSize": "E6_20"
            }),
        ),
        &mut answers,
        &mut tokens,
    );
    assert_eq!(a.status, 201, "{}", a.text());
    let a = keep(
        json(
            &addr,
            "POST",
            "/api/auth/sign-in",
            None,
            serde_json::json!({
                "email": ADMIN_EMAIL, "password": WRONG_PASSWORD
            }),
        ),
        &mut answers,
        &mut tokens,
    );
    assert_eq!(a.status, 401);
    let a = keep(
        json(
            &addr,
            "POST",
            "/api/auth/sign-in",
            None,
            serde_json::json!({
                "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD
            }),
        ),
        &mut answers,
        &mut tokens,
    );
    assert_eq!(a.status, 200, "{}", a.text());
    let admin = a.token.unwrap();
    let a = keep(
        json(
            &addr,
            "POST",
            "/api/auth/change-password",
            Some(&admin),
            serde_json::json!({
                "currentPassword": ADMIN_PASSWORD, "newPassword": ADMIN_NEW_PASSWORD
            }),
        ),
        &mut answers,
        &mut tokens,
    );
    assert_eq!(a.status, 204, "{}", a.text());

    // Refusals: no session (401), a plain user at the import (403).
    let a = keep(
        http(&addr, "GET", "/api/auth/me", None, "", b""),
        &mut answers,
        &mut tokens,
    );
    assert_eq!(a.status, 401);
    let a = keep(
        json(
            &addr,
            "POST",
            "/api/auth/sign-up",
            None,
            serde_json::json!({
                "name": "Linus User", "email": USER_EMAIL, "password": USER_PASSWORD,
                "lawFirm": "Hopper Injury Law"
            }),
        ),
        &mut answers,
        &mut tokens,
    );
    assert_eq!(a.status, 201, "{}", a.text());
    let user = a.token.unwrap();

    // A bookings file naming people, with one bad row.
    let csv = format!(
        "Id,Created Time,Client Category,Client,City State,State,Name,Email,Company\n\
         b1,2026-01-05T10:00:00Z,Intake,Clio,\"Austin, TX\",TX,{},{},Marsh LLP\n\
         b2,2026-01-06T10:00:00Z,Intake,Clio,\"Austin, TX\",TX,{},{},Fenn PC\n\
         b3,2026-01-07T10:00:00Z,Telepathy,Clio,,,{},{},Yale & Co\n",
        IMPORTED[0], IMPORTED[1], IMPORTED[2], IMPORTED[3], IMPORTED[4], IMPORTED[5]
    );
    let boundary = "secretsboundary1x";
    let mut upload = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"people.csv\"\r\n\
         Content-Type: text/csv\r\n\r\n{csv}\r\n--{boundary}--\r\n"
    )
    .into_bytes();
    let ctype = format!("multipart/form-data; boundary={boundary}");
    let a = keep(
        http(
            &addr,
            "POST",
            "/api/admin/demo-bookings/import",
            Some(&user),
            &ctype,
            &upload,
        ),
        &mut answers,
        &mut tokens,
    );
    assert_eq!(a.status, 403);
    let a = keep(
        http(
            &addr,
            "POST",
            "/api/admin/demo-bookings/import",
            Some(&admin),
            &ctype,
            &upload,
        ),
        &mut answers,
        &mut tokens,
    );
    assert_eq!(a.status, 200, "{}", a.text());
    assert!(a.text().contains("\"inserted\":2"), "{}", a.text());
    upload.clear();
    let a = keep(
        http(&addr, "GET", "/api/demo-bookings", Some(&admin), "", b""),
        &mut answers,
        &mut tokens,
    );
    assert_eq!(a.status, 200);

    // An email change (ends other sessions), then sign-out.
    let a = keep(
        json(
            &addr,
            "PATCH",
            "/api/profile",
            Some(&admin),
            serde_json::json!({
                "name": "Grace Hopper", "lawFirm": "Hopper Injury Law", "firmSize": "E6_20",
                "email": ADMIN_NEW_EMAIL, "currentPassword": ADMIN_NEW_PASSWORD
            }),
        ),
        &mut answers,
        &mut tokens,
    );
    assert_eq!(a.status, 200, "{}", a.text());
    let a = keep(
        http(&addr, "POST", "/api/auth/sign-out", Some(&admin), "", b""),
        &mut answers,
        &mut tokens,
    );
    assert_eq!(a.status, 204);

    // Stop the server gracefully, so every log line is written.
    let pid = server.child.id().to_string();
    std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    let mut server = server;
    let deadline = Instant::now() + Duration::from_secs(15);
    while server.child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "the server did not stop");
        std::thread::sleep(Duration::from_millis(50));
    }

    let log = [
        std::fs::read(logs.join("stderr.log")).unwrap(),
        std::fs::read(logs.join("stdout.log")).unwrap(),
    ]
    .concat();
    let log_text = String::from_utf8_lossy(&log).into_owned();
    assert!(
        !log_text.contains('\u{1b}'),
        "no colour codes in a log file:\n{log_text}"
    );
    assert_eq!(tokens.len(), 3, "three sessions were handed out");

    let passwords = [
        ADMIN_PASSWORD,
        ADMIN_NEW_PASSWORD,
        WRONG_PASSWORD,
        USER_PASSWORD,
    ];
    let accounts = [ADMIN_EMAIL, ADMIN_NEW_EMAIL, USER_EMAIL];
    let mut leaks = Vec::new();

    // The log: no password, token, imported person, and not even the account emails.
    for secret in passwords
        .iter()
        .chain(&IMPORTED)
        .chain(&accounts)
        .map(|s| s.to_string())
        .chain(tokens.iter().cloned())
    {
        if contains(&log, &secret) {
            leaks.push(format!("the log holds {secret:?}"));
        }
    }
    // The answers: no password, token or imported person.
    for (i, body) in answers.iter().enumerate() {
        for secret in passwords
            .iter()
            .chain(&IMPORTED)
            .map(|s| s.to_string())
            .chain(tokens.iter().cloned())
        {
            if contains(body.as_bytes(), &secret) {
                leaks.push(format!("answer {i} holds {secret:?}: {body}"));
            }
        }
    }
    // The data directory: 0700; every file 0600 and free of passwords, tokens, imported people.
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&data).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o700, "the data directory is {mode:o}");
    let mut files = 0;
    for entry in std::fs::read_dir(&data).unwrap() {
        let path = entry.unwrap().path();
        let meta = std::fs::metadata(&path).unwrap();
        assert!(meta.is_file(), "{} is not a file", path.display());
        files += 1;
        let mode = meta.permissions().mode() & 0o777;
        if mode != 0o600 {
            leaks.push(format!("{} is {mode:o}, not 600", path.display()));
        }
        let bytes = std::fs::read(&path).unwrap();
        for secret in passwords
            .iter()
            .chain(&IMPORTED)
            .map(|s| s.to_string())
            .chain(tokens.iter().cloned())
        {
            if contains(&bytes, &secret) {
                leaks.push(format!("{} holds {secret:?}", path.display()));
            }
        }
    }
    assert!(
        files >= 3,
        "the database, the snapshot and the key are there"
    );
    assert!(
        data.join("bookings.idx").exists(),
        "the snapshot was written"
    );
    assert!(leaks.is_empty(), "{}", leaks.join("\n"));

    // The security events, as structured lines under the `security` target.
    let security: Vec<&str> = log_text
        .lines()
        .filter(|l| l.contains(" security: "))
        .collect();
    eprintln!("security lines:\n{}", security.join("\n"));
    let has = |parts: &[&str]| security.iter().any(|l| parts.iter().all(|p| l.contains(p)));
    for (what, parts) in [
        ("account created", &["account created", "user_id=1"][..]),
        ("sign-in failed", &["sign-in failed", "client=127.0.0.1"]),
        ("sign-in succeeded", &["sign-in succeeded", "user_id=1"]),
        (
            "password changed",
            &["password changed", "user_id=1", "sessions_ended="],
        ),
        (
            "401",
            &["request refused", "status=401", "path=/api/auth/me"],
        ),
        (
            "403",
            &[
                "request refused",
                "status=403",
                "path=/api/admin/demo-bookings/import",
            ],
        ),
        (
            "import",
            &[
                "import finished",
                "user_id=1",
                "bytes=",
                "inserted=2",
                "skipped=1",
            ],
        ),
        ("email changed", &["email changed", "user_id=1"]),
        ("sign-out", &["signed out", "user_id=1"]),
    ] {
        assert!(
            has(parts),
            "no security line for {what}:\n{}",
            security.join("\n")
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Session expiry, in process: the binary's shortest idle timeout is an hour.

/// Security lines of this test process, captured by the test process's one subscriber.
pub fn security_log() -> Arc<Mutex<Vec<u8>>> {
    crate::test_log::security_lines()
}

#[tokio::test(flavor = "multi_thread")]
async fn an_expired_session_is_logged_as_a_security_event() {
    let log = security_log();
    let mut app = TestApp::with_config(|c| c.session_idle = Duration::from_secs(1));
    app.sign_up_as("Expiring Person", "expiring@idle-law.test")
        .await;
    assert_eq!(app.get("/api/auth/me").await.status, StatusCode::OK);
    tokio::time::sleep(Duration::from_millis(2_200)).await;
    assert_eq!(
        app.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    let text = String::from_utf8_lossy(&log.lock().unwrap()).into_owned();
    assert!(
        text.lines()
            .any(|l| l.contains("security: session expired") && l.contains("user_id=")),
        "{text}"
    );
    assert!(!text.contains("expiring@idle-law.test"), "{text}");
}
