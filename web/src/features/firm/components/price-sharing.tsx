import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { PriceSharing as PriceSharingAnswer } from '@/lib/api/types';
import { formatDate } from '@/lib/format';

import { usePriceSharing } from '../api/get-price-sharing';
import { useSetPriceSharing } from '../api/set-price-sharing';

export const WHAT_IS_SHARED =
  'What is shared: the annual cost per seat from your contracts on the tech stack, counted only together with 4 or more other firms, never with your firm’s name.';

/** "Shared since Nov 24, 2026 (Ann Doe agreed)." and the like. */
export function consentText(answer: PriceSharingAnswer): string {
  if (!answer.since || !answer.by) return 'Not shared. Litstack never shares it unless an owner or admin agrees.';
  const day = formatDate(answer.since);
  return answer.share ? `Shared since ${day} (${answer.by} agreed).` : `Not shared since ${day} (${answer.by} withdrew it).`;
}

/**
 * "Share what we pay with other firms": owners and admins give or withdraw the firm's consent;
 * everyone reads whether it is given, by whom and when.
 */
export function PriceSharingSettings({ canManage }: { canManage: boolean }) {
  const sharing = usePriceSharing();
  const save = useSetPriceSharing();
  if (sharing.isPending) return <Spinner label="Loading the setting..." size="sm" />;
  if (sharing.isError) return <Alert>{getErrorMessage(sharing.error, 'Could not load the setting. Please try again.')}</Alert>;
  const answer = sharing.data;
  const onChange = (share: boolean) =>
    save.mutate(
      { share },
      {
        onSuccess: () =>
          toast({
            title: share ? 'Sharing what your firm pays' : 'No longer sharing what your firm pays',
            description: share ? 'Your figures count where at least 5 firms shared.' : 'Your figures are gone from every vendor profile.',
          }),
      },
    );
  return (
    <div className="space-y-3">
      {save.isError ? <Alert>{getErrorMessage(save.error, 'Could not save the setting. Please try again.')}</Alert> : null}
      {canManage ? (
        <label className="flex cursor-pointer items-start gap-3 has-[:disabled]:cursor-not-allowed">
          <input
            type="checkbox"
            role="switch"
            checked={answer.share}
            disabled={save.isPending}
            onChange={(event) => onChange(event.target.checked)}
            aria-describedby="price-sharing-what price-sharing-consent"
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          />
          <span className="text-sm font-medium text-slate-900">Share what we pay with other firms</span>
        </label>
      ) : null}
      <p id="price-sharing-what" className={`text-sm text-slate-600 ${canManage ? 'pl-8' : ''}`}>
        {WHAT_IS_SHARED}
      </p>
      <p id="price-sharing-consent" className={`text-sm text-slate-700 ${canManage ? 'pl-8' : ''}`}>
        {consentText(answer)}
      </p>
    </div>
  );
}
