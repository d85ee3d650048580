//! One install publishes, another pulls: on redb and PostgreSQL both ways, with the files a
//! puller must refuse (tampered, older, foreign, another key's, duplicate ids), local edits, key
//! rotation and retirements.

use std::sync::Arc;

use super::payload::Payload;
use super::signed::{Envelope, SecretKey};
use super::state::Subscription;
use super::storage::{self, SUBSCRIPTION};
use super::{PublicKey, Publication, pull};
use crate::catalog::facts::{Provenance, Stated};
use crate::catalog::storage::{import_vendors, load_catalog, removal, update_vendor};
use crate::catalog::{Catalog, SharedCatalog};
use crate::platform::store::Store;
use crate::platform::store::postgres::test_store;
use crate::platform::store::testing::file_store;

struct Install {
    _dir: Option<tempfile::TempDir>,
    store: Store,
    catalog: SharedCatalog,
}

impl Install {
    fn seeded(store: Store, dir: Option<tempfile::TempDir>) -> Install {
        crate::catalog::seed(&store).unwrap();
        let catalog = Arc::new(arc_swap::ArcSwap::from_pointee(
            Catalog::load(&store).unwrap(),
        ));
        Install {
            _dir: dir,
            store,
            catalog,
        }
    }

    fn file() -> Install {
        let (dir, store) = file_store();
        Install::seeded(store, Some(dir))
    }

    fn postgres() -> Install {
        Install::seeded(Store::Postgres(test_store()), None)
    }

    fn publish(&self, key: &SecretKey, feed: &str) -> Vec<u8> {
        self.publish_with(Publication {
            feed: feed.into(),
            expires_in_days: 90,
            key,
            also_trust: Vec::new(),
            revoke: Vec::new(),
        })
    }

    fn publish_with(&self, p: Publication) -> Vec<u8> {
        super::publish(&self.store, &p).unwrap().0.to_bytes()
    }

    fn pull(
        &self,
        bytes: &[u8],
        key: Option<PublicKey>,
    ) -> crate::platform::error::Result<super::PullReport> {
        pull(&self.store, &self.catalog, bytes, key)
    }

    fn vendor_id(&self, name: &str) -> u64 {
        self.catalog.load().vendor_by_name(name).unwrap().id
    }

    fn reload(&self) {
        crate::catalog::reload(&self.store, &self.catalog).unwrap();
    }

    /// The administrator edits a vendor here.
    fn edit(&self, name: &str, change: impl FnOnce(&mut crate::catalog::Vendor)) {
        let by = Provenance::administrator_today(Some(1), None);
        update_vendor(&self.store, self.vendor_id(name), &by, |mut v, _| {
            change(&mut v);
            Ok(Some(v))
        })
        .unwrap();
        self.reload();
    }

    fn state_of_catalog(&self) -> String {
        let rows = load_catalog(&self.store).unwrap();
        let mut facts: Vec<_> = rows.facts.into_iter().collect();
        facts.sort_by_key(|(id, _)| *id);
        format!("{:?}{:?}", rows.vendors, facts)
    }
}

fn states_baa(install: &Install, name: &str, url: &str) {
    let id = install.vendor_id(name);
    import_vendors(&install.store, |w| {
        let mut facts = w.facts(id)?;
        facts.security.hipaa_baa = Some(Stated {
            value: true,
            provenance: Provenance::Page {
                url: url.into(),
                checked_on: "2026-11-20".into(),
            },
        });
        w.put_facts(id, &facts)
    })
    .unwrap();
    install.reload();
}

