//! The real binary as a user starts it: its messages and exit codes.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Server {
    pub child: Child,
    pub url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn litstack() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_litstack"));
    cmd.env("RUST_LOG", "warn");
    cmd
}

/// Starts `litstack serve` on an ephemeral port and waits for the line announcing its URL.
pub fn start(data_dir: &std::path::Path, extra: &[&str]) -> Server {
    let mut cmd = litstack();
    cmd.args([
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--no-sample-data",
        "--data-dir",
    ])
    .arg(data_dir)
    .args(extra);
    serving(cmd)
}

/// Spawns a command that ends up serving (litstack, or a shell that execs it) and waits for the
/// line announcing its URL.
pub fn serving(mut cmd: Command) -> Server {
    cmd.stderr(Stdio::null());
    serving_with_stderr(cmd)
}

/// `serving` for a command whose standard error the caller has set.
pub fn serving_with_stderr(mut cmd: Command) -> Server {
    let mut child = cmd
        .stdout(Stdio::piped())
        .spawn()
        .expect("starting litstack");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let url = loop {
        let line = lines
            .next()
            .expect("litstack exited before serving")
            .unwrap();
        if let Some(url) = line.strip_prefix("Litstack is serving at ") {
            break url.to_string();
        }
    };
    // Keep draining stdout so the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    Server { child, url }
}

/// Runs a command that should succeed; returns its standard output. A failure shows both streams.
pub fn succeeds(cmd: &mut Command) -> String {
    let out = cmd.output().expect("running litstack");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Runs a command that should fail at once; returns (exit code, stderr).
pub fn fails(cmd: &mut Command) -> (i32, String) {
    let out = cmd
        .stdout(Stdio::null())
        .output()
        .expect("running litstack");
    assert!(!out.status.success(), "expected a failure");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_second_server_on_the_same_data_directory_exits_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let first = start(dir.path(), &[]);
    let started = Instant::now();
    let (code, stderr) = fails(
        litstack()
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--no-sample-data",
                "--data-dir",
            ])
            .arg(dir.path()),
    );
    assert_eq!(code, 1);
    assert!(
        stderr.contains("another Litstack process is already using the data directory"),
        "{stderr}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "it exits at once"
    );
    // The first one keeps serving.
    let port = first
        .url
        .rsplit(':')
        .next()
        .unwrap()
        .parse::<u16>()
        .unwrap();
    assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_ok());
}

#[test]
fn a_taken_port_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let (code, stderr) = fails(
        litstack()
            .args(["serve", "--no-sample-data", "--addr", &addr, "--data-dir"])
            .arg(dir.path()),
    );
    assert_eq!(code, 1);
    assert!(stderr.contains("the address is already in use"), "{stderr}");
}

#[test]
fn a_data_directory_that_cannot_be_written_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-directory");
    std::fs::write(&file, b"x").unwrap();
    let (code, stderr) = fails(
        litstack()
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--no-sample-data",
                "--data-dir",
            ])
            .arg(file.join("data")),
    );
    assert_eq!(code, 1);
    assert!(stderr.contains("is not writable"), "{stderr}");
}

#[test]
fn sigterm_stops_the_server_gracefully() {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = litstack();
    cmd.env("RUST_LOG", "info")
        .args(["serve", "--addr", "127.0.0.1:0", "--no-sample-data"])
        .arg("--data-dir")
        .arg(dir.path());
    let log = dir.path().join("server.log");
    cmd.stderr(std::fs::File::create(&log).unwrap());
    let mut server = serving_with_stderr(cmd);
    let pid = server.child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "still running 10 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
    // The server closed the file itself, before its runtime's shutdown could cut the close short,
    // so the next open finds the recovery flag clear and repairs nothing.
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(log.contains("the database file is closed"), "{log}");
    let repaired = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let seen = repaired.clone();
    let db = redb::Builder::new()
        .set_repair_callback(move |_| seen.store(true, std::sync::atomic::Ordering::Relaxed))
        .open(dir.path().join("litstack.redb"))
        .unwrap();
    drop(db);
    assert!(
        !repaired.load(std::sync::atomic::Ordering::Relaxed),
        "the file needed a repair after a graceful stop"
    );
    // The database is intact and can be opened again.
    let again = start(dir.path(), &[]);
    drop(again);
}

#[test]
fn a_start_after_a_kill_says_that_it_repairs_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let serve_logging_to = |log: &std::path::Path| {
        let mut cmd = litstack();
        cmd.env("RUST_LOG", "info")
            .args(["serve", "--addr", "127.0.0.1:0", "--no-sample-data"])
            .arg("--data-dir")
            .arg(dir.path())
            .stderr(std::fs::File::create(log).unwrap());
        serving_with_stderr(cmd)
    };
    let first_log = dir.path().join("first.log");
    let mut first = serve_logging_to(&first_log);
    first.child.kill().unwrap();
    first.child.wait().unwrap();
    let first_log = std::fs::read_to_string(&first_log).unwrap();
    assert!(!first_log.contains("repair"), "{first_log}");

    // `check` on a copy of the killed file repairs it as it opens and says so.
    let copy = tempfile::tempdir().unwrap();
    std::fs::copy(
        dir.path().join("litstack.redb"),
        copy.path().join("litstack.redb"),
    )
    .unwrap();
    let report = succeeds(litstack().arg("check").arg("--data-dir").arg(copy.path()));
    assert!(report.contains("integrity check: passed"), "{report}");
    assert!(report.contains("repaired at open: yes"), "{report}");
    let again = succeeds(litstack().arg("check").arg("--data-dir").arg(copy.path()));
    assert!(!again.contains("repaired at open"), "{again}");

    // A kill leaves the file unclosed: redb repairs it at the next open, before the server
    // answers (43 s at 100M bookings). The operator is told why, and how far it has got.
    let second_log = dir.path().join("second.log");
    let second = serve_logging_to(&second_log);
    let log = std::fs::read_to_string(&second_log).unwrap();
    let said = |text: &str| {
        log.find(text)
            .unwrap_or_else(|| panic!("no {text:?} in {log}"))
    };
    let began = said("was not closed at the last stop");
    let progress = said("repairing the database file");
    let done = said("the database file is repaired");
    // All before the server says it is serving: the open returns only after the repair.
    assert!(began < progress && progress < done, "{log}");
    drop(second);
}

#[test]
fn backup_on_the_command_line_refuses_while_the_server_runs_and_works_after() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("backup.redb");
    let data = dir.path().join("data");
    let server = start(&data, &[]);
    let (_, stderr) = fails(
        litstack()
            .arg("backup")
            .arg(&target)
            .arg("--data-dir")
            .arg(&data),
    );
    assert!(stderr.contains("another Litstack process"), "{stderr}");
    drop(server);
    let stdout = succeeds(
        litstack()
            .arg("backup")
            .arg(&target)
            .arg("--data-dir")
            .arg(&data),
    );
    assert!(stdout.contains("integrity check passed"), "{stdout}");
    litstack::platform::store::backup::verify(&target).unwrap();
}
