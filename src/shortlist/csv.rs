//! The brief as CSV: one row per shortlisted vendor, every cell safe to open in a spreadsheet.

use super::views::Brief;

use crate::platform::download::CsvFile;

/// Between the items of a list in one cell: readable in a spreadsheet, and never in an item (the
/// questionnaire's labels hold no "|", which a unit test of data/questions.json checks).
pub const ITEM_SEPARATOR: &str = " | ";

const HEADER: [&str; 18] = [
    "Firm",
    "Stage",
    "Category",
    "Your criteria",
    "Vendor",
    "Status",
    "Status since",
    "Status by",
    "Reject reason",
    "Note",
    "Note by",
    "Why recommended",
    "Needs met",
    "Recommended on",
    "Price bracket",
    "Integrations with your stack",
    "Verified on",
    "Source",
];

/// The whole brief as CSV text (UTF-8, CRLF line ends as spreadsheets expect).
pub fn brief_csv(brief: &Brief) -> anyhow::Result<Vec<u8>> {
    let mut out = CsvFile::default();
    out.row(HEADER)?;
    for group in &brief.groups {
        // One question a line, its answers apart by " | ": an answer may hold a comma or a
        // semicolon ("Nobody; calls go to voicemail") and stays whole.
        let criteria = group
            .criteria
            .iter()
            .map(|c| format!("{}: {}", c.question, c.answers.join(ITEM_SEPARATOR)))
            .collect::<Vec<_>>()
            .join("\n");
        let stage = group.stage.map(|s| s.to_string()).unwrap_or_default();
        for v in &group.vendors {
            let e = &v.entry;
            let since = e.history.last().map(|h| &h.at[..10]).unwrap_or_default();
            let status_by = e.history.last().and_then(|h| h.by.as_deref());
            let (reasons, needs_met, recommended_on) = match &e.recommendation {
                Some(r) => (
                    r.reasons.join(ITEM_SEPARATOR),
                    r.needs_met.join(ITEM_SEPARATOR),
                    r.recommended_at[..10].to_string(),
                ),
                None => (String::new(), String::new(), String::new()),
            };
            let price = e
                .price_bracket
                .map(|p| "$".repeat(usize::from(p)))
                .unwrap_or_default();
            let row = [
                brief.firm_name.as_str(),
                &stage,
                &group.category_label,
                &criteria,
                &e.vendor_name,
                e.status.label(),
                since,
                status_by.unwrap_or_default(),
                e.reject_reason.as_deref().unwrap_or_default(),
                &e.note,
                e.note_by.as_deref().unwrap_or_default(),
                &reasons,
                &needs_met,
                &recommended_on,
                &price,
                &v.integrations_with_stack.join(", "),
                e.verified_on.as_deref().unwrap_or_default(),
                e.source_url.as_deref().unwrap_or_default(),
            ];
            out.row(row)?;
        }
    }
    Ok(out.finish())
}

#[cfg(test)]
mod tests {
    use crate::platform::download::safe_cell;

    #[test]
    fn formula_cells_are_escaped_and_others_kept() {
        for bad in [
            "=HYPERLINK(\"x\")",
            "+1",
            "-2",
            "@SUM(A1)",
            "\tx",
            "\rx",
            "\n=1+1",
            "\r\n=cmd",
        ] {
            assert_eq!(safe_cell(bad), format!("'{bad}"));
        }
        for fine in ["", "Clio", "a=b", "5 - 3", "'quoted"] {
            assert_eq!(safe_cell(fine), fine);
        }
    }
}