fn publish_then_pull(publisher: &Install, puller: &Install) {
    let key = SecretKey::generate();
    let v1 = publisher.publish(&key, "litstack-main");
    // First contact: every shipped vendor is found by its name; nothing is added.
    let report = puller.pull(&v1, Some(key.public())).unwrap();
    assert_eq!(
        (report.version, report.added, report.conflicts),
        (1, 0, 0),
        "{report:?}"
    );

    publisher.edit("EvenUp", |v| {
        v.booking_url = Some("https://www.evenuplaw.com/demo".into())
    });
    states_baa(publisher, "EvenUp", "https://trust.evenuplaw.com/");
    let v2 = publisher.publish(&key, "litstack-main");
    // Later versions need no key on the command line: the last one named it.
    let report = puller.pull(&v2, None).unwrap();
    assert_eq!((report.version, report.updated), (2, 1), "{report:?}");
    let catalog = puller.catalog.load();
    let evenup = catalog.vendor_by_name("EvenUp").unwrap();
    assert_eq!(
        evenup.booking_url.as_deref(),
        Some("https://www.evenuplaw.com/demo")
    );
    let facts = catalog.facts(evenup.id).unwrap();
    // The publisher's administrator is credited as the publisher, unnamed.
    assert!(
        matches!(
            facts.row.get(&crate::catalog::facts::RowFact::BookingLink),
            Some(Provenance::Publisher { feed, .. }) if feed == "litstack-main"
        ),
        "{facts:?}"
    );
    assert_eq!(
        facts.security.hipaa_baa.as_ref().map(|s| &s.provenance),
        Some(&Provenance::Page {
            url: "https://trust.evenuplaw.com/".into(),
            checked_on: "2026-11-20".into()
        })
    );

    // The older version again, and a tampered copy of a newer one: refused, nothing changed.
    let before = puller.state_of_catalog();
    let err = puller.pull(&v1, None).unwrap_err().to_string();
    assert!(err.contains("older than version 2"), "{err}");
    publisher.edit("Supio", |v| {
        v.description = "Changed at the publisher.".into()
    });
    let v3 = publisher.publish(&key, "litstack-main");
    let tampered = String::from_utf8(v3.clone())
        .unwrap()
        .replace("Changed at the publisher.", "Changed on the way.");
    let err = puller
        .pull(tampered.as_bytes(), None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("changed after it was signed"), "{err}");
    assert_eq!(puller.state_of_catalog(), before);
    let sub: Subscription = storage::get(&puller.store, SUBSCRIPTION).unwrap().unwrap();
    assert_eq!(sub.applied.unwrap().version, 2);
    assert!(!sub.last_attempt.unwrap().ok);
    puller.pull(&v3, None).unwrap();
    assert_eq!(
        puller
            .catalog
            .load()
            .vendor_by_name("Supio")
            .unwrap()
            .description,
        "Changed at the publisher."
    );
}

#[test]
fn a_catalog_published_on_redb_is_pulled_into_postgres() {
    publish_then_pull(&Install::file(), &Install::postgres());
}

#[test]
fn a_catalog_published_on_postgres_is_pulled_into_redb() {
    publish_then_pull(&Install::postgres(), &Install::file());
}

#[test]
fn foreign_files_other_keys_and_other_feeds_are_refused() {
    let (publisher, puller) = (Install::file(), Install::file());
    let key = SecretKey::generate();
    let v1 = publisher.publish(&key, "main");
    let err = puller.pull(&v1, None).unwrap_err().to_string();
    assert!(err.contains("give the publisher's public key"), "{err}");
    let err = puller
        .pull(&v1, Some(SecretKey::generate().public()))
        .unwrap_err()
        .to_string();
    assert!(err.contains("check the public key"), "{err}");
    puller.pull(&v1, Some(key.public())).unwrap();

    // Another feed by the same publisher is not this one's next version.
    let other = publisher.publish(&key, "other");
    let err = puller.pull(&other, None).unwrap_err().to_string();
    assert!(err.contains("this install follows \"main\""), "{err}");

    // A validly signed file whose payload lists one id twice.
    let v2 = publisher.publish(&key, "main");
    let envelope: serde_json::Value = serde_json::from_slice(&v2).unwrap();
    let mut payload: Payload = serde_json::from_str(envelope["payload"].as_str().unwrap()).unwrap();
    let twin_id = payload.vendors[0].id.clone();
    payload.vendors[1].id = twin_id.clone();
    let twice = Envelope::sign(serde_json::to_string(&payload).unwrap(), &[&key]).to_bytes();
    let err = puller.pull(&twice, None).unwrap_err().to_string();
    assert!(
        err.contains(&format!("lists the id {twin_id} twice")),
        "{err}"
    );

    // Re-sending the applied version changes nothing and says so.
    let again = puller.pull(&v1, None).unwrap();
    assert!(
        again.message.contains("applied already"),
        "{}",
        again.message
    );
}

#[test]
fn an_expired_feed_is_applied_and_shown_stale() {
    let (publisher, puller) = (Install::file(), Install::file());
    let key = SecretKey::generate();
    let v1 = publisher.publish(&key, "main");
    let text = String::from_utf8(v1).unwrap();
    let envelope: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut payload: Payload = serde_json::from_str(envelope["payload"].as_str().unwrap()).unwrap();
    payload.published_on = "2020-01-01".into();
    payload.expires_on = "2020-03-31".into();
    let old = Envelope::sign(serde_json::to_string(&payload).unwrap(), &[&key]).to_bytes();
    let report = puller.pull(&old, Some(key.public())).unwrap();
    assert!(report.stale);
    assert!(
        report.message.contains("past its expiry"),
        "{}",
        report.message
    );
}

