//! The registry of Litstack's data: every domain's table declarations (`store::registry::Table`,
//! each in the domain's `storage`) and its part in the moves that span every domain, in one list.
//! Backup, `litstack check`, the export to PostgreSQL, the firm merge, a firm's archive and
//! deletion, and the operator's vendor delete and merge read it; a new table is declared once, in its domain, and a domain is listed here once.
//! tests/api/registry.rs holds the list against the tables that really exist on both backends.

use crate::platform::store::registry::{self, Domain, RedbTable, Table};

/// Every domain: its tables, its part in a firm merge, in the copy to PostgreSQL and in a vendor
/// delete and merge. The store's
/// own first; the accounts before the domains whose rows name their firms and members.
pub const DOMAINS: &[Domain] = &[
    Domain {
        tables: crate::platform::store::TABLES,
        merge_firm_in: &[],
        copy_to_postgres: &[crate::platform::store::merged::export],
        not_copied: &[],
        vendors: None,
    },
    Domain {
        tables: crate::accounts::storage::TABLES,
        // The members move first, on their own (`firms::storage::merge_firms`).
        merge_firm_in: &[
            crate::accounts::storage::audit::merge_firm_in,
            crate::accounts::storage::links::invitations::merge_firm_in,
            crate::accounts::storage::mfa_required::merge_firm_in,
            crate::accounts::storage::price_sharing::merge_firm_in,
            crate::accounts::storage::deletion::merge_firm_in,
        ],
        copy_to_postgres: &[crate::accounts::storage::export],
        not_copied: &[
            (
                "reset_links",
                "a reset link lasts 15 minutes: the operator issues a new one",
            ),
            (
                "mfa_challenges",
                "a second-factor sign-in lasts 5 minutes: the person signs in again",
            ),
        ],
        vendors: None,
    },
    Domain {
        tables: crate::accounts::sso::storage::TABLES,
        merge_firm_in: &[crate::accounts::sso::storage::merge_firm_in],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: None,
    },
    Domain {
        tables: crate::profile::storage::TABLES,
        merge_firm_in: &[crate::profile::storage::merge_firm_in],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: None,
    },
    Domain {
        tables: crate::catalog::storage::TABLES,
        merge_firm_in: &[],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: Some(crate::catalog::storage::removal::PART),
    },
    Domain {
        tables: crate::catalog::logos::TABLES,
        merge_firm_in: &[],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: Some(crate::catalog::logos::PART),
    },
    Domain {
        tables: crate::vendor_profile::views::TABLES,
        merge_firm_in: &[],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: Some(crate::vendor_profile::views::PART),
    },
    Domain {
        tables: crate::vendor_profile::price_snapshot::TABLES,
        merge_firm_in: &[],
        copy_to_postgres: &[],
        not_copied: crate::vendor_profile::price_snapshot::NOT_COPIED,
        vendors: None,
    },
    Domain {
        tables: crate::techstack::storage::TABLES,
        merge_firm_in: &[
            crate::techstack::storage::merge_firm_in,
            crate::techstack::storage::contracts::merge_firm_in,
            crate::techstack::storage::reminders::merge_firm_in,
        ],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: Some(crate::techstack::storage::vendors::PART),
    },
    Domain {
        tables: crate::recommend::storage::TABLES,
        merge_firm_in: &[crate::recommend::storage::merge_firm_in],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: Some(crate::recommend::storage::vendors::PART),
    },
    Domain {
        tables: crate::shortlist::storage::TABLES,
        merge_firm_in: &[crate::shortlist::storage::merge_firm_in],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: Some(crate::shortlist::storage::vendors::PART),
    },
    Domain {
        tables: crate::saved_views::storage::TABLES,
        merge_firm_in: &[crate::saved_views::storage::merge_firm_in],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: None,
    },
    Domain {
        tables: crate::decisions::storage::TABLES,
        merge_firm_in: &[
            crate::decisions::storage::merge_firm_in,
            crate::decisions::storage::imported::merge_firm_in,
        ],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: Some(crate::decisions::storage::vendors::PART),
    },
    Domain {
        tables: crate::evaluations::storage::TABLES,
        merge_firm_in: &[crate::evaluations::storage::merge_firm_in],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: Some(crate::evaluations::storage::vendors::PART),
    },
    Domain {
        tables: crate::vendor_accounts::storage::TABLES,
        merge_firm_in: &[],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: Some(crate::vendor_accounts::storage::PART),
    },
    Domain {
        tables: crate::demo_requests::storage::TABLES,
        merge_firm_in: &[crate::demo_requests::storage::merge_firm_in],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: Some(crate::demo_requests::storage::vendors::PART),
    },
    Domain {
        tables: crate::mail::storage::TABLES,
        merge_firm_in: &[],
        copy_to_postgres: &[crate::mail::storage::export],
        not_copied: &[],
        vendors: None,
    },
    Domain {
        tables: crate::notifications::storage::TABLES,
        merge_firm_in: &[],
        copy_to_postgres: &[],
        not_copied: &[],
        vendors: None,
    },
    Domain {
        tables: crate::bookings::storage::TABLES,
        merge_firm_in: &[],
        copy_to_postgres: &[crate::bookings::storage::export],
        not_copied: &[],
        vendors: None,
    },
];

/// Every declared table.
pub fn tables() -> impl Iterator<Item = &'static Table> {
    registry::all(DOMAINS)
}

/// Every declared redb table: what a backup copies.
pub fn redb_tables() -> Vec<&'static dyn RedbTable> {
    registry::redb_tables(DOMAINS)
}

/// Every table declared on the storage seam: what hub mode's schema makes from the declarations.
pub fn seam_tables() -> Vec<&'static dyn crate::platform::store::seam::Registered> {
    registry::seam_tables(DOMAINS)
}

/// What the tables of `store` say against the declarations (`store::registry::problems`): empty
/// when every table that exists is declared, with the firm key its columns show.
pub fn problems(store: &crate::platform::store::Store) -> anyhow::Result<Vec<String>> {
    let present = registry::present(store)?;
    Ok(registry::problems(
        DOMAINS,
        &present.redb,
        &present.postgres,
    ))
}

/// Every domain's part in the operator's vendor delete and merge, in the registry's order.
pub fn vendor_parts() -> impl Iterator<Item = &'static registry::VendorPart> {
    DOMAINS.iter().filter_map(|domain| domain.vendors.as_ref())
}
