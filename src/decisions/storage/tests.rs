//! The decisions read back alike from both engines, merge, export and carry over a hub's rows;
//! a signed record's text and hash read back byte for byte.

use super::*;
use crate::decisions::canonical;
use crate::decisions::model::{Approval, Approver, TechStep, Terms, Verdict};
use crate::platform::store::postgres::{test_store, test_store_from_migration};
use crate::platform::store::testing::both_engines;

fn firm(id: u64) -> FirmId {
    FirmId::from_stored(id)
}

fn decision(id: u64, firm_id: u64, category_id: u64) -> Decision {
    Decision {
        id,
        firm_id,
        terms: Terms {
            category_id,
            vendor_id: 10,
            runner_up_id: Some(11),
            reasons: "Best scores".into(),
            annual_cost: 1_200_000,
            start_date: "2026-03-01".into(),
            approvers: vec![Approver {
                user_id: 1,
                name: "Ann".into(),
            }],
        },
        proposed_by: "Ann".into(),
        proposed_at: 1_800_000_000,
        status: DecisionStatus::Open,
        final_at: None,
        approvals: Vec::new(),
        tech_step: TechStep::Pending,
    }
}

fn version(firm_id: u64, decision_id: u64, n: u32) -> Version {
    Version {
        firm_id,
        decision_id,
        n,
        content: format!("{{\"n\":{n}}}"),
        hash: format!("{n:064}"),
        created_at: 1_800_000_000 + n as i64,
    }
}

/// A signed version whose canonical text holds what a record may: quotes, backslashes, escaped
/// control characters, accents, other scripts, an emoji and a line separator (which RFC 8785
/// leaves unescaped).
fn signed(firm_id: u64, decision_id: u64, n: u32) -> Version {
    let record = serde_json::json!({
        "reasons": "Ann's \"pick\"\\ with\ttabs\nand lines\u{1}, é, 中文, 🙂, \u{2028}",
        "vendor": { "name": "Doe & Co.", "id": 10 },
        "approvers": [1, 2],
        "n": n,
    });
    let content = canonical::canonical(&record);
    Version {
        firm_id,
        decision_id,
        n,
        hash: canonical::hash(&content),
        content,
        created_at: 1_800_000_000 + n as i64,
    }
}

/// The text and the hash as stored, byte for byte, and whether the hash still verifies.
fn signature(v: &Version) -> (Vec<u8>, Vec<u8>, bool) {
    (
        v.content.as_bytes().to_vec(),
        v.hash.as_bytes().to_vec(),
        canonical::hash(&v.content) == v.hash,
    )
}

type Read = (Vec<Decision>, Vec<Decision>, Vec<Version>);

fn read(store: &Store, decision_id: u64) -> Read {
    (
        list(store, firm(1)).unwrap(),
        list(store, firm(2)).unwrap(),
        versions(store, firm(1), decision_id).unwrap(),
    )
}

#[test]
fn decisions_and_versions_read_back_alike_merge_and_export() {
    let (_dir, stores) = both_engines();
    let reads: Vec<(Read, Read, Option<u64>)> = stores
        .iter()
        .map(|store| {
            let mut tx = store.begin().unwrap();
            let a = next_id_in(&mut tx).unwrap();
            put_in(&mut tx, &decision(a, 1, 5)).unwrap();
            add_version_in(&mut tx, &version(1, a, 1)).unwrap();
            add_version_in(&mut tx, &version(1, a, 2)).unwrap();
            let b = next_id_in(&mut tx).unwrap();
            put_in(&mut tx, &decision(b, 2, 6)).unwrap();
            add_version_in(&mut tx, &version(2, b, 1)).unwrap();
            tx.commit().unwrap();
            let mut tx = store.begin().unwrap();
            let open = open_in_category_in(&mut tx, firm(1), 5).unwrap();
            assert_eq!(
                latest_in(&mut tx, firm(1), a).unwrap(),
                Some(version(1, a, 2))
            );
            assert_eq!(
                find_in(&mut tx, firm(2), a).unwrap(),
                None,
                "another firm's"
            );
            drop(tx);
            let before = read(store, a);
            let mut tx = store.begin().unwrap();
            merge_firm_in(&mut tx, firm(1), firm(2)).unwrap();
            tx.commit().unwrap();
            (before, read(store, b), open)
        })
        .collect();
    assert_eq!(reads[0], reads[1]);
    let ((mine, theirs, vs), (merged, gone, moved), open) = &reads[0];
    assert_eq!(mine, &[decision(1, 1, 5)]);
    assert_eq!(theirs, &[decision(2, 2, 6)]);
    assert_eq!(vs, &[version(1, 1, 1), version(1, 1, 2)]);
    assert_eq!(open, &Some(1));
    assert_eq!(merged, &[decision(1, 1, 5), decision(2, 1, 6)]);
    assert!(gone.is_empty());
    assert_eq!(moved, &[version(1, 2, 1)]);
    assert_eq!(
        list_with_versions(&stores[0], firm(1)).unwrap(),
        [
            (decision(1, 1, 5), vec![version(1, 1, 1), version(1, 1, 2)]),
            (decision(2, 1, 6), vec![version(1, 2, 1)]),
        ]
    );

    let pg = test_store();
    let counts = export(stores[0].file().unwrap(), &pg).unwrap();
    assert_eq!(
        counts
            .iter()
            .map(|c| (c.table, c.copied))
            .collect::<Vec<_>>(),
        [("decisions", 2), ("decision_versions", 3)]
    );
    let pg = Store::Postgres(pg);
    assert_eq!(read(&pg, 2), reads[0].1);
    // The sequence came along: the next id follows the file's.
    let mut tx = pg.begin().unwrap();
    assert_eq!(next_id_in(&mut tx).unwrap(), 3);
}

