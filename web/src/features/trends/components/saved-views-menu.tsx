import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';

import { buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Icon } from '@/components/ui/icon';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import type { SavedView } from '@/lib/api/types';
import { useFirmAccess } from '@/lib/auth';
import { usePageParams } from '@/lib/use-page-params';

import { useDeleteSavedView } from '../api/delete-saved-view';
import { useSavedViews } from '../api/get-saved-views';

import { SaveViewDialog } from './save-view-dialog';

const itemClasses =
  'flex cursor-default items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none select-none data-[disabled]:text-slate-500 data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900';

/** The address's query string without the page: a view keeps the filters, not where the table was. */
function currentParams(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  kept.delete('page');
  return kept.toString();
}

/** /trends' "Saved views" menu: open one of the firm's views, save the current one, delete one. */
export function SavedViewsMenu() {
  const { params } = usePageParams();
  const [, navigate] = useLocation();
  const { canWrite } = useFirmAccess();
  const views = useSavedViews();
  const remove = useDeleteSavedView();
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  // A dialog chosen from the menu takes the focus; the menu must not hand it back to its button.
  const dialogChosen = useRef(false);

  const items = views.data?.items ?? [];
  const closeDelete = (open: boolean) => {
    if (!open) {
      setDeleting(null);
      remove.reset();
    }
  };

  return (
    <>
      {/* Not modal and not portalled: the open menu stays inside the page's landmarks, and the
          rest of the page stays readable to assistive technology (axe checks it open). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className={buttonClasses({ variant: 'outline' })}>
          <Icon name="bookmark" className="h-4 w-4" />
          Saved views
          <Icon name="chevronDown" className="h-4 w-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={16}
          className="z-30 max-h-[min(28rem,var(--radix-dropdown-menu-content-available-height))] w-72 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10"
          onCloseAutoFocus={(event) => {
            if (dialogChosen.current) event.preventDefault();
            dialogChosen.current = false;
          }}
        >
          {views.isPending ? (
            <DropdownMenu.Item disabled className={itemClasses}>
              Loading saved views...
            </DropdownMenu.Item>
          ) : views.isError ? (
            <DropdownMenu.Item disabled className={itemClasses}>
              Could not load the saved views
            </DropdownMenu.Item>
          ) : items.length === 0 ? (
            <DropdownMenu.Item disabled className={itemClasses}>
              No saved views yet
            </DropdownMenu.Item>
          ) : (
            items.map((view) => (
              <DropdownMenu.Group key={view.id} aria-label={view.name} className="flex items-center gap-1">
                <DropdownMenu.Item
                  className={`${itemClasses} min-w-0 flex-1`}
                  onSelect={() => navigate(view.params ? `${paths.trends}?${view.params}` : paths.trends)}
                >
                  <span className="truncate">{view.name}</span>
                </DropdownMenu.Item>
                {canWrite ? (
                  <DropdownMenu.Item
                    aria-label={`Delete ${view.name}`}
                    className={`${itemClasses} text-slate-600 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-700`}
                    onSelect={() => {
                      dialogChosen.current = true;
                      setDeleting(view);
                    }}
                  >
                    <Icon name="trash" className="h-4 w-4" />
                  </DropdownMenu.Item>
                ) : null}
              </DropdownMenu.Group>
            ))
          )}
          {canWrite ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
              <DropdownMenu.Item
                className={`${itemClasses} font-medium text-indigo-700`}
                onSelect={() => {
                  dialogChosen.current = true;
                  setSaving(true);
                }}
              >
                Save this view...
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Root>

      <SaveViewDialog open={saving} onOpenChange={setSaving} params={currentParams(params)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={closeDelete}
        title="Delete saved view"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        destructive
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: 'View deleted', description: `"${name}" is no longer in Saved views.` });
              closeDelete(false);
            },
          });
        }}
      >
        <p>Delete &ldquo;{deleting?.name}&rdquo; for everyone in your firm? The filters on screen stay as they are.</p>
      </ConfirmDialog>
    </>
  );
}
