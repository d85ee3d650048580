import { useSignal } from '@preact/signals-react';
import { useLayoutEffect, useRef } from 'react';

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
  const draft = useSignal<TechStackDraft>({});
  // The stack as last loaded: what a save compares against, so only changed categories are sent.
  const base = useRef<TechStackDraft>({});
  const lastReset = useRef<unknown>(resetKey);
  const items = query.data?.items;

  useLayoutEffect(() => {
    if (!items) return;
    const loaded = draftFromItems(items);
    // A new `resetKey` (the modal reopened) starts over; a refreshed list keeps unsaved edits.
    draft.value = lastReset.current === resetKey ? rebase(draft.value, base.current, loaded) : loaded;
    lastReset.current = resetKey;
    base.current = loaded;
  }, [items, resetKey, draft]);

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
    draft: draft.value,
    setCategory: (categoryId: number, next: CategoryDraft) => {
      draft.value = { ...draft.value, [categoryId]: next };
    },
    answered: answeredCount(draft.value, list),
    total: list.length,
    // The categories answered so far can be saved; the unanswered ones are not sent.
    canSave: hasAnswersToSave(draft.value, list, base.current) && !save.isPending,
    saving: save.isPending,
    submit: () => {
      const changed = toSaveItems(draft.value, list, base.current);
      // Nothing changed: there is nothing to send, and the stack stands as saved.
      if (changed.length === 0) onSaved?.();
      else save.mutate(changed);
    },
  };
}
