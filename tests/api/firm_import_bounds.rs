//! An archive made to fill memory (issue 76): the real binary serves, its operator uploads
//! archives whose manifest tells the truth about files built to blow up when parsed, and the
//! server's peak resident memory (`VmHWM`) stays within its idle peak + 256 MB plus the rows
//! written. A file far larger than a firm's data, or packed over 100 times, is refused unread,
//! naming it; a table this install leaves out is never parsed, whatever it holds; a loaded table
//! is read one row at a time, so a file of tiny rows is refused at its first. Under
//! LITSTACK_TEST_BACKEND=postgres the server is a hub node.

use std::io::Write as _;

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{PASSWORD, fresh_database, on_postgres};
use crate::wire::Conn;

/// What the import may add to the server's idle peak, in kB (the rows written aside: each case
/// here writes at most a firm and one member).
const BOUND_KB: u64 = 256 << 10;

/// A firm archive holding one firm, its owner and, when `table` is given, `tables/<table>.json`
/// as `body` with `rows` rows; its manifest lists every file truly. `stored` leaves the table
/// unpacked in the zip (as a zip may), which keeps a test of a large file quick.
fn archive(table: Option<(&str, &[u8], usize)>, stored: bool) -> Vec<u8> {
    // Each archive's owner has an email of their own: an email belongs to one firm.
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut files: Vec<(String, Vec<u8>, usize)> = vec![
        (
            "catalog.json".into(),
            json!({ "categories": [], "vendors": [] })
                .to_string()
                .into_bytes(),
            0,
        ),
        (
            "tables/firms.json".into(),
            json!([{ "id": 7, "name": "Bounded & Co", "size": null, "created_at": 1_790_000_000 }])
                .to_string()
                .into_bytes(),
            1,
        ),
        (
            "tables/users.json".into(),
            json!([{ "id": 70, "name": "Bo Bound", "email": format!("bo.{}.{n}@bounded.example",
                std::process::id()), "role": "owner", "operator": false,
                "created_at": 1_790_000_000 }])
            .to_string()
            .into_bytes(),
            1,
        ),
    ];
    if let Some((name, body, rows)) = table {
        files.push((format!("tables/{name}.json"), body.to_vec(), rows));
    }
    let manifest = json!({
        "format": "litstack-firm-archive",
        "formatVersion": 2,
        "schemaVersion": litstack::platform::store::SCHEMA_VERSION,
        "files": files.iter().map(|(path, bytes, rows)| json!({
            "path": path, "rows": rows, "bytes": bytes.len(),
            "sha256": hex::encode(Sha256::digest(bytes)),
        })).collect::<Vec<_>>(),
    });
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let deflated = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .large_file(true);
    let stored_opts = deflated.compression_method(zip::CompressionMethod::Stored);
    out.start_file("manifest.json", deflated).unwrap();
    out.write_all(manifest.to_string().as_bytes()).unwrap();
    for (path, bytes, _) in &files {
        let big = path.starts_with("tables/")
            && !matches!(path.as_str(), "tables/firms.json" | "tables/users.json");
        out.start_file(
            path.as_str(),
            if big && stored { stored_opts } else { deflated },
        )
        .unwrap();
        out.write_all(bytes).unwrap();
    }
    out.finish().unwrap().into_inner()
}

/// `[0,0,…,0]` of `mb` MB: a row count the manifest states truly.
fn zeros(mb: usize) -> (Vec<u8>, usize) {
    let n = (mb << 20) / 2;
    let mut body = Vec::with_capacity(n * 2);
    body.push(b'[');
    for i in 0..n {
        body.extend_from_slice(if i + 1 == n { b"0]" } else { b"0," });
    }
    (body, n)
}

/// `[d,d,…]` of `mb` MB with random digits: it packs only to about a quarter, within the
/// expansion an import takes.
fn digits(mb: usize) -> (Vec<u8>, usize) {
    let n = (mb << 20) / 2;
    let mut body = Vec::with_capacity(n * 2);
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    body.push(b'[');
    for i in 0..n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        body.push(b'0' + (x % 10) as u8);
        body.push(if i + 1 == n { b']' } else { b',' });
    }
    (body, n)
}

