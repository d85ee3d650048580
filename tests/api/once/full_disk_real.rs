//! A full disk for real: the binary on a 32 MB tmpfs filled to its last byte. Writes
//! answer 507 with a message a person can act on, every read route answers as before, and once
//! the space is freed the same import succeeds with nothing of the failed one kept. Mounting needs
//! root (CI runs as root); `full_disk.rs` runs the same story anywhere, through a simulated disk.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use litstack::platform::error::DISK_FULL;
use serde_json::json;

use crate::helpers::PASSWORD;
use crate::once::faults::{
    ADMIN, IMPORT_ROWS, addr, base_data, checked_bookings, files, post_json, session, sign_in,
    stop, trends_total, upload,
};
use crate::process::start;
use crate::wire::{Answer, Conn};

/// The read routes of the dashboard, the shortlist, the vendors and the tech stack.
const READS: [&str; 5] = [
    "/api/auth/me",
    "/api/trends",
    "/api/shortlist",
    "/api/vendors",
    "/api/profile/category-adoption",
];

/// A small tmpfs, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(at: &Path, size_mb: u64) -> Tmpfs {
        std::fs::create_dir_all(at).unwrap();
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size_mb}M"), "tmpfs"])
            .arg(at)
            .status()
            .unwrap()
            .success();
        assert!(ok, "mount -t tmpfs failed");
        Tmpfs(at.into())
    }

    /// Writes ballast until the file system refuses a single page more; returns its path.
    fn fill(&self, name: &str) -> PathBuf {
        let path = self.0.join(name);
        let mut f = std::fs::File::create(&path).unwrap();
        for block in [1024 * 1024, 4096] {
            let bytes = vec![0xa5u8; block];
            loop {
                match f.write_all(&bytes) {
                    Ok(()) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::StorageFull => break,
                    Err(e) => panic!("filling {}: {e}", path.display()),
                }
            }
        }
        path
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

fn running_as_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .map(|l| l.split_whitespace().nth(2) == Some("0"))
        })
        .unwrap_or(false)
}

fn body(answer: &Answer) -> String {
    String::from_utf8_lossy(&answer.body).into_owned()
}

fn refused_for_want_of_space(answer: &Answer, what: &str) {
    assert_eq!(answer.status, 507, "{what}: {}", body(answer));
    assert_eq!(answer.json()["error"], DISK_FULL, "{what}");
}

/// Every read route, `rounds` times over: each a 200 (trends with `bookings`), and a sign-in
/// refused for want of space after each round.
fn reads_go_on(addr: &str, token: &str, bookings: u64, rounds: usize, after: &str) {
    for _ in 0..rounds {
        for path in READS {
            let answer = Conn::open(addr)
                .send("GET", path, Some(token), None)
                .unwrap();
            assert_eq!(
                answer.status,
                200,
                "GET {path} after {after}: {}",
                body(&answer)
            );
        }
        assert_eq!(trends_total(addr, token), bookings);
        refused_for_want_of_space(&sign_in(addr), "a sign-in on the full disk");
    }
}

#[test]
fn on_a_full_file_system_writes_fail_readably_reads_go_on_and_writes_recover() {
    if !running_as_root() {
        eprintln!("skipped: mounting a small tmpfs to fill needs root (CI runs as root)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let disk = Tmpfs::mount(&dir.path().join("disk"), 32);
    let data = disk.0.join("data");
    let before = base_data(&data);
    let server = start(&data, &[]);
    let addr = addr(&server);
    let token = session(&addr);
    let shortlisted = Conn::open(&addr)
        .send(
            "PUT",
            "/api/shortlist/12",
            Some(&token),
            Some(("application/json", b"{}")),
        )
        .unwrap();
    assert_eq!(shortlisted.status, 200, "{}", body(&shortlisted));

    // A failed import, then every read.
    let ballast = disk.fill("ballast");
    refused_for_want_of_space(&upload(&addr, &token, &files().1), "the import");
    reads_go_on(&addr, &token, before, 20, "a failed import");

    // Room for a sign-in, then full again to the last byte: sign-ups until one fails (the first
    // may fit in pages the file already holds), then every read.
    std::fs::remove_file(&ballast).unwrap();
    assert_eq!(sign_in(&addr).status, 200, "sign-in once space is freed");
    let ballast = disk.fill("ballast");
    let failed = (0..100).find_map(|n| {
        let up = post_json(
            &addr,
            "/api/auth/sign-up",
            None,
            json!({ "name": "Bob Roe", "email": format!("bob{n}@roe-law.com"),
                    "password": PASSWORD, "lawFirm": "Roe LLP", "firmSize": "E6_20" }),
        );
        assert!(matches!(up.status, 201 | 507), "sign-up: {}", body(&up));
        (up.status == 507).then_some((n, up))
    });
    let (signed_up, refused) = failed.expect("a sign-up on the full disk");
    refused_for_want_of_space(&refused, "a sign-up");
    reads_go_on(&addr, &token, before, 20, "a failed sign-up");

    // Space freed: writes work at once, and nothing of the failed ones was kept.
    std::fs::remove_file(&ballast).unwrap();
    let signed_in = sign_in(&addr);
    assert_eq!(signed_in.status, 200, "sign-in once space is freed");
    let answer = upload(&addr, &token, &files().1);
    assert_eq!(answer.status, 200, "{}", body(&answer));
    assert_eq!(answer.json()["inserted"], IMPORT_ROWS);
    let after = before + IMPORT_ROWS;
    assert_eq!(trends_total(&addr, &token), after);
    stop(server);
    assert_eq!(checked_bookings(&data), after);
    let report = litstack::platform::store::FileStore::check(&data).unwrap();
    assert_eq!(
        report.rows("users"),
        Some(1 + signed_up as u64),
        "{ADMIN} and the sign-ups that fit"
    );
    eprintln!(
        "full disk (32 MB tmpfs, filled to the last byte): the import answered 507 and changed \
         nothing; {signed_up} sign-ups fitted before one answered 507; after each, 20 rounds of \
         {} reads answered 200 and sign-in 507; once space was freed sign-in worked and the same \
         import inserted {IMPORT_ROWS} rows",
        READS.len()
    );
}
