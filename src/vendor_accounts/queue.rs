//! The operator's side: invite a person to keep a listing, see and remove vendor accounts, and
//! the queue of proposals (the spec's `needsReview`): each open one with what it changes,
//! approved (the facts go live as "Supplied by VENDOR on DAY") or rejected with a reason, and the
//! proposer told under their bell and by mail.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use super::VendorAccountsState;
use super::model::{LINK_DAYS, Link, LinkKind, Proposal, Status};
use super::proposals::{EvidenceBody, FactOutcome, FieldChange};
use super::routes::{ProposalView, proposal_view};
use super::storage::{self, ACCOUNTS, EMAILS, LINKS, PROPOSALS};
use crate::accounts::links;
use crate::accounts::model::Email;
use crate::catalog::facts::{EvidenceSeen, Provenance};
use crate::platform::blocking::Blocking;
use crate::platform::caller::AdminUser;
use crate::platform::clock::{now_secs, rfc3339};
use crate::platform::error::{ErrorBody, Result, bad_request, conflict, not_found};
use crate::platform::extract::{Json, Path};
use crate::platform::ids::{ProposalId, VendorAccountId, VendorId};

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VendorInvitationBody {
    pub email: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorInvitation {
    /// The link was mailed to the address.
    pub mailed: bool,
    /// The link, when this Litstack sends no mail: hand it to the person yourself.
    pub link: Option<String>,
}

/// POST /api/admin/vendors/{id}/vendor-invitations: invites a person to keep the listing; the
/// link is mailed, or answered when mail is off.
#[utoipa::path(post, path = "/admin/vendors/{id}/vendor-invitations", tag = "admin",
    params(("id" = u64, Path, description = "A vendor id")),
    request_body = VendorInvitationBody,
    responses(
        (status = 201, body = VendorInvitation),
        (status = 400, description = "A bad address", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such vendor", body = ErrorBody),
        (status = 409, description = "The address has a vendor account", body = ErrorBody),
    ))]
pub async fn invite_vendor(
    State(state): State<VendorAccountsState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<VendorId>,
    Json(body): Json<VendorInvitationBody>,
) -> Result<(StatusCode, Json<VendorInvitation>)> {
    let email = Email::parse(&body.email)?;
    let vendor = state
        .catalog
        .load()
        .vendor(id.get())
        .cloned()
        .ok_or_else(|| not_found(format!("There is no vendor with id {id}")))?;
    let base = links::base(&state.accounts.config);
    let answer = state
        .blocking(move |app| {
            storage::write(&app.accounts.store, |change| {
                if change.get(&EMAILS, email.key())?.is_some() {
                    return Err(conflict(format!(
                        "{} has a vendor account already",
                        email.as_str()
                    )));
                }
                let (token, hash) = crate::accounts::sessions::new_token();
                let now = now_secs();
                change.sweep(now)?;
                change.put(
                    &LINKS,
                    storage::token_key(&hash),
                    &Link {
                        kind: LinkKind::Invitation,
                        vendor_id: vendor.id,
                        email: email.as_str().to_string(),
                        created_at: now,
                        expires_at: now + LINK_DAYS * 86_400,
                        invited_by: Some(admin.id),
                    },
                )?;
                let settings = change.mail_settings()?;
                let url = links::link(
                    base.as_deref(),
                    &format!("/vendor/join#{token}"),
                    settings.is_some(),
                )?;
                match settings {
                    Some(settings) => {
                        let letter = crate::mail::letters::vendor_access(
                            email.as_str(),
                            &vendor.name,
                            Some(&admin.name),
                            &url,
                            LINK_DAYS,
                        );
                        change
                            .mail(&crate::mail::storage::Outgoing::new(&settings, letter), now)?;
                        Ok(VendorInvitation {
                            mailed: true,
                            link: None,
                        })
                    }
                    None => Ok(VendorInvitation {
                        mailed: false,
                        link: Some(url),
                    }),
                }
            })
        })
        .await?;
    tracing::info!(target: "security", user_id = admin.id, vendor_id = id.get(), "vendor invited");
    Ok((StatusCode::CREATED, Json(answer)))
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorAccountView {
    pub id: u64,
    pub vendor_id: u64,
    pub vendor_name: String,
    pub name: String,
    pub email: String,
    /// Invited by an operator (else it claimed the listing by its domain).
    pub invited: bool,
    pub has_factor: bool,
    pub created_at: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct VendorAccounts {
    pub items: Vec<VendorAccountView>,
}

/// GET /api/admin/vendor-accounts: every vendor account, by listing.
#[utoipa::path(get, path = "/admin/vendor-accounts", tag = "admin",
    responses(
        (status = 200, body = VendorAccounts),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperator,
    ))]
