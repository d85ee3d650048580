import type { VendorProfile } from '@/lib/api/types';

import { ProfileDetail } from './profile-detail';

/** Description, highlights, sizes, practice areas, geographic focus and integrations. */
export function ProfileDetails({ profile }: { profile: VendorProfile }) {
  const sizes = profile.firmSizesSupported.map((s) => s.label).join(', ');
  const areas = profile.practiceAreasSupported.join(', ');
  return (
    <section aria-labelledby="about-heading" className="space-y-4">
      <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
        About {profile.name}
      </h2>
      {profile.description ? <p className="max-w-3xl text-sm leading-relaxed text-slate-700">{profile.description}</p> : null}
      {profile.shortHighlights.length > 0 ? (
        <ul aria-label="Highlights" className="space-y-1 text-sm text-slate-700">
          {profile.shortHighlights.map((h, i) => (
            <li key={i} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-indigo-400" />
              <span className="min-w-0 break-words">{h}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-3">
        <ProfileDetail term="Firm sizes">{sizes ? `${sizes} employees` : 'Not stated'}</ProfileDetail>
        <ProfileDetail term="Practice areas">{areas || 'Not stated'}</ProfileDetail>
        <ProfileDetail term="Geographic focus">{profile.geoFocus || 'Not stated'}</ProfileDetail>
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Integrations</h3>
        {profile.integrations.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">None listed.</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">
            {profile.integrations.map((i) =>
              i.inYourStack ? (
                <li
                  key={i.name}
                  className="rounded-md bg-emerald-50 px-2 py-1 font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset"
                >
                  Works with {i.name} — in your tech stack
                </li>
              ) : (
                <li key={i.name} className="rounded-md bg-slate-100 px-2 py-1 text-slate-700">
                  Works with {i.name}
                </li>
              ),
            )}
          </ul>
        )}
      </div>
    </section>
  );
}
