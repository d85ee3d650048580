//! One function per ranking factor. Each scores one vendor on one factor: the breakdown row the
//! screens show, the exact points that count towards the score, and the reason it gives, if any.

use super::{
    CONTEXT_POINTS, DEMAND_DAYS, DEMAND_POINTS, Demand, Factor, NEEDS_POINTS, NO_DEMAND_DATA,
    NO_OUTCOMES, OUTCOME_POINTS, PRICE_PENALTY_POINTS, Reason, SIZE_POINTS, join_and,
    partner_strength, price_signs, shown_count, size_phrase,
};
use crate::catalog::Vendor;
use crate::peers::ShownOutcome;
use crate::platform::firm_size::FirmSize;
use crate::recommend::dismissals::PriceCeiling;
use crate::recommend::ranking::Need;

/// One vendor's result on one factor.
#[derive(Debug, Clone)]
pub struct Scored {
    /// The breakdown row; its points are rounded for display.
    pub factor: Factor,
    /// The exact points, as they count towards the score.
    pub points: f64,
    pub reason: Option<Reason>,
}

/// Peer demand across the category's ranked vendors, which each vendor's demand is measured
/// against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CategoryDemand {
    /// The most bookings any of the vendors has.
    pub peak: u32,
    /// The bookings of all the vendors together.
    pub total: u32,
}

/// The firm's tools, lowercased once for matching against every vendor's integrations.
pub struct FirmTools<'a> {
    /// (lowercased name, name as the firm wrote it)
    names: Vec<(String, &'a str)>,
}

impl<'a> FirmTools<'a> {
    pub fn new(names: &'a [String]) -> FirmTools<'a> {
        FirmTools {
            names: names
                .iter()
                .map(|t| (t.to_lowercase(), t.as_str()))
                .collect(),
        }
    }

    /// The firm's tools the vendor integrates with (as the firm names them, each once), in the
    /// vendor's order.
    fn shared_with(&self, vendor: &Vendor) -> Vec<&'a str> {
        let mut shared: Vec<&str> = Vec::new();
        for integration in &vendor.integrations {
            let lower = integration.to_lowercase();
            if let Some((_, name)) = self.names.iter().find(|(t, _)| *t == lower)
                && !shared.contains(name)
            {
                shared.push(name);
            }
        }
        shared
    }
}

