//! The types of demo bookings: a booking as stored, the queries the routes take and the answers
//! they give.

use serde::{Deserialize, Serialize};

use super::index::FilterOptions;
use super::periods::{Change, Comparing, Granularity};
use super::query::{self, BookingItem, CityCount, Filters, Shape, Trends};
use super::report::Panel;
use super::vendors::VendorRow;
use super::{BookingIndex, BookingSets};
use crate::catalog::{Catalog, CategoryRef};
use crate::platform::error::{Result, bad_request};
use crate::platform::firm_size::FirmSize;

/// A demo booking as stored: one row of an imported file, already validated and normalised.
/// Names and emails from the file are never part of it (see `import::rows::identity`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Booking {
    /// A catalog category name, as the catalog spells it.
    pub category: String,
    /// The vendor the demo was booked with, as the file named it ("" when absent).
    pub client: String,
    /// The booking firm's size; a file without one means SOLO.
    pub firm_size: FirmSize,
    /// "City, ST".
    pub city_state: Option<String>,
    /// Two-letter state code.
    pub state: Option<String>,
    /// Metro area (designated market area) name.
    pub dma: Option<String>,
    /// Unix seconds, UTC.
    pub created: i64,
    /// Part of the generated sample set loaded at first launch.
    pub sample: bool,
}

impl Booking {
    /// A booking with empty texts, for the import to refill row after row without allocating.
    pub fn blank(sample: bool) -> Booking {
        Booking {
            category: String::new(),
            client: String::new(),
            firm_size: FirmSize::Solo,
            city_state: None,
            state: None,
            dma: None,
            created: 0,
            sample,
        }
    }
}

/// The query types share the filter fields (serde's `flatten` cannot go with
/// `deny_unknown_fields`, so each declares them) and parse them one way.
macro_rules! parses_filters {
    ($($query:ty),*) => {$(
        impl $query {
            pub(super) fn filters(&self) -> Result<Filters> {
                Filters::parse(
                    self.dma.as_deref(),
                    self.state.as_deref(),
                    self.firm_size.as_deref(),
                    self.start.as_deref(),
                    self.end.as_deref(),
                )
            }
        }
    )*};
}

/// The comparison parameters, on the queries that take them.
macro_rules! parses_compare {
    ($($query:ty),*) => {$(
        impl $query {
            pub(super) fn compare(&self) -> Result<Comparing> {
                Comparing::parse(
                    self.compare.as_deref(),
                    self.compare_start.as_deref(),
                    self.compare_end.as_deref(),
                )
            }
        }
    )*};
}

parses_filters!(TrendsQuery, CitiesQuery, VendorsQuery, ListQuery);
parses_compare!(TrendsQuery, VendorsQuery);

/// The periods a trends answer can be compared with; `none` for no comparison.
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[expect(dead_code, reason = "documents the compare parameter's values")]
pub(super) enum CompareWith {
    None,
    Previous,
    Year,
    Custom,
}

/// What a read answers: JSON, or the same numbers as a CSV file.
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[expect(dead_code, reason = "documents the format parameter's values")]
pub(super) enum Format {
    Json,
    Csv,
}

