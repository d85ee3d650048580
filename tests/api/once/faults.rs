//! Crash safety and faults, through the real binary: SIGKILL at random points of an import, a kill
//! between the commit and the index snapshot, truncated and corrupted snapshots, readers during an
//! import, SIGTERM with idle keep-alive connections, a second process on the same data directory
//! and backups (a full disk: `full_disk_real.rs`). After each fault the database must open, pass redb's integrity
//! check and hold exactly the bookings of before or after the import — never a part of a file.
//!
//! The kill loop's size comes from `LITSTACK_CRASH_ROWS` (rows in the imported file, default
//! 10,000) and `LITSTACK_CRASH_KILLS` (default 20); `LITSTACK_CRASH_SEED` repeats a run's delays.
//! `LITSTACK_CRASH_BASE_ROWS` imports that many bookings first and makes the file a day's export
//! dated after them (the import that extends the index, not the one that builds it); with
//! `LITSTACK_CRASH_LATE=1` the file keeps its days, which fall among the stored ones (fresh ids:
//! rows among the stored days, a run of their own in the index).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use litstack::platform::store::FileStore;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

use crate::wire::{Answer, Conn};

use crate::helpers::PASSWORD;
use crate::process::{Server, litstack, start, succeeds};

pub(crate) const ADMIN: &str = "ann@doe-law.com";
/// Rows of the import the tests other than the kill loop use.
pub(crate) const IMPORT_ROWS: u64 = 20_000;
/// Rows already there before each import, so "before" is not zero.
const BASE_ROWS: u64 = 2_000;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

// ---------------------------------------------------------------------------------------------
// Files and the command line

/// `litstack gen-bookings` into `out`; the seed makes the ids distinct between files.
fn generate(rows: u64, seed: u64, out: &Path) {
    let status = litstack()
        .args(["gen-bookings", "--rows", &rows.to_string()])
        .args(["--seed", &seed.to_string(), "--end", "2026-06-30", "--out"])
        .arg(out)
        .status()
        .unwrap();
    assert!(status.success(), "gen-bookings failed");
}

/// The generated files the tests share: (base file, import file).
pub(crate) fn files() -> &'static (PathBuf, PathBuf) {
    static FILES: OnceLock<(tempfile::TempDir, (PathBuf, PathBuf))> = OnceLock::new();
    &FILES
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let base = dir.path().join("base.csv");
            let big = dir.path().join("import.csv");
            generate(BASE_ROWS, 1, &base);
            generate(IMPORT_ROWS, 2, &big);
            (dir, (base, big))
        })
        .1
}

fn import_command(data: &Path, file: &Path) -> Command {
    let mut cmd = litstack();
    cmd.args(["import", "bookings"])
        .arg(file)
        .arg("--data-dir")
        .arg(data)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    cmd
}

fn import(data: &Path, file: &Path) {
    succeeds(import_command(data, file).stderr(Stdio::piped()));
}

/// Opens the data directory's database, asserts that redb's integrity check passes and that the
/// booking identities agree with the bookings, and returns the number of bookings.
pub(crate) fn checked_bookings(data: &Path) -> u64 {
    let report = FileStore::check(data).unwrap();
    assert!(report.integrity_ok, "integrity check failed:\n{report}");
    let bookings = report.bookings;
    assert_eq!(
        report.booking_identities, bookings,
        "identities and bookings disagree:\n{report}"
    );
    bookings
}

