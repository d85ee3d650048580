//! A PostgreSQL cluster of a test's own, for the tests that stop and start the server (the shared
//! cluster of scripts/with-postgres.sh serves every other test at once). As root it runs as the
//! `postgres` user, since PostgreSQL refuses to run as root.

use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Cluster {
    dir: tempfile::TempDir,
}

fn as_owner(program: &str) -> Command {
    let program = find(program);
    if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// The program on the PATH, or in Debian's PostgreSQL directory.
fn find(program: &str) -> PathBuf {
    let on_path = std::env::var_os("PATH").into_iter().flat_map(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join(program))
            .collect::<Vec<_>>()
    });
    let debian = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("bin").join(program));
    on_path
        .chain(debian)
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{program} is not installed (PostgreSQL 15)"))
}

fn run(mut c: Command) {
    let out = c.output().unwrap();
    assert!(
        out.status.success(),
        "{c:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

impl Cluster {
    pub fn start() -> Cluster {
        let dir = tempfile::Builder::new()
            .prefix("litstack-pg-own")
            .tempdir()
            .unwrap();
        if is_root() {
            run({
                let mut c = Command::new("chown");
                c.arg("postgres").arg(dir.path());
                c
            });
        }
        run({
            let mut c = as_owner("initdb");
            c.arg("-D").arg(data(dir.path()));
            c.args(["-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
            c
        });
        let cluster = Cluster { dir };
        cluster.resume();
        cluster
    }

    pub fn url(&self) -> String {
        format!(
            "postgres://postgres@localhost/postgres?host={}",
            self.dir.path().display()
        )
    }

    /// Stops the server at once (connections are cut, as in a crash or a failover).
    pub fn halt(&self) {
        run({
            let mut c = as_owner("pg_ctl");
            c.arg("-D").arg(data(self.dir.path()));
            c.args(["-m", "immediate", "-w", "stop"]);
            c
        });
    }

    pub fn resume(&self) {
        let options = format!(
            "-c listen_addresses='' -c unix_socket_directories='{}' -c fsync=off",
            self.dir.path().display()
        );
        run({
            let mut c = as_owner("pg_ctl");
            c.arg("-D").arg(data(self.dir.path()));
            c.arg("-l").arg(self.dir.path().join("log"));
            c.args(["-w", "-o", &options, "start"]);
            c
        });
    }
}

fn data(dir: &Path) -> PathBuf {
    dir.join("data")
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = as_owner("pg_ctl")
            .arg("-D")
            .arg(data(self.dir.path()))
            .args(["-m", "immediate", "stop"])
            .output();
    }
}
