//! The `litstack` command: parses the command line and dispatches.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use litstack::AppState;
use litstack::config::{Config, Storage};

#[derive(Parser)]
#[command(
    name = "litstack",
    version,
    about = "Legal-technology vendor discovery for law firms"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: Config,
    /// For tests and rehearsals only: the clock reads this RFC 3339 instant at start and runs on
    /// from there (reminders and deadlines at their dates), instead of the system's time.
    /// A blank one (`LITSTACK_CLOCK_START=` in an env file) means none.
    #[arg(long, env = "LITSTACK_CLOCK_START", hide = true, global = true)]
    clock_start: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web app (the default).
    Serve(Box<Config>),
    /// Write a consistent copy of the database to FILE (stop the server first, or download a
    /// backup from the running server at /api/admin/backup).
    Backup {
        file: PathBuf,
        #[command(flatten)]
        storage: Storage,
    },
    /// Check the database (after a crash, say): redb's integrity check and the rows per table.
    /// Stop the server first.
    Check {
        #[command(flatten)]
        storage: Storage,
    },
    /// Import a demo-bookings or vendors CSV file, as the admin page does.
    Import {
        #[arg(value_enum)]
        kind: ImportKind,
        file: PathBuf,
        #[command(flatten)]
        storage: Storage,
    },
    /// Write deterministic synthetic demo bookings as CSV.
    GenBookings {
        #[arg(long, default_value_t = 50_000)]
        rows: u64,
        #[arg(long, default_value_t = 42)]
        seed: u64,
        /// The last day of the two years generated (YYYY-MM-DD); today (UTC) when absent.
        #[arg(long)]
        end: Option<chrono::NaiveDate>,
        /// Write here instead of to standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Copy this install's data directory into an empty PostgreSQL database (--database-url), the
    /// way a firm moves to a hub, then check every table's rows. Stop the server first.
    ExportToPostgres {
        #[command(flatten)]
        storage: Storage,
    },
    /// Manage accounts.
    Users {
        #[command(subcommand)]
        action: UsersAction,
    },
    /// See and merge firms (as the operator's Firms screen does). Stop the server first, or run
    /// it against the hub's --database-url.
    Firms {
        #[command(subcommand)]
        action: FirmsAction,
    },
    /// Manage the generated sample demo bookings of the first launch.
    Sample {
        #[command(subcommand)]
        action: SampleAction,
    },
}

#[derive(Subcommand)]
enum SampleAction {
    /// Remove every sample booking for good (stop the server first); they are never seeded again.
    Remove {
        #[command(flatten)]
        storage: Storage,
    },
}

#[derive(Subcommand)]
enum FirmsAction {
    /// Every firm: id, name, members, verified, disabled.
    List {
        #[command(flatten)]
        storage: Storage,
    },
    /// Write everything firm FIRM holds on this install into one archive (a zip: manifest.json,
    /// people.csv and tables/<table>.json; no password, token or second-factor secret).
    Export {
        /// The firm's id (see `litstack firms list`).
        firm: u64,
        /// The archive to write; it must not exist yet.
        #[arg(long)]
        out: PathBuf,
        #[command(flatten)]
        storage: Storage,
    },
    /// Load a firm's archive (from `litstack firms export` or the Firm page) as a new firm of this
    /// install: unverified, sharing no prices, its members without passwords until each uses a
    /// reset link. Refused, with nothing written, when the archive is damaged or newer than this
    /// install, names a vendor this catalog lacks, or holds an email with an account here.
    Import {
        /// The archive to load.
        file: PathBuf,
        #[command(flatten)]
        storage: Storage,
    },
    /// Merge firm --from into firm --into, keeping all data of both; --from no longer exists.
    Merge {
        /// The firm that is kept.
        #[arg(long)]
        into: u64,
        /// The firm merged into the kept one.
        #[arg(long)]
        from: u64,
        #[command(flatten)]
        storage: Storage,
    },
}

#[derive(Subcommand)]
enum UsersAction {
    /// Make an existing account an administrator.
    Promote {
        email: String,
        #[command(flatten)]
        storage: Storage,
    },
}