pub async fn list_vendor_accounts(
    State(state): State<VendorAccountsState>,
    AdminUser(_): AdminUser,
) -> Result<Json<VendorAccounts>> {
    let accounts = state
        .blocking(|app| storage::all(&app.accounts.store, &ACCOUNTS))
        .await?;
    let catalog = state.catalog.load();
    let mut items: Vec<VendorAccountView> = accounts
        .into_iter()
        .map(|a| VendorAccountView {
            id: a.id,
            vendor_id: a.vendor_id,
            vendor_name: catalog
                .vendor(a.vendor_id)
                .map(|v| v.name.clone())
                .unwrap_or_default(),
            has_factor: a.has_factor(),
            name: a.name,
            email: a.email,
            invited: a.invited_by.is_some(),
            created_at: rfc3339(a.created_at),
        })
        .collect();
    items.sort_by(|a, b| {
        (a.vendor_name.to_lowercase(), a.id).cmp(&(b.vendor_name.to_lowercase(), b.id))
    });
    Ok(Json(VendorAccounts { items }))
}

/// DELETE /api/admin/vendor-accounts/{id}: removes a vendor account and ends its sessions; its
/// proposals stay, as decided or open.
#[utoipa::path(delete, path = "/admin/vendor-accounts/{id}", tag = "admin",
    params(("id" = u64, Path, description = "A vendor account id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 400, description = "A malformed id", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such vendor account", body = ErrorBody),
    ))]
pub async fn remove_vendor_account(
    State(state): State<VendorAccountsState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<VendorAccountId>,
) -> Result<StatusCode> {
    let id = id.get();
    state
        .blocking(move |app| {
            storage::write(&app.accounts.store, |change| {
                let Some(account) = change.get(&ACCOUNTS, id)? else {
                    return Err(not_found(format!("There is no vendor account {id}")));
                };
                change.forget_account(&account)
            })
        })
        .await?;
    tracing::info!(target: "security", user_id = admin.id, account = id, "vendor account removed");
    Ok(StatusCode::NO_CONTENT)
}

/// An invitation not taken up yet.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorInvitationView {
    /// What names it to revoke it (the link's hash; the link itself is never shown again).
    pub id: String,
    pub vendor_id: u64,
    pub vendor_name: String,
    pub email: String,
    /// RFC 3339, UTC.
    pub created_at: String,
    pub expires_at: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct VendorInvitations {
    pub items: Vec<VendorInvitationView>,
}

/// GET /api/admin/vendor-invitations: the operator's invitations still waiting, newest first.
#[utoipa::path(get, path = "/admin/vendor-invitations", tag = "admin",
    responses(
        (status = 200, body = VendorInvitations),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperator,
    ))]
