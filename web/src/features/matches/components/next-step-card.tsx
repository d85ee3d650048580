import { Link } from 'wouter';

import { decisionPath, evaluationPath, questionnairePath } from '@/config/links';
import { paths } from '@/config/paths';
import type { Overview } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { holdInView } from '@/lib/hold-in-view';

type NextStep = NonNullable<Overview['nextStep']>;

type Suggestion = { title: string; detail: string; href: string; action: string };

const days = (n: number) => (n === 0 ? 'today' : n === 1 ? 'in 1 day' : `in ${n} days`);

/** What the server's next step says and where it leads; its texts name only what the firm has. */
export function suggestionOf(step: NextStep): Suggestion | null {
  switch (step.kind) {
    case 'approve_decision':
      return step.decisionId == null
        ? null
        : {
            title: step.categoryLabel ? `Approve the ${step.categoryLabel} decision` : 'Approve a decision',
            detail: `${step.vendorName ?? 'A vendor'} is proposed and waits for your approval.`,
            href: decisionPath(step.decisionId),
            action: 'Review and approve',
          };
    case 'renewal_notice':
      return {
        title: `Notice for ${step.vendorName ?? 'a tool'} is due ${days(step.daysUntil ?? 0)}`,
        // Said of the firm, not asked of the reader: every role is shown it, viewers too.
        detail: `The firm must give notice by ${formatDate(step.noticeDate)} if it does not want the contract to renew.`,
        href: `${paths.techStack}#renewals-heading`,
        action: 'See renewals',
      };
    case 'start_evaluation':
      return step.categoryId == null
        ? null
        : {
            title: `Start an evaluation of ${step.categoryLabel ?? 'this category'}`,
            detail: `${step.shortlisted ?? 3} vendors are on your shortlist: score them against the same criteria.`,
            href: evaluationPath(step.categoryId),
            action: 'Start an evaluation',
          };
    case 'invite_colleague':
      return {
        title: 'Invite a colleague',
        detail: 'Choosing a tool goes better with the people who will use it.',
        href: paths.firm,
        action: 'Invite a colleague',
      };
    case 'answer_questionnaire':
      return step.categoryId == null
        ? null
        : {
            title: `Answer the questionnaire for ${step.categoryLabel ?? 'the next stage'}`,
            detail: 'A few questions about your firm, and we suggest up to 3 vendors.',
            href: questionnairePath(step.categoryId),
            action: 'Answer the questionnaire',
          };
    default:
      return null;
  }
}

/**
 * A link's `#anchor` is on a screen that draws it once its data is in: look for it a short while
 * after moving there, then bring it into view and keep it there while the sections above it are
 * drawn (`holdInView`; scrolled once, the renewals were pushed down by the coverage map drawn
 * after them).
 */
function scrollToAnchorOf(href: string) {
  const id = href.split('#')[1];
  if (!id) return;
  let tries = 0;
  const look = () => {
    const target = document.getElementById(id);
    if (target) holdInView(target);
    else if (++tries < 60) window.setTimeout(look, 50);
  };
  window.setTimeout(look, 0);
}

/** The one suggested next step, as one calm card above the stages; nothing when none applies. */
export function NextStepCard({ step }: { step: Overview['nextStep'] }) {
  const suggestion = step ? suggestionOf(step) : null;
  if (!suggestion) return null;
  return (
    <section aria-labelledby="next-step-heading" className="mb-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="next-step-heading" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Next step
      </h2>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{suggestion.title}</p>
          <p className="text-sm text-slate-600">{suggestion.detail}</p>
        </div>
        <Link
          href={suggestion.href}
          onClick={() => scrollToAnchorOf(suggestion.href)}
          className="self-start rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:self-auto"
        >
          {suggestion.action}
        </Link>
      </div>
    </section>
  );
}