fn main() -> ExitCode {
    init_logging();
    let cli = Cli::parse();
    match run(cli.clock_start.as_deref(), || {
        dispatch(cli.command, cli.serve)
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("litstack: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Each subcommand is one function; without one, `serve` with the flags given.
fn dispatch(command: Option<Command>, flags: Config) -> anyhow::Result<()> {
    match command {
        None => serve(flags),
        Some(Command::Serve(config)) => serve(*config),
        Some(Command::Backup { file, storage }) => backup(&file, &storage),
        Some(Command::Check { storage }) => check(&storage),
        Some(Command::Import {
            kind,
            file,
            storage,
        }) => import(kind, &file, storage),
        Some(Command::GenBookings {
            rows,
            seed,
            end,
            out,
        }) => gen_bookings(rows, seed, end, out.as_deref()),
        Some(Command::ExportToPostgres { storage }) => export_to_postgres(&storage),
        Some(Command::Users {
            action: UsersAction::Promote { email, storage },
        }) => promote(&email, storage),
        Some(Command::Sample {
            action: SampleAction::Remove { storage },
        }) => remove_sample(storage),
        Some(Command::Firms { action }) => match action {
            FirmsAction::List { storage } => list_firms(storage),
            FirmsAction::Merge {
                into,
                from,
                storage,
            } => merge_firms(into, from, storage),
            FirmsAction::Export { firm, out, storage } => export_firm(firm, &out, storage),
            FirmsAction::Import { file, storage } => import_firm(&file, storage),
        },
    }
}

/// Logs go to standard error, at `info` (RUST_LOG overrides).
fn init_logging() {
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
fn run(
    clock_start: Option<&str>,
    command: impl FnOnce() -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    // Before anything reads the clock.
    if let Some(value) = clock_start.filter(|v| !v.trim().is_empty()) {
        let start = litstack::clock::parse_start(value)
            .map_err(|e| anyhow::anyhow!("--clock-start (LITSTACK_CLOCK_START): {e}"))?;
        litstack::clock::start_at(start).map_err(anyhow::Error::msg)?;
        tracing::warn!(
            "The clock starts at {}, not the system's time: for tests and rehearsals only",
            litstack::clock::rfc3339(start)
        );
    }
    let runtime = tokio::runtime::Runtime::new()?;
    let in_runtime = runtime.enter();
    let result = command();
    drop(in_runtime);
    litstack::bookings::lifecycle::finish_snapshots();
    // Dropping the runtime would wait for an import still running after the shutdown grace
    // period; it is abandoned instead, and its transaction never commits.
    runtime.shutdown_timeout(Duration::from_millis(500));
    result
}

/// `serve`: the web app, until a shutdown signal.
fn serve(config: Config) -> anyhow::Result<()> {
    tokio::runtime::Handle::current().block_on(litstack::server::serve(config))
}

/// `backup` and `check` work on the data directory's redb file; a hub's data is PostgreSQL's.
fn file_only(storage: &Storage, command: &str) -> anyhow::Result<()> {
    anyhow::ensure!(
        storage.database_url().is_none(),
        "`litstack {command}` works on a data directory's redb file; with --database-url \
         (LITSTACK_DATABASE_URL) the data is in PostgreSQL: use its own tools (pg_dump, amcheck)"
    );
    Ok(())
}

/// `backup FILE`: a consistent copy of the redb file.
fn backup(file: &Path, storage: &Storage) -> anyhow::Result<()> {
    file_only(storage, "backup")?;
    let rows =
        litstack::store::backup_file(&storage.data_dir, file, &litstack::registry::redb_tables())?;
    println!(
        "Backed up {rows} rows to {} (integrity check passed).",
        file.display()
    );
    Ok(())
}

/// `check`: redb's integrity check and the rows per table.
fn check(storage: &Storage) -> anyhow::Result<()> {
    file_only(storage, "check")?;
    let report = litstack::store::check_file(&storage.data_dir)?;
    std::io::Write::write_all(&mut std::io::stdout().lock(), report.to_string().as_bytes())?;
    anyhow::ensure!(
        report.integrity_ok,
        "the database failed its integrity check"
    );
    Ok(())
}

/// `export-to-postgres`: the data directory copied into an empty PostgreSQL database.
fn export_to_postgres(storage: &Storage) -> anyhow::Result<()> {
    let Some(url) = storage.database_url() else {
        anyhow::bail!(
            "export-to-postgres needs --database-url (or LITSTACK_DATABASE_URL): the empty \
             PostgreSQL database to copy {} into",
            storage.data_dir.display()
        );
    };
    let counts = litstack::export::to_postgres(&storage.data_dir, url)?;
    print!("{}", litstack::export::report(&counts));
    println!(
        "Copied {} tables from {}; every table holds as many rows as the file. Start the nodes \
         with --database-url.",
        counts.len(),
        storage.data_dir.display()
    );
    Ok(())
}

/// `users promote EMAIL`.
fn promote(email: &str, storage: Storage) -> anyhow::Result<()> {
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    if litstack::accounts::promote(&state.sub(), email)? {
        println!("{email} is now an administrator.");
        Ok(())
    } else {
        anyhow::bail!("there is no account with the email {email}")
    }
}

/// `firms list`: one line per firm.
fn list_firms(storage: Storage) -> anyhow::Result<()> {
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let err = |e: litstack::error::AppError| anyhow::anyhow!("{e}");
    let mut members = std::collections::HashMap::<litstack::firm_id::FirmId, usize>::new();
    for user in litstack::accounts::all_users(&state.store).map_err(err)? {
        *members.entry(user.firm.id).or_default() += 1;
    }
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    println!(
        "{:>6}  {:>7}  {:<8}  {:<8}  name",
        "id", "members", "verified", "disabled"
    );
    for firm in litstack::accounts::all_firms(&state.store).map_err(err)? {
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
fn export_firm(firm: u64, out: &Path, storage: Storage) -> anyhow::Result<()> {
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let archive = litstack::firms::archive::export_to_file(&state.sub(), firm, out)?;
    println!(
        "Wrote firm {firm}'s archive to {}: {} rows in {} files, no secrets.",
        out.display(),
        archive.rows,
        archive.files
    );
    Ok(())
}

/// `firms import FILE`: the archive as a new firm, with its people and their account ids.
fn import_firm(file: &Path, storage: Storage) -> anyhow::Result<()> {
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let imported = litstack::firms::import::import_file(&state.sub(), file)?;
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
    for person in &imported.people {
        println!(
            "- {} <{}>, {} (account {}: POST /api/admin/users/{}/reset-link)",
            person.name,
            person.email,
            person.role.code(),
            person.user_id,
            person.user_id
        );
    }
    Ok(())
}

/// `firms merge --into A --from B`.
fn merge_firms(into: u64, from: u64, storage: Storage) -> anyhow::Result<()> {
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let by = "The operator (command line)";
    let merged = litstack::firms::merge::merge_firms(&state.sub(), by, into, from)
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
fn remove_sample(storage: Storage) -> anyhow::Result<()> {
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let removed = litstack::bookings::sample::remove(&state.sub())?;
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
enum ImportKind {
    Bookings,
    Vendors,
}

/// `import KIND FILE`: a CSV file, as the admin page imports it, with a progress bar.
fn import(kind: ImportKind, file: &Path, storage: Storage) -> anyhow::Result<()> {
    use litstack::import::{Kind, Options, run};
    let state = AppState::open_for_command(Config::for_storage(storage))?;
    let f = std::fs::File::open(file).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let bar = indicatif::ProgressBar::new(f.metadata()?.len());
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
        by: Some(litstack::catalog::ImportedBy::today(
            None,
            &file.file_name().unwrap_or_default().to_string_lossy(),
        )),
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
fn gen_bookings(
    rows: u64,
    seed: u64,
    end: Option<chrono::NaiveDate>,
    out: Option<&Path>,
) -> anyhow::Result<()> {
    use litstack::bookings::generate::{seed_catalog, write_csv};
    let end = end.unwrap_or_else(litstack::clock::today);
    let catalog = seed_catalog();
    match out {
        Some(path) => write_csv(std::fs::File::create(path)?, rows, seed, end, &catalog),
        None => write_csv(std::io::stdout().lock(), rows, seed, end, &catalog),
    }
}
