//! How a reason that carries a list is kept as text. The history, a shortlist entry's recorded
//! reasons and a saved pick keep each reason as one string (their stored shapes stay as they
//! are); a reason with a list keeps its sentence on the first line and one item per further
//! line. An item is never split or joined: an answer such as "Nobody; calls go to voicemail"
//! stays one item, and the API answers the items as an array.
//!
//! Every line is one line: text from the catalog passes through [`one_line`] first, and the
//! questionnaire's labels hold no line break (a unit test of data/questions.json checks it).

/// The sentence followed by its items, one per line.
pub fn with_items<S: AsRef<str>>(sentence: &str, items: &[S]) -> String {
    let mut out = one_line(sentence);
    for item in items {
        out.push('\n');
        out.push_str(&one_line(item.as_ref()));
    }
    out
}

/// The reason's sentence: its first line.
pub fn sentence(stored: &str) -> &str {
    stored.split('\n').next().unwrap_or_default()
}

/// The reason's items: every line after the first.
pub fn items(stored: &str) -> Vec<String> {
    stored.split('\n').skip(1).map(String::from).collect()
}

/// Text with its line breaks as spaces, so that it stays one line of a stored reason.
pub fn one_line(text: &str) -> String {
    if text.contains(['\n', '\r']) {
        text.replace("\r\n", " ").replace(['\n', '\r'], " ")
    } else {
        text.to_string()
    }
}

/// Stored reasons as the screens show them: each reason's sentence, and the needs met (the
/// items of the reason that lists them).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReasonList {
    pub strengths: Vec<String>,
    pub needs_met: Vec<String>,
}

impl ReasonList {
    pub fn from_stored(stored: &[String]) -> ReasonList {
        let mut list = ReasonList::default();
        for reason in stored.iter().filter(|r| !is_expected_size(r)) {
            list.strengths.push(sentence(reason).to_string());
            list.needs_met.extend(items(reason));
        }
        list
    }
}

/// Whether a stored reason gives a firm size expected from the firm's caseload. Such reasons were
/// recorded before issue 77; the firm's own size is the only size a reason gives now, so the
/// screens leave them out of a history.
fn is_expected_size(stored: &str) -> bool {
    sentence(stored).contains(", the size we expect for your ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_item_with_a_semicolon_stays_one_item() {
        let stored = with_items(
            "Meets both of your needs",
            &["Often; we need bilingual intake", "Phone calls"],
        );
        assert_eq!(sentence(&stored), "Meets both of your needs");
        assert_eq!(
            items(&stored),
            ["Often; we need bilingual intake", "Phone calls"]
        );
        let list =
            ReasonList::from_stored(&[stored, "Integrates with Clio, which your firm uses".into()]);
        assert_eq!(
            list.strengths,
            [
                "Meets both of your needs",
                "Integrates with Clio, which your firm uses"
            ]
        );
        assert_eq!(
            list.needs_met,
            ["Often; we need bilingual intake", "Phone calls"]
        );
    }

    #[test]
    fn a_reason_from_before_the_lists_reads_as_it_was() {
        let old = "Meets all 2 of your needs: A; B".to_string();
        let list = ReasonList::from_stored(std::slice::from_ref(&old));
        assert_eq!(list.strengths, [old]);
        assert!(list.needs_met.is_empty());
    }

    #[test]
    fn a_recorded_size_expected_from_the_caseload_is_left_out() {
        let stored = [
            "Serves firms of 6-20 employees like yours".to_string(),
            "Serves firms of 21-50 employees, the size we expect for your 26-50 new injury cases a month".to_string(),
        ];
        assert_eq!(
            ReasonList::from_stored(&stored).strengths,
            ["Serves firms of 6-20 employees like yours"]
        );
    }

    #[test]
    fn catalog_text_with_line_breaks_stays_one_line() {
        assert_eq!(one_line("Fast\r\nand\nsure\r"), "Fast and sure ");
        assert_eq!(with_items("A\nB", &["c\nd"]), "A B\nc d");
    }
}