fn has_tag(vendor: &Vendor, tag: &str) -> bool {
    vendor.tags.iter().any(|t| t.eq_ignore_ascii_case(tag))
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The labels of the needs the vendor meets (one of the need's tags is among its tags) and of
/// those it does not, each in the order the needs were given.
pub fn split_needs(vendor: &Vendor, needs: &[Need]) -> (Vec<String>, Vec<String>) {
    let (matched, missing): (Vec<&Need>, Vec<&Need>) = needs
        .iter()
        .partition(|need| need.tags.iter().any(|t| has_tag(vendor, t)));
    let labels = |needs: Vec<&Need>| needs.into_iter().map(|n| n.label.clone()).collect();
    (labels(matched), labels(missing))
}

/// Needs: the share of the chosen options whose capabilities the vendor has.
pub fn needs(matched: &[String], missing: &[String]) -> Scored {
    let total = matched.len() + missing.len();
    let points = if total == 0 {
        0.0
    } else {
        NEEDS_POINTS * matched.len() as f64 / total as f64
    };
    Scored {
        factor: Factor {
            factor: "needs",
            label: "Matches your needs",
            points: round1(points),
            max_points: NEEDS_POINTS,
            detail: format!("{} of {}", matched.len(), total),
        },
        points,
        reason: Some(Reason::Needs {
            matched: matched.to_vec(),
            missing: missing.to_vec(),
        }),
    }
}

/// The answers about the firm (options of kind context): the share of them whose tags the
/// vendor carries. It weighs, and gives no reason: an answer about the firm is never quoted as a
/// need the vendor meets. `max_points` is 0 without such answers.
pub fn context(vendor: &Vendor, context: &[Need], max_points: f64) -> Scored {
    let fitting = context
        .iter()
        .filter(|c| c.tags.iter().any(|t| has_tag(vendor, t)))
        .count();
    let points = if context.is_empty() {
        0.0
    } else {
        CONTEXT_POINTS * fitting as f64 / context.len() as f64
    };
    Scored {
        factor: Factor {
            factor: "context",
            label: "Fits what you told us about your firm",
            points: round1(points),
            max_points,
            detail: match (fitting, context.len()) {
                (1, 1) => "Fits your answer about your firm".to_string(),
                (0, 1) => "Does not fit your answer about your firm".to_string(),
                (f, n) => format!("Fits {f} of your {n} answers about your firm"),
            },
        },
        points,
        reason: None,
    }
}

/// Other firms' demo outcomes, only as the suppression rule lets them be shown (`shown` is
/// `None` otherwise).
pub fn outcomes(shown: Option<&ShownOutcome>, max_points: f64) -> Scored {
    let points = shown.map_or(0.0, |o| OUTCOME_POINTS * o.share);
    Scored {
        factor: Factor {
            factor: "outcomes",
            label: "Chosen after a demo",
            points: round1(points),
            max_points,
            detail: shown.map_or_else(|| NO_OUTCOMES.to_string(), |o| o.sentence.clone()),
        },
        points,
        reason: shown.map(|o| Reason::Outcome {
            sentence: o.sentence.clone(),
        }),
    }
}

/// Integrations with the tools the firm already runs: two thirds of the points for one, all of
/// them for two or more. `dismissed_as_not_integrating` names the vendors of the category the
/// user dismissed as not working with the firm's tools (the caller doubles `max_points` then).
pub fn integrations(
    vendor: &Vendor,
    tools: &FirmTools,
    max_points: f64,
    dismissed_as_not_integrating: &[String],
) -> Scored {
    let shared = tools.shared_with(vendor);
    let points = match shared.len() {
        0 => 0.0,
        1 => max_points * 2.0 / 3.0,
        _ => max_points,
    };
    let mut detail = if tools.names.is_empty() {
        "No tools in your tech stack yet".to_string()
    } else if shared.is_empty() {
        "No integration with the tools your firm uses".into()
    } else {
        format!("Integrates with {}", join_and(&shared))
    };
    if !dismissed_as_not_integrating.is_empty() {
        detail.push_str(&format!(
            ". Counts double: you dismissed {} as not working with your tools",
            join_and(dismissed_as_not_integrating)
        ));
    }
    Scored {
        factor: Factor {
            factor: "integrations",
            label: "Works with your tech stack",
            points: round1(points),
            max_points,
            detail,
        },
        points,
        reason: (!shared.is_empty()).then(|| Reason::Integrates {
            tools: shared.iter().map(|t| t.to_string()).collect(),
        }),
    }
}

/// Fit with the firm's size: all the points for serving it, half for serving a neighbouring size.
pub fn size_fit(vendor: &Vendor, firm_size: Option<FirmSize>) -> Scored {
    let (points, detail, reason) = match firm_size {
        None => (
            0.0,
            "Your firm size is not set in your profile".to_string(),
            None,
        ),
        Some(size) if vendor.firm_sizes_supported.contains(&size) => (
            SIZE_POINTS,
            format!("Serves {}", size_phrase(size)),
            Some(Reason::ServesSize(size)),
        ),
        Some(size) => {
            let near: Vec<FirmSize> = vendor
                .firm_sizes_supported
                .iter()
                .copied()
                .filter(|s| s.index().abs_diff(size.index()) == 1)
                .collect();
            if near.is_empty() {
                let detail = if vendor.firm_sizes_supported.is_empty() {
                    "The vendor lists no firm sizes".to_string()
                } else {
                    format!("Does not list {}", size_phrase(size))
                };
                (0.0, detail, None)
            } else {
                let reason = Reason::ServesNearSizes(near);
                // The detail says exactly what the reason says.
                (SIZE_POINTS / 2.0, reason.text(), Some(reason))
            }
        }
    };
    Scored {
        factor: Factor {
            factor: "sizeFit",
            label: "Fits your firm's size",
            points,
            max_points: SIZE_POINTS,
            detail,
        },
        points,
        reason,
    }
}

/// Peer demand: the vendor's recent real bookings by the peer group, relative to the category's
/// peak. `demand` is `None` while no real booking exists, which leaves the factor out
/// (`max_points` is 0 then).
pub fn demand(
    count: u32,
    demand: Option<&Demand>,
    category: CategoryDemand,
    max_points: f64,
) -> Scored {
    let (points, detail, reason) = match demand {
        None => (0.0, NO_DEMAND_DATA.to_string(), None),
        Some(d) => {
            let peers = d.peers.phrase();
            let points = if category.peak > 0 {
                DEMAND_POINTS * count as f64 / category.peak as f64
            } else {
                0.0
            };
            let detail = if category.total == 0 {
                format!(
                    "No demo bookings in this category by {peers} in the last {DEMAND_DAYS} days"
                )
            } else {
                format!(
                    "{} of {} demo bookings in this category by {peers} in the last {DEMAND_DAYS} days",
                    shown_count(count),
                    shown_count(category.total)
                )
            };
            let reason = (count > 0).then(|| Reason::Demand {
                bookings: count,
                peers: d.peers.clone(),
            });
            (points, detail, reason)
        }
    };
    Scored {
        factor: Factor {
            factor: "peerDemand",
            label: "Popular with similar firms",
            points: round1(points),
            max_points,
            detail,
        },
        points,
        reason,
    }
}

/// Partner status, only with an administrator's weight (`max_points` is 0 without one).
pub fn partner(vendor: &Vendor, max_points: f64) -> Scored {
    let points = max_points * partner_strength(vendor);
    let level = vendor
        .partner_level
        .clone()
        .unwrap_or_else(|| "recommended".into());
    let detail = if max_points == 0.0 {
        "Partner status does not affect the ranking".into()
    } else if points > 0.0 {
        format!("{level} partner")
    } else {
        "Not a partner".into()
    };
    Scored {
        factor: Factor {
            factor: "partner",
            label: "Partner status",
            points: round1(points),
            max_points: round1(max_points),
            detail,
        },
        points,
        reason: (points > 0.0).then_some(Reason::Partner { level }),
    }
}

/// A price penalty after a "Too expensive" dismissal in the category: a factor of its own, worth
/// no points, that takes points away from vendors at or above the dismissed bracket. `None`
/// without such a dismissal.
pub fn price_penalty(vendor: &Vendor, ceiling: Option<&PriceCeiling>) -> Option<Scored> {
    let ceiling = ceiling?;
    let lowered = vendor.price_bracket.is_some_and(|b| b >= ceiling.bracket);
    let points = if lowered { -PRICE_PENALTY_POINTS } else { 0.0 };
    Some(Scored {
        factor: Factor {
            factor: "dismissedPrice",
            label: "Price, after your dismissal",
            points,
            max_points: 0.0,
            detail: format!(
                "You dismissed {} as too expensive: vendors at {} or above score lower",
                ceiling.vendor_name,
                price_signs(ceiling.bracket)
            ),
        },
        points,
        reason: None,
    })
}

#[cfg(test)]
mod tests;
