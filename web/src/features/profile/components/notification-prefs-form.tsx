import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { KindPref, NoticeKind, PrefsChange } from '@/lib/api/types';

import { useSaveNotificationPrefs } from '../api/save-notification-prefs';

/** The operator's notices of vendors' claims and proposals, a firm's deletion and an offer of the operator role: always on, not a preference. */
const OPERATORS_DUTY: NoticeKind[] = ['vendorClaim', 'vendorProposal', 'firmDeletion', 'operatorHandover'];
const isChoosable = (kind: NoticeKind): kind is keyof PrefsChange => !OPERATORS_DUTY.includes(kind);

const SECURITY_REASON = 'Always on: it tells you when someone else may be using your account.';

/** Each kind of message, by email and in the app, on or off. */
export function NotificationPrefsForm({ kinds }: { kinds: KindPref[] }) {
  const [values, setValues] = useState(kinds);
  const save = useSaveNotificationPrefs({
    onSuccess: () => toast({ title: 'Notifications saved', description: 'You will get the messages you chose.' }),
    onError: (error) =>
      toast({ title: 'Error', description: getErrorMessage(error, 'Failed to save. Please try again.'), variant: 'destructive' }),
  });
  const set = (kind: NoticeKind, field: 'email' | 'inApp', on: boolean) =>
    setValues((current) => current.map((k) => (k.kind === kind ? { ...k, [field]: on } : k)));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const change: PrefsChange = {};
    // The operator's vendor notices are never a choice (the server lists them for no one).
    for (const { kind, email, inApp } of values) if (isChoosable(kind)) change[kind] = { email, inApp };
    save.mutate(change);
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Which messages you get, and how</caption>
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="py-2 font-medium">
              Message
            </th>
            <th scope="col" className="w-20 py-2 text-center font-medium">
              Email
            </th>
            <th scope="col" className="w-20 py-2 text-center font-medium">
              In app
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {values.map((k) => (
            <tr key={k.kind}>
              <th scope="row" className="py-3 pr-3 font-normal text-slate-900">
                {k.label}
                {k.security ? (
                  <span id={`security-${k.kind}`} className="mt-0.5 block text-xs text-slate-600">
                    {SECURITY_REASON}
                  </span>
                ) : null}
              </th>
              <td className="py-3 text-center">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-indigo-600"
                  aria-label={`Email: ${k.label}`}
                  aria-describedby={k.security ? `security-${k.kind}` : undefined}
                  checked={k.security || k.email}
                  disabled={k.security || save.isPending}
                  onChange={(e) => set(k.kind, 'email', e.target.checked)}
                />
              </td>
              <td className="py-3 text-center">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-indigo-600"
                  aria-label={`In app: ${k.label}`}
                  checked={k.inApp}
                  disabled={save.isPending}
                  onChange={(e) => set(k.kind, 'inApp', e.target.checked)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save notifications'}
      </Button>
    </form>
  );
}
