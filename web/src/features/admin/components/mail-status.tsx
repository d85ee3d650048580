import type { MailSettings } from '@/lib/api/types';

import { describeServer } from '../mail';

/** Whether mail is on, and through which server and from which address. */
export function MailStatus({ saved }: { saved: MailSettings }) {
  const server = describeServer(saved);
  if (!saved.enabled || !server) {
    return (
      <p className="rounded-lg bg-slate-50 px-3.5 py-3 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">Mail is off.</span> Nothing is sent: whoever makes an invitation or a reset link
        copies it and hands it over. &ldquo;Forgot password?&rdquo; is not offered on the sign-in screen.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <p className="rounded-lg bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900">
        <span className="font-semibold">Mail is on:</span> sending through {server}
        {saved.username ? `, as ${saved.username}` : ''}, from {saved.from}.
        {saved.publicAddress ? ` Links in mail open ${saved.publicAddress}.` : ''}
      </p>
      {saved.publicAddress ? null : (
        <p role="status" className="rounded-lg bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
          <span className="font-semibold">Mail with a link is not sent:</span> Litstack does not know the address people open it at.
          Invitations and reset links are refused until it is started with <code>--public-url</code> (the address people open, such as
          https://litstack.firm.test); notices show under the bell only.
        </p>
      )}
    </div>
  );
}
