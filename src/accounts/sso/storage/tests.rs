//! Single sign-on's storage on both engines: the same answers, the same refusals, flows that
//! expire alike, and a hub's rows carried over by its migration.

use super::*;
use crate::accounts::FirmRole;
use crate::platform::store::postgres::test_store_from_migration;
use crate::platform::store::testing::both_engines;

fn firm(id: u64) -> FirmId {
    FirmId::from_stored(id)
}

fn sso_config(firm_id: u64) -> SsoConfig {
    SsoConfig {
        firm_id,
        issuer: "https://id.example".into(),
        client_id: "litstack".into(),
        client_secret: "s3cret".into(),
        default_role: FirmRole::Viewer,
        require_sso: false,
        updated_at: 1_800_000_000,
    }
}

fn flow(firm_id: u64, created_at: i64) -> Flow {
    Flow {
        firm_id,
        nonce: "n".into(),
        pkce_verifier: "v".into(),
        redirect_uri: "https://litstack.example/api/auth/sso/callback".into(),
        return_path: "/".into(),
        created_at,
    }
}

fn link_of(user_id: u64, subject: &str) -> SsoLink {
    SsoLink {
        issuer: "https://id.example".into(),
        subject: subject.into(),
        user_id,
        created_at: 1_800_000_000,
    }
}

fn domains(names: &[&str]) -> Vec<String> {
    names.iter().map(|d| d.to_string()).collect()
}

fn statuses(claims: &[DomainClaim]) -> Vec<(&str, u64, DomainStatus)> {
    claims
        .iter()
        .map(|c| (c.domain.as_str(), c.firm_id, c.status))
        .collect()
}

#[test]
fn claims_are_saved_decided_and_found_alike_on_both_engines() {
    let (_dir, stores) = both_engines();
    for store in stores {
        let mine = save_config(&store, &sso_config(1), &domains(&["b.com", "a.com"])).unwrap();
        assert_eq!(mine.len(), 2);
        save_config(&store, &sso_config(2), &domains(&["a.com"])).unwrap();
        assert_eq!(config(&store, firm(1)).unwrap(), Some(sso_config(1)));
        assert_eq!(config(&store, firm(3)).unwrap(), None);
        assert_eq!(confirmed_firm(&store, "a.com").unwrap(), None);

        let confirmed = decide(&store, firm(1), "a.com", DomainStatus::Confirmed, 9).unwrap();
        assert_eq!(confirmed.unwrap().decided_at, Some(9));
        assert_eq!(confirmed_firm(&store, "a.com").unwrap(), Some(firm(1)));
        assert_eq!(confirmed_firm(&store, "b.com").unwrap(), None);
        let refused = decide(&store, firm(2), "a.com", DomainStatus::Confirmed, 9).unwrap_err();
        assert_eq!(refused.status(), axum::http::StatusCode::CONFLICT);
        assert_eq!(
            decide(&store, firm(3), "a.com", DomainStatus::Refused, 9).unwrap(),
            None
        );
        assert_eq!(
            statuses(&all_claims(&store).unwrap()),
            [
                ("a.com", 1, DomainStatus::Confirmed),
                ("a.com", 2, DomainStatus::Pending),
                ("b.com", 1, DomainStatus::Pending),
            ]
        );

        // A domain confirmed for another firm is refused to a new claim, with nothing written.
        let taken = save_config(&store, &sso_config(3), &domains(&["a.com"])).unwrap_err();
        assert_eq!(taken.status(), axum::http::StatusCode::BAD_REQUEST);
        assert_eq!(config(&store, firm(3)).unwrap(), None);
        // A save keeps the claims it still names (confirmed stays confirmed), gives up the rest.
        let kept = save_config(&store, &sso_config(1), &domains(&["a.com", "c.com"])).unwrap();
        assert_eq!(
            statuses(&kept),
            [
                ("a.com", 1, DomainStatus::Confirmed),
                ("c.com", 1, DomainStatus::Pending)
            ]
        );
        assert_eq!(
            statuses(&firm_claims(&store, firm(1)).unwrap()),
            [
                ("a.com", 1, DomainStatus::Confirmed),
                ("c.com", 1, DomainStatus::Pending)
            ]
        );

        // A merge drops the merged firm's provider and claims.
        let mut tx = store.begin().unwrap();
        merge_firm_in(&mut tx, firm(2), firm(1)).unwrap();
        crate::platform::store::merged::record(&mut tx, 1, 2).unwrap();
        tx.commit().unwrap();
        assert_eq!(config(&store, firm(1)).unwrap(), None);
        assert_eq!(
            statuses(&all_claims(&store).unwrap()),
            [("a.com", 2, DomainStatus::Pending)]
        );
        let merged = save_config(&store, &sso_config(1), &[]).unwrap_err();
        assert_eq!(merged.status(), axum::http::StatusCode::CONFLICT);
        assert_eq!(
            decide(&store, firm(1), "a.com", DomainStatus::Confirmed, 9).unwrap(),
            None
        );
    }
}

