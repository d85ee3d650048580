import type { MailSecurity, MailSettings, MailSettingsChange, MessageKind, MessageStatus, OutboxItem } from '@/lib/api/types';

/** The operator's mail screen, its pure parts: labels, what each outbox row offers, the PUT body. */

const kindLabels: Record<MessageKind, string> = {
  invitation: 'Invitation',
  passwordReset: 'Password reset',
  roleChanged: 'Role changed',
  test: 'Test message',
  // Notifications.
  newSignIn: 'New sign-in',
  demoFollowUp: 'Demo follow-up',
  renewalReminder: 'Renewal reminder',
  decisionApproval: 'Decision to approve',
  // Vendor accounts.
  vendorAccess: 'Vendor account link',
  vendorReview: 'Vendor proposal decided',
  vendorClaim: 'Listing claimed',
  vendorProposal: 'Vendor proposal waiting',
  firmDeletion: 'Firm deletion scheduled or taken back',
  operatorHandover: 'Operator role offered or answered',
  // Demo requests.
  demoRequest: 'Demo request to a vendor',
  demoAnswered: 'Demo request answered',
};

const statusLabels: Record<MessageStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  dropped: 'Dropped',
};

export const kindLabel = (kind: MessageKind) => kindLabels[kind] ?? kind;
export const statusLabel = (status: MessageStatus) => statusLabels[status] ?? status;

/** A failed message is sent again from its first attempt; a queued one at once. */
export const canRetry = (item: Pick<OutboxItem, 'status'>) => item.status === 'failed' || item.status === 'queued';
/** A message not sent yet can be dropped: it is never sent. */
export const canDrop = (item: Pick<OutboxItem, 'status'>) => item.status === 'failed' || item.status === 'queued';

const securityLabels: Record<MailSecurity, string> = {
  tls: 'TLS from the first byte (smtps)',
  starttls: 'STARTTLS, required',
  starttlsIfOffered: 'STARTTLS when the server offers it, else plain',
};

/** "mail.example.com:587, STARTTLS, required": where the saved settings send, for a status line. */
export function describeServer(settings: MailSettings): string | null {
  if (!settings.enabled || !settings.host) return null;
  const where = settings.port ? `${settings.host}:${settings.port}` : settings.host;
  return settings.security ? `${where}, ${securityLabels[settings.security]}` : where;
}

/** What the form holds: the password field starts empty (the saved one is never shown). */
export type MailFormValues = { smtpUrl: string; password: string; from: string; allowPlain: boolean };

export function formValuesOf(settings: MailSettings | undefined): MailFormValues {
  return {
    smtpUrl: settings?.smtpUrl ?? '',
    password: '',
    from: settings?.from ?? '',
    allowPlain: settings?.allowPlain ?? false,
  };
}

export type MailFormErrors = Partial<Record<'smtpUrl' | 'from', string>>;

/** Checks the server would make too, said before the round trip. */
export function checkMailForm(values: MailFormValues): MailFormErrors {
  const errors: MailFormErrors = {};
  const url = values.smtpUrl.trim();
  if (!url) errors.smtpUrl = 'Enter the mail server’s address, e.g. smtp://user@mail.example.com:587';
  else if (!/^smtps?:\/\/\S+$/i.test(url)) errors.smtpUrl = 'Start the address with smtp:// (STARTTLS) or smtps:// (TLS)';
  if (!values.from.trim()) errors.from = 'Enter the address messages come from, e.g. Litstack <litstack@yourfirm.com>';
  return errors;
}

/** The PUT body: an empty password field keeps the saved password (the field is left out). */
export function mailSettingsChange(values: MailFormValues): MailSettingsChange {
  const change: MailSettingsChange = { smtpUrl: values.smtpUrl.trim(), from: values.from.trim(), allowPlain: values.allowPlain };
  if (values.password !== '') change.password = values.password;
  return change;
}

/** The outbox is worth asking again while a message waits for its attempt. */
export const anyWaiting = (items: readonly Pick<OutboxItem, 'status'>[]) => items.some((item) => item.status === 'queued');
