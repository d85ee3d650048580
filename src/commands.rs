//! What each `litstack` command does; `main.rs` parses the command line and calls one function
//! here per subcommand. A command prints its result on standard output; an error is returned, and
//! `main.rs` prints it on standard error and exits with a failure.

use std::path::Path;
use std::time::Duration;

use crate::AppState;
use crate::platform::config::{Config, Storage};

/// Logs go to standard error, at `info` (RUST_LOG overrides).
pub fn init_logging() {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,tower_http=warn".into()),
        )
        .with_writer(std::io::stderr)
        // Colour codes only on a terminal: in a file or a journal they would split `key=value`.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
}

/// Runs a command in the one (multi-thread) runtime, which a tool's PostgreSQL store uses too.
/// `clock_start` is `--clock-start` (tests and rehearsals only); a blank one means none.
pub fn run(
    clock_start: Option<&str>,
    command: impl FnOnce() -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    // Before anything reads the clock.
    if let Some(value) = clock_start.filter(|v| !v.trim().is_empty()) {
        let start = crate::platform::clock::parse_start(value)
            .map_err(|e| anyhow::anyhow!("--clock-start (LITSTACK_CLOCK_START): {e}"))?;
        crate::platform::clock::start_at(start).map_err(anyhow::Error::msg)?;
        tracing::warn!(
            "The clock starts at {}, not the system's time: for tests and rehearsals only",
            crate::platform::clock::rfc3339(start)
        );
    }
    let runtime = tokio::runtime::Runtime::new()?;
    let in_runtime = runtime.enter();
    let result = command();
    drop(in_runtime);
    crate::bookings::lifecycle::finish_snapshots();
    // Dropping the runtime would wait for an import still running after the shutdown grace
    // period; it is abandoned instead, and its transaction never commits.
    runtime.shutdown_timeout(Duration::from_millis(500));
    result
}

/// `serve`: the web app, until a shutdown signal.
pub fn serve(config: Config) -> anyhow::Result<()> {
    tokio::runtime::Handle::current().block_on(crate::server::serve(config))
}

/// `backup` works on the data directory's redb file; a hub's data is PostgreSQL's.
fn file_only(storage: &Storage, command: &str) -> anyhow::Result<()> {
    anyhow::ensure!(
        storage.database_url().is_none(),
        "`litstack {command}` works on a data directory's redb file; with --database-url \
         (LITSTACK_DATABASE_URL) the data is in PostgreSQL: use its own tools (pg_dump)"
    );
    Ok(())
}

/// `backup FILE`: a consistent copy of the redb file.
pub fn backup(file: &Path, storage: &Storage) -> anyhow::Result<()> {
    file_only(storage, "backup")?;
    let rows = crate::platform::store::backup_file(
        &storage.data_dir,
        file,
        &crate::registry::redb_tables(),
    )?;
    println!(
        "Backed up {rows} rows to {} (integrity check passed).",
        file.display()
    );
    Ok(())
}

/// `check`: redb's integrity check and the rows per table; with `--database-url`, the hub's
/// database checked against this binary's schema and registry (`store::check_hub`).
pub fn check(storage: &Storage) -> anyhow::Result<()> {
    if let Some(url) = storage.database_url() {
        let report = crate::platform::store::check_hub(url, crate::registry::DOMAINS)?;
        std::io::Write::write_all(&mut std::io::stdout().lock(), report.to_string().as_bytes())?;
        anyhow::ensure!(
            report.problems.is_empty(),
            "the database {} has {} problem(s): {}",
            report.location,
            report.problems.len(),
            report.problems.join("; ")
        );
        return Ok(());
    }
    let report = crate::platform::store::check_file(&storage.data_dir)?;
    std::io::Write::write_all(&mut std::io::stdout().lock(), report.to_string().as_bytes())?;
    anyhow::ensure!(
        report.integrity_ok,
        "the database failed its integrity check"
    );
    Ok(())
}

