//! The `litstack` command: parses the command line and dispatches.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use litstack::AppState;
use litstack::config::{self, Config};

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
    serve: ServeArgs,
    /// For tests and rehearsals only: the clock reads this RFC 3339 instant at start and runs on
    /// from there (reminders and deadlines at their dates), instead of the system's time.
    /// A blank one (`LITSTACK_CLOCK_START=` in an env file) means none.
    #[arg(long, env = "LITSTACK_CLOCK_START", hide = true, global = true)]
    clock_start: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web app (the default).
    Serve(Box<ServeArgs>),
    /// Write a consistent copy of the database to FILE (stop the server first, or download a
    /// backup from the running server at /api/admin/backup).
    Backup {
        file: PathBuf,
        #[command(flatten)]
        data: DataArgs,
    },
    /// Check the database (after a crash, say): redb's integrity check and the rows per table.
    /// Stop the server first.
    Check {
        #[command(flatten)]
        data: DataArgs,
    },
    /// Import a demo-bookings or vendors CSV file, as the admin page does.
    Import {
        #[arg(value_enum)]
        kind: ImportKind,
        file: PathBuf,
        #[command(flatten)]
        data: DataArgs,
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
        data: DataArgs,
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
        data: DataArgs,
    },
}

#[derive(Subcommand)]
enum FirmsAction {
    /// Every firm: id, name, members, verified, disabled.
    List {
        #[command(flatten)]
        data: DataArgs,
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
        data: DataArgs,
    },
    /// Load a firm's archive (from `litstack firms export` or the Firm page) as a new firm of this
    /// install: unverified, sharing no prices, its members without passwords until each uses a
    /// reset link. Refused, with nothing written, when the archive is damaged or newer than this
    /// install, names a vendor this catalog lacks, or holds an email with an account here.
    Import {
        /// The archive to load.
        file: PathBuf,
        #[command(flatten)]
        data: DataArgs,
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
        data: DataArgs,
    },
}

#[derive(Subcommand)]
enum UsersAction {
    /// Make an existing account an administrator.
    Promote {
        email: String,
        #[command(flatten)]
        data: DataArgs,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum ImportKind {
    Bookings,
    Vendors,
}

#[derive(Args, Clone)]
struct DataArgs {
    /// Where the database lives.
    #[arg(
        long,
        env = "LITSTACK_DATA_DIR",
        default_value = config::DEFAULT_DATA_DIR,
        global = true
    )]
    data_dir: PathBuf,
    /// Hub mode: keep everything in this PostgreSQL database (postgres://user:password@host/db)
    /// instead of the data directory's file, which then holds only this node's bookings snapshot.
    #[arg(
        long,
        env = "LITSTACK_DATABASE_URL",
        hide_env_values = true,
        global = true
    )]
    database_url: Option<String>,
}

impl DataArgs {
    /// The database URL, if one is given. A blank one (`LITSTACK_DATABASE_URL=` in an env file)
    /// means none: the data directory's file, as without the variable.
    fn database_url(&self) -> Option<String> {
        self.database_url
            .as_deref()
            .map(str::trim)
            .filter(|url| !url.is_empty())
            .map(str::to_string)
    }

    /// The configuration of a command-line tool: the defaults, on this store.
    fn config(&self) -> Config {
        Config {
            database_url: self.database_url(),
            ..Config::for_data_dir(self.data_dir.clone())
        }
    }
}

