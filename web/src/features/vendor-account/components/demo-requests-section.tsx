import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { formatDate, formatDateTime } from '@/lib/format';

import { useAnswerDemoRequest } from '../api/demo-requests';
import { vendorErrorMessage } from '../api/vendor-call';
import type { DemoShared, VendorDemoRequest } from '../types';

import { HomeSection } from './home-section';
import { TextAreaField } from './text-area-field';

const MAX_TIMES = 5;
const MAX_MESSAGE = 1000;

const stateText: Record<VendorDemoRequest['state'], string> = {
  requested: 'Waiting for your answer',
  answered: 'Answered',
  booked: 'The firm booked the demo',
  withdrawn: 'Withdrawn by the firm: what it shared is no longer shown',
};

const sharedLabels: [keyof DemoShared, string][] = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['firmName', 'Firm'],
  ['firmSize', 'Firm size'],
  ['category', 'Looking for'],
  ['note', 'Note'],
];

/**
 * "Demo requests": what firms asked this listing for through Litstack, each with only what the
 * firm's member chose to share, and the answer form (a scheduling link, times, or both).
 */
export function DemoRequestsSection({ requests }: { requests: UseQueryResult<VendorDemoRequest[]> }) {
  return (
    <HomeSection
      id="demo-requests"
      title="Demo requests"
      description="Law firms that asked for a demo through Litstack, newest first. Each shares only what its member chose."
    >
      {requests.isPending ? (
        <Spinner label="Loading demo requests..." />
      ) : requests.isError ? (
        <Alert>{vendorErrorMessage(requests.error, 'Failed to load demo requests.')}</Alert>
      ) : requests.data.length === 0 ? (
        <p className="text-sm text-slate-600">No firm has asked for a demo through Litstack yet.</p>
      ) : (
        <ul aria-label="Demo requests" className="divide-y divide-slate-100">
          {requests.data.map((request) => (
            <DemoRequestItem key={request.id} request={request} />
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

function DemoRequestItem({ request }: { request: VendorDemoRequest }) {
  const shared = request.shared;
  const sent = shared ? sharedLabels.filter(([key]) => shared[key] != null) : [];
  const answerable = request.state === 'requested' || request.state === 'answered';
  const [answering, setAnswering] = useState(request.state === 'requested');
  return (
    <li className="space-y-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Requested on {formatDate(request.requestedAt)}</h3>
        <p className="text-sm text-slate-600">{stateText[request.state]}</p>
      </div>
      {shared ? (
        sent.length > 0 ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {sent.map(([key, label]) => (
              <div key={key} className="contents">
                <dt className="text-slate-600">{label}</dt>
                <dd className="break-words whitespace-pre-wrap text-slate-900">{shared[key]}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-slate-700">The firm chose to share nothing else: answer here, and its member reads it on Litstack.</p>
        )
      ) : null}
      {request.answer ? (
        <div className="text-sm text-slate-700">
          <p className="font-medium text-slate-800">You answered on {formatDate(request.answer.answeredAt)}:</p>
          {request.answer.schedulingUrl ? <p className="break-all">{request.answer.schedulingUrl}</p> : null}
          {request.answer.times.length > 0 ? (
            <ul className="list-disc pl-5">
              {request.answer.times.map((t) => (
                <li key={t}>
                  <time dateTime={t}>{formatDateTime(t)}</time>
                </li>
              ))}
            </ul>
          ) : null}
          {request.answer.message ? <p className="break-words whitespace-pre-wrap">{request.answer.message}</p> : null}
        </div>
      ) : null}
      {answerable && answering ? (
        <AnswerForm request={request} onDone={() => setAnswering(false)} />
      ) : answerable ? (
        <Button size="sm" variant="outline" onClick={() => setAnswering(true)}>
          Change your answer
        </Button>
      ) : null}
    </li>
  );
}

/** A datetime-local value ("2026-12-03T15:00") as RFC 3339 in UTC, read in the browser's time zone. */
function toRfc3339(local: string): string | null {
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function AnswerForm({ request, onDone }: { request: VendorDemoRequest; onDone: () => void }) {
  const answer = useAnswerDemoRequest();
  const [link, setLink] = useState(request.answer?.schedulingUrl ?? '');
  const [times, setTimes] = useState<string[]>(['']);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A changed field takes back the last refusal: it was about what was there before.
  const edit = (change: () => void) => {
    setProblem(null);
    answer.reset();
    change();
  };

  const send = () => {
    const url = link.trim();
    const chosen = times.map((t) => t.trim()).filter(Boolean);
    const converted = chosen.map(toRfc3339);
    if (url && !url.startsWith('https://')) return setProblem('The scheduling link must start with https://.');
    if (converted.some((t) => t === null)) return setProblem('Give each time as a date and a time.');
    if (!url && chosen.length === 0) return setProblem('Give a scheduling link or at least one time.');
    if (converted.some((t) => t !== null && Date.parse(t) <= Date.now())) return setProblem('Offer times still to come.');
    if (message.trim().length > MAX_MESSAGE) return setProblem(`The message is at most ${MAX_MESSAGE} characters.`);
    setProblem(null);
    answer.mutate(
      {
        id: request.id,
        answer: { schedulingUrl: url || null, times: converted.filter((t): t is string => t !== null), message: message.trim() || null },
      },
      {
        onSuccess: () => {
          toast({ title: 'Answer sent', description: 'The member who asked is told under their bell and by mail.' });
          onDone();
        },
      },
    );
  };

  const error = problem ?? (answer.error ? vendorErrorMessage(answer.error, 'The answer could not be sent. Please try again.') : null);
  return (
    <form
      aria-label={`Answer the request of ${formatDate(request.requestedAt)}`}
      className="space-y-3 rounded-xl bg-slate-50 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <TextField
        label="Scheduling link"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="Your booking page (https). Give it, times, or both."
        value={link}
        onChange={(event) => edit(() => setLink(event.target.value))}
        disabled={answer.isPending}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Times you offer (your time zone)</legend>
        {times.map((value, i) => (
          <div key={i} className="flex items-center gap-2">
            <input
              type="datetime-local"
              aria-label={`Time ${i + 1}`}
              value={value}
              onChange={(event) => {
                const next = event.target.value;
                edit(() => setTimes((current) => current.map((t, j) => (j === i ? next : t))));
              }}
              disabled={answer.isPending}
              className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:outline-2 focus:outline-indigo-600"
            />
            {times.length > 1 ? (
              <Button type="button" size="sm" variant="ghost" onClick={() => setTimes((current) => current.filter((_, j) => j !== i))}>
                Remove time {i + 1}
              </Button>
            ) : null}
          </div>
        ))}
        {times.length < MAX_TIMES ? (
          <Button type="button" size="sm" variant="outline" onClick={() => setTimes((current) => [...current, ''])}>
            Add a time
          </Button>
        ) : null}
      </fieldset>
      <TextAreaField
        label="Message (optional)"
        rows={2}
        value={message}
        onChange={(event) => edit(() => setMessage(event.target.value))}
        disabled={answer.isPending}
      />
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" disabled={answer.isPending}>
        {answer.isPending ? 'Sending...' : 'Send answer'}
      </Button>
    </form>
  );
}