pub async fn list_vendor_invitations(
    State(state): State<VendorAccountsState>,
    AdminUser(_): AdminUser,
) -> Result<Json<VendorInvitations>> {
    let links = state
        .blocking(|app| storage::range(&app.accounts.store, &LINKS, &[]))
        .await?;
    let now = now_secs();
    let catalog = state.catalog.load();
    let mut items: Vec<(i64, VendorInvitationView)> = links
        .into_iter()
        .filter(|(_, l)| l.kind == LinkKind::Invitation && l.expires_at > now)
        .map(|(key, l)| {
            let view = VendorInvitationView {
                id: key,
                vendor_id: l.vendor_id,
                vendor_name: catalog
                    .vendor(l.vendor_id)
                    .map(|v| v.name.clone())
                    .unwrap_or_default(),
                email: l.email,
                created_at: rfc3339(l.created_at),
                expires_at: rfc3339(l.expires_at),
            };
            (l.created_at, view)
        })
        .collect();
    items.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.email.cmp(&b.1.email)));
    Ok(Json(VendorInvitations {
        items: items.into_iter().map(|(_, v)| v).collect(),
    }))
}

/// DELETE /api/admin/vendor-invitations/{id}: revokes an invitation not taken up yet; its link
/// then says it no longer works.
#[utoipa::path(delete, path = "/admin/vendor-invitations/{id}", tag = "admin",
    params(("id" = String, Path, description = "An invitation's id, as the list gives it")),
    responses(
        (status = 204, description = "Revoked"),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such invitation waiting", body = ErrorBody),
    ))]
pub async fn revoke_vendor_invitation(
    State(state): State<VendorAccountsState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<String>,
) -> Result<StatusCode> {
    let gone = || {
        not_found("There is no such invitation waiting: it was taken up, revoked or has expired")
    };
    if id.len() != 64 || !id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return Err(gone());
    }
    state
        .blocking(move |app| {
            storage::write(&app.accounts.store, |change| {
                match change.get(&LINKS, id.clone())? {
                    Some(l) if l.kind == LinkKind::Invitation && l.expires_at > now_secs() => {
                        change.delete(&LINKS, id.clone())?;
                        Ok(())
                    }
                    _ => Err(gone()),
                }
            })
        })
        .await?;
    tracing::info!(target: "security", user_id = admin.id, "vendor invitation revoked");
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ProposalQueue {
    /// Waiting for a decision, oldest first.
    pub open: Vec<ProposalView>,
    /// The 50 last decided or withdrawn, newest first.
    pub decided: Vec<ProposalView>,
}

/// GET /api/admin/vendor-proposals: the proposals waiting for the operator, and the last decided.
#[utoipa::path(get, path = "/admin/vendor-proposals", tag = "admin",
    responses(
        (status = 200, body = ProposalQueue),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperator,
    ))]
