//! The notifications' storage on both engines: the same answers; a hub from before the seam and a
//! redb file's export keep every row.

use super::*;
use crate::platform::store::postgres::{test_store, test_store_from_migration};
use crate::platform::store::testing::{both_engines, file_store};

const FIRM_ID: u64 = 1;

fn firm() -> FirmId {
    FirmId::from_stored(FIRM_ID)
}

/// A notice of `kind` to `user_id`, told under the bell only (no address to mail from).
fn delivery(user_id: u64, kind: NoticeKind, link: &str) -> Delivery {
    Delivery {
        notice: Notice {
            kind,
            user_id,
            firm_id: FIRM_ID,
            title: kind.label().to_string(),
            body: "What happened".into(),
            link: link.into(),
            created_at: 1_700_000_000,
        },
        letter: crate::mail::letters::notice(
            kind.message_kind(),
            FIRM_ID,
            "ann@doe-law.com",
            "Ann Doe",
            kind.label(),
            "What happened",
            None,
        ),
        base: None,
    }
}

fn tell(store: &Store, user_id: u64, kind: NoticeKind, link: &str) {
    deliver(store, &delivery(user_id, kind, link)).unwrap();
}

/// (id, read, body) of each of the person's notices, newest first, and how many are unread.
fn bell(store: &Store, user_id: u64) -> (usize, Vec<(u64, bool, String)>) {
    let (unread, items) = list(store, user_id, usize::MAX).unwrap();
    let items = items.into_iter().map(|n| (n.id, n.read, n.body)).collect();
    (unread, items)
}

#[test]
fn notices_are_listed_marked_read_and_ended_alike_on_both_engines() {
    let (_dir, stores) = both_engines();
    for store in stores {
        tell(&store, 1, NoticeKind::RoleChanged, "/profile");
        tell(&store, 1, NoticeKind::DecisionApproval, "/decisions/4");
        tell(&store, 1, NoticeKind::DecisionApproval, "/decisions/5");
        tell(&store, 2, NoticeKind::DecisionApproval, "/decisions/4");
        let (unread, items) = bell(&store, 1);
        assert_eq!(unread, 3);
        let ids: Vec<u64> = items.iter().map(|n| n.0).collect();
        assert!(ids.windows(2).all(|w| w[0] > w[1]), "newest first: {ids:?}");
        let (_, theirs) = bell(&store, 2);
        let theirs = theirs[0].0;
        assert_eq!(list(&store, 1, 2).unwrap().1.len(), 2);

        // Another person's id is skipped, an id past any is nothing.
        mark_read(&store, firm(), 1, Some(&[ids[2], theirs, u64::MAX])).unwrap();
        assert_eq!(bell(&store, 1).0, 2);
        assert_eq!(bell(&store, 2).0, 1);

        let mut tx = store.begin().unwrap();
        resolve_in(
            &mut tx,
            &[1, 2],
            NoticeKind::DecisionApproval,
            "/decisions/4",
            "Decided",
        )
        .unwrap();
        tx.commit().unwrap();
        let (unread, items) = bell(&store, 1);
        assert_eq!(unread, 1);
        assert_eq!(items[1], (ids[1], true, "Decided".to_string()));
        assert_eq!(items[0], (ids[0], false, "What happened".to_string()));
        assert_eq!(bell(&store, 2), (0, vec![(theirs, true, "Decided".into())]));

        mark_read(&store, firm(), 1, None).unwrap();
        assert_eq!(bell(&store, 1).0, 0);
    }
}

#[test]
fn a_person_keeps_only_their_newest_notices() {
    let (_dir, stores) = both_engines();
    for store in stores {
        for _ in 0..KEEP_PER_PERSON + 2 {
            tell(&store, 1, NoticeKind::RenewalReminder, "/techstack");
        }
        tell(&store, 2, NoticeKind::RenewalReminder, "/techstack");
        let (unread, items) = bell(&store, 1);
        assert_eq!((unread, items.len()), (KEEP_PER_PERSON, KEEP_PER_PERSON));
        let (newest, oldest) = (items[0].0, items[KEEP_PER_PERSON - 1].0);
        assert_eq!(newest - oldest, KEEP_PER_PERSON as u64 - 1);
        assert_eq!(bell(&store, 2).0, 1);
    }
}

#[test]
fn a_persons_choices_decide_what_the_bell_shows_and_each_kind_keeps_its_own() {
    let (_dir, stores) = both_engines();
    for store in stores {
        let off = Pref {
            email: true,
            in_app: false,
        };
        set_prefs(&store, firm(), 1, &[(NoticeKind::RoleChanged, off)]).unwrap();
        let quiet = Pref {
            email: false,
            in_app: true,
        };
        set_prefs(&store, firm(), 1, &[(NoticeKind::DemoFollowUp, quiet)]).unwrap();
        assert_eq!(
            prefs(&store, 1).unwrap(),
            HashMap::from([
                (NoticeKind::RoleChanged, off),
                (NoticeKind::DemoFollowUp, quiet)
            ])
        );
        assert!(prefs(&store, 2).unwrap().is_empty());

        tell(&store, 1, NoticeKind::RoleChanged, "/profile");
        tell(&store, 1, NoticeKind::DemoFollowUp, "/shortlist");
        tell(&store, 2, NoticeKind::RoleChanged, "/profile");
        let (_, items) = list(&store, 1, usize::MAX).unwrap();
        let kinds: Vec<NoticeKind> = items.iter().map(|n| n.kind).collect();
        assert_eq!(kinds, [NoticeKind::DemoFollowUp]);
        assert_eq!(bell(&store, 2).0, 1);
    }
}

