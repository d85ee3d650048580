//! Hub mode's start-up on PostgreSQL: the database URL, an unreachable server, and a database
//! migrated by a newer binary. These always run on the throwaway cluster.

use litstack::store::{OpenError, Store};

use crate::helpers::{cluster_url, fresh_database};

fn config_for(url: &str) -> litstack::Config {
    let dir = std::env::temp_dir().join(format!("litstack-hub-{}", std::process::id()));
    let mut config = litstack::Config::for_data_dir(dir);
    config.database_url = Some(url.into());
    config
}

fn open_error(url: &str) -> OpenError {
    match Store::open(&config_for(url)) {
        Ok(_) => panic!("{url} opened"),
        Err(e) => e,
    }
}

#[test]
fn a_url_that_does_not_parse_is_refused_with_an_example() {
    let message = open_error("postgres://user@host:notaport/db").to_string();
    assert!(message.contains("does not parse"), "{message}");
    assert!(
        message.contains("postgres://user:password@host:5432/litstack"),
        "{message}"
    );
}

#[test]
fn a_server_that_does_not_answer_is_named_without_the_password() {
    // Port 1 on loopback: nothing listens there.
    let message = open_error("postgres://litstack:s3cret@127.0.0.1:1/litstack").to_string();
    assert!(
        message.contains("127.0.0.1/litstack does not answer"),
        "{message}"
    );
    assert!(!message.contains("s3cret"), "{message}");
}

#[test]
fn the_schema_is_migrated_once_and_a_newer_one_is_refused() {
    let url = fresh_database();
    // Two nodes starting together: the advisory lock lets one migrate, the other waits.
    std::thread::scope(|s| {
        let a = s.spawn(|| Store::open(&config_for(&url)).map(|_| ()));
        let b = s.spawn(|| Store::open(&config_for(&url)).map(|_| ()));
        a.join().unwrap().unwrap();
        b.join().unwrap().unwrap();
    });
    let Store::Postgres(pg) = Store::open(&config_for(&url)).unwrap() else {
        panic!("not PostgreSQL")
    };
    // A migration this binary does not know, as a newer binary would have left it.
    pg.run(
        sqlx::query(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
             VALUES (99990101000000, 'from the future', true, '\\x00', 0)",
        )
        .execute(pg.pool()),
    )
    .unwrap();
    drop(pg);
    let message = open_error(&url).to_string();
    assert!(
        message.contains("migrated by a newer Litstack"),
        "{message}"
    );
    let _ = cluster_url();
}
