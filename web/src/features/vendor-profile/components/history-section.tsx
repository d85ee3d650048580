import { NeedsMetList } from '@/components/vendor-card/needs-met-list';
import type { VendorProfile } from '@/lib/api/types';

import { formatDate, sourcePageLabels } from '../format';

/** The user's own history with the vendor: recommendations (and why), meeting clicks, dismissal. */
export function HistorySection({ profile }: { profile: VendorProfile }) {
  const { recommendations, meetingClicks, dismissed } = profile.history;
  const empty = recommendations.length === 0 && meetingClicks.length === 0 && !dismissed;
  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
        Your history with {profile.name}
      </h2>
      {empty ? (
        <p className="text-sm text-slate-600">
          Litstack has not recommended {profile.name} to you yet, and you have not scheduled a meeting.
        </p>
      ) : (
        <ul className="space-y-3 text-sm">
          {dismissed ? <li className="text-slate-700">You dismissed {profile.name} from your picks.</li> : null}
          {recommendations.map((rec) => (
            <li key={`${rec.category.id}-${rec.recommendedAt}`} className="rounded-lg border border-slate-200 bg-white p-3">
              <p className="font-medium text-slate-900">
                Recommended on {formatDate(rec.recommendedAt)} for {rec.category.label}
              </p>
              {rec.reasons.length > 0 ? (
                <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-600">
                  {rec.reasons.map((reason, i) => (
                    <li key={i}>{reason}</li>
                  ))}
                </ul>
              ) : null}
              <NeedsMetList needs={rec.needsMet} className="ml-5 text-slate-600" />
            </li>
          ))}
          {meetingClicks.map((click, i) => (
            <li key={`${click.recordedAt}-${i}`} className="text-slate-700">
              {click.kind === 'WEBSITE' ? 'You opened their website' : 'You asked to schedule a meeting'} on {formatDate(click.recordedAt)}{' '}
              from {sourcePageLabels[click.sourcePage]}.
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