#[test]
fn the_unsubscribe_secret_is_made_once() {
    let (_dir, stores) = both_engines();
    for store in stores {
        let first = secret(&store).unwrap();
        assert_eq!(first.len(), 32);
        assert_eq!(secret(&store).unwrap(), first);
    }
}

/// A hub database as the binary before migration 0048 left it (a column per field of a notice, a
/// row per person and kind of a choice, the secret a settings row): every row is read the same
/// after it, and new notices take their ids on from the old sequence's value.
#[test]
fn a_hub_from_before_the_seam_keeps_every_notice_choice_and_the_secret() {
    let store = Store::Postgres(test_store_from_migration(
        47,
        "INSERT INTO notices (user_id, id, kind, firm_id, title, body, link, created_at, read) \
         VALUES (3, 5, 'roleChanged', 1, 'Role', 'You are an admin \"now\"', '/profile', \
                 to_timestamp(1700000000), true), \
                (3, 9, 'demoAnswered', 1, 'Demo', 'They said yes', '/demo-requests', \
                 to_timestamp(1700000100), false), \
                (4, 7, 'newSignIn', 2, 'Sign-in', 'From Paris', '/profile#sessions', \
                 to_timestamp(1700000200), false); \
         SELECT setval(pg_get_serial_sequence('notices', 'id'), 20); \
         INSERT INTO notice_prefs (user_id, kind, email, in_app) VALUES \
                (3, 'roleChanged', false, true), (3, 'demoAnswered', true, false), \
                (3, 'noSuchKind', false, false), (4, 'newSignIn', true, false); \
         INSERT INTO settings (key, value) VALUES ('unsubscribe_secret', \
                '0707070707070707070707070707070707070707070707070707070707070707');",
    ));
    let (unread, items) = list(&store, 3, 50).unwrap();
    assert_eq!(unread, 1);
    assert_eq!(
        items,
        [
            Stored {
                id: 9,
                kind: NoticeKind::DemoAnswered,
                firm_id: 1,
                title: "Demo".into(),
                body: "They said yes".into(),
                link: "/demo-requests".into(),
                created_at: 1_700_000_100,
                read: false,
            },
            Stored {
                id: 5,
                kind: NoticeKind::RoleChanged,
                firm_id: 1,
                title: "Role".into(),
                body: "You are an admin \"now\"".into(),
                link: "/profile".into(),
                created_at: 1_700_000_000,
                read: true,
            },
        ]
    );
    assert_eq!(bell(&store, 4).1[0].0, 7);
    let pref = |email, in_app| Pref { email, in_app };
    assert_eq!(
        prefs(&store, 3).unwrap(),
        HashMap::from([
            (NoticeKind::RoleChanged, pref(false, true)),
            (NoticeKind::DemoAnswered, pref(true, false)),
        ])
    );
    assert_eq!(
        prefs(&store, 4).unwrap(),
        HashMap::from([(NoticeKind::NewSignIn, pref(true, false))])
    );
    assert_eq!(secret(&store).unwrap(), [7u8; 32]);

    // The seam writes the migrated tables: ids go on from the sequence, choices merge.
    tell(&store, 3, NoticeKind::DecisionApproval, "/decisions/1");
    assert_eq!(bell(&store, 3).1[0].0, 21);
    set_prefs(
        &store,
        firm(),
        3,
        &[(NoticeKind::RoleChanged, pref(true, true))],
    )
    .unwrap();
    assert_eq!(prefs(&store, 3).unwrap().len(), 2);
}

#[test]
fn export_copies_every_notice_choice_and_the_secret() {
    let (_dir, from) = file_store();
    tell(&from, 1, NoticeKind::RoleChanged, "/profile");
    tell(&from, 1, NoticeKind::DemoFollowUp, "/shortlist");
    tell(&from, 2, NoticeKind::NewSignIn, "/profile#sessions");
    mark_read(&from, firm(), 1, None).unwrap();
    let off = Pref {
        email: false,
        in_app: true,
    };
    set_prefs(&from, firm(), 2, &[(NoticeKind::NewSignIn, off)]).unwrap();
    let made = secret(&from).unwrap();

    let to = test_store();
    let file = from.file().unwrap();
    let counts = [
        seam::copy_to_postgres(file, &to, &NOTICES_BY_PERSON).unwrap(),
        seam::copy_to_postgres(file, &to, &PREFS).unwrap(),
        seam::copy_to_postgres(file, &to, &SECRET).unwrap(),
    ];
    let copied: Vec<(u64, u64)> = counts.iter().map(|c| (c.source, c.copied)).collect();
    assert_eq!(copied, [(3, 3), (1, 1), (1, 1)]);
    let to = Store::Postgres(to);
    for user in [1, 2, 3] {
        assert_eq!(list(&to, user, 50).unwrap(), list(&from, user, 50).unwrap());
        assert_eq!(prefs(&to, user).unwrap(), prefs(&from, user).unwrap());
    }
    assert_eq!(secret(&to).unwrap(), made);
    // The copy's ids go on after the file's.
    tell(&to, 2, NoticeKind::NewSignIn, "/profile#sessions");
    assert_eq!(bell(&to, 2).1[0].0, 4);
}
