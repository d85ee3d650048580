import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

import { useCatalogFeed } from '../api/get-catalog-feed';
import { AdminSection } from './admin-section';
import { CatalogFeedChoices } from './catalog-feed-choices';
import { CatalogFeedForm } from './catalog-feed-form';
import { CatalogFeedStatus } from './catalog-feed-status';

/**
 * "Shared catalog" on Manage Vendors: the signed catalog another install publishes, which this
 * one follows: its status, the facts changed on both sides, and where it comes from.
 */
export function CatalogFeedPanel() {
  const feed = useCatalogFeed();
  const status = feed.data;
  return (
    <AdminSection title="Shared catalog">
      {feed.error ? (
        <Alert>{getErrorMessage(feed.error, 'Failed to load the shared catalog settings. Please try again.')}</Alert>
      ) : !status ? (
        <Spinner label="Loading the shared catalog..." />
      ) : (
        <div className="space-y-6">
          {status.applied ? null : (
            <p className="max-w-2xl text-sm text-slate-600">
              Another Litstack install (a hub) can publish its vendor catalog as a signed file, and this install can follow it: what the hub
              adds or corrects arrives here, and what you changed here stays until you choose the hub’s value.
            </p>
          )}
          <CatalogFeedStatus status={status} />
          <CatalogFeedChoices choices={status.choices} />
          <div className="max-w-2xl space-y-3">
            {status.applied ? <h3 className="text-base font-semibold text-slate-900">Source and schedule</h3> : null}
            <CatalogFeedForm status={status} />
          </div>
          {status.servesFeed ? (
            <p className="border-t border-slate-100 pt-4 text-sm text-slate-600">
              This install serves its own signed catalog at <code className="font-mono text-slate-800">/api/catalog/feed</code>.
            </p>
          ) : null}
        </div>
      )}
    </AdminSection>
  );
}
