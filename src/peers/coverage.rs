//! The firm's coverage map: for the nine stages (in stage order) and the other categories, whether
//! the firm has a tool, and the share of other firms of its size that have one, from their saved
//! tech stacks. Nothing is left out silently: the answer names the firm size used and where it came
//! from (profile, else onboarding, as recommendations do), and says when it is unknown.
//!
//! Peer figures follow `peers::shown`: a share is given from 5 firms up (counting the firms that
//! answered that category), the usual number of stages from 5 firms up (those that answered every
//! stage), and no per-category count is published. The user's own firm (every account sharing its
//! law-firm name) is never one of its peers, so its own answers cannot be subtracted out.

use std::collections::HashMap;

use crate::catalog::Category;
use crate::platform::caller::User;
use crate::platform::error::Result;
use crate::platform::firm_size::FirmSize;
use crate::techstack::context::SizeSource;

use super::model::{Coverage, CoverageHeadline, CoverageItem};
use super::shown::{ShownCount, share};
use super::{CoverageCounts, Peers};
use crate::techstack::FirmTools;

/// The coverage map of the user's firm: its own tech stack against every other firm's.
pub fn coverage(app: &Peers, user: &User) -> Result<Coverage> {
    // The size rule is the recommendations' own, so both screens compare with the same firms.
    let (context, own) =
        crate::techstack::context::firm_context_and_tools(&app.store, &app.catalog.load(), user)?;
    Ok(coverage_of(app, user, &context, &own))
}

/// `coverage` of the firm's context and tools already read (in a snapshot of the caller's).
pub fn coverage_of(
    app: &Peers,
    user: &User,
    context: &crate::techstack::context::FirmContext,
    own: &[FirmTools],
) -> Coverage {
    let peers = match context.size {
        Some(size) => app.read(|f| f.coverage(user.firm.id.get(), size)),
        None => CoverageCounts::default(),
    };
    let catalog = app.catalog.load();
    map(
        &catalog.stages_then_others_by_name(),
        own,
        context.size,
        context.size_source,
        &peers,
    )
}