pub async fn proposal_queue(
    State(state): State<VendorAccountsState>,
    AdminUser(_): AdminUser,
) -> Result<Json<ProposalQueue>> {
    let all = state
        .blocking(|app| storage::all(&app.accounts.store, &PROPOSALS))
        .await?;
    let (open, mut decided): (Vec<_>, Vec<_>) =
        all.into_iter().partition(|p| p.status == Status::Open);
    decided.sort_by_key(|p| std::cmp::Reverse((p.decided_at, p.id)));
    decided.truncate(50);
    Ok(Json(ProposalQueue {
        open: open.iter().map(|p| proposal_view(&state, p)).collect(),
        decided: decided.iter().map(|p| proposal_view(&state, p)).collect(),
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DecisionBody {
    /// Approve (or reject) every fact not decided yet.
    pub approve: bool,
    /// Why, 1-500 characters: required to reject, shown to the vendor.
    #[serde(default)]
    pub reason: Option<String>,
    /// To approve a proposal with attestations (SOC 2, ISO 27001, a BAA offered): the evidence
    /// you saw for each, by its field (`soc2`, `iso27001`, `hipaaBaa`).
    #[serde(default)]
    pub evidence: BTreeMap<String, EvidenceBody>,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FactDecisionBody {
    pub approve: bool,
    /// Why not, up to 500 characters, optional: shown to the vendor.
    #[serde(default)]
    pub reason: Option<String>,
    /// Required to approve an attestation (SOC 2, ISO 27001, a BAA offered): the vendor's own
    /// page or your note that you have seen the report.
    #[serde(default)]
    pub evidence: Option<EvidenceBody>,
}

/// What the operator decides: one fact, or every fact not decided yet.
struct Decision {
    field: Option<String>,
    approve: bool,
    reason: Option<String>,
    evidence: BTreeMap<String, EvidenceBody>,
}

fn checked_reason(raw: Option<&str>) -> Result<Option<String>> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        Some(r) if r.chars().count() > 500 || r.chars().any(|c| c.is_control() && c != '\n') => {
            Err(bad_request(
                "The reason must be at most 500 characters of text",
            ))
        }
        Some(r) => Ok(Some(r.to_string())),
        None => Ok(None),
    }
}

/// POST /api/admin/vendor-proposals/{id}/decision: approves every fact of a proposal not decided
/// yet (they go live, credited to the vendor and to this operator's approval; an attestation
/// needs its evidence) or rejects them with a reason; the proposer is told.
#[utoipa::path(post, path = "/admin/vendor-proposals/{id}/decision", tag = "admin",
    params(("id" = u64, Path, description = "A proposal id")),
    request_body = DecisionBody,
    responses(
        (status = 200, body = ProposalView),
        (status = 400, description = "No reason for a rejection, an attestation without its evidence, or the proposal no longer passes the checks", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such proposal", body = ErrorBody),
        (status = 409, description = "Decided already", body = ErrorBody),
    ))]
pub async fn decide_proposal(
    State(state): State<VendorAccountsState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<ProposalId>,
    Json(body): Json<DecisionBody>,
) -> Result<Json<ProposalView>> {
    let reason = checked_reason(body.reason.as_deref())?;
    if reason.is_none() && !body.approve {
        return Err(bad_request(
            "Say why the proposal is rejected: the vendor is told",
        ));
    }
    let decision = Decision {
        field: None,
        approve: body.approve,
        reason,
        evidence: body.evidence,
    };
    let decided = decide(&state, &admin, id.get(), decision).await?;
    Ok(Json(proposal_view(&state, &decided)))
}

/// POST /api/admin/vendor-proposals/{id}/facts/{field}/decision: approves one fact of a proposal
/// (it goes live at once, credited to the vendor; an attestation needs its evidence) or rejects it,
/// with a reason the vendor sees if you give one. Once every fact is decided, so is the proposal,
/// and the proposer is told.
#[utoipa::path(post, path = "/admin/vendor-proposals/{id}/facts/{field}/decision", tag = "admin",
    params(
        ("id" = u64, Path, description = "A proposal id"),
        ("field" = String, Path, description = "The fact, as the proposal's `changes` name it (`hipaaBaa`, `bookingUrl`, ...)"),
    ),
    request_body = FactDecisionBody,
    responses(
        (status = 200, body = ProposalView),
        (status = 400, description = "An attestation without its evidence, evidence not on the vendor's own site, or the fact no longer passes the checks", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such proposal, or it proposes no such fact", body = ErrorBody),
        (status = 409, description = "Decided already", body = ErrorBody),
    ))]
pub async fn decide_fact(
    State(state): State<VendorAccountsState>,
    AdminUser(admin): AdminUser,
    Path((id, field)): Path<(ProposalId, String)>,
    Json(body): Json<FactDecisionBody>,
) -> Result<Json<ProposalView>> {
    let reason = checked_reason(body.reason.as_deref())?;
    let mut evidence = BTreeMap::new();
    if let Some(given) = body.evidence {
        evidence.insert(field.clone(), given);
    }
    let decision = Decision {
        field: Some(field),
        approve: body.approve,
        reason,
        evidence,
    };
    let decided = decide(&state, &admin, id.get(), decision).await?;
    Ok(Json(proposal_view(&state, &decided)))
}

/// Decides one fact of proposal `id`, or every fact not decided yet: the approved ones go live
/// now; once no fact waits, the proposal is decided and its proposer told.
async fn decide(
    state: &VendorAccountsState,
    admin: &crate::platform::caller::User,
    id: u64,
    d: Decision,
) -> Result<Proposal> {
    let base = links::base(&state.accounts.config);
    // A proposed logo is copied before anything is written: a logo that cannot be copied refuses
    // the approval with the reason, and the operator can reject with it.
    let copied_logo = if d.approve {
        let proposal = state
            .blocking(move |app| storage::get(&app.accounts.store, &PROPOSALS, id))
            .await?
            .ok_or_else(|| not_found(format!("There is no proposal {id}")))?;
        let in_play = d.field.as_deref().is_none_or(|f| f == "logoUrl")
            && !proposal.fact_decisions.iter().any(|r| r.field == "logoUrl");
        match super::proposals::logo_to_copy(&proposal.changes) {
            Some(raw) if proposal.status == Status::Open && in_play => {
                let outbound = state.accounts.config.outbound();
                let store = state.accounts.store.clone();
                let path = crate::catalog::logos::copy(store, proposal.vendor_id, &raw, &outbound)
                    .await
                    .map_err(|e| {
                        bad_request(format!(
                            "{e}. Reject the proposal with this reason, or ask the vendor for \
                             another image."
                        ))
                    })?;
                Some(path)
            }
            _ => None,
        }
    } else {
        None
    };
    let copying = copied_logo.is_some();
    let admin = admin.clone();
    let admin_id = admin.id;
    let (approve, fact) = (d.approve, d.field.clone().unwrap_or_else(|| "all".into()));
    let decided = state
        .blocking(move |app| {
            let store = &app.accounts.store;
            let proposal = storage::get(store, &PROPOSALS, id)?
                .ok_or_else(|| not_found(format!("There is no proposal {id}")))?;
            if proposal.status != Status::Open {
                return Err(conflict("This proposal was decided already"));
            }
            let today = crate::platform::clock::today().format("%Y-%m-%d").to_string();
            let (vendor_name, deciding, waiting, approvals) = {
                let catalog = app.catalog.load();
                let vendor = catalog
                    .vendor(proposal.vendor_id)
                    .ok_or_else(|| not_found("The proposal's listing is no longer in the catalog"))?;
                let facts = catalog.facts(vendor.id).cloned().unwrap_or_default();
                // An approval applies what passes the checks now; a rejection of the whole keeps
                // the rows the operator saw, or none when they no longer pass.
                let rows = match super::proposals::diff(vendor, &facts, &proposal.changes) {
                    Ok(rows) => rows,
                    Err(e) if d.approve || d.field.is_some() => return Err(e),
                    Err(_) => Vec::new(),
                };
                let undecided: Vec<FieldChange> = rows
                    .into_iter()
                    .filter(|r| !proposal.fact_decisions.iter().any(|k| k.field == r.field))
                    .collect();
                let deciding: Vec<FieldChange> = match &d.field {
                    Some(field) => match undecided.iter().find(|r| r.field == *field) {
                        Some(row) => vec![row.clone()],
                        None if proposal.fact_decisions.iter().any(|k| k.field == *field) => {
                            return Err(conflict(format!("This proposal's {field} was decided already")));
                        }
                        None => {
                            return Err(not_found(format!(
                                "Proposal {id} proposes no change to {field}"
                            )));
                        }
                    },
                    None => undecided.clone(),
                };
                for field in d.evidence.keys() {
                    if !d.approve {
                        return Err(bad_request(
                            "Evidence goes with an approval: leave it out to reject",
                        ));
                    }
                    if !deciding.iter().any(|r| r.field == *field && r.attestation) {
                        return Err(bad_request(format!(
                            "evidence.{field}: only an attestation this decision approves (SOC 2, ISO 27001, a BAA offered) takes evidence"
                        )));
                    }
                }
                let plain = Provenance::Vendor {
                    vendor: vendor.name.clone(),
                    account_id: Some(proposal.account_id),
                    approved_by: Some(admin.id),
                    on: today.clone(),
                };
                let mut approvals: Vec<(String, Provenance)> = Vec::new();
                if d.approve {
                    for row in &deciding {
                        let by = if row.attestation {
                            let given = d.evidence.get(&row.field).cloned().unwrap_or(EvidenceBody {
                                url: None,
                                note: None,
                            });
                            Provenance::VendorAttested {
                                vendor: vendor.name.clone(),
                                account_id: Some(proposal.account_id),
                                approved_by: Some(admin.id),
                                on: today.clone(),
                                evidence: super::proposals::evidence(&given, vendor, &row.label)?,
                            }
                        } else {
                            plain.clone()
                        };
                        approvals.push((row.field.clone(), by));
                    }
                }
                let waiting = undecided.len() - deciding.len();
                (vendor.name.clone(), deciding, waiting, (plain, approvals))
            };
            let (plain, approvals) = approvals;
            if !approvals.is_empty() {
                let mut changed = false;
                crate::catalog::storage::update_vendor(store, proposal.vendor_id, &plain, |vendor, facts| {
                    // Fact by fact, each credited as approved (an attestation with its evidence).
                    let mut new = vendor;
                    let mut new_facts = facts.clone();
                    for (field, by) in &approvals {
                        let part = super::proposals::only(&proposal.changes, field);
                        let (next, next_facts, fields) = super::proposals::apply(
                            &new,
                            &new_facts,
                            &part,
                            by,
                            copied_logo.clone(),
                        )?;
                        new = next;
                        new_facts = next_facts;
                        changed |= !fields.is_empty();
                    }
                    *facts = new_facts;
                    Ok(changed.then_some(new))
                })?;
                if changed {
                    crate::catalog::reload(store, &app.catalog)?;
                }
                // A logo replaced or removed leaves no copy behind.
                if changed && approvals.iter().any(|(f, _)| f == "logoUrl") {
                    let current = app.catalog.load().vendor(proposal.vendor_id).and_then(|v| v.logo_url.clone());
                    crate::catalog::logos::keep_only(store, proposal.vendor_id, current.as_deref())?;
                }
            }
            storage::write(store, |change| {
                let mut p = change
                    .get(&PROPOSALS, id)?
                    .ok_or_else(|| not_found(format!("There is no proposal {id}")))?;
                if p.status != Status::Open {
                    return Err(conflict("This proposal was decided already"));
                }
                let now = now_secs();
                for mut row in deciding {
                    let evidence = approvals.iter().find_map(|(f, by)| match by {
                        Provenance::VendorAttested { evidence, .. } if *f == row.field => Some(evidence.clone()),
                        _ => None,
                    });
                    row.decision = Some(FactOutcome {
                        approved: d.approve,
                        decided_at: rfc3339(now),
                        reason: if d.field.is_some() { d.reason.clone() } else { None },
                        evidence_seen_on: evidence.as_ref().map(|e| e.seen_on.clone()),
                        evidence_url: evidence.and_then(|e| match e.seen {
                            EvidenceSeen::Page { url } => Some(url),
                            EvidenceSeen::Note { .. } => None,
                        }),
                    });
                    p.fact_decisions.push(row);
                }
                p.fact_decisions.sort_by_key(|r| super::proposals::place(&r.field));
                if waiting > 0 {
                    // Facts still wait: the proposal stays open, and the vendor is told once.
                    change.put(&PROPOSALS, id, &p)?;
                    return Ok(p);
                }
                let approved: Vec<&FieldChange> = p.fact_decisions.iter().filter(|r| r.decision.as_ref().is_some_and(|o| o.approved)).collect();
                let refused: Vec<&FieldChange> = p.fact_decisions.iter().filter(|r| r.decision.as_ref().is_some_and(|o| !o.approved)).collect();
                // A proposal the listing already equals has no facts: it is decided as asked.
                let all_approved = if p.fact_decisions.is_empty() { d.approve } else { refused.is_empty() };
                let none_approved = if p.fact_decisions.is_empty() { !d.approve } else { approved.is_empty() };
                let submitted = rfc3339(p.submitted_at).replace('T', " ").replace('Z', " UTC");
                let labels = |rows: &[&FieldChange]| rows.iter().map(|r| r.label.clone()).collect::<Vec<_>>().join(", ");
                let why: Vec<String> = refused
                    .iter()
                    .filter_map(|r| r.decision.as_ref().and_then(|o| o.reason.as_ref()).map(|why| format!("{}: {why}", r.label)))
                    .chain(if d.field.is_none() { d.reason.clone() } else { None })
                    .collect();
                let (verb, title, body) = if all_approved {
                    (
                        "approved",
                        format!("Your proposal for {vendor_name} is live"),
                        format!("The operator approved your proposal of {submitted}: firms now see its facts as supplied by {vendor_name}."),
                    )
                } else if none_approved {
                    (
                        "rejected",
                        format!("Your proposal for {vendor_name} was not approved"),
                        format!("The operator did not approve your proposal of {submitted}. Their reason: {}", if why.is_empty() { "none given".to_string() } else { why.join("; ") }),
                    )
                } else {
                    (
                        "decided fact by fact",
                        format!("Your proposal for {vendor_name} is partly live"),
                        format!(
                            "The operator approved {} from your proposal of {submitted}: firms now see them as supplied by {vendor_name}. Not approved: {}.{}",
                            labels(&approved),
                            labels(&refused),
                            if why.is_empty() { String::new() } else { format!(" Their reason: {}", why.join("; ")) }
                        ),
                    )
                };
                p.status = if none_approved { Status::Rejected } else { Status::Approved };
                p.decided_at = Some(now);
                p.decided_by = Some(admin.id);
                p.reason = if d.field.is_none() { d.reason.clone() } else { None };
                p.decided_changes = Some(p.fact_decisions.clone());
                change.put(&PROPOSALS, id, &p)?;
                let how = format!("{} {verb} this proposal on {}.", admin.name, &rfc3339(now)[..10]);
                super::routes::end_proposal_notices(change, store, p.id, &how)?;
                if let Some(account) = change.get(&ACCOUNTS, p.account_id)? {
                    change.notice(account.id, &title, &body, now)?;
                    // Without the install's address the letter's link would have no host: the
                    // vendor reads the answer under their bell.
                    if let Some(base) = base.as_deref()
                        && let Some(settings) = change.mail_settings()?
                    {
                        let letter = crate::mail::letters::vendor_review(
                            &account.email,
                            &account.name,
                            &vendor_name,
                            &title,
                            &body,
                            &format!("{base}/vendor"),
                        );
                        change.mail(&crate::mail::storage::Outgoing::new(&settings, letter), now)?;
                    }
                }
                Ok(p)
            })
        })
        .await;
    // A copy made for an approval that failed is not kept.
    if copying && decided.is_err() {
        let _ = state
            .blocking(move |app| {
                let Some(proposal) = storage::get(&app.accounts.store, &PROPOSALS, id)? else {
                    return Ok(());
                };
                let vendor = proposal.vendor_id;
                let current = app
                    .catalog
                    .load()
                    .vendor(vendor)
                    .and_then(|v| v.logo_url.clone());
                crate::catalog::logos::keep_only(&app.accounts.store, vendor, current.as_deref())
            })
            .await;
    }
    let decided = decided?;
    tracing::info!(target: "security", user_id = admin_id, proposal = id, approved = approve, fact = %fact, "vendor proposal decided");
    Ok(decided)
}