#[derive(Args, Clone)]
struct ServeArgs {
    /// Address to listen on. Use 0.0.0.0:8080 to serve the local network.
    #[arg(long, env = "LITSTACK_ADDR", default_value = config::DEFAULT_ADDR)]
    addr: SocketAddr,
    #[command(flatten)]
    data: DataArgs,
    /// Do not load the sample demo bookings on first launch.
    #[arg(long, env = "LITSTACK_NO_SAMPLE_DATA")]
    no_sample_data: bool,
    /// Mark the session cookie Secure (when served behind HTTPS).
    #[arg(long, env = "LITSTACK_SECURE_COOKIES")]
    secure_cookies: bool,
    /// The utm_source tag added to outbound vendor links.
    #[arg(long, env = "LITSTACK_UTM_SOURCE", default_value = config::DEFAULT_UTM_SOURCE)]
    utm_source: String,
    /// Let the web app ask public icon services for vendor logos that the catalog has none for
    /// (they learn which vendors a firm looks at; off by default: the catalog's logo or a letter).
    #[arg(long, env = "LITSTACK_THIRD_PARTY_LOGOS")]
    third_party_logos: bool,
    /// No logos from third parties: the default now, still accepted so older service files start.
    #[arg(
        long,
        env = "LITSTACK_NO_THIRD_PARTY_LOGOS",
        hide = true,
        conflicts_with = "third_party_logos"
    )]
    no_third_party_logos: bool,
    /// Sign a session out after this many hours without a request.
    #[arg(long, env = "LITSTACK_SESSION_IDLE_HOURS", default_value_t = config::DEFAULT_SESSION_IDLE_HOURS)]
    session_idle_hours: u64,
    /// Sign a session out this many days after sign-in, however active.
    #[arg(long, env = "LITSTACK_SESSION_MAX_DAYS", default_value_t = config::DEFAULT_SESSION_MAX_DAYS)]
    session_max_days: u64,
    /// Believe X-Forwarded-For only from this proxy address (e.g. 127.0.0.1 behind nginx).
    #[arg(long, env = "LITSTACK_TRUSTED_PROXY")]
    trusted_proxy: Option<std::net::IpAddr>,
    /// Days between scheduling a firm's deletion and its running; an owner can take it back until
    /// then (0: at the next hourly run).
    #[arg(long, env = "LITSTACK_FIRM_DELETION_DAYS", default_value_t = config::DEFAULT_FIRM_DELETION_DAYS)]
    firm_deletion_days: u32,
    /// Largest CSV file the import accepts, in MiB.
    #[arg(long, env = "LITSTACK_IMPORT_MAX_MB", default_value_t = config::DEFAULT_IMPORT_MAX_MB)]
    import_max_mb: usize,
    /// How much partner status lifts a vendor in recommendations (0 = not at all).
    #[arg(long, env = "LITSTACK_PARTNER_WEIGHT", default_value_t = config::DEFAULT_PARTNER_WEIGHT)]
    partner_weight: f64,
    /// The address people open Litstack at, e.g. https://litstack.firm.test behind a reverse
    /// proxy: its host name is served, and a browser's requests from there are same-origin.
    #[arg(long, env = "LITSTACK_PUBLIC_URL")]
    public_url: Option<litstack::hosts::PublicUrl>,
    /// More host names to serve, comma-separated (localhost and IP addresses always are); a
    /// request for any other name is refused with 421.
    #[arg(long, env = "LITSTACK_ALLOWED_HOSTS", value_delimiter = ',',
        value_parser = litstack::hosts::parse_host_name)]
    allowed_hosts: Vec<String>,
    /// Open connections at most (lowered to fit the open-file limit); more are refused.
    #[arg(long, env = "LITSTACK_MAX_CONNECTIONS", default_value_t = config::DEFAULT_MAX_CONNECTIONS)]
    max_connections: usize,
    /// Open connections from one client address at most (the --trusted-proxy is not capped).
    #[arg(long, env = "LITSTACK_MAX_CONNECTIONS_PER_CLIENT",
        default_value_t = config::DEFAULT_MAX_CONNECTIONS_PER_CLIENT)]
    max_connections_per_client: usize,
    /// Who may create an account: `open` (anyone; each sign-up makes a firm) or `invite-only`
    /// (only through a firm's invitation). Saved, and changeable on the operator's Firms screen;
    /// left out, the saved mode stays (open on a new install).
    #[arg(long, env = "LITSTACK_SIGN_UP", value_enum)]
    sign_up: Option<litstack::accounts::settings::SignUpMode>,
    /// The mail server invitations and reset links are sent through:
    /// smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS). Saved,
    /// and changeable on the operator's Mail screen; left out, the saved settings stay.
    #[arg(long, env = "LITSTACK_SMTP_URL", hide_env_values = true)]
    smtp_url: Option<String>,
    /// The address messages come from, e.g. "Litstack <litstack@firm.example>" (default: the SMTP
    /// user, when it is an email address).
    #[arg(long, env = "LITSTACK_MAIL_FROM", requires = "smtp_url")]
    mail_from: Option<String>,
    /// Allow plain SMTP (STARTTLS only when offered) to a host that is not this machine.
    #[arg(long, env = "LITSTACK_SMTP_ALLOW_PLAIN", requires = "smtp_url")]
    smtp_allow_plain: bool,
    /// Allow a firm's single sign-on provider (OpenID Connect issuer) on plain http to a host
    /// that is not this machine. Without it, issuers must be https (http only on loopback).
    #[arg(long, env = "LITSTACK_SSO_ALLOW_HTTP")]
    sso_allow_http: bool,
    /// Require a second factor (two-step sign-in) of every account on this install: an account
    /// without one sets it up at its next sign-in before it sees anything else.
    #[arg(long, env = "LITSTACK_REQUIRE_MFA")]
    require_mfa: bool,
}

