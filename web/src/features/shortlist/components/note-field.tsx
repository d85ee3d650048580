import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';

import { inputClasses } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { queryKeys } from '@/lib/query-keys';
import { MAX_NOTE, putEntry } from '@/lib/shortlist';

/** How long typing must pause before the note is saved. */
const SAVE_AFTER_MS = 800;

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

  useEffect(() => {
    if (text === saved.current || tooLong) return;
    const timer = window.setTimeout(() => {
      setState({ kind: 'saving' });
      putEntry(vendorId, { note: text })
        .then(() => {
          saved.current = text;
          setState({ kind: 'saved' });
          // So that coming back to the screen starts from the saved note.
          void queryClient.invalidateQueries({ queryKey: queryKeys.shortlist });
        })
        .catch((error: unknown) => setState({ kind: 'error', message: getErrorMessage(error, 'The note could not be saved') }));
    }, SAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [text, tooLong, vendorId, queryClient]);

  const status = tooLong
    ? `The note is ${text.length.toLocaleString('en-US')} characters; at most 2,000 are saved. Shorten it to save.`
    : state.kind === 'saving'
      ? 'Saving...'
      : state.kind === 'saved'
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
