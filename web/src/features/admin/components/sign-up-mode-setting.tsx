import { useId } from 'react';

import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import type { SignUpMode } from '@/lib/api/types';
import { cn } from '@/lib/cn';

import { useInstallSettings } from '../api/get-install-settings';
import { useUpdateInstallSettings } from '../api/update-install-settings';

const modes: ReadonlyArray<{ value: SignUpMode; label: string; detail: string }> = [
  { value: 'open', label: 'Open', detail: 'Anyone can create an account and a new firm.' },
  { value: 'invite-only', label: 'Invite-only', detail: 'Accounts are created only through an invitation link.' },
];

/** Who may create an account: saved as soon as a mode is chosen; the checked mode is the saved one. */
export function SignUpModeSetting() {
  const legendId = useId();
  const settings = useInstallSettings();
  const update = useUpdateInstallSettings();
  if (settings.error) return <Alert>{getErrorMessage(settings.error, 'Failed to load the sign-up setting. Please try again.')}</Alert>;
  if (!settings.data) return <Spinner label="Loading the sign-up setting..." />;
  const saved = settings.data.signUp;
  // The mode being saved shows as chosen until the server answers; a refusal puts the saved one back.
  const shown = update.isPending ? update.variables.signUp : saved;

  return (
    <div className="space-y-3">
      <fieldset aria-labelledby={legendId} disabled={update.isPending} className="min-w-0">
        <legend id={legendId} className="mb-2.5 text-sm font-medium text-slate-800">
          Who can create an account
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {modes.map((mode) => {
            const checked = mode.value === shown;
            return (
              <label
                key={mode.value}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border px-3.5 py-3 text-sm transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
                  'has-[:disabled]:cursor-not-allowed',
                  checked ? 'border-indigo-600 bg-indigo-50' : 'border-slate-300 bg-white hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name="sign-up-mode"
                  value={mode.value}
                  checked={checked}
                  onChange={() => update.mutate({ signUp: mode.value })}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-600"
                />
                <span>
                  <span className={cn('block text-slate-900', checked && 'font-semibold')}>{mode.label}</span>
                  <span className="block text-slate-600">{mode.detail}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <p className="text-sm text-slate-600" aria-live="polite">
        {update.isPending ? 'Saving...' : update.isSuccess ? `Saved: sign-up is ${saved === 'open' ? 'open' : 'invite-only'}.` : null}
      </p>
      {update.error ? <Alert>{getErrorMessage(update.error, 'The sign-up setting could not be saved. Please try again.')}</Alert> : null}
    </div>
  );
}