#[test]
fn a_local_edit_stays_until_the_feed_changes_that_fact_and_then_the_operator_chooses() {
    let (publisher, puller) = (Install::file(), Install::file());
    let key = SecretKey::generate();
    puller
        .pull(&publisher.publish(&key, "main"), Some(key.public()))
        .unwrap();

    puller.edit("Supio", |v| v.description = "Our own words.".into());
    publisher.edit("Supio", |v| {
        v.website_url = Some("https://www.supio.com/platform".into())
    });
    let report = puller.pull(&publisher.publish(&key, "main"), None).unwrap();
    assert_eq!((report.kept_local, report.conflicts), (1, 0), "{report:?}");
    let supio = puller
        .catalog
        .load()
        .vendor_by_name("Supio")
        .unwrap()
        .clone();
    assert_eq!(supio.description, "Our own words.");
    assert_eq!(
        supio.website_url.as_deref(),
        Some("https://www.supio.com/platform")
    );

    publisher.edit("Supio", |v| {
        v.description = "The publisher's new words.".into()
    });
    let report = puller.pull(&publisher.publish(&key, "main"), None).unwrap();
    assert_eq!(report.conflicts, 1, "{report:?}");
    assert_eq!(
        puller
            .catalog
            .load()
            .vendor_by_name("Supio")
            .unwrap()
            .description,
        "Our own words."
    );
    let sub: Subscription = storage::get(&puller.store, SUBSCRIPTION).unwrap().unwrap();
    assert_eq!(sub.conflicts[0].fact, "description");
    // A later version that leaves that fact alone keeps the choice open.
    publisher.edit("Supio", |v| v.tags.push("medical-chronology".into()));
    let report = puller.pull(&publisher.publish(&key, "main"), None).unwrap();
    assert_eq!((report.conflicts, report.kept_local), (1, 0), "{report:?}");

    super::apply::resolve(
        &puller.store,
        &puller.catalog,
        supio.id,
        "description",
        true,
    )
    .unwrap();
    let catalog = puller.catalog.load();
    assert_eq!(
        catalog.vendor(supio.id).unwrap().description,
        "The publisher's new words."
    );
    // The other facts keep their provenance; the chosen one is the publisher's now.
    assert!(matches!(
        catalog
            .facts(supio.id)
            .unwrap()
            .row
            .get(&crate::catalog::facts::RowFact::Description),
        Some(Provenance::Publisher { .. })
    ));
    let err = super::apply::resolve(
        &puller.store,
        &puller.catalog,
        supio.id,
        "description",
        true,
    )
    .unwrap_err();
    assert!(err.to_string().contains("no such open choice"), "{err}");
}

#[test]
fn keys_rotate_and_a_revoked_key_is_refused() {
    let (publisher, puller) = (Install::file(), Install::file());
    let (old, new) = (SecretKey::generate(), SecretKey::generate());
    let rotate = publisher.publish_with(Publication {
        feed: "main".into(),
        expires_in_days: 90,
        key: &old,
        also_trust: vec![new.public()],
        revoke: Vec::new(),
    });
    puller.pull(&rotate, Some(old.public())).unwrap();
    let by_new = publisher.publish_with(Publication {
        feed: "main".into(),
        expires_in_days: 90,
        key: &new,
        also_trust: Vec::new(),
        revoke: vec![old.public().id()],
    });
    puller.pull(&by_new, None).unwrap();
    // A later file signed by the revoked key is refused, even with that key given again.
    let by_old = publisher.publish(&old, "main");
    let err = puller
        .pull(&by_old, Some(old.public()))
        .unwrap_err()
        .to_string();
    assert!(err.contains("revoked"), "{err}");
}

#[test]
fn vendors_deleted_at_the_publisher_become_inactive_here_and_new_ones_arrive() {
    let (publisher, puller) = (Install::file(), Install::file());
    let key = SecretKey::generate();
    puller
        .pull(&publisher.publish(&key, "main"), Some(key.public()))
        .unwrap();
    let gone = publisher.vendor_id("Nolo");
    let mut tx = publisher.store.begin().unwrap();
    removal::delete_vendor_in(&mut tx, gone).unwrap();
    removal::commit(tx).unwrap();
    publisher.reload();
    publisher.edit("Avvo", |v| v.name = "Avvo Pro".into());
    let report = puller.pull(&publisher.publish(&key, "main"), None).unwrap();
    assert_eq!((report.made_inactive, report.added), (1, 0), "{report:?}");
    let catalog = puller.catalog.load();
    assert!(!catalog.vendor_by_name("Nolo").unwrap().is_active);
    // Matched by its stable id, not its name: renamed, not added.
    assert!(catalog.vendor_by_name("Avvo Pro").is_some());
    assert!(catalog.vendor_by_name("Avvo").is_none());
}