/// The server's peak resident memory so far, in kB.
fn peak_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM in /proc/<pid>/status");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn an_archive_made_to_fill_memory_is_refused_or_read_within_the_bound() {
    let dir = tempfile::tempdir().unwrap();
    let url = on_postgres().then(fresh_database);
    let mut extra = Vec::new();
    if let Some(url) = &url {
        extra.extend(["--database-url", url.as_str()]);
    }
    let server = crate::process::start(dir.path(), &extra);
    let pid = server.child.id();
    let addr = server.url.trim_start_matches("http://").to_string();
    let mut c = Conn::open(&addr);
    let body = json!({ "name": "Oz Operator", "email": format!("oz.{}@operator.example",
        std::process::id()), "password": PASSWORD, "lawFirm": "Operators LLP",
        "firmSize": "E6_20" })
    .to_string();
    let signed_up = c
        .send(
            "POST",
            "/api/auth/sign-up",
            None,
            Some(("application/json", body.as_bytes())),
        )
        .unwrap();
    assert_eq!(signed_up.status, 201, "{}", signed_up.text());
    let token = signed_up.token.clone().unwrap();
    let import = |zip: &[u8]| -> (u16, Value) {
        let answer = Conn::open(&addr)
            .send(
                "POST",
                "/api/admin/firms/import",
                Some(&token),
                Some(("application/zip", zip)),
            )
            .unwrap();
        (answer.status, answer.json())
    };
    // Idle, as it serves: the sign-up and a small import have run once.
    let (status, small) = import(&archive(None, false));
    assert_eq!(status, 201, "{small}");
    let idle = peak_kb(pid);
    let mut peaks = Vec::new();

    // 128 MB of zeros packs to a fraction of a megabyte: refused from its size, unread.
    let (body, rows) = zeros(128);
    let zip = archive(Some(("profile_views", &body, rows)), false);
    drop(body);
    let (status, answer) = import(&zip);
    assert_eq!(status, 400, "{answer}");
    let said = answer["error"].as_str().unwrap();
    assert!(
        said.contains("tables/profile_views.json unpacks to 128 MB, more than the 64 MB"),
        "{said}"
    );
    peaks.push(("128 MB of zeros", peak_kb(pid)));

    // 32 MB of zeros is under the size a file may have, but packs over 100 times.
    let (body, rows) = zeros(32);
    let zip = archive(Some(("profile_views", &body, rows)), false);
    drop(body);
    let (status, answer) = import(&zip);
    assert_eq!(status, 400, "{answer}");
    let said = answer["error"].as_str().unwrap();
    assert!(
        said.contains("tables/profile_views.json unpacks to")
            && said.contains("times its packed size")
            && said.contains("refused unread"),
        "{said}"
    );
    peaks.push(("32 MB of zeros", peak_kb(pid)));

    // 48 MB of digits in a table this install leaves out: checked against its manifest and
    // never parsed, so the import goes through.
    let (body, rows) = digits(48);
    let zip = archive(Some(("profile_views", &body, rows)), true);
    let (status, answer) = import(&zip);
    assert_eq!(status, 201, "{answer}");
    assert!(
        answer["leftOut"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["table"] == "profile_views"),
        "{answer}"
    );
    peaks.push(("48 MB left out", peak_kb(pid)));

    // The same 24 million rows in a table the import loads: refused at its first row.
    let zip = archive(Some(("firm_audit", &body, rows)), true);
    drop(body);
    let (status, answer) = import(&zip);
    assert_eq!(status, 400, "{answer}");
    let said = answer["error"].as_str().unwrap();
    assert!(
        said.contains("tables/firm_audit.json, row 1, is not what Litstack writes"),
        "{said}"
    );
    peaks.push(("48 MB loaded", peak_kb(pid)));

    // A table left out holds what is not even JSON: never parsed, the import goes through.
    let junk = b"this is not JSON, and nothing reads it";
    let (status, answer) = import(&archive(Some(("profile_views", junk, 3)), false));
    assert_eq!(status, 201, "{answer}");

    for (case, peak) in &peaks {
        eprintln!(
            "{case}: peak {} MB (idle {} MB, +{} MB)",
            peak >> 10,
            idle >> 10,
            peak.saturating_sub(idle) >> 10
        );
    }
    let (case, peak) = peaks.iter().max_by_key(|p| p.1).unwrap();
    assert!(
        *peak <= idle + BOUND_KB,
        "{case}: the server's peak was {} MB over its idle peak, more than {} MB",
        (peak - idle) >> 10,
        BOUND_KB >> 10
    );
}
