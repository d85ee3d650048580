//! The types of demo bookings: a booking as stored, the queries the routes take and the answers
//! they give.

use serde::{Deserialize, Serialize};

use super::index::FilterOptions;
use super::query::{self, BookingItem, CityCount, Filters, Trends};
use super::{BookingIndex, BookingSets};
use crate::error::{Result, bad_request};
use crate::firm_size::FirmSize;

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
}

impl TrendsQuery {
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
    /// Default 100, clamped to 1-1000.
    #[param(value_type = Option<i64>)]
    pub(super) limit: Option<String>,
    /// Default 0.
    #[param(value_type = Option<i64>)]
    pub(super) offset: Option<String>,
    /// List the generated sample bookings too. Default: only while no real booking exists.
    #[param(value_type = Option<bool>)]
    pub(super) include_sample: Option<String>,
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
            has_real_data: sets.has_real_data(),
            has_sample_data: !sets.sample.is_empty(),
        }
    }

    pub(super) fn filtered(sets: &BookingSets, view: &BookingIndex, filters: &Filters) -> Self {
        Self::of(sets, view, |sample| query::count(sample, filters))
    }
}

/// The trend summary, and how much of it is sample data.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct TrendsAnswer<'a> {
    #[serde(flatten)]
    pub(super) trends: Trends<'a>,
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
    pub(super) fn filters(&self) -> Result<Filters> {
        Filters::parse(
            self.dma.as_deref(),
            self.state.as_deref(),
            self.firm_size.as_deref(),
            self.start.as_deref(),
            self.end.as_deref(),
        )
    }

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
}