/// `export-to-postgres`: the data directory copied into an empty PostgreSQL database.
pub fn export_to_postgres(storage: &Storage) -> anyhow::Result<()> {
    let Some(url) = storage.database_url() else {
        anyhow::bail!(
            "export-to-postgres needs --database-url (or LITSTACK_DATABASE_URL): the empty \
             PostgreSQL database to copy {} into",
            storage.data_dir.display()
        );
    };
    let counts = crate::export::to_postgres(&storage.data_dir, url)?;
    print!("{}", crate::export::report(&counts));
    println!(
        "Copied {} tables from {}; every table holds as many rows as the file. Start the nodes \
         with --database-url.",
        counts.len(),
        storage.data_dir.display()
    );
    Ok(())
}

/// `migrate`: a hub's database brought up to this binary's schema, by a role that may change it.
pub fn migrate(storage: &Storage) -> anyhow::Result<()> {
    let Some(url) = storage.database_url() else {
        anyhow::bail!(
            "migrate needs --database-url (or LITSTACK_DATABASE_URL): the hub's PostgreSQL \
             database, as the role that owns its schema (a data directory's file migrates itself)"
        );
    };
    let (store, applied) =
        crate::platform::store::PgStore::migrate(url, &crate::registry::seam_tables())?;
    match (applied.first(), applied.last()) {
        (Some(first), Some(last)) => println!(
            "Applied {} migration(s) ({first}…{last}) to {} in one transaction; its schema is \
             current.",
            applied.len(),
            store.location
        ),
        _ => println!(
            "The schema of {} is already current: nothing to do.",
            store.location
        ),
    }
    Ok(())
}

/// `users promote EMAIL`.
pub fn promote(email: &str, storage: Storage) -> anyhow::Result<()> {
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    if crate::accounts::promote(&state.sub(), email)? {
        println!("{email} is now an administrator.");
        Ok(())
    } else {
        anyhow::bail!("there is no account with the email {email}")
    }
}

/// `users reset-link EMAIL --public-url URL`.
pub fn reset_link(
    email: &str,
    public_url: &crate::platform::hosts::PublicUrl,
    storage: Storage,
) -> anyhow::Result<()> {
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let (user, issued) = crate::accounts::reset_link_for(&state.sub(), email, &public_url.origin)?;
    println!(
        "A one-time password-reset link for {} <{}>, valid for {} minutes:",
        user.name,
        user.email,
        crate::accounts::links::RESET_MINUTES
    );
    println!("{}", issued.url);
    if issued.emailed {
        println!("It was emailed to them too.");
    }
    Ok(())
}

/// `firms list`: one line per firm.
pub fn list_firms(storage: Storage) -> anyhow::Result<()> {
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let err = |e: crate::platform::error::AppError| anyhow::anyhow!("{e}");
    let mut members = std::collections::HashMap::<crate::platform::firm_id::FirmId, usize>::new();
    for user in crate::accounts::all_users(&state.store).map_err(err)? {
        *members.entry(user.firm.id).or_default() += 1;
    }
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    println!(
        "{:>6}  {:>7}  {:<8}  {:<8}  name",
        "id", "members", "verified", "disabled"
    );
    for firm in crate::accounts::all_firms(&state.store).map_err(err)? {
        println!(
            "{:>6}  {:>7}  {:<8}  {:<8}  {}",
            firm.id,
            members.get(&firm.id).copied().unwrap_or(0),
            yes_no(firm.verified),
            yes_no(firm.disabled),
            firm.name
        );
    }
    Ok(())
}

/// `firms export FIRM --out FILE`.
pub fn export_firm(firm: u64, out: &Path, storage: Storage) -> anyhow::Result<()> {
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let archive = crate::firms::archive::export_to_file(&state.sub(), firm, out)?;
    println!(
        "Wrote firm {firm}'s archive to {}: {} rows in {} files, no secrets.",
        out.display(),
        archive.rows,
        archive.files
    );
    Ok(())
}

