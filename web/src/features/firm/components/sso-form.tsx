import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { FirmRole, SsoDomainStatus, SsoSettingsView } from '@/lib/api/types';
import { firmRoleOptions } from '@/lib/firm-options';

import { useUpdateSso } from '../api/update-sso';

const STATUS_TEXT: Record<SsoDomainStatus, string> = {
  pending: 'Waiting for the operator',
  confirmed: 'Confirmed',
  refused: 'Refused by the operator',
};

const STATUS_CLASS: Record<SsoDomainStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  confirmed: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  refused: 'bg-red-50 text-red-800 ring-red-600/20',
};

/** The firm's identity provider settings and its email domains. */
export function SsoForm({ saved }: { saved: SsoSettingsView }) {
  const [issuer, setIssuer] = useState(saved.issuer);
  const [clientId, setClientId] = useState(saved.clientId);
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(saved.domains.map((d) => d.domain).join(', '));
  const [defaultRole, setDefaultRole] = useState<string>(saved.defaultRole);
  const [requireSso, setRequireSso] = useState(saved.requireSso);
  const update = useUpdateSso();
  const roles = firmRoleOptions.filter((o) => o.value !== 'owner');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        issuer: issuer.trim(),
        clientId: clientId.trim(),
        clientSecret,
        domains: domains
          .split(/[\s,]+/)
          .map((d) => d.trim())
          .filter((d) => d !== ''),
        defaultRole: defaultRole as FirmRole,
        requireSso,
      },
      { onSuccess: () => toast({ title: 'Single sign-on saved', description: 'New domains wait for the operator’s confirmation.' }) },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {update.isError ? <Alert>{getErrorMessage(update.error, 'Failed to save single sign-on. Please try again.')}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Issuer URL"
          placeholder="https://login.microsoftonline.com/…/v2.0"
          value={issuer}
          onChange={(e) => setIssuer(e.target.value)}
          disabled={update.isPending}
        />
        <TextField label="Client ID" value={clientId} onChange={(e) => setClientId(e.target.value)} disabled={update.isPending} />
        <TextField
          label="Client secret"
          type="password"
          autoComplete="off"
          hint={saved.clientSecretSet ? 'Saved; leave empty to keep it.' : 'From your identity provider, with the client ID.'}
          value={clientSecret}
          onChange={(e) => setClientSecret(e.target.value)}
          disabled={update.isPending}
        />
        <SelectField
          label="Role of people who sign in for the first time"
          options={roles}
          value={defaultRole}
          onChange={(e) => setDefaultRole(e.target.value)}
          disabled={update.isPending}
        />
      </div>
      <TextField
        label="Email domains"
        hint="Separated by commas, e.g. doe-law.com. Each waits for the operator’s confirmation; public mail services cannot be claimed."
        value={domains}
        onChange={(e) => setDomains(e.target.value)}
        disabled={update.isPending}
      />
      {saved.domains.length > 0 ? (
        <ul aria-label="Domain status" className="flex flex-wrap gap-2 text-sm">
          {saved.domains.map((d) => (
            <li key={d.domain} className={`rounded-full px-2.5 py-1 ring-1 ring-inset ${STATUS_CLASS[d.status]}`}>
              {d.domain}: {STATUS_TEXT[d.status]}
            </li>
          ))}
        </ul>
      ) : null}
      <label className="flex items-start gap-3 text-sm text-slate-700">
        <input
          type="checkbox"
          role="switch"
          className="mt-0.5 h-4 w-4 rounded border-slate-300 text-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600"
          checked={requireSso}
          onChange={(e) => setRequireSso(e.target.checked)}
          disabled={update.isPending}
        />
        <span>
          <span className="font-medium text-slate-900">Require SSO</span>
          <span className="block text-slate-600">
            Members can no longer sign in with a password once a domain is confirmed: they use “Continue with your firm’s sign-in”. Owners
            with two-step sign-in keep a password sign-in for emergencies (set yours up on your profile first), and every such sign-in is in
            the audit log.
          </span>
        </span>
      </label>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Single Sign-On'}
        </Button>
      </div>
    </form>
  );
}