/// A signed record (its canonical text and hash) reads back byte for byte on both engines,
/// through every read, after a merge and after the copy to PostgreSQL, and its hash still
/// verifies; a version stored twice is the same 409 on both and the first one stays.
#[test]
fn a_signed_record_reads_back_byte_for_byte_on_both_engines() {
    let (_dir, stores) = both_engines();
    let want = [signature(&signed(1, 1, 1)), signature(&signed(1, 1, 2))];
    assert!(want.iter().all(|(_, _, verifies)| *verifies));
    for store in &stores {
        let mut tx = store.begin().unwrap();
        let id = next_id_in(&mut tx).unwrap();
        put_in(&mut tx, &decision(id, 2, 5)).unwrap();
        add_version_in(&mut tx, &signed(2, id, 1)).unwrap();
        add_version_in(&mut tx, &signed(2, id, 2)).unwrap();
        tx.commit().unwrap();

        let mut tx = store.begin().unwrap();
        let twice = add_version_in(&mut tx, &version(2, id, 2)).unwrap_err();
        assert_eq!(twice.status(), axum::http::StatusCode::CONFLICT);
        tx.commit().unwrap();

        let read = versions(store, firm(2), id).unwrap();
        assert_eq!(read.iter().map(signature).collect::<Vec<_>>(), want);
        let (_, read) = get_with_versions(store, firm(2), id).unwrap().unwrap();
        assert_eq!(read.iter().map(signature).collect::<Vec<_>>(), want);
        let mut tx = store.begin().unwrap();
        let latest = latest_in(&mut tx, firm(2), id).unwrap().unwrap();
        assert_eq!(signature(&latest), want[1]);
        merge_firm_in(&mut tx, firm(1), firm(2)).unwrap();
        tx.commit().unwrap();
        let (_, read) = list_with_versions(store, firm(1)).unwrap().remove(0);
        assert_eq!(read.iter().map(signature).collect::<Vec<_>>(), want);
    }
    let pg = test_store();
    export(stores[0].file().unwrap(), &pg).unwrap();
    let read = versions(&Store::Postgres(pg), firm(1), 1).unwrap();
    assert_eq!(read.iter().map(signature).collect::<Vec<_>>(), want);
}

/// A decision's write opens its firm: a firm merged away is refused (409) on both engines, and
/// its decisions stay as they were.
#[test]
fn a_merged_firms_decision_write_is_refused_on_both_engines() {
    let (_dir, stores) = both_engines();
    for store in stores {
        let mut tx = store.begin().unwrap();
        let id = next_id_in(&mut tx).unwrap();
        put_in(&mut tx, &decision(id, 2, 5)).unwrap();
        crate::platform::store::merged::record(&mut tx, 2, 1).unwrap();
        tx.commit().unwrap();
        // One transaction at a time: redb has one writer.
        let refused = find_in(&mut store.begin().unwrap(), firm(2), id).unwrap_err();
        assert_eq!(refused.status(), axum::http::StatusCode::CONFLICT);
        let refused = open_in_category_in(&mut store.begin().unwrap(), firm(2), 5).unwrap_err();
        assert_eq!(refused.status(), axum::http::StatusCode::CONFLICT);
        assert_eq!(list(&store, firm(2)).unwrap(), [decision(id, 2, 5)]);
    }
}