/// `firms import FILE`: the archive as a new firm, with its people and their account ids.
pub fn import_firm(file: &Path, storage: Storage) -> anyhow::Result<()> {
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let imported = crate::firms::import::import_file(&state.sub(), file)?;
    let rows: usize = imported.tables.iter().map(|t| t.rows).sum();
    println!(
        "Imported {} as firm {}: {} members, {rows} rows.",
        imported.name, imported.firm_id, imported.members
    );
    for left in &imported.left_out {
        println!("Not taken: {} ({}).", left.table, left.why);
    }
    for note in &imported.notes {
        println!("{note}");
    }
    println!(
        "Its members have no password yet. Give an owner a one-time reset link with \
         `litstack users reset-link EMAIL`; the owner gives the others theirs on the Firm page."
    );
    for person in &imported.people {
        println!(
            "- {} <{}>, {} (account {})",
            person.name,
            person.email,
            person.role.code(),
            person.user_id
        );
    }
    Ok(())
}

/// `firms merge --into A --from B`.
pub fn merge_firms(into: u64, from: u64, storage: Storage) -> anyhow::Result<()> {
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let by = "The operator (command line)";
    let merged = crate::firms::merge::merge_firms(&state.sub(), by, into, from)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    tracing::info!(target: "security", into, from, moved = merged.moved, "firms merged from the command line");
    println!(
        "Merged {} into {} (firm {}): {} {} moved; it has {} {} now{}.",
        merged.from_name,
        merged.firm.name,
        merged.firm.id,
        merged.moved,
        if merged.moved == 1 {
            "member"
        } else {
            "members"
        },
        merged.members,
        if merged.members == 1 {
            "member"
        } else {
            "members"
        },
        if merged.firm.verified {
            ", verified"
        } else {
            ""
        },
    );
    Ok(())
}

/// `sample remove`: every sample booking, for good.
pub fn remove_sample(storage: Storage) -> anyhow::Result<()> {
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let removed = crate::bookings::sample::remove(&state.sub())?;
    tracing::info!(target: "security", removed, "sample bookings removed from the command line");
    match removed {
        0 => println!("There are no sample bookings to remove."),
        1 => println!("Removed 1 sample booking."),
        n => println!("Removed {n} sample bookings."),
    }
    Ok(())
}

/// The files `litstack import` takes.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum ImportKind {
    Bookings,
    Vendors,
}

/// `import KIND FILE`: a CSV file, as the admin page imports it, with a progress bar.
pub fn import(kind: ImportKind, file: &Path, storage: Storage) -> anyhow::Result<()> {
    use crate::import::{Kind, Options, run};
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let f = std::fs::File::open(file).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let length = f.metadata()?.len();
    let bar = indicatif::ProgressBar::new(length);
    bar.set_style(indicatif::ProgressStyle::with_template(
        "{bar:40} {bytes}/{total_bytes} ({eta} left)",
    )?);
    let expect = match kind {
        ImportKind::Bookings => Kind::Bookings,
        ImportKind::Vendors => Kind::Vendors,
    };
    let options = Options {
        expect: Some(expect),
        // A vendor file's links without a source of their own are the operator's, from here.
        by: Some(crate::catalog::ImportedBy::today(
            None,
            &file.file_name().unwrap_or_default().to_string_lossy(),
        )),
        length: Some(length),
        ..Options::default()
    };
    let report = run(&state.sub(), bar.wrap_read(f), options);
    bar.finish_and_clear();
    let report = report.map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "Imported {}: {} inserted, {} updated, {} skipped.",
        report.kind, report.inserted, report.updated, report.skipped
    );
    if let Some(note) = report.unknown_vendor_note() {
        println!("{note}");
    }
    for e in &report.errors {
        println!("  {e}");
    }
    Ok(())
}

