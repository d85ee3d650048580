//! Builds the web app (web/ -> web/dist) so that `cargo run --release` from a fresh clone serves
//! it: rust-embed needs web/dist at compile time. Set LITSTACK_SKIP_WEB_BUILD=1 to skip npm (for
//! `cargo check` and clippy); a placeholder page is written if no bundle exists yet.

use std::path::Path;
use std::process::{Command, Stdio};

fn main() {
    let web = Path::new("web");
    for input in [
        "src",
        "index.html",
        "package.json",
        "package-lock.json",
        "vite.config.ts",
        "tsconfig.json",
        "public",
    ] {
        println!("cargo:rerun-if-changed=web/{input}");
    }
    println!("cargo:rerun-if-env-changed=LITSTACK_SKIP_WEB_BUILD");
    // sqlx embeds migrations/ at compile time: a new migration alone must rebuild the binary.
    println!("cargo:rerun-if-changed=migrations");

    let dist = web.join("dist");
    let skip = std::env::var_os("LITSTACK_SKIP_WEB_BUILD").is_some_and(|v| v != "0");
    if skip || !web.join("package.json").exists() {
        if !dist.join("index.html").exists() {
            std::fs::create_dir_all(&dist).expect("create web/dist");
            std::fs::write(
                dist.join("index.html"),
                "<!doctype html><title>Litstack</title><p>The web app was not built \
                 (LITSTACK_SKIP_WEB_BUILD).</p>",
            )
            .expect("write placeholder index.html");
        }
        return;
    }

    let npm = if cfg!(windows) { "npm.cmd" } else { "npm" };
    if dependencies_stale(web) {
        run(Command::new(npm).arg("ci").current_dir(web), "npm ci");
    }
    run(
        Command::new(npm).args(["run", "build"]).current_dir(web),
        "npm run build",
    );
}

/// node_modules is missing, or older than the lock file (a pull brought new dependencies).
/// npm records what it installed in node_modules/.package-lock.json.
fn dependencies_stale(web: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (
        modified(&web.join("package-lock.json")),
        modified(&web.join("node_modules/.package-lock.json")),
    ) {
        (Some(lock), Some(installed)) => lock > installed,
        _ => true,
    }
}

/// Runs a command with its stdout sent to stderr, so it can never print `cargo:` lines.
fn run(cmd: &mut Command, what: &str) {
    let status = cmd
        .stdout(Stdio::from(std::io::stderr()))
        .status()
        .unwrap_or_else(|e| panic!("could not run `{what}` (is Node.js with npm installed?): {e}"));
    assert!(status.success(), "`{what}` failed in web/ ({status})");
}
