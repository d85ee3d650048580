//! The `litstack` command: parses the command line and dispatches.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use litstack::commands::{self, ImportKind};
use litstack::platform::config::{Config, Storage};

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
    /// backup from the running server: Firms > Backup, POST /api/admin/backup).
    Backup {
        file: PathBuf,
        #[command(flatten)]
        storage: Storage,
    },
    /// Check the database (after a crash, say): redb's integrity check and the rows per table.
    /// Stop the server first. With --database-url, a hub's database: its migrations, every
    /// declared table, its indexes and sequences, and the firm of every firm's row (read only).
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
    /// Bring a hub's PostgreSQL database (--database-url) up to this version's schema, as the
    /// role that owns it, so that nodes can serve with a role that only reads and writes rows.
    Migrate {
        #[command(flatten)]
        storage: Storage,
    },
    /// Manage accounts.
    Users {
        #[command(subcommand)]
        action: UsersAction,
    },
    /// List, export, import and merge firms (as the operator's Firms screen does). Stop the
    /// server first, or run it against the hub's --database-url.
    Firms {
        #[command(subcommand)]
        action: FirmsAction,
    },
    /// Publish this install's catalog as a signed feed, or pull one another install published.
    Catalog {
        #[command(subcommand)]
        action: CatalogAction,
    },
    /// Manage the generated sample demo bookings of the first launch.
    Sample {
        #[command(subcommand)]
        action: SampleAction,
    },
}

#[derive(Subcommand)]
enum CatalogAction {
    /// Write a new Ed25519 signing key to FILE (never overwritten) and print its public key.
    Keygen {
        #[arg(long)]
        out: PathBuf,
    },
    /// Sign the next version of this install's catalog with --key and write it to --out (serve
    /// it with --catalog-feed-file). Run it where the key is, never on a serving node.
    Publish {
        /// The signing key `catalog keygen` wrote.
        #[arg(long)]
        key: PathBuf,
        /// The feed file to write (replaced whole).
        #[arg(long)]
        out: PathBuf,
        /// The feed's name: installs that follow it refuse a file of another name.
        #[arg(long)]
        feed: String,
        /// Days until the feed is stale.
        #[arg(long, default_value_t = 90)]
        expires_in_days: u32,
        /// A further public key installs trust from this version on (the next key, to rotate).
        #[arg(long)]
        also_trust: Vec<String>,
        /// A key id installs never trust again (revocation).
        #[arg(long)]
        revoke: Vec<String>,
        #[command(flatten)]
        storage: Storage,
    },
    /// Check a signed catalog (a file or an http(s) address) and apply it: refused with nothing
    /// changed when its signature, its name or its version is wrong.
    Pull {
        source: String,
        /// The publisher's public key (needed on the first pull; later versions are checked
        /// against the keys the last one named).
        #[arg(long)]
        public_key: Option<String>,
        /// Hosts on a private network the address may be at, comma-separated HOST[:PORT] (as
        /// `serve --fetch-private-hosts`); plain http only to one of them.
        #[arg(
            long,
            env = "LITSTACK_FETCH_PRIVATE_HOSTS",
            value_delimiter = ',',
            value_name = "HOST[:PORT]"
        )]
        fetch_private_hosts: Vec<litstack::platform::outbound::PrivateHost>,
        #[command(flatten)]
        storage: Storage,
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
    /// Print a one-time password-reset link (valid 15 minutes) for an account, e.g. the owner of
    /// a firm just imported; it is mailed too when mail is set up.
    ResetLink {
        email: String,
        /// The address people open Litstack at, which the link starts with.
        #[arg(long, env = "LITSTACK_PUBLIC_URL")]
        public_url: litstack::platform::hosts::PublicUrl,
        #[command(flatten)]
        storage: Storage,
    },
}

fn main() -> ExitCode {
    commands::init_logging();
    let cli = Cli::parse();
    match commands::run(cli.clock_start.as_deref(), || {
        dispatch(cli.command, cli.serve)
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("litstack: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Each subcommand is one function of `litstack::commands`; with none, `serve` runs with the
/// flags given before it.
fn dispatch(command: Option<Command>, serve: Config) -> anyhow::Result<()> {
    match command {
        None => commands::serve(serve),
        Some(Command::Serve(config)) => commands::serve(*config),
        Some(Command::Backup { file, storage }) => commands::backup(&file, &storage),
        Some(Command::Check { storage }) => commands::check(&storage),
        Some(Command::Import {
            kind,
            file,
            storage,
        }) => commands::import(kind, &file, storage),
        Some(Command::GenBookings {
            rows,
            seed,
            end,
            out,
        }) => commands::gen_bookings(rows, seed, end, out.as_deref()),
        Some(Command::ExportToPostgres { storage }) => commands::export_to_postgres(&storage),
        Some(Command::Migrate { storage }) => commands::migrate(&storage),
        Some(Command::Users {
            action: UsersAction::Promote { email, storage },
        }) => commands::promote(&email, storage),
        Some(Command::Users {
            action:
                UsersAction::ResetLink {
                    email,
                    public_url,
                    storage,
                },
        }) => commands::reset_link(&email, &public_url, storage),
        Some(Command::Sample {
            action: SampleAction::Remove { storage },
        }) => commands::remove_sample(storage),
        Some(Command::Catalog { action }) => match action {
            CatalogAction::Keygen { out } => commands::catalog_keygen(&out),
            CatalogAction::Publish {
                key,
                out,
                feed,
                expires_in_days,
                also_trust,
                revoke,
                storage,
            } => commands::catalog_publish(
                &commands::PublishArgs {
                    key: &key,
                    out: &out,
                    feed: &feed,
                    expires_in_days,
                    also_trust: &also_trust,
                    revoke: &revoke,
                },
                storage,
            ),
            CatalogAction::Pull {
                source,
                public_key,
                fetch_private_hosts,
                storage,
            } => commands::catalog_pull(
                &source,
                public_key.as_deref(),
                &fetch_private_hosts,
                storage,
            ),
        },
        Some(Command::Firms { action }) => match action {
            FirmsAction::List { storage } => commands::list_firms(storage),
            FirmsAction::Merge {
                into,
                from,
                storage,
            } => commands::merge_firms(into, from, storage),
            FirmsAction::Export { firm, out, storage } => {
                commands::export_firm(firm, &out, storage)
            }
            FirmsAction::Import { file, storage } => commands::import_firm(&file, storage),
        },
    }
}
