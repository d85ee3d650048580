//! The CSV files of the /trends panels: a header row and the numbers a panel shows. What a file
//! counts (its period, filters, comparison and whether sample bookings are among them) is in its
//! name, `trends-categories_2026-09-01_to_2026-11-29_state-TX_includes-sample-data.csv`, so a
//! spreadsheet or a script reads the file from its first line.

use super::filters::Filters;
use super::model::{ChangeBasis, Changes, SummaryChange};
use super::periods::{Change, Compare};
use super::query::{BookingItem, CityCount, Trends};
use super::vendors::VendorPanel;
use crate::platform::download::CsvFile;

/// The panels of /trends whose numbers `GET /api/trends?format=csv&panel=` downloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TrendsPanel)]
pub enum Panel {
    Summary,
    Categories,
    States,
    Series,
}

impl Panel {
    fn code(self) -> &'static str {
        match self {
            Panel::Summary => "summary",
            Panel::Categories => "categories",
            Panel::States => "states",
            Panel::Series => "series",
        }
    }
}

/// What a file counts, for its name: filters, period and comparison, and how many of the
/// bookings are sample data.
pub struct Heading<'a> {
    pub filters: &'a Filters,
    /// `[rangeStart, rangeEnd]` as the answer gives them.
    pub period: (Option<&'a str>, Option<&'a str>),
    /// The comparison period and how it was chosen.
    pub comparison: Option<(Compare, Option<&'a str>, Option<&'a str>)>,
    pub sample_count: u64,
}

/// Too few bookings to call a trend: the note beside such a change.
pub const TOO_FEW: &str = "too few bookings to call a trend";

impl Heading<'_> {
    /// `<what>_<start>_to_<end>`, then each filter (`_metro-…`, `_state-TX`, `_firm-size-E2_5`),
    /// the comparison (`_vs_<start>_to_<end>`) and `_includes-sample-data` when sample bookings
    /// are counted. The dates are the period's, which the From and To filters bound.
    pub fn file_name(&self, what: &str) -> String {
        let mut name = what.to_string();
        let mut part = |p: String| {
            name.push('_');
            name.push_str(&p);
        };
        if let (Some(s), Some(e)) = self.period {
            part(format!("{s}_to_{e}"));
        }
        let f = self.filters;
        if let Some(dma) = &f.dma {
            part(format!("metro-{dma}"));
        }
        if let Some(state) = f.state {
            part(format!("state-{state}"));
        }
        if let Some(size) = f.firm_size {
            part(format!("firm-size-{}", size.code()));
        }
        if let Some((_, Some(s), Some(e))) = self.comparison {
            part(format!("vs_{s}_to_{e}"));
        }
        if self.sample_count > 0 {
            part("includes-sample-data".into());
        }
        name.push_str(".csv");
        name
    }
}

/// The cells of a change: difference, percentage (empty when there is none) and the note.
fn change_cells(change: &Change) -> [String; 3] {
    [
        change.difference.to_string(),
        change.percent.map(|p| p.to_string()).unwrap_or_default(),
        if change.too_few { TOO_FEW } else { "" }.to_string(),
    ]
}

const CHANGE_HEADER: [&str; 3] = ["Difference", "Change %", "Note"];