impl ServeArgs {
    fn config(&self) -> Config {
        Config {
            addr: self.addr,
            data_dir: self.data.data_dir.clone(),
            database_url: self.data.database_url(),
            secure_cookies: self.secure_cookies,
            utm_source: self.utm_source.clone(),
            third_party_logos: self.third_party_logos && !self.no_third_party_logos,
            session_idle: config::session_idle(self.session_idle_hours),
            session_absolute: config::session_absolute(self.session_max_days),
            import_max_bytes: config::import_max_bytes(self.import_max_mb),
            trusted_proxy: self.trusted_proxy,
            sample_data: !self.no_sample_data,
            partner_weight: self.partner_weight.clamp(0.0, 100.0),
            public_url: self.public_url.clone(),
            allowed_hosts: self.allowed_hosts.clone(),
            connections: config::Connections {
                max_open: self.max_connections.max(1),
                max_per_client: self.max_connections_per_client.max(1),
                ..config::Connections::default()
            },
            sign_up: self.sign_up,
            smtp: self.smtp_url.clone().map(|url| config::SmtpFlags {
                url,
                from: self.mail_from.clone(),
                allow_plain: self.smtp_allow_plain,
            }),
            sso_allow_http: self.sso_allow_http,
            require_mfa: self.require_mfa,
            firm_deletion_days: self.firm_deletion_days,
        }
    }
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,tower_http=warn".into()),
        )
        .with_writer(std::io::stderr)
        // Colour codes only on a terminal: in a file or a journal they would split `key=value`.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("litstack: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs a command in the one (multi-thread) runtime, which a tool's PostgreSQL store uses too.
