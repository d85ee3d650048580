//! The part of a firm's archive a person reads (`for-people/`, and `README.txt` beside it): the
//! firm's decisions, contracts, tech stack, shortlist, dismissals and audit log as spreadsheets
//! open them: ISO dates, dollars, vendor names and category labels, and every state in the words
//! the screens use. The machine tables (`tables/`) stay what an import reads; these are read from
//! the same stores, never parsed back.

use chrono::NaiveDate;

use crate::accounts::{self, AccountsState};
use crate::catalog::Catalog;
use crate::platform::clock::rfc3339;
use crate::platform::download::CsvFile;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;

/// A file of the archive: its path, bytes and rows.
pub type File = (String, Vec<u8>, usize);

/// The spreadsheets of `for-people/`, each with its header row first and nothing above it.
pub fn files(app: &AccountsState, firm: FirmId, catalog: &Catalog) -> Result<Vec<File>> {
    let names = Names::of(app, firm, catalog)?;
    Ok(vec![
        decisions(app, firm, &names)?,
        contracts(app, firm, &names)?,
        tech_stack(app, firm, &names)?,
        shortlist(app, firm, &names)?,
        dismissals(app, firm, &names)?,
        audit_log(app, firm)?,
    ])
}

/// `README.txt`: what the archive holds, for the person who opens it.
pub fn readme(firm_name: &str, exported_at: i64, people: &[File]) -> File {
    let listed: Vec<String> = people
        .iter()
        .map(|(path, _, rows)| format!("  {path} ({rows} rows)"))
        .collect();
    let text = format!(
        "Litstack archive of {firm_name}, taken {at}.\r\n\
         \r\n\
         For people (open in a spreadsheet; dates are YYYY-MM-DD or UTC date-times, money is US\r\n\
         dollars, vendors and categories by name):\r\n\
         \x20 people.csv (the members)\r\n\
         {listed}\r\n\
         \r\n\
         For another Litstack install (its operator loads them with `litstack firms import FILE`;\r\n\
         do not edit them):\r\n\
         \x20 manifest.json (every file with its rows and SHA-256, and what was left out and why)\r\n\
         \x20 catalog.json (the categories and vendors the tables name by id)\r\n\
         \x20 tables/*.json (one JSON array per table)\r\n",
        at = rfc3339(exported_at),
        listed = listed.join("\r\n"),
    );
    let bytes = text.into_bytes();
    ("README.txt".into(), bytes, 0)
}

/// Who and what the rows name by id, in the words a person knows them by.
struct Names<'a> {
    catalog: &'a Catalog,
    members: Vec<(u64, String)>,
}

impl Names<'_> {
    fn of<'a>(app: &AccountsState, firm: FirmId, catalog: &'a Catalog) -> Result<Names<'a>> {
        let members = accounts::firm_members(app, firm)?
            .into_iter()
            .map(|u| (u.id, u.name))
            .collect();
        Ok(Names { catalog, members })
    }

    fn vendor(&self, id: u64) -> String {
        self.catalog.vendor(id).map_or_else(
            || format!("Vendor {id} (no longer listed)"),
            |v| v.name.clone(),
        )
    }

    fn category(&self, id: u64) -> String {
        self.catalog
            .category(id)
            .map_or_else(|| format!("Category {id}"), |c| c.label.clone())
    }

    fn category_of_vendor(&self, id: u64) -> String {
        self.catalog
            .vendor(id)
            .map(|v| self.category(v.category_id))
            .unwrap_or_default()
    }

    fn person(&self, id: u64) -> String {
        self.members
            .iter()
            .find(|(m, _)| *m == id)
            .map_or_else(|| "A former member".into(), |(_, name)| name.clone())
    }
}

/// "2026-11-29T10:00:00Z" from Unix seconds.
fn at(secs: i64) -> String {
    rfc3339(secs)
}