fn copy_dir(from: &Path, to: &Path) {
    if to.exists() {
        std::fs::remove_dir_all(to).unwrap();
    }
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

/// A data directory holding the base file's bookings and the admin account, with the server
/// stopped. Returns the number of bookings.
pub(crate) fn base_data(data: &Path) -> u64 {
    base_data_of(data, &files().0, BASE_ROWS)
}

fn base_data_of(data: &Path, file: &Path, rows: u64) -> u64 {
    import(data, file);
    let server = start(data, &[]);
    let token = session(&addr(&server));
    assert_eq!(trends_total(&addr(&server), &token), rows);
    stop(server);
    rows
}

/// Moves every row of `file` to 2026-07-01, the day after the generated files end, spread over
/// the day in file order: a day's export, whose rows all come after the stored ones.
fn dated_next_day(file: &Path) {
    let mut reader = csv::Reader::from_path(file).unwrap();
    let headers = reader.headers().unwrap().clone();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let mut writer = csv::Writer::from_path(file).unwrap();
    writer.write_record(&headers).unwrap();
    for (i, row) in rows.iter().enumerate() {
        let s = i * 86_399 / rows.len().max(1);
        let time = format!(
            "2026-07-01T{:02}:{:02}:{:02}Z",
            s / 3600,
            s % 3600 / 60,
            s % 60
        );
        let fields = row
            .iter()
            .enumerate()
            .map(|(c, v)| if c == 1 { &time } else { v });
        writer.write_record(fields).unwrap();
    }
    writer.flush().unwrap();
}

/// SIGTERM, then waits for the exit; returns how long that took.
pub(crate) fn stop(mut server: Server) -> Duration {
    let asked = Instant::now();
    sigterm(server.child.id());
    let deadline = asked + Duration::from_secs(30);
    loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            assert!(status.success(), "{status:?}");
            return asked.elapsed();
        }
        assert!(
            Instant::now() < deadline,
            "still running 30 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn sigterm(pid: u32) {
    let ok = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -TERM failed");
}

// ---------------------------------------------------------------------------------------------
// A small HTTP/1.1 client: keep-alive connections, exactly the bytes we mean to send.

pub(crate) fn addr(server: &Server) -> String {
    server.url.trim_start_matches("http://").to_string()
}

pub(crate) fn post_json(addr: &str, path: &str, token: Option<&str>, v: Value) -> Answer {
    let body = v.to_string();
    Conn::open(addr)
        .send(
            "POST",
            path,
            token,
            Some(("application/json", body.as_bytes())),
        )
        .unwrap()
}

/// Signs in as the admin, signing up first when the account does not exist yet (the first
/// account is the admin). Returns the session token.
pub(crate) fn session(addr: &str) -> String {
    let signed_in = sign_in(addr);
    if signed_in.status == 200 {
        return signed_in.token.unwrap();
    }
    let up = post_json(
        addr,
        "/api/auth/sign-up",
        None,
        json!({ "name": "Ann Doe", "email": ADMIN, "password": PASSWORD,
                "lawFirm": "Doe & Partners", "firmSize": "E6_20" }),
    );
    assert_eq!(up.status, 201, "{}", String::from_utf8_lossy(&up.body));
    up.token.unwrap()
}

pub(crate) fn sign_in(addr: &str) -> Answer {
    post_json(
        addr,
        "/api/auth/sign-in",
        None,
        json!({ "email": ADMIN, "password": PASSWORD }),
    )
}

pub(crate) fn trends_total(addr: &str, token: &str) -> u64 {
    let answer = Conn::open(addr)
        .send("GET", "/api/trends", Some(token), None)
        .unwrap();
    assert_eq!(answer.status, 200);
    answer.json()["total"].as_u64().unwrap()
}

pub(crate) fn upload(addr: &str, token: &str, file: &Path) -> Answer {
    try_upload(addr, token, file).unwrap()
}

/// The admin page's upload: the file as multipart form field `file`, on a fresh connection.
fn try_upload(addr: &str, token: &str, file: &Path) -> std::io::Result<Answer> {
    let boundary = "litstack-faults-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"bookings.csv\"\r\n\
         Content-Type: text/csv\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(&std::fs::read(file).unwrap());
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let content_type = format!("multipart/form-data; boundary={boundary}");
    Conn::open(addr).send(
        "POST",
        "/api/admin/demo-bookings/import",
        Some(token),
        Some((&content_type, &body)),
    )
}

// ---------------------------------------------------------------------------------------------
// 1. SIGKILL at random points of an import

#[test]
fn killed_imports_leave_the_data_exactly_as_before_or_after() {
    let rows = env_u64("LITSTACK_CRASH_ROWS", 10_000);
    let kills = env_u64("LITSTACK_CRASH_KILLS", 20);
    let seed = env_u64(
        "LITSTACK_CRASH_SEED",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs(),
    );
    // With a base of its own, the file is a day's export into that many bookings (or rows among
    // their days): the import that extends the index instead of building it.
    let base_rows = env_u64("LITSTACK_CRASH_BASE_ROWS", 0);
    let late = env_u64("LITSTACK_CRASH_LATE", 0) == 1;
    let began = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("crash.csv");
    generate(rows, 7, &file);
    let base = dir.path().join("base");
    let before = if base_rows == 0 {
        base_data(&base)
    } else {
        if !late {
            dated_next_day(&file);
        }
        let base_file = dir.path().join("base.csv");
        generate(base_rows, 1, &base_file);
        base_data_of(&base, &base_file, base_rows)
    };

    // One full run tells how long an import takes and what "after" is.
    let data = dir.path().join("data");
    copy_dir(&base, &data);
    let timer = Instant::now();
    import(&data, &file);
    let full = timer.elapsed();
    let after = checked_bookings(&data);
    assert_eq!(after, before + rows);

    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let (mut at_before, mut at_after, mut finished_first) = (0u64, 0u64, 0u64);
    // How long an import runs, updated whenever one finishes before its kill (the machine's load
    // changes while the tests run).
    let mut duration = full;
    for kill in 0..kills {
        copy_dir(&base, &data);
        // Spread over the whole import, and a little past it to catch the end.
        let delay = duration.mul_f64(rng.random_range(0.0..1.05));
        let mut child = import_command(&data, &file).spawn().unwrap();
        let spawned = Instant::now();
        let mut exited = false;
        while spawned.elapsed() < delay {
            if child.try_wait().unwrap().is_some() {
                exited = true;
                duration = spawned.elapsed();
                break;
            }
            std::thread::sleep(Duration::from_millis(5).min(delay));
        }
        child.kill().unwrap(); // SIGKILL (harmless when it has exited)
        child.wait().unwrap();
        finished_first += exited as u64;

        let n = checked_bookings(&data);
        assert!(
            n == before || n == after,
            "kill {kill} after {delay:?}: {n} bookings, neither {before} nor {after} \
             (seed {seed})"
        );
        if n == before {
            at_before += 1;
        } else {
            at_after += 1;
        }
        // The server's index (from the snapshot or rebuilt) agrees with the table.
        let server = start(&data, &[]);
        let token = session(&addr(&server));
        assert_eq!(
            trends_total(&addr(&server), &token),
            n,
            "kill {kill} after {delay:?} (seed {seed})"
        );
        stop(server);
    }
    eprintln!(
        "kill loop: {kills} SIGKILLs during imports of {rows} rows {} {before} \
         (a full import took {:.2} s): {at_before} left the {before} bookings of before, \
         {at_after} the {after} of after ({finished_first} had finished first); \
         integrity check passed every time; {:.1} s in all (seed {seed})",
        if late { "among the days of" } else { "onto" },
        full.as_secs_f64(),
        began.elapsed().as_secs_f64()
    );
    assert_eq!(at_before + at_after, kills);
}

// ---------------------------------------------------------------------------------------------
// 2. A kill between the commit and the snapshot; broken snapshots

fn snapshot_generation(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[8..16].try_into().unwrap())
}

