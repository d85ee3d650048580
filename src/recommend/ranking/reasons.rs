//! Why a vendor ranks where it does, as data; [`Reason::text`] is the one place a reason becomes
//! the sentence the screens show and the history keeps.

use super::{PeerGroup, join_and, needs_sentence, size_phrase, sizes_phrase};
use crate::platform::firm_size::FirmSize;

/// One reason for a vendor's place in a ranking.
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// The firm already uses the vendor.
    AlreadyUsed { vendor_name: String },
    /// The needs the vendor meets and misses (option labels).
    Needs {
        matched: Vec<String>,
        missing: Vec<String>,
    },
    /// Other firms' demo outcomes, in the words the disclosure rule allows.
    Outcome { sentence: String },
    /// The firm's tools the vendor integrates with.
    Integrates { tools: Vec<String> },
    /// The vendor serves the firm's own size.
    ServesSize(FirmSize),
    /// The vendor serves sizes next to the firm's (and not its own).
    ServesNearSizes(Vec<FirmSize>),
    /// Recent real demo bookings of the vendor by the peer group.
    Demand { bookings: u32, peers: PeerGroup },
    /// Ranked higher for its partner level, under an administrator's weight.
    Partner { level: String },
}

impl Reason {
    /// The reason as the history keeps it: its words, and for the needs reason the needs met,
    /// one per line after the sentence (see `reason_lines`).
    pub fn stored(&self) -> String {
        match self {
            Reason::Needs { matched, .. } => {
                crate::recommend::reason_lines::with_items(&self.text(), matched)
            }
            _ => crate::recommend::reason_lines::one_line(&self.text()),
        }
    }

    /// The reason in words.
    pub fn text(&self) -> String {
        match self {
            Reason::AlreadyUsed { vendor_name } => format!("You already use {vendor_name}"),
            Reason::Needs { matched, missing } => needs_sentence(matched, missing),
            Reason::Outcome { sentence } => sentence.clone(),
            Reason::Integrates { tools } => {
                let verb = if tools.len() == 1 { "uses" } else { "use" };
                format!(
                    "Integrates with {}, which your firm {verb}",
                    join_and(tools)
                )
            }
            Reason::ServesSize(size) => format!("Serves {} like yours", size_phrase(*size)),
            Reason::ServesNearSizes(sizes) => {
                format!("Serves {}, next to your size", sizes_phrase(sizes))
            }
            Reason::Demand { bookings, peers } => super::demand_reason(*bookings, peers),
            Reason::Partner { level } => format!(
                "Ranked higher as a {level} partner (partner weighting set by your administrator)"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn every_reason_reads_as_its_sentence() {
        use FirmSize::*;
        let cases = [
            (
                Reason::AlreadyUsed {
                    vendor_name: "Clio".into(),
                },
                "You already use Clio",
            ),
            (
                Reason::Needs {
                    matched: strings(&["Automation"]),
                    missing: strings(&["Reporting"]),
                },
                "Meets 1 of your 2 needs",
            ),
            (
                Reason::Outcome {
                    sentence: "7 of 12 firms your size that had a demo chose it".into(),
                },
                "7 of 12 firms your size that had a demo chose it",
            ),
            (
                Reason::Integrates {
                    tools: strings(&["Clio"]),
                },
                "Integrates with Clio, which your firm uses",
            ),
            (
                Reason::Integrates {
                    tools: strings(&["Clio", "Dropbox"]),
                },
                "Integrates with Clio and Dropbox, which your firm use",
            ),
            (
                Reason::ServesSize(E6To20),
                "Serves firms of 6-20 employees like yours",
            ),
            (Reason::ServesSize(Solo), "Serves solo firms like yours"),
            (
                Reason::ServesNearSizes(vec![Solo, E6To20]),
                "Serves solo firms and firms of 6-20 employees, next to your size",
            ),
            (
                Reason::Demand {
                    bookings: 41,
                    peers: PeerGroup::Sizes(vec![E6To20]),
                },
                "41 demo bookings by firms of 6-20 employees in the last 90 days",
            ),
            (
                Reason::Demand {
                    bookings: 4,
                    peers: PeerGroup::AllFirms,
                },
                "A few demo bookings by all firms in the last 90 days",
            ),
            (
                Reason::Partner {
                    level: "Gold".into(),
                },
                "Ranked higher as a Gold partner (partner weighting set by your administrator)",
            ),
        ];
        for (reason, text) in cases {
            assert_eq!(reason.text(), text, "{reason:?}");
        }
    }
}
