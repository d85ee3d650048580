//! What the decision routes do, on either backend: propose, edit, read (storing the live version
//! when it changed), approve or object, go final, and answer the tech-stack question. Every write
//! is one transaction: the decision is re-read in it (under its firm's scope lock) and its
//! latest version too, so two nodes or two requests never store the same version twice.

use crate::platform::caller::User;
use crate::platform::error::{Result, bad_request, conflict, not_found};
use crate::platform::firm_id::FirmId;
use crate::platform::store::WriteTx;
use crate::shortlist::model::{Entry, Stamp, Status};
use crate::techstack::model::Adoption;

use super::DecisionsState;
use super::canonical;
use super::model::{
    Approval, Approver, Decision, DecisionStatus, Parsed, TechStep, Terms, Verdict, Version,
};
use super::record::{self, Live};
use super::storage;

/// What a verdict came to.
pub enum VerdictOutcome {
    /// Recorded; the decision as it stands (final when this was the last approval).
    Recorded(Box<Decision>),
    /// The hash sent is not the current version's: nothing was recorded.
    Stale { current_hash: String },
}

fn not_found_decision(id: u64) -> crate::platform::error::AppError {
    not_found(format!("There is no decision with id {id}"))
}

/// Checks the plain terms against the catalog, the firm's shortlist and its members.
pub fn terms(state: &DecisionsState, firm_id: FirmId, p: Parsed) -> Result<Terms> {
    let snapshot = state.catalog.load();
    if snapshot.category(p.category_id).is_none() {
        return Err(bad_request(format!(
            "categoryId {} is not a category of the catalog",
            p.category_id
        )));
    }
    let shortlist = crate::shortlist::storage::load(&state.store, firm_id)?;
    let fits = |id: u64| {
        snapshot
            .vendor(id)
            .is_some_and(|v| v.category_id == p.category_id)
            && shortlist.iter().any(|(v, _)| *v == id)
    };
    if !fits(p.vendor_id) {
        return Err(bad_request(
            "vendorId must be a vendor of the category that is on your firm's shortlist",
        ));
    }
    if let Some(r) = p.runner_up_id
        && !fits(r)
    {
        return Err(bad_request(
            "runnerUpId must be a vendor of the category that is on your firm's shortlist",
        ));
    }
    let members = crate::accounts::storage::firm_members(&state.store, firm_id)?;
    let approvers: Vec<Approver> = if p.approvers.is_empty() {
        members
            .iter()
            .filter(|m| m.firm_role == crate::platform::caller::FirmRole::Owner)
            .map(|m| Approver {
                user_id: m.id,
                name: m.name.clone(),
            })
            .collect()
    } else {
        p.approvers
            .iter()
            .map(|id| {
                members
                    .iter()
                    .find(|m| m.id == *id && m.firm_role != crate::platform::caller::FirmRole::Viewer)
                    .map(|m| Approver {
                        user_id: m.id,
                        name: m.name.clone(),
                    })
                    .ok_or_else(|| {
                        bad_request(format!(
                            "approvers must be members of your firm who are not viewers ({id} is not)"
                        ))
                    })
            })
            .collect::<Result<_>>()?
    };
    if approvers.is_empty() {
        return Err(bad_request(
            "approvers: your firm has no owner to approve; name the approvers",
        ));
    }
    Ok(Terms {
        category_id: p.category_id,
        vendor_id: p.vendor_id,
        runner_up_id: p.runner_up_id,
        reasons: p.reasons,
        annual_cost: p.annual_cost,
        start_date: p.start_date,
        approvers,
    })
}

/// Stores the live record as a new version when it differs from the latest (never after final);
/// answers the current version.
fn sync_in(tx: &mut WriteTx, d: &Decision, live: &Live, now: i64) -> Result<Version> {
    let firm_id = FirmId::from_stored(d.firm_id);
    let latest = storage::latest_in(tx, firm_id, d.id)?;
    if d.status == DecisionStatus::Final
        && let Some(v) = latest
    {
        return Ok(v);
    }
    let content = canonical::canonical(&record::content(d, live));
    let hash = canonical::hash(&content);
    if let Some(v) = &latest
        && v.hash == hash
    {
        return Ok(v.clone());
    }
    let version = Version {
        firm_id: d.firm_id,
        decision_id: d.id,
        n: latest.map_or(1, |v| v.n + 1),
        content,
        hash,
        created_at: now,
    };
    storage::add_version_in(tx, &version)?;
    Ok(version)
}