/// Starts a server on `data` and asserts that it serves `expected` bookings and leaves an intact
/// snapshot of the database's generation behind.
fn restart_and_expect(data: &Path, expected: u64, what: &str) {
    let server = start(data, &[]);
    let token = session(&addr(&server));
    assert_eq!(trends_total(&addr(&server), &token), expected, "{what}");
    stop(server);
    let store = litstack::platform::store::Store::File(FileStore::open(data).unwrap());
    let generation = litstack::bookings::generation(&store).unwrap();
    let snapshot = litstack::bookings::snapshot::read(data, generation)
        .unwrap_or_else(|e| panic!("{what}: the snapshot was not rewritten: {e}"));
    assert_eq!(snapshot.len() as u64, expected, "{what}");
    assert!(
        !data.join("bookings.idx.tmp").exists(),
        "{what}: a temporary snapshot is left behind"
    );
}

#[test]
fn a_stale_partial_truncated_or_corrupted_snapshot_is_detected_and_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let before = base_data(&data);
    let snapshot = litstack::bookings::snapshot::path(&data);
    let old = std::fs::read(&snapshot).unwrap();
    import(&data, &files().1);
    let after = before + IMPORT_ROWS;
    let new = std::fs::read(&snapshot).unwrap();
    assert!(snapshot_generation(&new) > snapshot_generation(&old));

    // The state of a kill after the commit and during the snapshot's write: the old snapshot in
    // place and half of the new one in the temporary file.
    std::fs::write(&snapshot, &old).unwrap();
    std::fs::write(data.join("bookings.idx.tmp"), &new[..new.len() / 2]).unwrap();
    restart_and_expect(&data, after, "stale snapshot and a partial temporary one");

    let good = std::fs::read(&snapshot).unwrap();
    std::fs::write(&snapshot, &good[..good.len() / 2]).unwrap();
    restart_and_expect(&data, after, "truncated snapshot");

    let mut flipped = good.clone();
    let middle = 32 + (flipped.len() - 32) / 2;
    flipped[middle] ^= 0x5a;
    std::fs::write(&snapshot, &flipped).unwrap();
    restart_and_expect(&data, after, "a flipped byte in the snapshot");

    std::fs::write(&snapshot, b"").unwrap();
    restart_and_expect(&data, after, "an empty snapshot");
    assert_eq!(checked_bookings(&data), after);
}