/// What the series can be split by.
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[expect(dead_code, reason = "documents the stackBy parameter's values")]
pub(super) enum StackBy {
    Category,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(super) struct TrendsQuery {
    /// A metro area (DMA) name, as in the filter options.
    #[param(max_length = 200)]
    pub(super) dma: Option<String>,
    /// A two-letter US state code (or the state's name).
    pub(super) state: Option<String>,
    #[param(value_type = Option<FirmSize>)]
    pub(super) firm_size: Option<String>,
    /// First day, inclusive (YYYY-MM-DD).
    #[param(value_type = Option<String>, format = Date)]
    pub(super) start: Option<String>,
    /// Last day, inclusive (YYYY-MM-DD); not before `start`.
    #[param(value_type = Option<String>, format = Date)]
    pub(super) end: Option<String>,
    /// Count the generated sample bookings too. Default: only while no real booking exists.
    #[param(value_type = Option<bool>)]
    pub(super) include_sample: Option<String>,
    /// The period to compare with: nothing (`none`), the previous period of equal length, the
    /// same dates a year earlier, or `compareStart`-`compareEnd`. Absent: the previous period
    /// when it holds at least 20 bookings (enough to call a trend), else nothing.
    #[param(value_type = Option<CompareWith>)]
    pub(super) compare: Option<String>,
    /// With `compare=custom`: the comparison's first day, inclusive (YYYY-MM-DD).
    #[param(value_type = Option<String>, format = Date)]
    pub(super) compare_start: Option<String>,
    /// With `compare=custom`: the comparison's last day, inclusive (YYYY-MM-DD).
    #[param(value_type = Option<String>, format = Date)]
    pub(super) compare_end: Option<String>,
    /// The series' buckets: days (default), ISO weeks (Monday to Sunday) or months.
    #[param(value_type = Option<Granularity>)]
    pub(super) granularity: Option<String>,
    /// `category`: the series of the 8 most booked categories and "Other" too.
    #[param(value_type = Option<StackBy>)]
    pub(super) stack_by: Option<String>,
    /// `csv` for a download of the numbers (text/csv); JSON otherwise.
    #[param(value_type = Option<Format>)]
    pub(super) format: Option<String>,
    /// With `format=csv` (required then): the panel whose numbers the file holds.
    #[param(value_type = Option<Panel>)]
    pub(super) panel: Option<String>,
}

impl TrendsQuery {
    pub(super) fn shape(&self) -> Result<Shape> {
        let stack = match present(self.stack_by.as_deref()) {
            None => false,
            Some("category") => true,
            Some(_) => return Err(bad_request("stackBy must be category")),
        };
        Ok(Shape {
            granularity: Granularity::parse(self.granularity.as_deref())?,
            stack,
        })
    }

    /// The panel to download, or `None` for JSON.
    pub(super) fn csv_panel(&self) -> Result<Option<Panel>> {
        if !parse_csv(self.format.as_deref())? {
            if present(self.panel.as_deref()).is_some() {
                return Err(bad_request("panel goes with format=csv"));
            }
            return Ok(None);
        }
        match present(self.panel.as_deref()) {
            Some("summary") => Ok(Some(Panel::Summary)),
            Some("categories") => Ok(Some(Panel::Categories)),
            Some("states") => Ok(Some(Panel::States)),
            Some("series") => Ok(Some(Panel::Series)),
            Some(_) => Err(bad_request(
                "panel must be summary, categories, states or series",
            )),
            None => Err(bad_request(
                "panel is required with format=csv: summary, categories, states or series",
            )),
        }
    }
}

fn present(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim).filter(|s| !s.is_empty())
}