/// Tells each approver but `by` that the decision waits for their approval (bell and mail, as
/// they chose), in the caller's transaction. `base`: where links point.
fn ask_approvers_in(
    tx: &mut WriteTx,
    state: &DecisionsState,
    d: &Decision,
    by: &User,
    base: Option<&str>,
    edited: bool,
    now: i64,
) -> Result<()> {
    use crate::notifications::model::{Notice, NoticeKind};
    use crate::notifications::storage::Delivery;
    let members = crate::accounts::storage::firm_members(&state.store, by.firm.id)?;
    let category = state
        .catalog
        .load()
        .category(d.terms.category_id)
        .map(|c| c.label.clone())
        .unwrap_or_default();
    let vendor = name_of(state, d.terms.vendor_id);
    let title = if edited {
        format!("A decision you approve changed: {category}, {vendor}")
    } else {
        format!("Your approval is asked: {category}, {vendor}")
    };
    let body = format!(
        "{} {} the decision to choose {vendor} for {category}. Read its record and approve or \
         object.",
        by.name,
        if edited { "edited" } else { "proposed" }
    );
    let link = format!("/decisions/{}", d.id);
    for approver in &d.terms.approvers {
        if approver.user_id == by.id {
            continue;
        }
        let Some(member) = members.iter().find(|m| m.id == approver.user_id) else {
            continue;
        };
        let delivery = Delivery {
            letter: crate::mail::letters::notice(
                NoticeKind::DecisionApproval.message_kind(),
                d.firm_id,
                &member.email,
                &member.name,
                &title,
                &body,
                Some((
                    "Open the decision",
                    &format!("{}{link}", base.unwrap_or_default()),
                )),
            ),
            notice: Notice {
                kind: NoticeKind::DecisionApproval,
                user_id: member.id,
                firm_id: d.firm_id,
                title: title.clone(),
                body: body.clone(),
                link: link.clone(),
                created_at: now,
            },
            base: base.map(str::to_string),
        };
        crate::notifications::storage::deliver_in(tx, &delivery)?;
    }
    Ok(())
}

/// Proposes a decision: 409 with the open one's id when the category has one open. The approvers
/// are told in the same transaction.
pub fn propose(
    state: &DecisionsState,
    user: &User,
    terms: Terms,
    base: Option<&str>,
    now: i64,
) -> Result<std::result::Result<(Decision, Version), u64>> {
    let firm_id = user.firm.id;
    let mut tx = state.store.begin()?;
    if let Some(open) = storage::open_in_category_in(&mut tx, firm_id, terms.category_id)? {
        return Ok(Err(open));
    }
    let id = storage::next_id_in(&mut tx)?;
    // The category's round closes with the proposal, under the evaluations' turn: no scorecard
    // can land between the record read below and the commit, and none after it.
    crate::evaluations::storage::update_in(&mut tx, firm_id, terms.category_id, |rounds| {
        Ok(crate::evaluations::actions::close(
            rounds,
            user,
            Some(id),
            now,
        ))
    })?;
    let live = record::live(&state.store, &state.catalog, firm_id, terms.category_id)?;
    let d = Decision {
        id,
        firm_id: firm_id.get(),
        terms,
        proposed_by: user.name.clone(),
        proposed_at: now,
        status: DecisionStatus::Open,
        final_at: None,
        approvals: Vec::new(),
        tech_step: TechStep::Pending,
    };
    storage::put_in(&mut tx, &d)?;
    let v = sync_in(&mut tx, &d, &live, now)?;
    ask_approvers_in(&mut tx, state, &d, user, base, false, now)?;
    tx.commit()?;
    Ok(Ok((d, v)))
}

/// Replaces an open decision's terms: a new version, and the approvers are asked again. Final
/// ones are frozen (409).
pub fn edit(
    state: &DecisionsState,
    user: &User,
    id: u64,
    terms: Terms,
    base: Option<&str>,
    now: i64,
) -> Result<(Decision, Version)> {
    let firm_id = user.firm.id;
    let current = storage::get(&state.store, firm_id, id)?.ok_or_else(|| not_found_decision(id))?;
    if terms.category_id != current.terms.category_id {
        return Err(bad_request(
            "categoryId cannot change: propose a decision in the other category instead",
        ));
    }
    let live = record::live(&state.store, &state.catalog, firm_id, terms.category_id)?;
    let mut tx = state.store.begin()?;
    let mut d = storage::find_in(&mut tx, firm_id, id)?.ok_or_else(|| not_found_decision(id))?;
    if d.status == DecisionStatus::Final {
        return Err(conflict(
            "This decision is final: its record is frozen and cannot be edited",
        ));
    }
    // The version the edit was made over is stored first, so the change shows as its own step.
    sync_in(&mut tx, &d, &live, now)?;
    d.terms = terms;
    storage::put_in(&mut tx, &d)?;
    let before = storage::latest_in(&mut tx, firm_id, id)?.map(|v| v.n);
    let v = sync_in(&mut tx, &d, &live, now)?;
    if before != Some(v.n) {
        ask_approvers_in(&mut tx, state, &d, user, base, true, now)?;
    }
    tx.commit()?;
    Ok((d, v))
}