/// A hub database as the binary before migration 0050 left it (a decision's body beside its
/// columns, a version's text, hash and time in columns, the imports' maps in `steps`): every
/// row reads the same after it, each signed text and hash byte for byte, and the ids go on from
/// the old sequence's value (not the largest id).
#[test]
fn decisions_of_a_hub_from_before_the_seam_read_the_same_after_its_migration() {
    let mut approved = decision(7, 1, 5);
    approved.status = DecisionStatus::Final;
    approved.final_at = Some(1_800_000_500);
    approved.tech_step = TechStep::NeedsConfirmation {
        current: "Old \"tool\"".into(),
    };
    let first = signed(1, 7, 1);
    approved.approvals.push(Approval {
        user_id: 1,
        name: "Ann".into(),
        verdict: Verdict::Approved,
        hash: first.hash.clone(),
        version: 1,
        comment: "Fine by me".into(),
        at: 1_800_000_400,
    });
    let decisions = [approved, decision(9, 3, 6)];
    let versions_before = [first, signed(1, 7, 2), signed(3, 9, 1)];
    let steps = imported::IdStep {
        imported_at: 1_700_000_000,
        users: [(4, 1)].into(),
        vendors: [(40, 10)].into(),
        categories: [(50, 5)].into(),
        decisions: [(70, 7)].into(),
    };
    // Dollar-quoted: the texts hold quotes and backslashes as they are.
    let mut sql = String::new();
    for d in &decisions {
        let status = match d.status {
            DecisionStatus::Open => "open",
            DecisionStatus::Final => "final",
        };
        sql.push_str(&format!(
            "INSERT INTO decisions (id, firm_id, category_id, status, body) VALUES \
             ({}, {}, {}, '{status}', $j${}$j$);\n",
            d.id,
            d.firm_id,
            d.terms.category_id,
            serde_json::to_string(d).unwrap()
        ));
    }
    for v in &versions_before {
        sql.push_str(&format!(
            "INSERT INTO decision_versions (firm_id, decision_id, n, content, hash, created_at) \
             VALUES ({}, {}, {}, $t${}$t$, '{}', to_timestamp({}));\n",
            v.firm_id, v.decision_id, v.n, v.content, v.hash, v.created_at
        ));
    }
    sql.push_str(&format!(
        "INSERT INTO imported_ids (firm_id, steps) VALUES (1, $j${}$j$);\n\
         SELECT setval(pg_get_serial_sequence('decisions', 'id'), 40);",
        serde_json::to_string(&vec![steps.clone()]).unwrap()
    ));
    let store = Store::Postgres(test_store_from_migration(48, &sql));

    assert_eq!(list(&store, firm(1)).unwrap(), decisions[..1]);
    assert_eq!(list(&store, firm(3)).unwrap(), decisions[1..]);
    let read = versions(&store, firm(1), 7).unwrap();
    assert_eq!(read, versions_before[..2]);
    assert_eq!(
        read.iter().map(signature).collect::<Vec<_>>(),
        versions_before[..2]
            .iter()
            .map(signature)
            .collect::<Vec<_>>()
    );
    assert!(read.iter().all(|v| signature(v).2));
    assert_eq!(versions(&store, firm(3), 9).unwrap(), versions_before[2..]);
    assert_eq!(imported::steps(&store, firm(1)).unwrap(), [steps]);
    assert_eq!(imported::steps(&store, firm(3)).unwrap(), []);

    let mut tx = store.begin().unwrap();
    assert_eq!(open_in_category_in(&mut tx, firm(3), 6).unwrap(), Some(9));
    assert_eq!(next_id_in(&mut tx).unwrap(), 41);
    put_in(&mut tx, &decision(41, 3, 7)).unwrap();
    add_version_in(&mut tx, &signed(3, 41, 1)).unwrap();
    tx.commit().unwrap();
    assert_eq!(list(&store, firm(3)).unwrap().len(), 2);
}

/// The decisions and their versions copied into PostgreSQL as `litstack export-to-postgres`
/// copies every seam table (from its declaration).
fn export(
    from: &crate::platform::store::FileStore,
    to: &crate::platform::store::PgStore,
) -> Result<Vec<crate::platform::store::TableCount>> {
    Ok(vec![
        seam::copy_to_postgres(from, to, &DECISIONS)?,
        seam::copy_to_postgres(from, to, &VERSIONS)?,
    ])
}