/// `format`: true for `csv`, false for `json` or none.
pub(super) fn parse_csv(raw: Option<&str>) -> Result<bool> {
    match present(raw) {
        None | Some("json") => Ok(false),
        Some("csv") => Ok(true),
        Some(_) => Err(bad_request("format must be json or csv")),
    }
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(super) struct CitiesQuery {
    /// A metro area (DMA) name, as in the filter options.
    #[param(max_length = 200)]
    pub(super) dma: Option<String>,
    /// A two-letter US state code (or the state's name).
    pub(super) state: Option<String>,
    #[param(value_type = Option<FirmSize>)]
    pub(super) firm_size: Option<String>,
    /// First day, inclusive (YYYY-MM-DD).
    #[param(value_type = Option<String>, format = Date)]
    pub(super) start: Option<String>,
    /// Last day, inclusive (YYYY-MM-DD); not before `start`.
    #[param(value_type = Option<String>, format = Date)]
    pub(super) end: Option<String>,
    /// Count the generated sample bookings too. Default: only while no real booking exists.
    #[param(value_type = Option<bool>)]
    pub(super) include_sample: Option<String>,
    /// `csv` for a download of the numbers (text/csv); JSON otherwise.
    #[param(value_type = Option<Format>)]
    pub(super) format: Option<String>,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(super) struct VendorsQuery {
    /// A metro area (DMA) name, as in the filter options.
    #[param(max_length = 200)]
    pub(super) dma: Option<String>,
    /// A two-letter US state code (or the state's name).
    pub(super) state: Option<String>,
    #[param(value_type = Option<FirmSize>)]
    pub(super) firm_size: Option<String>,
    /// First day, inclusive (YYYY-MM-DD).
    #[param(value_type = Option<String>, format = Date)]
    pub(super) start: Option<String>,
    /// Last day, inclusive (YYYY-MM-DD); not before `start`.
    #[param(value_type = Option<String>, format = Date)]
    pub(super) end: Option<String>,
    /// Count the generated sample bookings too. Default: only while no real booking exists.
    #[param(value_type = Option<bool>)]
    pub(super) include_sample: Option<String>,
    /// The period to compare with: nothing (`none`), the previous period of equal length, the
    /// same dates a year earlier, or `compareStart`-`compareEnd`. Absent: the previous period
    /// when it holds at least 20 bookings (enough to call a trend), else nothing.
    #[param(value_type = Option<CompareWith>)]
    pub(super) compare: Option<String>,
    /// With `compare=custom`: the comparison's first day, inclusive (YYYY-MM-DD).
    #[param(value_type = Option<String>, format = Date)]
    pub(super) compare_start: Option<String>,
    /// With `compare=custom`: the comparison's last day, inclusive (YYYY-MM-DD).
    #[param(value_type = Option<String>, format = Date)]
    pub(super) compare_end: Option<String>,
    /// A catalog category: its vendors. Absent: the top 20 vendors of every category.
    #[param(value_type = Option<u64>)]
    pub(super) category_id: Option<String>,
    /// `csv` for a download of the numbers (text/csv); JSON otherwise.
    #[param(value_type = Option<Format>)]
    pub(super) format: Option<String>,
}

impl VendorsQuery {
    /// The catalog category asked for, if any: an id the catalog lacks is a 400.
    pub(super) fn category(&self, catalog: &Catalog) -> Result<Option<CategoryRef>> {
        let Some(raw) = present(self.category_id.as_deref()) else {
            return Ok(None);
        };
        let unknown = || {
            bad_request(format!(
                "Unknown category id {}: pick a category from the list",
                crate::platform::upload::truncate(raw, 20)
            ))
        };
        let id: u64 = raw.parse().map_err(|_| unknown())?;
        let category = catalog.category(id).ok_or_else(unknown)?;
        Ok(Some(CategoryRef::from(category)))
    }
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(super) struct ListQuery {
    /// A metro area (DMA) name, as in the filter options.
    #[param(max_length = 200)]
    pub(super) dma: Option<String>,
    /// A two-letter US state code (or the state's name).
    pub(super) state: Option<String>,
    #[param(value_type = Option<FirmSize>)]
    pub(super) firm_size: Option<String>,
    /// First day, inclusive (YYYY-MM-DD).
    #[param(value_type = Option<String>, format = Date)]
    pub(super) start: Option<String>,
    /// Last day, inclusive (YYYY-MM-DD); not before `start`.
    #[param(value_type = Option<String>, format = Date)]
    pub(super) end: Option<String>,
    /// Default 100, clamped to 1-1000. Not with `format=csv`.
    #[param(value_type = Option<i64>)]
    pub(super) limit: Option<String>,
    /// Default 0. Not with `format=csv`.
    #[param(value_type = Option<i64>)]
    pub(super) offset: Option<String>,
    /// List the generated sample bookings too. Default: only while no real booking exists.
    #[param(value_type = Option<bool>)]
    pub(super) include_sample: Option<String>,
    /// `csv` for every matching booking as a file (text/csv, streamed); JSON pages otherwise.
    #[param(value_type = Option<Format>)]
    pub(super) format: Option<String>,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(super) struct OptionsQuery {
    /// Take the options from the generated sample bookings too. Default: only while no real
    /// booking exists.
    #[param(value_type = Option<bool>)]
    pub(super) include_sample: Option<String>,
}

/// How much of an answer is generated sample data, and which kinds of bookings exist.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct SampleShare {
    /// How many of the bookings the answer counts are generated sample data (0 when samples are
    /// left out). For the filter options: of the bookings the options come from.
    pub(super) sample_count: u64,
    /// Whether any real (imported) booking exists. Until one does, sample bookings are included by
    /// default; from then on only with `includeSample=true`.
    pub(super) has_real_data: bool,
    /// Whether the generated sample set is still stored (an admin may remove it).
    pub(super) has_sample_data: bool,
}

impl SampleShare {
    /// `count` counts the rows of the sample index the answer's filters match.
    pub(super) fn of(
        sets: &BookingSets,
        view: &BookingIndex,
        count: impl FnOnce(&BookingIndex) -> u64,
    ) -> Self {
        SampleShare {
            sample_count: if sets.is_real_only(view) {
                0
            } else {
                count(&sets.sample)
            },
            has_real_data: super::evidence::Source::of(sets).is_real(),
            has_sample_data: !sets.sample.is_empty(),
        }
    }

    pub(super) fn filtered(sets: &BookingSets, view: &BookingIndex, filters: &Filters) -> Self {
        Self::of(sets, view, |sample| query::count(sample, filters))
    }
}

/// The trend summary, the same for the comparison period and the changes between them, and how
/// much of it is sample data.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct TrendsAnswer<'a> {
    #[serde(flatten)]
    pub(super) trends: Trends<'a>,
    /// The comparison the answer holds: `none` without one.
    #[schema(value_type = CompareWith)]
    pub(super) compare: &'static str,
    /// The same, for the CSV files' heading.
    #[serde(skip)]
    pub(super) compared: Option<super::periods::Compare>,
    /// The same figures for the comparison period; null without a comparison (none asked for,
    /// by default too few bookings in the previous period, or no dates and no bookings).
    pub(super) comparison: Option<Trends<'a>>,
    /// From the comparison period to this one; null without a comparison.
    pub(super) changes: Option<Changes<'a>>,
    /// The one change the summary shows; null without a period (no dates and no bookings).
    pub(super) summary_change: Option<SummaryChange>,
    #[serde(flatten)]
    pub(super) sample: SampleShare,
}

/// What the summary's change compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) enum ChangeBasis {
    /// The period with the answer's comparison period.
    Comparison,
    /// The last 30 days of the period (to `rangeEnd`) with the 30 days before them.
    Last30Days,
}

/// The one change the summary shows, computed here once so that no screen or file works out
/// another (issue 77: a card read "+0.7% vs the 30 days before" beside "change +977 (+15.6%)"
/// from the comparison period). The comparison period's when the answer has one holding any
/// booking, else the last 30 days' from the 30 days before them.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct SummaryChange {
    pub(super) basis: ChangeBasis,
    /// The bookings compared: the period's, or its last 30 days'.
    pub(super) count: u64,
    /// The bookings they are compared with.
    pub(super) comparison_count: u64,
    /// The days each side spans.
    pub(super) days: i64,
    pub(super) comparison_days: i64,
    /// The first and last day of each side (YYYY-MM-DD).
    pub(super) start: String,
    pub(super) end: String,
    pub(super) comparison_start: String,
    pub(super) comparison_end: String,
    pub(super) change: Change,
}

