//! The CSV files of the /trends panels: the numbers a panel shows, after a few lines that name the
//! filters, the period, the comparison and how many of the bookings are sample data, so a file
//! read on its own says what it counts.

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

    fn title(self) -> &'static str {
        match self {
            Panel::Summary => "Demo bookings: summary",
            Panel::Categories => "Demo bookings by category",
            Panel::States => "Demo bookings by state",
            Panel::Series => "Demo bookings over time",
        }
    }
}

/// What a file counts: its title, filters, period and comparison.
pub struct Heading<'a> {
    pub title: &'a str,
    pub filters: &'a Filters,
    /// `[rangeStart, rangeEnd]` as the answer gives them.
    pub period: (Option<&'a str>, Option<&'a str>),
    /// The comparison period and how it was chosen.
    pub comparison: Option<(Compare, Option<&'a str>, Option<&'a str>)>,
    pub sample_count: u64,
}

/// Too few bookings to call a trend: the note beside such a change.
pub const TOO_FEW: &str = "too few bookings to call a trend";

fn filters_in_words(f: &Filters) -> String {
    let mut words = Vec::new();
    if let Some(dma) = &f.dma {
        words.push(format!("Metro area: {dma}"));
    }
    if let Some(state) = f.state {
        words.push(format!("State: {state}"));
    }
    if let Some(size) = f.firm_size {
        words.push(format!("Firm size: {}", size.label()));
    }
    if let Some(start) = f.start {
        words.push(format!("From: {start}"));
    }
    if let Some(end) = f.end {
        words.push(format!("To: {end}"));
    }
    if words.is_empty() {
        "None".to_string()
    } else {
        words.join("; ")
    }
}

fn span(start: Option<&str>, end: Option<&str>) -> String {
    match (start, end) {
        (Some(s), Some(e)) => format!("{s} to {e}"),
        _ => "no bookings".to_string(),
    }
}

impl Heading<'_> {
    fn write(&self, file: &mut CsvFile) -> anyhow::Result<()> {
        file.row(["Report", self.title])?;
        file.row(["Filters".to_string(), filters_in_words(self.filters)])?;
        file.row(["Period".to_string(), span(self.period.0, self.period.1)])?;
        if let Some((compare, start, end)) = self.comparison {
            let words = format!("{} ({})", span(start, end), compare.words());
            file.row(["Compared with".to_string(), words])?;
        }
        if self.sample_count > 0 {
            let words = format!(
                "{} of these bookings are generated sample data",
                self.sample_count
            );
            file.row(["Sample bookings".to_string(), words])?;
        }
        file.blank();
        Ok(())
    }

    /// `trends-<panel>-<start>-to-<end>.csv` and the like.
    pub fn file_name(&self, what: &str) -> String {
        match self.period {
            (Some(s), Some(e)) => format!("{what}-{s}-to-{e}.csv"),
            _ => format!("{what}.csv"),
        }
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
    let heading = Heading {
        title: panel.title(),
        ..*heading
    };
    let mut file = CsvFile::default();
    heading.write(&mut file)?;
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
                file.row(["Change compares".to_string(), words])?;
                let [difference, percent, note] = change_cells(&summary.change);
                file.row(["Difference in bookings".to_string(), difference])?;
                file.row(["Change in bookings %".to_string(), percent])?;
                if !note.is_empty() {
                    file.row(["Note".to_string(), note])?;
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
    heading.write(&mut file)?;
    file.row(["City", "Bookings"])?;
    for c in cities {
        file.row([c.city.to_string(), c.count.to_string()])?;
    }
    file.row(["All cities of the state".to_string(), total.to_string()])?;
    let state = heading.filters.state.unwrap_or("state");
    Ok((
        file.finish(),
        heading.file_name(&format!("trends-cities-{state}")),
    ))
}

/// The vendor panel as CSV.
pub fn vendors_csv(heading: &Heading, panel: &VendorPanel) -> anyhow::Result<(Vec<u8>, String)> {
    let mut file = CsvFile::default();
    heading.write(&mut file)?;
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
    Ok((file.finish(), heading.file_name("trends-vendors")))
}

/// A page of bookings as CSV.
pub fn bookings_csv(heading: &Heading, items: &[BookingItem]) -> anyhow::Result<(Vec<u8>, String)> {
    let mut file = CsvFile::default();
    heading.write(&mut file)?;
    file.row([
        "Id",
        "Created",
        "Category",
        "Vendor",
        "Firm size",
        "City",
        "State",
        "Metro area",
        "Sample",
    ])?;
    for b in items {
        file.row([
            b.id.to_string(),
            b.created_time.clone(),
            b.category_label.to_string(),
            b.client.to_string(),
            b.standardized_practice_area_broken_out.to_string(),
            b.city_state.unwrap_or_default().to_string(),
            b.state.to_string(),
            b.dma.to_string(),
            yes_no(b.sample),
        ])?;
    }
    Ok((file.finish(), heading.file_name("demo-bookings")))
}
