//! The firm merge's one write transaction, across every domain that holds firm data: each
//! domain's storage moves its own rows inside it (the registry of data lists them), and the
//! commit keeps all of it or nothing (the rules of the merge are in firms/merge.rs).

use crate::accounts::MergedFirms;
use crate::accounts::audit::AuditEntry;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::Store;
use crate::platform::store::postgres::changes::Change;

/// Moves firm `from` into firm `into` in one transaction. Accounts go first: they find both firms
/// (or refuse) and, on PostgreSQL, take the locks that keep sign-ups and the firm rows still
/// until the commit. A kept firm whose deletion is scheduled is a 409 and nothing is written.
/// `audit` makes the kept firm's log line from what moved; it is written in the same transaction,
/// and the change log (members' cached accounts, both firms' peer figures) last, as the log asks.
pub fn merge_firms(
    store: &Store,
    into: FirmId,
    from: FirmId,
    audit: impl FnOnce(&MergedFirms) -> AuditEntry,
) -> Result<MergedFirms> {
    let mut tx = store.begin()?;
    let moved = crate::accounts::storage::merge_firm_in(&mut tx, into, from)?;
    // Read under the merge's locks, so a deletion scheduled meanwhile is either seen here or
    // lands after the merge (and its run then checks again: `firms::deletion`).
    if let Some(deletion) = crate::accounts::storage::deletion::scheduled_in(&mut tx, into)? {
        return Err(super::model::merge_into_firm_being_deleted(
            &moved.kept.name,
            deletion.due_at,
        ));
    }
    for domain in crate::registry::DOMAINS {
        for merge_in in domain.merge_firm_in {
            merge_in(&mut tx, into, from)?;
        }
    }
    crate::accounts::storage::audit::append_in(&mut tx, audit(&moved))?;
    for &user_id in &moved.members {
        tx.record_change(Change::User { user_id });
    }
    for firm_id in [into, from] {
        tx.record_change(Change::Peers { firm_id });
    }
    tx.commit()?;
    Ok(moved)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::audit::AuditAction;
    use crate::accounts::storage::{FirmChoice, NewUser, create_user};
    use crate::platform::store::testing::both_engines;
    use crate::saved_views::model::{NewView, ViewName, ViewParams};
    use crate::saved_views::storage as views;

    fn firm_of(store: &Store, email: &str, session: u8) -> FirmId {
        let new = NewUser {
            name: "Ann".into(),
            email: crate::accounts::Email::parse(email).unwrap(),
            firm: FirmChoice::New {
                name: format!("{email} LLP"),
                size: crate::platform::firm_size::FirmSize::parse("E6_20"),
            },
            password_hash: "hash".into(),
        };
        create_user(store, new, &[session; 32], |_| Ok(()))
            .unwrap()
            .firm
            .id
    }

    fn view(n: usize) -> NewView {
        NewView {
            name: ViewName::parse(&format!("View {n}")).unwrap(),
            params: ViewParams::parse("state=TX").unwrap(),
            created_at: 1_700_000_000,
            created_by: None,
        }
    }

    /// A firm merge beside the merged firm's writes (its saved views here; every domain's write
    /// opens the firm alike): each write lands before the merge and moves with it, or comes after
    /// and is refused with a 409. None is left behind under the merged firm, on either engine.
    #[test]
    fn writes_beside_a_merge_move_with_it_or_are_refused_on_both_engines() {
        let (_dir, stores) = both_engines();
        for store in stores {
            let into = firm_of(&store, "ann@one.test", 1);
            let from = firm_of(&store, "bo@two.test", 2);
            let answers: Vec<_> = std::thread::scope(|scope| {
                let writes: Vec<_> = (0..8)
                    .map(|n| {
                        let store = &store;
                        scope.spawn(move || views::create(store, from, &view(n)))
                    })
                    .collect();
                let merge = scope.spawn(|| {
                    merge_firms(&store, into, from, |_| AuditEntry {
                        id: 0,
                        firm_id: into.get(),
                        at: 1_700_000_000,
                        actor: None,
                        action: AuditAction::FirmsMerged,
                        detail: "merged".into(),
                    })
                });
                merge.join().unwrap().unwrap();
                writes.into_iter().map(|w| w.join().unwrap()).collect()
            });
            let written = answers.iter().filter(|a| a.is_ok()).count();
            for answer in &answers {
                if let Err(e) = answer {
                    assert_eq!(e.status(), axum::http::StatusCode::CONFLICT, "{e:?}");
                }
            }
            let left: Vec<_> = seam_views(&store, from);
            assert!(left.is_empty(), "behind the merge: {left:?}");
            assert_eq!(seam_views(&store, into).len(), written);
        }
    }

    /// Audit lines beside a merge of their firm: each lands before the merge and moves with the
    /// log to the kept firm, or finds the firm gone and is not written; none is left under the
    /// merged firm, and the kept firm's log reads in the order of its ids.
    #[test]
    fn audit_lines_beside_a_merge_move_with_it_or_are_not_written_on_both_engines() {
        use crate::accounts::storage::audit;
        let (_dir, stores) = both_engines();
        for store in stores {
            let into = firm_of(&store, "ann@one.test", 1);
            let from = firm_of(&store, "bo@two.test", 2);
            let line = |firm: FirmId, detail: String| AuditEntry {
                id: 0,
                firm_id: firm.get(),
                at: 1_700_000_000,
                actor: Some("Bo".into()),
                action: AuditAction::ViewSaved,
                detail,
            };
            assert!(audit::append(&store, line(from, "before".into())).unwrap());
            let written: Vec<bool> = std::thread::scope(|scope| {
                let lines: Vec<_> = (0..8)
                    .map(|n| {
                        let (store, line) = (&store, &line);
                        scope.spawn(move || audit::append(store, line(from, format!("{n}"))))
                    })
                    .collect();
                let merge = scope
                    .spawn(|| merge_firms(&store, into, from, |_| line(into, "merged".into())));
                merge.join().unwrap().unwrap();
                lines
                    .into_iter()
                    .map(|l| l.join().unwrap().unwrap())
                    .collect()
            });
            assert!(!audit::append(&store, line(from, "after".into())).unwrap());
            assert!(audit::firm_entries(&store, from).unwrap().is_empty());
            let kept = audit::firm_entries(&store, into).unwrap();
            let details: Vec<&str> = kept.iter().map(|l| l.detail.as_str()).collect();
            assert_eq!(details.first(), Some(&"before"));
            assert_eq!(details.last(), Some(&"merged"));
            assert_eq!(kept.len(), 2 + written.iter().filter(|w| **w).count());
            assert!(kept.iter().all(|l| l.firm_id == into.get()));
            assert!(kept.windows(2).all(|w| w[0].id < w[1].id));
        }
    }

    /// The firm's stored views, read from the table (a merged firm's list is refused above it).
    fn seam_views(store: &Store, firm: FirmId) -> Vec<String> {
        crate::platform::store::seam::read(store, |tx| tx.range(&views::VIEWS, &[firm.get()]))
            .unwrap()
            .into_iter()
            .map(|(_, v)| v.name)
            .collect()
    }
}