impl SummaryChange {
    pub(super) fn of(now: &Trends, comparison: Option<&Trends>) -> Option<SummaryChange> {
        if let Some(then) = comparison.filter(|t| t.total > 0)
            && let (Some((s, e)), Some((cs, ce))) = (now.period, then.period)
        {
            return Some(SummaryChange {
                basis: ChangeBasis::Comparison,
                count: now.total,
                comparison_count: then.total,
                days: now.days,
                comparison_days: then.days,
                start: query::format_day(s),
                end: query::format_day(e),
                comparison_start: query::format_day(cs),
                comparison_end: query::format_day(ce),
                change: Change::of(now.total, then.total),
            });
        }
        let (_, end) = now.period?;
        Some(SummaryChange {
            basis: ChangeBasis::Last30Days,
            count: now.last30,
            comparison_count: now.previous30,
            days: 30,
            comparison_days: 30,
            start: query::format_day(end - 29),
            end: query::format_day(end),
            comparison_start: query::format_day(end - 59),
            comparison_end: query::format_day(end - 30),
            change: Change::of(now.last30, now.previous30),
        })
    }
}

/// The changes from the comparison period: of the total, and of each category and state either
/// period has (most bookings now first).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Changes<'a> {
    pub(super) total: Change,
    pub(super) categories: Vec<CategoryChange<'a>>,
    pub(super) states: Vec<StateChange<'a>>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct CategoryChange<'a> {
    pub(super) name: &'a str,
    /// The category's label: what a screen and a download show.
    pub(super) label: &'a str,
    pub(super) count: u64,
    pub(super) comparison_count: u64,
    pub(super) change: Change,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct StateChange<'a> {
    pub(super) state: &'a str,
    pub(super) count: u64,
    pub(super) comparison_count: u64,
    pub(super) change: Change,
}

