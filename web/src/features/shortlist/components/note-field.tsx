import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';

import { inputClasses } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { queryKeys } from '@/lib/query-keys';
import type { Shortlist } from '@/lib/api/types';
import { MAX_NOTE, putEntry, withEntry } from '@/lib/shortlist';

/**
 * How long typing must pause before the note is saved: short, so "Saved" follows the last
 * keystroke closely (issue 45: settled within 200 ms); one save is on its way at a time, and
 * leaving the field saves at once.
 */
export const SAVE_AFTER_MS = 120;

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/**
 * The entry's plain-text note, saved as you type (once typing pauses) with a visible "Saved".
 * Over 2,000 characters it is not sent: the field says so, and the saved note stays as it was.
 */
export function NoteField({ vendorId, vendorName, initial }: { vendorId: number; vendorName: string; initial: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const statusId = `${id}-status`;
  const [text, setText] = useState(initial);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const saved = useRef(initial);
  const tooLong = text.length > MAX_NOTE;

  // A colleague's newer note, read when the shortlist refreshes, replaces the text here unless
  // this person has unsaved typing of their own (which, once saved, is the latest note).
  useEffect(() => {
    if (initial === saved.current) return;
    setText((current) => (current === saved.current ? initial : current));
    saved.current = initial;
  }, [initial]);

  // The text as typed, for a save answered after more typing: it sends the latest next.
  const latest = useRef(text);
  latest.current = text;
  const inFlight = useRef(false);

  const flush = useCallback(() => {
    // The save on its way sends the latest text when it is answered: never two at once, so an
    // older note can never land after a newer one.
    if (inFlight.current) return;
    const sending = latest.current;
    if (sending === saved.current || sending.length > MAX_NOTE) return;
    inFlight.current = true;
    setState({ kind: 'saving' });
    putEntry(vendorId, { note: sending })
      .then((entry) => {
        inFlight.current = false;
        saved.current = sending;
        // The answer is the entry as saved: the shortlist shows it without reading it again.
        const next = withEntry(queryClient.getQueryData<Shortlist>(queryKeys.shortlist), entry);
        if (next) queryClient.setQueryData(queryKeys.shortlist, next);
        if (latest.current !== sending) {
          flush();
          return;
        }
        setState({ kind: 'saved' });
        void queryClient.invalidateQueries({ queryKey: queryKeys.shortlist });
      })
      .catch((error: unknown) => {
        inFlight.current = false;
        setState({ kind: 'error', message: getErrorMessage(error, 'The note could not be saved') });
      });
  }, [vendorId, queryClient]);

  useEffect(() => {
    if (text === saved.current || tooLong) return;
    const timer = window.setTimeout(flush, SAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [text, tooLong, flush]);

  const status = tooLong
    ? `The note is ${text.length.toLocaleString('en-US')} characters; at most 2,000 are saved. Shorten it to save.`
    : state.kind === 'saving'
      ? 'Saving...'
      : // "Saved" only while the field holds what was saved: typing since is not saved yet.
        state.kind === 'saved' && text === saved.current
        ? 'Saved'
        : state.kind === 'error'
          ? state.message
          : '';

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Note on {vendorName}
      </label>
      <textarea
        id={id}
        rows={3}
        value={text}
        aria-invalid={tooLong || state.kind === 'error' ? true : undefined}
        aria-describedby={statusId}
        onChange={(e) => setText(e.target.value)}
        onBlur={flush}
        className={cn(inputClasses, 'min-h-20 resize-y', tooLong ? 'border-red-400' : 'border-slate-300')}
      />
      <p
        id={statusId}
        role="status"
        className={cn('min-h-4 text-xs', tooLong || state.kind === 'error' ? 'text-red-700' : 'text-slate-600')}
      >
        {status}
      </p>
    </div>
  );
}