/// The map from its inputs: the categories in form order, the user's answers, the size used and
/// the other firms of that size (none when the size is unknown).
pub fn map(
    categories: &[&Category],
    own: &[FirmTools],
    size: Option<FirmSize>,
    size_source: SizeSource,
    peers: &CoverageCounts,
) -> Coverage {
    let answers: HashMap<u64, Option<bool>> =
        own.iter().map(|t| (t.category_id, t.has_tool)).collect();
    let count = |counts: &HashMap<u64, u32>, id: u64| counts.get(&id).copied().unwrap_or(0);
    let item = |category: &&Category| CoverageItem {
        category_id: category.id,
        category_name: category.name.clone(),
        category_label: category.label.clone(),
        stage: category.stage,
        has_tool: answers.get(&category.id).copied().flatten(),
        peer_share: share(
            count(&peers.with_tool, category.id),
            count(&peers.answered, category.id),
        ),
    };
    let (stages, others): (Vec<_>, Vec<_>) =
        categories.iter().map(item).partition(|i| i.stage.is_some());

    let headline = CoverageHeadline {
        stages_covered: stages.iter().filter(|s| s.has_tool == Some(true)).count() as u32,
        stages_unanswered: stages.iter().filter(|s| s.has_tool.is_none()).count() as u32,
        stage_count: stages.len() as u32,
        usual_stages: peers.usual_stages,
    };
    Coverage {
        firm_size: size,
        size_source,
        peer_firms: size.map(|_| ShownCount::of(peers.firms)),
        headline,
        stages,
        others,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::peers::reference::{Firm, coverage_counts};

    const SIZE: FirmSize = FirmSize::E6To20;

    fn categories() -> Vec<Category> {
        let mut out: Vec<Category> = (1..=9)
            .map(|n| Category::stored(n, format!("Stage {n}"), Some(n as u8)))
            .collect();
        out.push(Category::stored(10, "Practice Management".into(), None));
        out
    }

    /// A firm that answered `answered` and has a tool in `yes` (a subset).
    fn firm(key: &str, size: FirmSize, answered: &[u64], yes: &[u64]) -> Firm {
        Firm {
            key: key.into(),
            size: Some(size),
            answered: answered.iter().copied().collect(),
            with_tool: yes.iter().copied().collect(),
            vendors: HashSet::new(),
        }
    }

    fn answer(category_id: u64, has_tool: bool) -> FirmTools {
        FirmTools {
            category_id,
            has_tool: Some(has_tool),
            vendor_ids: Vec::new(),
            primary_vendor_id: None,
            other_vendors: Vec::new(),
        }
    }

    fn run(own: &[FirmTools], size: Option<FirmSize>, firms: &[Firm]) -> Coverage {
        let categories = categories();
        let order: Vec<&Category> = categories.iter().collect();
        let peers = size
            .map(|size| coverage_counts(firms, size, Some("us"), &ALL_STAGES))
            .unwrap_or_default();
        map(&order, own, size, SizeSource::Profile, &peers)
    }

    const ALL_STAGES: [u64; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

    #[test]
    fn the_firms_own_answers_make_the_headline() {
        let own = [answer(1, true), answer(2, true), answer(3, false)];
        let map = run(&own, Some(SIZE), &[]);
        assert_eq!(map.stages.len(), 9);
        assert_eq!(map.others.len(), 1);
        assert_eq!(map.stages[0].has_tool, Some(true));
        assert_eq!(map.stages[2].has_tool, Some(false));
        assert_eq!(map.stages[3].has_tool, None);
        assert_eq!(map.headline.stages_covered, 2);
        assert_eq!(map.headline.stages_unanswered, 6);
        assert_eq!(map.headline.stage_count, 9);
        // No other firm: "fewer than 5", with no number, as for one to four.
        assert_eq!(map.peer_firms, Some(ShownCount::of(4)));
        assert_eq!(map.peer_firms.unwrap().value, None);
    }

    #[test]
    fn shares_need_five_other_firms_that_answered_the_category() {
        // Four peers plus the user's own firm: still four peers.
        let mut firms: Vec<Firm> = (0..4)
            .map(|i| firm(&format!("f{i}"), SIZE, &ALL_STAGES, &[2]))
            .collect();
        firms.push(firm("us", SIZE, &ALL_STAGES, &ALL_STAGES));
        let map = run(&[], Some(SIZE), &firms);
        assert!(map.stages.iter().all(|s| s.peer_share.is_none()));
        assert_eq!(map.headline.usual_stages, None);
        assert_eq!(map.peer_firms.as_ref().unwrap().value, None);

        firms.push(firm("f4", SIZE, &ALL_STAGES, &[1, 2]));
        let map = run(&[], Some(SIZE), &firms);
        assert_eq!(map.stages[0].peer_share, Some(20));
        assert_eq!(map.stages[1].peer_share, Some(100));
        assert_eq!(map.stages[2].peer_share, Some(0));
        // Nobody answered Practice Management.
        assert_eq!(map.others[0].peer_share, None);
        assert_eq!(map.peer_firms.unwrap().value, Some(5));
    }

    #[test]
    fn firms_of_other_sizes_and_without_answers_are_not_peers() {
        let mut firms: Vec<Firm> = (0..4)
            .map(|i| firm(&format!("f{i}"), SIZE, &[2], &[2]))
            .collect();
        firms.push(firm("bigger", FirmSize::E21To50, &[2], &[]));
        firms.push(firm("silent", SIZE, &[], &[]));
        let map = run(&[], Some(SIZE), &firms);
        assert_eq!(map.stages[1].peer_share, None);
        assert_eq!(map.peer_firms.unwrap().text, "fewer than 5");
    }

    #[test]
    fn the_usual_number_of_stages_is_the_median_of_firms_that_answered_every_stage() {
        let firms = vec![
            firm("a", SIZE, &ALL_STAGES, &[1]),
            firm("b", SIZE, &ALL_STAGES, &[1, 2, 3]),
            firm("c", SIZE, &ALL_STAGES, &[1, 2, 3, 4]),
            firm("d", SIZE, &ALL_STAGES, &[1, 2, 3, 4, 5, 6]),
            firm("e", SIZE, &ALL_STAGES, &ALL_STAGES),
            // Answered two stages only: not counted in the median.
            firm("partial", SIZE, &[1, 2], &[1, 2]),
        ];
        let map = run(&[], Some(SIZE), &firms);
        assert_eq!(map.headline.usual_stages, Some(4));

        let mut firms = firms;
        firms.push(firm("f", SIZE, &ALL_STAGES, &ALL_STAGES));
        // 1, 3, 4, 6, 9, 9: the middle two are 4 and 6.
        assert_eq!(run(&[], Some(SIZE), &firms).headline.usual_stages, Some(5));
    }

    #[test]
    fn an_unknown_size_compares_with_nobody() {
        let firms: Vec<Firm> = (0..6)
            .map(|i| firm(&format!("f{i}"), SIZE, &ALL_STAGES, &ALL_STAGES))
            .collect();
        let map = run(&[], None, &firms);
        assert_eq!(map.firm_size, None);
        assert!(map.peer_firms.is_none());
        assert!(map.stages.iter().all(|s| s.peer_share.is_none()));
        assert_eq!(map.headline.usual_stages, None);
    }
}