/// One panel of the trends answer as CSV.
pub(super) fn trends_csv(
    heading: &Heading,
    panel: Panel,
    now: &Trends,
    then: Option<&Trends>,
    changes: Option<&Changes>,
    summary_change: Option<&SummaryChange>,
) -> anyhow::Result<(Vec<u8>, String)> {
    let mut file = CsvFile::default();
    let compared = then.is_some();
    let with_change = |first: &[&str]| -> Vec<String> {
        let mut header: Vec<String> = first.iter().map(|s| s.to_string()).collect();
        if compared {
            header.push("Comparison bookings".into());
            header.extend(CHANGE_HEADER.map(String::from));
        }
        header
    };
    match panel {
        Panel::Summary => {
            file.row(["Measure", "This period", "Comparison period"].map(String::from))?;
            let average = |t: &Trends| match t.days {
                0 => "0.0".to_string(),
                days => format!("{:.1}", t.total as f64 / days as f64),
            };
            let top_state = |t: &Trends| {
                t.state_counts
                    .iter()
                    .find(|s| s.state != super::index::UNKNOWN)
                    .map_or_else(String::new, |s| s.state.to_string())
            };
            let both = |f: &dyn Fn(&Trends) -> String| [f(now), then.map(f).unwrap_or_default()];
            let [a, b] = both(&|t| t.total.to_string());
            file.row(["Bookings".to_string(), a, b])?;
            let [a, b] = both(&|t| t.category_counts.len().to_string());
            file.row(["Active categories".to_string(), a, b])?;
            let [a, b] = both(&|t| t.days.to_string());
            file.row(["Days".to_string(), a, b])?;
            let [a, b] = both(&average);
            file.row(["Average per day".to_string(), a, b])?;
            let [a, b] = both(&top_state);
            file.row(["Top state".to_string(), a, b])?;
            // The one change the summary card shows, the same figure (issue 77).
            if let Some(summary) = summary_change {
                let words = match summary.basis {
                    ChangeBasis::Comparison => "This period with the comparison period".to_string(),
                    ChangeBasis::Last30Days => format!(
                        "The last 30 days ({} to {}) with the 30 days before ({} to {})",
                        summary.start,
                        summary.end,
                        summary.comparison_start,
                        summary.comparison_end
                    ),
                };
                // Every row as wide as the header, the figure under "This period".
                let mut row = |measure: &str, value: String| {
                    file.row([measure.to_string(), value, String::new()])
                };
                row("Change compares", words)?;
                let [difference, percent, note] = change_cells(&summary.change);
                row("Difference in bookings", difference)?;
                row("Change in bookings %", percent)?;
                if !note.is_empty() {
                    row("Note", note)?;
                }
            }
        }
        Panel::Categories => {
            file.row(with_change(&["Category", "Bookings"]))?;
            match changes {
                Some(changes) => {
                    for c in &changes.categories {
                        let mut row = vec![
                            c.label.to_string(),
                            c.count.to_string(),
                            c.comparison_count.to_string(),
                        ];
                        row.extend(change_cells(&c.change));
                        file.row(row)?;
                    }
                }
                None => {
                    for c in &now.category_counts {
                        file.row([c.label.to_string(), c.count.to_string()])?;
                    }
                }
            }
        }
        Panel::States => {
            file.row(with_change(&["State", "Bookings"]))?;
            match changes {
                Some(changes) => {
                    for s in &changes.states {
                        let mut row = vec![
                            s.state.to_string(),
                            s.count.to_string(),
                            s.comparison_count.to_string(),
                        ];
                        row.extend(change_cells(&s.change));
                        file.row(row)?;
                    }
                }
                None => {
                    for s in &now.state_counts {
                        file.row([s.state.to_string(), s.count.to_string()])?;
                    }
                }
            }
        }
        Panel::Series => {
            let mut header: Vec<String> = ["Bucket start", "Bookings", "Partial"]
                .map(String::from)
                .to_vec();
            let stacks = now.stacks.as_deref().unwrap_or_default();
            header.extend(stacks.iter().map(|s| s.label.to_string()));
            if compared {
                header.extend(
                    [
                        "Comparison bucket start",
                        "Comparison bookings",
                        "Comparison partial",
                    ]
                    .map(String::from),
                );
            }
            file.row(header)?;
            let other = then.map_or(&[][..], |t| &t.series[..]);
            for i in 0..now.series.len().max(other.len()) {
                let mut row = match now.series.get(i) {
                    Some(b) => vec![b.start.to_string(), b.count.to_string(), yes_no(b.partial)],
                    None => vec![String::new(); 3],
                };
                row.extend(
                    stacks
                        .iter()
                        .map(|s| s.counts.get(i).map_or_else(String::new, u32::to_string)),
                );
                if compared {
                    match other.get(i) {
                        Some(b) => row.extend([
                            b.start.to_string(),
                            b.count.to_string(),
                            yes_no(b.partial),
                        ]),
                        None => row.extend([String::new(), String::new(), String::new()]),
                    }
                }
                file.row(row)?;
            }
        }
    }
    let name = heading.file_name(&format!("trends-{}", panel.code()));
    Ok((file.finish(), name))
}

fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}

/// A state's top cities as CSV.
pub fn cities_csv(
    heading: &Heading,
    cities: &[CityCount],
    total: u64,
) -> anyhow::Result<(Vec<u8>, String)> {
    let mut file = CsvFile::default();
    file.row(["City", "Bookings"])?;
    for c in cities {
        file.row([c.city.to_string(), c.count.to_string()])?;
    }
    file.row(["All cities of the state".to_string(), total.to_string()])?;
    Ok((file.finish(), heading.file_name("trends-cities")))
}

/// The vendor panel as CSV.
/// `what`: `trends-vendors`, or `trends-vendors-<category>` for one category's vendors.
pub fn vendors_csv(
    heading: &Heading,
    what: &str,
    panel: &VendorPanel,
) -> anyhow::Result<(Vec<u8>, String)> {
    let mut file = CsvFile::default();
    let mut header: Vec<String> = ["Vendor", "Vendor id", "Bookings", "Share %"]
        .map(String::from)
        .to_vec();
    let compared = heading.comparison.is_some();
    if compared {
        header.push("Comparison bookings".into());
        header.extend(CHANGE_HEADER.map(String::from));
    }
    file.row(header)?;
    for v in &panel.items {
        let mut row = vec![
            v.name.clone(),
            v.vendor_id.map(|id| id.to_string()).unwrap_or_default(),
            v.count.to_string(),
            format!("{:.1}", v.share * 100.0),
        ];
        if compared {
            row.push(v.comparison_count.to_string());
            row.extend(change_cells(&v.change));
        }
        file.row(row)?;
    }
    let mut total = vec![
        "All vendors".to_string(),
        String::new(),
        panel.total.to_string(),
        "100.0".to_string(),
    ];
    if compared {
        total.push(panel.comparison_total.to_string());
        total.extend(change_cells(&Change::of(
            panel.total,
            panel.comparison_total,
        )));
    }
    file.row(total)?;
    Ok((file.finish(), heading.file_name(what)))
}

/// The columns of a bookings file: what the booking list shows, and whether each row is sample
/// data.
pub const BOOKINGS_HEADER: [&str; 9] = [
    "Id",
    "Created",
    "Category",
    "Vendor",
    "Firm size",
    "City",
    "State",
    "Metro area",
    "Sample",
];

/// One booking as a row of a bookings file.
pub fn booking_row(file: &mut CsvFile, b: &BookingItem) -> anyhow::Result<()> {
    file.row([
        b.id.to_string().as_str(),
        &b.created_time,
        b.category_label,
        b.client,
        b.standardized_practice_area_broken_out,
        b.city_state.unwrap_or_default(),
        b.state,
        b.dma,
        if b.sample { "yes" } else { "no" },
    ])
}