// ---------------------------------------------------------------------------------------------
// 3. Readers during an import

#[test]
fn readers_during_an_import_see_only_the_total_of_before_or_after() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let before = base_data(&data);
    let server = start(&data, &[]);
    let addr = addr(&server);
    let token = session(&addr);

    // (started, finished, total) of every poll.
    let polls: Arc<Mutex<Vec<(Instant, Instant, u64)>>> = Arc::default();
    let done = Arc::new(AtomicBool::new(false));
    let readers: Vec<_> = (0..3)
        .map(|_| {
            let (addr, token) = (addr.clone(), token.clone());
            let (polls, done) = (polls.clone(), done.clone());
            std::thread::spawn(move || {
                let mut conn = Conn::open(&addr);
                let mut seen = Vec::new();
                while !done.load(Ordering::Relaxed) {
                    let asked = Instant::now();
                    let answer = conn.send("GET", "/api/trends", Some(&token), None).unwrap();
                    assert_eq!(answer.status, 200);
                    seen.push((
                        asked,
                        Instant::now(),
                        answer.json()["total"].as_u64().unwrap(),
                    ));
                }
                polls.lock().unwrap().extend(seen);
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let sent = Instant::now();
    let answer = upload(&addr, &token, &files().1);
    let answered = Instant::now();
    assert_eq!(
        answer.status,
        200,
        "{}",
        String::from_utf8_lossy(&answer.body)
    );
    assert_eq!(answer.json()["inserted"], IMPORT_ROWS);
    let after = before + IMPORT_ROWS;
    std::thread::sleep(Duration::from_millis(200));
    done.store(true, Ordering::Relaxed);
    for r in readers {
        r.join().unwrap();
    }

    let polls = polls.lock().unwrap();
    for &(_, _, total) in polls.iter() {
        assert!(
            total == before || total == after,
            "a reader saw {total} bookings, neither {before} nor {after}"
        );
    }
    let during: Vec<u64> = polls
        .iter()
        .filter(|(asked, got, _)| *asked > sent && *got < answered)
        .map(|p| p.2)
        .collect();
    assert!(
        during.len() >= 10,
        "only {} polls during the import",
        during.len()
    );
    // Once the import has answered, everyone sees the new total.
    assert!(
        polls
            .iter()
            .filter(|(asked, _, _)| *asked > answered)
            .all(|p| p.2 == after)
    );
    eprintln!(
        "readers: {} polls of /api/trends in all, {} during the {:.2} s import \
         ({} saw {before}, {} saw {after}), none saw anything else",
        polls.len(),
        during.len(),
        (answered - sent).as_secs_f64(),
        during.iter().filter(|&&t| t == before).count(),
        during.iter().filter(|&&t| t == after).count(),
    );
    drop(server);
}

// ---------------------------------------------------------------------------------------------
// 4. SIGTERM during an import, with idle keep-alive connections

#[test]
fn sigterm_during_an_import_with_idle_connections_exits_within_ten_seconds_all_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let before = base_data(&data);
    let server = start(&data, &[]);
    let addr = addr(&server);
    let token = session(&addr);

    // Idle keep-alive connections: one answered request each, then silence.
    let mut idle: Vec<Conn> = (0..3)
        .map(|_| {
            let mut c = Conn::open(&addr);
            let me = c.send("GET", "/api/auth/me", Some(&token), None).unwrap();
            assert_eq!(me.status, 200);
            c
        })
        .collect();

    let uploading = {
        let (addr, token) = (addr.clone(), token.clone());
        std::thread::spawn(move || {
            // The server may close the connection at shutdown before answering.
            try_upload(&addr, &token, &files().1).ok().map(|a| a.status)
        })
    };
    // Let the upload arrive and the import get under way.
    std::thread::sleep(Duration::from_millis(700));
    let took = stop(server);
    assert!(
        took < Duration::from_secs(10),
        "SIGTERM took {took:?} to stop the server"
    );
    for c in &mut idle {
        assert!(c.is_closed(), "an idle connection was left open");
    }
    let answered = uploading.join().unwrap();

    let n = checked_bookings(&data);
    let after = before + IMPORT_ROWS;
    assert!(n == before || n == after, "{n} bookings after SIGTERM");
    restart_and_expect(&data, n, "after SIGTERM during an import");
    eprintln!(
        "SIGTERM during an import with {} idle keep-alive connections: exited in {:.2} s; \
         the import was {} (its upload's answer: {answered:?})",
        idle.len(),
        took.as_secs_f64(),
        if n == after { "complete" } else { "absent" }
    );
}

// ---------------------------------------------------------------------------------------------
// 5. A second process on the same data directory; backups

#[test]
fn other_processes_on_a_served_data_directory_exit_at_once_and_backups_pass_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let before = base_data(&data);
    let server = start(&data, &[]);
    let addr = addr(&server);
    let token = session(&addr);

    for args in [
        vec!["import", "bookings", files().1.to_str().unwrap()],
        vec!["check"],
        vec!["users", "promote", ADMIN],
    ] {
        let asked = Instant::now();
        let out = litstack()
            .args(&args)
            .arg("--data-dir")
            .arg(&data)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} ran beside the server");
        assert!(
            stderr.contains("another Litstack process"),
            "{args:?}: {stderr}"
        );
        assert!(asked.elapsed() < Duration::from_secs(10), "{args:?} waited");
    }

    // The running server's backup download: a consistent copy that passes the check.
    let answer = Conn::open(&addr)
        .send(
            "POST",
            "/api/admin/backup",
            Some(&token),
            Some(("application/json", b"{}")),
        )
        .unwrap();
    assert_eq!(answer.status, 200);
    let downloaded = dir.path().join("downloaded.redb");
    std::fs::write(&downloaded, &answer.body).unwrap();
    let report = FileStore::check_file(&downloaded).unwrap();
    assert!(report.integrity_ok);
    assert_eq!(report.bookings, before);
    assert_eq!(report.rows("users"), Some(1));
    stop(server);

    // `litstack backup FILE` with the server stopped: the same tables, row for row.
    let file = dir.path().join("backup.redb");
    succeeds(
        litstack()
            .arg("backup")
            .arg(&file)
            .arg("--data-dir")
            .arg(&data),
    );
    let original = FileStore::check(&data).unwrap();
    let copy = FileStore::check_file(&file).unwrap();
    assert!(copy.integrity_ok);
    assert_eq!(copy.tables, original.tables);

    // Restored as a data directory, `litstack check` passes and a server serves it.
    let restored = dir.path().join("restored");
    std::fs::create_dir(&restored).unwrap();
    std::fs::copy(&file, restored.join("litstack.redb")).unwrap();
    let stdout = succeeds(litstack().arg("check").arg("--data-dir").arg(&restored));
    assert!(stdout.contains("integrity check: passed"), "{stdout}");
    assert!(
        stdout.contains(&format!("\nbookings: {before}\n")),
        "{stdout}"
    );
    restart_and_expect(&restored, before, "a restored backup");
}