/// The decision and every version of its record. An open decision whose live record changed
/// since its last version ends with that record as the next version, shown but not stored: a read
/// never writes the firm's record. The next write on the decision (an edit, an approval, an
/// objection) stores it first (`sync_in`), so a verdict names a hash that is then on record.
pub fn read(
    state: &DecisionsState,
    firm_id: FirmId,
    id: u64,
    now: i64,
) -> Result<(Decision, Vec<Version>)> {
    let (d, versions) = storage::get_with_versions(&state.store, firm_id, id)?
        .ok_or_else(|| not_found_decision(id))?;
    let versions = with_live(state, &d, versions, now)?;
    Ok((d, versions))
}

/// The stored versions of `d`, and for an open decision whose live record changed since its last
/// version that record as the next (shown, not stored).
pub fn with_live(
    state: &DecisionsState,
    d: &Decision,
    mut versions: Vec<Version>,
    now: i64,
) -> Result<Vec<Version>> {
    let firm_id = FirmId::from_stored(d.firm_id);
    if d.status == DecisionStatus::Open {
        let live = record::live(&state.store, &state.catalog, firm_id, d.terms.category_id)?;
        let content = canonical::canonical(&record::content(d, &live));
        let hash = canonical::hash(&content);
        if versions.last().map(|v| &v.hash) != Some(&hash) {
            versions.push(Version {
                firm_id: d.firm_id,
                decision_id: d.id,
                n: versions.last().map_or(1, |v| v.n + 1),
                content,
                hash,
                created_at: now,
            });
        }
    }
    Ok(versions)
}

/// An approver approves or objects to the version of `hash`. Only listed approvers (403); not
/// after final (409); a hash other than the current version's answers `Stale`. The last
/// approval of the current version makes the decision final in the same transaction.
pub fn verdict(
    state: &DecisionsState,
    user: &User,
    id: u64,
    verdict: Verdict,
    hash: String,
    comment: String,
    now: i64,
) -> Result<VerdictOutcome> {
    let firm_id = user.firm.id;
    let current = storage::get(&state.store, firm_id, id)?.ok_or_else(|| not_found_decision(id))?;
    if !current.terms.approvers.iter().any(|a| a.user_id == user.id) {
        return Err(crate::platform::error::forbidden(
            "Only the decision's approvers can approve or object",
        ));
    }
    let live = record::live(
        &state.store,
        &state.catalog,
        firm_id,
        current.terms.category_id,
    )?;
    let mut tx = state.store.begin()?;
    let mut d = storage::find_in(&mut tx, firm_id, id)?.ok_or_else(|| not_found_decision(id))?;
    if d.status == DecisionStatus::Final {
        return Err(conflict("This decision is final already"));
    }
    let v = sync_in(&mut tx, &d, &live, now)?;
    if v.hash != hash {
        tx.commit()?;
        return Ok(VerdictOutcome::Stale {
            current_hash: v.hash,
        });
    }
    d.approvals.push(Approval {
        user_id: user.id,
        name: user.name.clone(),
        verdict,
        hash: v.hash.clone(),
        version: v.n,
        comment,
        at: now,
    });
    let finals = d.all_approved(&v.hash);
    if finals {
        finalize_in(&mut tx, state, &mut d, &live, &user.name, now)?;
    }
    storage::put_in(&mut tx, &d)?;
    tx.commit()?;
    if finals {
        state.firm_changed.tell(firm_id);
    }
    Ok(VerdictOutcome::Recorded(Box::new(d)))
}

/// The name of a catalog vendor.
fn name_of(state: &DecisionsState, id: u64) -> String {
    state
        .catalog
        .load()
        .vendor(id)
        .map(|v| v.name.clone())
        .unwrap_or_else(|| format!("Vendor {id}"))
}

