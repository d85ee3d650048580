//! The accounts' tables of a firm's archive written as a new firm of this install
//! (`store::registry::Load::Rows`, `firms::import`): the firm, unverified and enabled; its
//! members with this install's ids, their emails checked again inside the transaction, and no
//! password (`password::unusable_hash`: a reset link or single sign-on lets them in); its audit
//! log; whether it requires a second factor.

use serde::Deserialize;

use super::firms::{self, NewFirm};
use super::users;
use crate::accounts::audit_entry::AuditEntry;
use crate::accounts::model::Requirement;
use crate::accounts::model::{Email, parse_law_firm, parse_name};
use crate::accounts::{FirmRole, password};
use crate::platform::error::{Result, bad_request, conflict};
use crate::platform::firm_id::FirmId;
use crate::platform::firm_size::FirmSize;
use crate::platform::store::arrival::{Arrival, Row, Rows, parse, parse_all};
use crate::platform::store::{WriteTx, seam};

#[derive(Deserialize)]
struct ArchivedFirm {
    name: String,
    size: Option<FirmSize>,
    created_at: i64,
}

/// The firm: its name and size as the archive has them (checked as a sign-up checks them), made
/// unverified (this install's operator verifies it) and enabled.
pub fn firms(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    // At most two rows are read: a second one is enough to refuse.
    let [row] = <[Row; 1]>::try_from(rows.take(2).collect::<Vec<_>>())
        .map_err(|_| bad_request("The archive's tables/firms.json must hold exactly one firm"))?;
    let archived: ArchivedFirm = parse("firms", 0, row)?;
    let new = NewFirm {
        name: parse_law_firm(&archived.name)?,
        size: archived.size,
        created_at: archived.created_at,
        verified: false,
    };
    let firm = seam::within(tx, |tx| firms::add_in(tx, new))?;
    arrival.set_firm(firm.id);
    arrival
        .notes
        .push("The firm is unverified here: verify it on the Firms screen to count it as evidence for other firms.".into());
    Ok(1)
}

#[derive(Deserialize)]
struct ArchivedMember {
    id: u64,
    name: String,
    email: String,
    role: String,
    created_at: i64,
}

/// The members, with this install's ids and no password; never the install's operator. An email
/// another account holds here is a 409 (checked before, and again here inside the transaction).
pub fn users(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let members: Vec<ArchivedMember> = parse_all("users", rows)?;
    let firm_id = arrival.firm()?;
    let mut made = Vec::new();
    for (i, member) in members.iter().enumerate() {
        let where_ = |e: crate::platform::error::AppError| {
            bad_request(format!(
                "The archive's tables/users.json, row {}: {e}",
                i + 1
            ))
        };
        let role = FirmRole::from_code(&member.role)
            .ok_or_else(|| where_(bad_request(format!("no role \"{}\"", member.role))))?;
        let email = Email::parse(&member.email).map_err(where_)?;
        let name = parse_name(&member.name).map_err(where_)?;
        made.push((member.id, name, email, role, member.created_at));
    }
    if !made.iter().any(|m| m.3 == FirmRole::Owner) {
        return Err(bad_request(
            "The archive's firm has no owner: a firm always has one",
        ));
    }
    let firm = seam::within(tx, |tx| firms::find_in(tx, firm_id.get()))?
        .ok_or_else(|| bad_request("The firm was not made"))?;
    for (archived, name, email, role, created_at) in made {
        let id = seam::within(tx, |tx| {
            // The sign-ups' turn, as every write that gives an account an email takes it.
            tx.lock_install(super::SIGN_UP_LOCK)?;
            if users::holder_of(tx, &email)?.is_some() {
                return Err(taken(&email));
            }
            let stored = users::Stored {
                name,
                email: email.as_str().to_string(),
                email_key: users::email_key(email.as_str()),
                firm_role: role,
                password_hash: password::unusable_hash(),
                is_admin: false,
                created_at,
            };
            users::add_in(tx, &firm, &stored)
        })?;
        arrival.add_user(archived, id);
    }
    arrival.notes.push(
        "The members have no password here: give an owner a reset link (the import lists its \
         people), and the owner gives the others theirs on the Firm page; or they sign in \
         through single sign-on once an owner sets it up again."
            .into(),
    );
    Ok(members.len())
}

fn taken(email: &Email) -> crate::platform::error::AppError {
    conflict(format!(
        "{} already has an account on this install, and an email belongs to one firm",
        email.as_str()
    ))
}

/// The firm's audit log, each line as it was (when, who by name, what), with this install's ids.
pub fn audit(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let entries: Vec<AuditEntry> = parse_all("firm_audit", rows)?;
    let count = entries.len();
    for mut entry in entries {
        entry.firm_id = firm_id;
        super::audit::append_in(tx, entry)?;
    }
    Ok(count)
}

/// Whether the firm requires a second factor of its members, set by the same owner.
pub fn mfa_required(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let mut count = 0;
    let requirements = parse_all::<Requirement>("firm_mfa_required", rows)?;
    for (i, mut requirement) in requirements.into_iter().enumerate() {
        requirement.set_by = arrival.user("firm_mfa_required", i, requirement.set_by)?;
        super::mfa_required::save_in(tx, FirmId::from_stored(firm_id), &requirement)?;
        count += 1;
    }
    Ok(count)
}