fn run(cli: Cli) -> anyhow::Result<()> {
    // Before anything reads the clock.
    if let Some(value) = cli.clock_start.as_deref().filter(|v| !v.trim().is_empty()) {
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
    let serve = |args: ServeArgs| runtime.block_on(litstack::server::serve(args.config()));
    let result = match cli.command {
        None => serve(cli.serve),
        Some(Command::Serve(args)) => serve(*args),
        Some(Command::Backup { file, data }) => {
            file_only(&data, "backup").and_then(|()| backup(&file, data.data_dir))
        }
        Some(Command::Check { data }) => {
            file_only(&data, "check").and_then(|()| check(&data.data_dir))
        }
        Some(Command::Import { kind, file, data }) => import(kind, &file, data.config()),
        Some(Command::GenBookings {
            rows,
            seed,
            end,
            out,
        }) => gen_bookings(rows, seed, end, out),
        Some(Command::ExportToPostgres { data }) => export_to_postgres(&data),
        Some(Command::Users {
            action: UsersAction::Promote { email, data },
        }) => promote(&email, data.config()),
        Some(Command::Sample {
            action: SampleAction::Remove { data },
        }) => remove_sample(data.config()),
        Some(Command::Firms {
            action: FirmsAction::List { data },
        }) => list_firms(data.config()),
        Some(Command::Firms {
            action: FirmsAction::Merge { into, from, data },
        }) => merge_firms(into, from, data.config()),
        Some(Command::Firms {
            action: FirmsAction::Export { firm, out, data },
        }) => export_firm(firm, &out, data.config()),
        Some(Command::Firms {
            action: FirmsAction::Import { file, data },
        }) => import_firm(&file, data.config()),
    };
    drop(in_runtime);
    litstack::bookings::lifecycle::finish_snapshots();
    // Dropping the runtime would wait for an import still running after the shutdown grace
    // period; it is abandoned instead, and its transaction never commits.
    runtime.shutdown_timeout(Duration::from_millis(500));
    result
}

/// `backup` and `check` work on the data directory's redb file; a hub's data is PostgreSQL's.
fn file_only(data: &DataArgs, command: &str) -> anyhow::Result<()> {
    anyhow::ensure!(
        data.database_url().is_none(),
        "`litstack {command}` works on a data directory's redb file; with --database-url \
         (LITSTACK_DATABASE_URL) the data is in PostgreSQL: use its own tools (pg_dump, amcheck)"
    );
    Ok(())
}

fn export_to_postgres(data: &DataArgs) -> anyhow::Result<()> {
    let Some(url) = data.database_url() else {
        anyhow::bail!(
            "export-to-postgres needs --database-url (or LITSTACK_DATABASE_URL): the empty \
             PostgreSQL database to copy {} into",
            data.data_dir.display()
        );
    };
    let counts = litstack::export::to_postgres(&data.data_dir, &url)?;
    print!("{}", litstack::export::report(&counts));
    println!(
        "Copied {} tables from {}; every table holds as many rows as the file. Start the nodes \
         with --database-url.",
        counts.len(),
        data.data_dir.display()
    );
    Ok(())
}

fn check(data_dir: &std::path::Path) -> anyhow::Result<()> {
    let report = litstack::store::check_file(data_dir)?;
    std::io::Write::write_all(&mut std::io::stdout().lock(), report.to_string().as_bytes())?;
    anyhow::ensure!(
        report.integrity_ok,
        "the database failed its integrity check"
    );
    Ok(())
}

fn backup(file: &std::path::Path, data_dir: PathBuf) -> anyhow::Result<()> {
    let rows = litstack::store::backup_file(&data_dir, file, &litstack::registry::redb_tables())?;
    println!(
        "Backed up {rows} rows to {} (integrity check passed).",
        file.display()
    );
    Ok(())
}

fn promote(email: &str, config: Config) -> anyhow::Result<()> {
    let state = AppState::open_for_command(config)?;
    if litstack::accounts::promote(&state.sub(), email)? {
        println!("{email} is now an administrator.");
        Ok(())
    } else {
        anyhow::bail!("there is no account with the email {email}")
    }
}

fn list_firms(config: Config) -> anyhow::Result<()> {
    let state = AppState::open_for_command(config)?;
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

fn export_firm(firm: u64, out: &std::path::Path, config: Config) -> anyhow::Result<()> {
    let state = AppState::open_for_command(config)?;
    let archive = litstack::firms::archive::export_to_file(&state.sub(), firm, out)?;
    println!(
        "Wrote firm {firm}'s archive to {}: {} rows in {} files, no secrets.",
        out.display(),
        archive.rows,
        archive.files
    );
    Ok(())
}

fn import_firm(file: &std::path::Path, config: Config) -> anyhow::Result<()> {
    let state = AppState::open_for_command(config)?;
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

fn merge_firms(into: u64, from: u64, config: Config) -> anyhow::Result<()> {
    let state = AppState::open_for_command(config)?;
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

fn remove_sample(config: Config) -> anyhow::Result<()> {
    let state = AppState::open_for_command(config)?;
    let removed = litstack::bookings::sample::remove(&state.sub())?;
    tracing::info!(target: "security", removed, "sample bookings removed from the command line");
    match removed {
        0 => println!("There are no sample bookings to remove."),
        1 => println!("Removed 1 sample booking."),
        n => println!("Removed {n} sample bookings."),
    }
    Ok(())
}

fn import(kind: ImportKind, file: &std::path::Path, config: Config) -> anyhow::Result<()> {
    use litstack::import::{Kind, Options, run};
    let state = AppState::open_for_command(config)?;
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

fn gen_bookings(
    rows: u64,
    seed: u64,
    end: Option<chrono::NaiveDate>,
    out: Option<PathBuf>,
) -> anyhow::Result<()> {
    use litstack::bookings::generate::{seed_catalog, write_csv};
    let end = end.unwrap_or_else(litstack::clock::today);
    let catalog = seed_catalog();
    match out {
        Some(path) => write_csv(std::fs::File::create(&path)?, rows, seed, end, &catalog),
        None => write_csv(std::io::stdout().lock(), rows, seed, end, &catalog),
    }
}