/// Final: frozen, the shortlist marks the chosen vendor Chosen and every other of the category
/// "Not chosen" (a Rejected one stays Rejected: it was out already), and the tech stack takes the
/// chosen vendor when the category has no tool (asks when another tool is there).
fn finalize_in(
    tx: &mut WriteTx,
    state: &DecisionsState,
    d: &mut Decision,
    live: &Live,
    by: &str,
    now: i64,
) -> Result<()> {
    let firm_id = FirmId::from_stored(d.firm_id);
    d.status = DecisionStatus::Final;
    d.final_at = Some(now);
    let stamp = Stamp {
        at: now,
        by: Some(by),
    };
    let chosen = d.terms.vendor_id;
    for (vendor_id, _) in &live.shortlist {
        let vendor_id = *vendor_id;
        crate::shortlist::storage::update_in(tx, firm_id, vendor_id, |entry| {
            let target = if vendor_id == chosen {
                Status::Chosen
            } else {
                Status::NotChosen
            };
            let mut entry = entry.unwrap_or_else(|| Entry::new(target, stamp));
            if entry.status != Status::Rejected || target == Status::Chosen {
                entry.set_status(target, stamp);
            }
            Ok((entry, ()))
        })?;
    }
    let category_id = d.terms.category_id;
    let adoption = crate::techstack::storage::category_in(tx, firm_id, category_id)?;
    let tools = adoption
        .as_ref()
        .filter(|a| a.has_tool && (!a.vendor_ids.is_empty() || !a.other_vendors.is_empty()));
    d.tech_step = match tools {
        None => {
            let mut a = adoption.unwrap_or(Adoption {
                has_tool: true,
                vendor_ids: Vec::new(),
                primary_vendor_id: None,
                other_vendors: Vec::new(),
            });
            a.has_tool = true;
            a.vendor_ids = vec![chosen];
            a.primary_vendor_id = Some(chosen);
            crate::techstack::storage::put_in(tx, firm_id, category_id, &a)?;
            TechStep::Added
        }
        Some(a) if a.vendor_ids.contains(&chosen) => TechStep::AlreadyThere,
        Some(a) => TechStep::NeedsConfirmation {
            current: current_tool(state, a),
        },
    };
    Ok(())
}

/// The tool a replacement would take out: the primary, else the first listed, else the first
/// named one outside the catalog.
fn current_tool(state: &DecisionsState, a: &Adoption) -> String {
    match a.primary_vendor_id.or(a.vendor_ids.first().copied()) {
        Some(id) => name_of(state, id),
        None => a.other_vendors.first().cloned().unwrap_or_default(),
    }
}

/// The answer to "Replace <current> with <chosen> in your tech stack?": `replace` makes the
/// chosen vendor the primary tool and takes the current one out; otherwise the chosen vendor is
/// listed beside it (not primary). Only while the question is open (409 otherwise).
pub fn answer_tech_stack(
    state: &DecisionsState,
    user: &User,
    id: u64,
    replace: bool,
) -> Result<Decision> {
    let firm_id = user.firm.id;
    let mut tx = state.store.begin()?;
    let mut d = storage::find_in(&mut tx, firm_id, id)?.ok_or_else(|| not_found_decision(id))?;
    if !matches!(d.tech_step, TechStep::NeedsConfirmation { .. }) {
        return Err(conflict(
            "This decision asks nothing about the tech stack: it is not final, or the stack has its vendor already",
        ));
    }
    let category_id = d.terms.category_id;
    let chosen = d.terms.vendor_id;
    let mut a = crate::techstack::storage::category_in(&mut tx, firm_id, category_id)?.unwrap_or(
        Adoption {
            has_tool: true,
            vendor_ids: Vec::new(),
            primary_vendor_id: None,
            other_vendors: Vec::new(),
        },
    );
    let current = current_tool(state, &a);
    a.has_tool = true;
    if replace {
        match a.primary_vendor_id.or(a.vendor_ids.first().copied()) {
            Some(old) => a.vendor_ids.retain(|v| *v != old),
            None => {
                if !a.other_vendors.is_empty() {
                    a.other_vendors.remove(0);
                }
            }
        }
        a.vendor_ids.retain(|v| *v != chosen);
        a.vendor_ids.insert(0, chosen);
        a.primary_vendor_id = Some(chosen);
        d.tech_step = TechStep::Replaced { old: current };
    } else {
        if !a.vendor_ids.contains(&chosen) {
            a.vendor_ids.push(chosen);
        }
        if a.primary_vendor_id.is_none() && a.vendor_ids.len() > 1 {
            a.primary_vendor_id = a.vendor_ids.first().copied();
        }
        d.tech_step = TechStep::AddedBeside { current };
    }
    crate::techstack::storage::put_in(&mut tx, firm_id, category_id, &a)?;
    storage::put_in(&mut tx, &d)?;
    tx.commit()?;
    state.firm_changed.tell(firm_id);
    Ok(d)
}