/// `gen-bookings`: synthetic demo bookings as CSV, to `out` or standard output.
pub fn gen_bookings(
    rows: u64,
    seed: u64,
    end: Option<chrono::NaiveDate>,
    out: Option<&Path>,
) -> anyhow::Result<()> {
    use crate::bookings::generate::{seed_catalog, write_csv};
    let end = end.unwrap_or_else(crate::platform::clock::today);
    let catalog = seed_catalog();
    match out {
        Some(path) => write_csv(std::fs::File::create(path)?, rows, seed, end, &catalog),
        None => write_csv(std::io::stdout().lock(), rows, seed, end, &catalog),
    }
}

/// `catalog keygen --out FILE`: a new signing key, readable by its owner only; prints the public
/// key installs pull with.
pub fn catalog_keygen(out: &Path) -> anyhow::Result<()> {
    let key = crate::catalog_feed::SecretKey::generate();
    key.write_new(out)?;
    println!(
        "Wrote a signing key to {} (keep it off serving machines and out of backups).",
        out.display()
    );
    println!("Its public key, for `litstack catalog pull --public-key`:");
    println!("{}", key.public());
    Ok(())
}

/// What `catalog publish` takes besides the store.
pub struct PublishArgs<'a> {
    pub key: &'a Path,
    pub out: &'a Path,
    pub feed: &'a str,
    pub expires_in_days: u32,
    pub also_trust: &'a [String],
    pub revoke: &'a [String],
}

/// `catalog publish`: the next version of this install's catalog, signed, written to `out`
/// (replaced whole: a server reading it sees the old file or the new one).
pub fn catalog_publish(args: &PublishArgs, storage: Storage) -> anyhow::Result<()> {
    let key = crate::catalog_feed::SecretKey::read(args.key)?;
    let also_trust = args
        .also_trust
        .iter()
        .map(|k| {
            crate::catalog_feed::PublicKey::parse(k)
                .map_err(|e| anyhow::anyhow!("--also-trust {k}: {e}"))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let publication = crate::catalog_feed::Publication {
        feed: args.feed.to_string(),
        expires_in_days: args.expires_in_days,
        key: &key,
        also_trust,
        revoke: args.revoke.to_vec(),
    };
    let (envelope, payload) = crate::catalog_feed::publish(&state.store, &publication)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let tmp = args.out.with_extension("partial");
    std::fs::write(&tmp, envelope.to_bytes())
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, args.out)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", args.out.display()))?;
    println!(
        "Published version {} of \"{}\" to {}: {} vendors, {} merged, {} retired; expires {}; \
         signed by key {}.",
        payload.version,
        payload.feed,
        args.out.display(),
        payload.vendors.len(),
        payload.merged.len(),
        payload.retired.len(),
        payload.expires_on,
        key.public().id()
    );
    Ok(())
}

/// `catalog pull SOURCE --public-key KEY`: a signed catalog from a file or an address, checked
/// and applied (or refused with nothing changed).
pub fn catalog_pull(
    source: &str,
    public_key: Option<&str>,
    private_hosts: &[crate::platform::outbound::PrivateHost],
    storage: Storage,
) -> anyhow::Result<()> {
    let key = public_key
        .map(|k| {
            crate::catalog_feed::PublicKey::parse(k)
                .map_err(|e| anyhow::anyhow!("--public-key: {e}"))
        })
        .transpose()?;
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    // The command line may name any file (its user has the server's files); an address is held
    // to the one rule for outside fetches.
    let outbound = crate::platform::outbound::Outbound::new(private_hosts);
    let source = crate::catalog_feed::FeedSource::parse(source, &outbound, None)
        .map_err(anyhow::Error::msg)?;
    let bytes = tokio::runtime::Handle::current()
        .block_on(crate::catalog_feed::fetch(&source, &outbound, None))
        .map_err(anyhow::Error::msg)?;
    let report = crate::catalog_feed::pull(&state.store, &state.catalog, &bytes, key)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!("{}", report.message);
    for line in &report.left_out {
        println!("  left out: {line}");
    }
    Ok(())
}