/// The union of two periods' counts by name: (name, now, then), most now first, then most then,
/// then by name.
fn joined<'a>(
    now: impl Iterator<Item = (&'a str, u32)>,
    then: impl Iterator<Item = (&'a str, u32)>,
) -> Vec<(&'a str, u64, u64)> {
    let mut rows: Vec<(&'a str, u64, u64)> = now.map(|(n, c)| (n, u64::from(c), 0)).collect();
    for (name, c) in then {
        match rows.iter_mut().find(|r| r.0 == name) {
            Some(row) => row.2 = u64::from(c),
            None => rows.push((name, 0, u64::from(c))),
        }
    }
    rows.sort_by(|a, b| (b.1, b.2).cmp(&(a.1, a.2)).then_with(|| a.0.cmp(b.0)));
    rows
}

impl<'a> Changes<'a> {
    pub(super) fn between(now: &Trends<'a>, then: &Trends<'a>) -> Changes<'a> {
        let categories = joined(
            now.category_counts.iter().map(|c| (c.name, c.count)),
            then.category_counts.iter().map(|c| (c.name, c.count)),
        );
        let states = joined(
            now.state_counts.iter().map(|c| (c.state, c.count)),
            then.state_counts.iter().map(|c| (c.state, c.count)),
        );
        Changes {
            total: Change::of(now.total, then.total),
            categories: categories
                .into_iter()
                .map(|(name, count, comparison_count)| CategoryChange {
                    name,
                    label: crate::catalog::category_label(name),
                    count,
                    comparison_count,
                    change: Change::of(count, comparison_count),
                })
                .collect(),
            states: states
                .into_iter()
                .map(|(state, count, comparison_count)| StateChange {
                    state,
                    count,
                    comparison_count,
                    change: Change::of(count, comparison_count),
                })
                .collect(),
        }
    }
}

/// The vendors inside a category, or across all categories.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct VendorsAnswer {
    /// Most bookings first: at most 100 with a category, the top 20 without.
    pub(super) items: Vec<VendorRow>,
    /// Bookings of the category (of every category without one) in the period.
    pub(super) total: u64,
    pub(super) comparison_total: u64,
    pub(super) category: Option<CategoryRef>,
    /// Vendors with bookings in the period (the items may be fewer).
    pub(super) vendor_count: u64,
    pub(super) range_start: Option<String>,
    pub(super) range_end: Option<String>,
    /// The comparison the answer holds: `none` without one (then its counts are 0).
    #[schema(value_type = CompareWith)]
    pub(super) compare: &'static str,
    pub(super) comparison_range_start: Option<String>,
    pub(super) comparison_range_end: Option<String>,
    #[serde(flatten)]
    pub(super) sample: SampleShare,
}

/// A state's top cities.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct CitiesAnswer<'a> {
    /// At most 12, most bookings first.
    pub(super) cities: Vec<CityCount<'a>>,
    /// How many bookings match the filters (in every city of the state).
    pub(super) total: u64,
    #[serde(flatten)]
    pub(super) sample: SampleShare,
}

/// The filter options, and how many sample bookings they were taken from.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct OptionsAnswer<'a> {
    #[serde(flatten)]
    pub(super) options: &'a FilterOptions,
    #[serde(flatten)]
    pub(super) sample: SampleShare,
}

/// Bookings newest first, one page of them.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct BookingPage<'a> {
    pub(super) items: Vec<BookingItem<'a>>,
    /// How many bookings match in all.
    pub(super) total: u64,
    pub(super) limit: usize,
    pub(super) offset: usize,
    #[serde(flatten)]
    pub(super) sample: SampleShare,
}

impl ListQuery {
    /// limit defaults to 100 and is clamped to 1..=1000; offset defaults to 0.
    pub(super) fn page(&self) -> Result<(usize, usize)> {
        let number = |raw: Option<&str>, name: &str, default: i64| -> Result<i64> {
            match raw.map(str::trim).filter(|s| !s.is_empty()) {
                None => Ok(default),
                Some(s) => s
                    .parse::<i64>()
                    .map_err(|_| bad_request(format!("{name} must be a whole number"))),
            }
        };
        let limit = number(self.limit.as_deref(), "limit", 100)?.clamp(1, 1000) as usize;
        let offset =
            number(self.offset.as_deref(), "offset", 0)?.clamp(0, u32::MAX as i64) as usize;
        Ok((limit, offset))
    }

    /// A CSV holds every matching booking: a page of it is refused rather than quietly ignored.
    pub(super) fn no_page_for_csv(&self) -> Result<()> {
        let given = |raw: Option<&str>| raw.is_some_and(|s| !s.trim().is_empty());
        if given(self.limit.as_deref()) || given(self.offset.as_deref()) {
            return Err(bad_request(
                "format=csv downloads every matching booking: leave out limit and offset",
            ));
        }
        Ok(())
    }
}
