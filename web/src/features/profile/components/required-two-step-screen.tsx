import type { ReactNode } from 'react';

import { BrandMark } from '@/components/ui/brand-mark';
import type { MfaRequiredBy } from '@/lib/api/types';

import { TwoStepSection } from './two-step-section';

const WHY: Record<MfaRequiredBy, string> = {
  firm: 'Your firm requires two-step sign-in for every member.',
  install: 'This Litstack requires two-step sign-in for every account.',
};

type RequiredTwoStepScreenProps = {
  /** Who requires it; unknown is said as the firm's rule would be, without naming anyone. */
  requiredBy: MfaRequiredBy | null | undefined;
  /** Runs once the factor is on and its recovery codes are saved: the app goes on. */
  onDone: () => void;
  /** The way out: a sign-out control. */
  footer: ReactNode;
};

/**
 * What a person sees, and all they see, while the firm or the install requires a second factor
 * they have not set up: why, then the profile's own two-step setup. Once it is on and the
 * recovery codes are saved, `onDone` lets the app continue to where they were going.
 */
export function RequiredTwoStepScreen({ requiredBy, onDone, footer }: RequiredTwoStepScreenProps) {
  const why = requiredBy ? WHY[requiredBy] : 'Two-step sign-in is required for your account.';
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-indigo-50 via-slate-50 to-slate-100 px-4 py-10 sm:justify-center sm:py-12">
      <header className="mb-8">
        <BrandMark />
      </header>
      <main className="w-full max-w-2xl rounded-2xl bg-white px-6 py-8 shadow-xl ring-1 shadow-slate-900/5 ring-slate-900/5 sm:px-8">
        <div className="mb-6 space-y-1.5">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Set up two-step sign-in</h1>
          <p className="text-sm text-slate-700">
            {why} Set it up now to continue: from then on, signing in also asks for a code from an authenticator app on your phone.
          </p>
        </div>
        <TwoStepSection onSaved={onDone} />
        <div className="mt-6 border-t border-slate-100 pt-5 text-sm text-slate-600">{footer}</div>
      </main>
    </div>
  );
}