#[test]
fn flows_are_taken_once_and_expire_after_ten_minutes_alike_on_both_engines() {
    let (_dir, stores) = both_engines();
    let now = 1_800_000_000;
    for store in stores {
        put_flow(&store, &[1; 32], &flow(1, now - FLOW_SECS - 1)).unwrap();
        put_flow(&store, &[2; 32], &flow(2, now - FLOW_SECS)).unwrap();
        // Another state whose first 63 bits are the same: only the whole hash tells them apart.
        let mut close = [3; 32];
        put_flow(&store, &close, &flow(1, now - 5)).unwrap();
        close[31] = 4;
        put_flow(&store, &close, &flow(2, now - 4)).unwrap();
        // The next flow drops those begun more than ten minutes before it, every firm's.
        put_flow(&store, &[5; 32], &flow(1, now)).unwrap();
        assert_eq!(take_flow(&store, &[1; 32]).unwrap(), None);
        assert_eq!(
            take_flow(&store, &[2; 32]).unwrap(),
            Some(flow(2, now - FLOW_SECS))
        );
        assert_eq!(take_flow(&store, &[2; 32]).unwrap(), None);
        assert_eq!(take_flow(&store, &close).unwrap(), Some(flow(2, now - 4)));
        assert_eq!(take_flow(&store, &[3; 32]).unwrap(), Some(flow(1, now - 5)));
        assert_eq!(take_flow(&store, &[5; 32]).unwrap(), Some(flow(1, now)));
        assert_eq!(take_flow(&store, &[5; 32]).unwrap(), None);
    }
}

#[test]
fn links_are_found_by_identity_and_replaced_alike_on_both_engines() {
    let (_dir, stores) = both_engines();
    for store in stores {
        assert_eq!(link(&store, "https://id.example", "ann").unwrap(), None);
        put_link(&store, firm(1), &link_of(7, "ann")).unwrap();
        put_link(&store, firm(1), &link_of(8, "bob")).unwrap();
        assert_eq!(
            link(&store, "https://id.example", "ann").unwrap(),
            Some(link_of(7, "ann"))
        );
        assert_eq!(link(&store, "https://other.example", "ann").unwrap(), None);
        // The identity linked again to another account: one link, to that account.
        put_link(&store, firm(1), &link_of(9, "ann")).unwrap();
        assert_eq!(
            link(&store, "https://id.example", "ann").unwrap(),
            Some(link_of(9, "ann"))
        );
        let all = seam::read(&store, |tx| tx.range(&LINKS, &[])).unwrap();
        assert_eq!(all.len(), 2);

        let mut tx = store.begin().unwrap();
        crate::platform::store::merged::record(&mut tx, 1, 2).unwrap();
        tx.commit().unwrap();
        let merged = put_link(&store, firm(1), &link_of(10, "cy")).unwrap_err();
        assert_eq!(merged.status(), axum::http::StatusCode::CONFLICT);
        assert_eq!(link(&store, "https://id.example", "cy").unwrap(), None);
    }
}

/// A hub database as the binary before migration 0053 left it (typed columns, a domain's claims
/// by domain, a flow by its state's hash, a link by its identity): every row reads the same after
/// it, found through the indexes the migration made.
#[test]
fn single_sign_on_of_a_hub_from_before_the_seam_reads_the_same_after_its_migration() {
    let mut hash = [0u8; 32];
    for (i, b) in hash.iter_mut().enumerate() {
        *b = 200 + i as u8 % 50;
    }
    let sql = format!(
        "INSERT INTO sso_configs (firm_id, issuer, client_id, client_secret, default_role, \
         require_sso, updated_at) VALUES (1, 'https://id.example', 'litstack', 's3cret', \
         'viewer', false, to_timestamp(1800000000));\n\
         INSERT INTO sso_domains (domain, firm_id, status, claimed_at, decided_at) VALUES \
         ('a.com', 1, 'confirmed', to_timestamp(1800000000), to_timestamp(1800000009)), \
         ('a.com', 2, 'pending', to_timestamp(1800000001), NULL), \
         ('b.com', 1, 'refused', to_timestamp(1800000002), to_timestamp(1800000003));\n\
         INSERT INTO sso_flows (state_hash, firm_id, nonce, pkce_verifier, redirect_uri, \
         return_path, created_at) VALUES ('\\x{}', 2, 'n', 'v', \
         'https://litstack.example/api/auth/sso/callback', '/', to_timestamp(1800000000));\n\
         INSERT INTO sso_links (issuer, subject, user_id, created_at) VALUES \
         ('https://id.example', 'ann', 7, to_timestamp(1800000000)), \
         ('https://id.example', 'bob', 8, to_timestamp(1800000000));",
        hex::encode(hash)
    );
    let store = Store::Postgres(test_store_from_migration(50, &sql));

    assert_eq!(config(&store, firm(1)).unwrap(), Some(sso_config(1)));
    let claims = all_claims(&store).unwrap();
    assert_eq!(
        statuses(&claims),
        [
            ("a.com", 1, DomainStatus::Confirmed),
            ("a.com", 2, DomainStatus::Pending),
            ("b.com", 1, DomainStatus::Refused),
        ]
    );
    assert_eq!(
        claims
            .iter()
            .map(|c| (c.claimed_at, c.decided_at))
            .collect::<Vec<_>>(),
        [
            (1_800_000_000, Some(1_800_000_009)),
            (1_800_000_001, None),
            (1_800_000_002, Some(1_800_000_003))
        ]
    );
    assert_eq!(confirmed_firm(&store, "a.com").unwrap(), Some(firm(1)));
    assert_eq!(
        link(&store, "https://id.example", "bob").unwrap(),
        Some(link_of(8, "bob"))
    );
    assert_eq!(
        link(&store, "https://id.example", "ann").unwrap(),
        Some(link_of(7, "ann"))
    );
    // The flow is found by its state's hash, and expires as every flow does.
    assert_eq!(
        take_flow(&store, &hash).unwrap(),
        Some(flow(2, 1_800_000_000))
    );
    put_flow(&store, &hash, &flow(2, 1_800_000_000)).unwrap();
    put_flow(&store, &[1; 32], &flow(1, 1_800_000_000 + FLOW_SECS + 1)).unwrap();
    assert_eq!(take_flow(&store, &hash).unwrap(), None);
}