fn day(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

/// "12345.00" from cents: a number a spreadsheet sums.
fn dollars(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

fn yes_no(answer: Option<bool>) -> &'static str {
    match answer {
        Some(true) => "Yes",
        Some(false) => "No",
        None => "",
    }
}

fn file(path: &str, csv: CsvFile, rows: usize) -> File {
    (format!("for-people/{path}"), csv.finish(), rows)
}

fn decisions(app: &AccountsState, firm: FirmId, names: &Names) -> Result<File> {
    use crate::decisions::model::DecisionStatus;
    let mut csv = CsvFile::default();
    csv.row([
        "Decision",
        "Category",
        "Chosen vendor",
        "Runner-up",
        "Status",
        "Annual cost (USD)",
        "Start date",
        "Reasons",
        "Proposed by",
        "Proposed at",
        "Final at",
        "Approvers",
    ])?;
    let list = crate::decisions::storage::list(&app.store, firm)?;
    for d in &list {
        let t = &d.terms;
        let approvers: Vec<&str> = t.approvers.iter().map(|a| a.name.as_str()).collect();
        csv.row([
            d.id.to_string(),
            names.category(t.category_id),
            names.vendor(t.vendor_id),
            t.runner_up_id
                .map(|id| names.vendor(id))
                .unwrap_or_default(),
            match d.status {
                DecisionStatus::Open => "Waiting for approval".into(),
                DecisionStatus::Final => "Final".to_string(),
            },
            dollars(t.annual_cost),
            t.start_date.clone(),
            t.reasons.clone(),
            d.proposed_by.clone(),
            at(d.proposed_at),
            d.final_at.map(at).unwrap_or_default(),
            approvers.join("; "),
        ])?;
    }
    Ok(file("decisions.csv", csv, list.len()))
}

fn contracts(app: &AccountsState, firm: FirmId, names: &Names) -> Result<File> {
    let mut csv = CsvFile::default();
    csv.row([
        "Tool",
        "Category",
        "Start date",
        "Term (months)",
        "Renewal date",
        "Notice (days)",
        "Last day to give notice",
        "Annual cost (USD)",
        "Seats",
        "Responsible",
        "Updated at",
        "Updated by",
    ])?;
    let list = crate::techstack::storage::contracts::contracts(&app.store, firm)?;
    for c in &list {
        let deadline = c.renewal_date() - chrono::Days::new(u64::from(c.notice_days));
        csv.row([
            names.vendor(c.vendor_id),
            names.category_of_vendor(c.vendor_id),
            day(c.start_date()),
            c.term_months.to_string(),
            day(c.renewal_date()),
            c.notice_days.to_string(),
            day(deadline),
            dollars(c.annual_cost),
            c.seats.to_string(),
            names.person(c.responsible_user_id),
            at(c.updated_at),
            c.updated_by.clone().unwrap_or_default(),
        ])?;
    }
    Ok(file("contracts.csv", csv, list.len()))
}

fn tech_stack(app: &AccountsState, firm: FirmId, names: &Names) -> Result<File> {
    let mut csv = CsvFile::default();
    csv.row([
        "Category",
        "Has a tool",
        "Tools",
        "Main tool",
        "Tools not in the catalog",
    ])?;
    let list = crate::techstack::storage::load(&app.store, firm)?;
    for (category, a) in &list {
        let tools: Vec<String> = a.vendor_ids.iter().map(|id| names.vendor(*id)).collect();
        csv.row([
            names.category(*category),
            yes_no(Some(a.has_tool)).to_string(),
            tools.join("; "),
            a.primary_vendor_id
                .map(|id| names.vendor(id))
                .unwrap_or_default(),
            a.other_vendors.join("; "),
        ])?;
    }
    Ok(file("tech-stack.csv", csv, list.len()))
}

fn shortlist(app: &AccountsState, firm: FirmId, names: &Names) -> Result<File> {
    let mut csv = CsvFile::default();
    csv.row([
        "Vendor",
        "Category",
        "Status",
        "Why rejected",
        "Note",
        "Added at",
        "Demo held",
        "Chosen",
        "Satisfaction (1-5)",
        "History",
    ])?;
    let list = crate::shortlist::storage::load(&app.store, firm)?;
    for (vendor, e) in &list {
        let history: Vec<String> = e
            .history
            .iter()
            .map(|h| match &h.by {
                Some(by) => format!("{} {} by {by}", at(h.at), h.status.label()),
                None => format!("{} {}", at(h.at), h.status.label()),
            })
            .collect();
        csv.row([
            names.vendor(*vendor),
            names.category_of_vendor(*vendor),
            e.status.label().to_string(),
            e.reject_reason.clone().unwrap_or_default(),
            e.note.clone(),
            at(e.added_at),
            yes_no(e.outcome.demo_held).to_string(),
            yes_no(e.outcome.chosen).to_string(),
            e.outcome
                .satisfaction
                .map(|s| s.to_string())
                .unwrap_or_default(),
            history.join("; "),
        ])?;
    }
    Ok(file("shortlist.csv", csv, list.len()))
}

fn dismissals(app: &AccountsState, firm: FirmId, names: &Names) -> Result<File> {
    let mut csv = CsvFile::default();
    csv.row(["Vendor", "Category", "Reason", "Dismissed at"])?;
    let list = crate::recommend::storage::dismissals(&app.store, firm)?;
    for (vendor, d) in &list {
        csv.row([
            names.vendor(*vendor),
            names.category_of_vendor(*vendor),
            d.reason.label(),
            at(d.at),
        ])?;
    }
    Ok(file("dismissals.csv", csv, list.len()))
}

fn audit_log(app: &AccountsState, firm: FirmId) -> Result<File> {
    let mut csv = CsvFile::default();
    csv.row(["At", "Who", "What", "Detail"])?;
    let list = crate::accounts::audit::entries(app, firm)?;
    for e in &list {
        csv.row([
            at(e.at),
            e.actor.clone().unwrap_or_default(),
            words(e.action.code()),
            e.detail.clone(),
        ])?;
    }
    Ok(file("audit-log.csv", csv, list.len()))
}

/// "Contract saved" from "contract_saved".
fn words(code: &str) -> String {
    let text = code.replace('_', " ");
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_and_codes_read_as_a_person_reads_them() {
        assert_eq!(dollars(1_234_500), "12345.00");
        assert_eq!(dollars(7), "0.07");
        assert_eq!(words("contract_saved"), "Contract saved");
        assert_eq!(words(""), "");
    }
}
