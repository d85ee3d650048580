import { useLayoutEffect, useRef, useState } from 'react';

import { toast } from '@/components/ui/use-toast';

import { useCategoryAdoption } from '../api/get-category-adoption';
import { useSaveTechStack } from '../api/save-tech-stack';
import { answeredCount, draftFromItems, hasAnswersToSave, rebase, toSaveItems, type CategoryDraft, type TechStackDraft } from '../draft';

/**
 * What the page and the modal share around the form: the saved stack, the draft being edited
 * (reset from the saved stack whenever it changes, or when `resetKey` changes), and the save
 * with its toasts (SPEC section 8).
 */
export function useTechStackEditor({
  enabled = true,
  resetKey,
  onSaved,
}: { enabled?: boolean; resetKey?: unknown; onSaved?: () => void } = {}) {
  const query = useCategoryAdoption({ enabled });
  const [draft, setDraft] = useState<TechStackDraft>({});
  // The stack as last loaded: what a save compares against, so only changed categories are sent.
  const base = useRef<TechStackDraft>({});
  const lastReset = useRef<unknown>(resetKey);
  const items = query.data?.items;

  useLayoutEffect(() => {
    if (!items) return;
    const loaded = draftFromItems(items);
    // A new `resetKey` (the modal reopened) starts over; a refreshed list keeps unsaved edits.
    const keepEdits = lastReset.current === resetKey;
    const previous = base.current;
    setDraft((current) => (keepEdits ? rebase(current, previous, loaded) : loaded));
    lastReset.current = resetKey;
    base.current = loaded;
  }, [items, resetKey]);

  const save = useSaveTechStack({
    onSuccess: () => {
      toast({ title: 'Success', description: 'Your tech stack has been updated successfully!' });
      onSaved?.();
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: `Failed to update tech stack: ${error.message || 'Unknown error'}`,
        variant: 'destructive',
      }),
  });

  const list = items ?? [];
  return {
    query,
    items: list,
    draft,
    setCategory: (categoryId: number, next: CategoryDraft) => {
      setDraft((current) => ({ ...current, [categoryId]: next }));
    },
    answered: answeredCount(draft, list),
    total: list.length,
    // The categories answered so far can be saved; the unanswered ones are not sent.
    canSave: hasAnswersToSave(draft, list, base.current) && !save.isPending,
    saving: save.isPending,
    submit: () => {
      const changed = toSaveItems(draft, list, base.current);
      // Nothing changed: there is nothing to send, and the stack stands as saved.
      if (changed.length === 0) onSaved?.();
      else save.mutate(changed);
    },
  };
}
