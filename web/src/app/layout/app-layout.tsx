import type { ReactNode } from 'react';

import { CompareTray } from '@/features/compare/components/compare-tray';
import { FirmDeletionBanner } from '@/features/firm/components/firm-deletion-banner';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { OnboardingModal } from '@/features/profile/components/onboarding-modal';

import { MobileTopBar } from './mobile-top-bar';
import { Sidebar } from './sidebar';

/** The frame of every signed-in screen: sidebar (a drawer on phones), content, onboarding. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50 print:bg-white">
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <MobileTopBar />
      <div className="md:flex">
        {/* The column runs the page's full height; the sidebar inside stays in view. */}
        <aside className="hidden bg-slate-900 md:block md:w-64 md:shrink-0 print:hidden">
          <div className="sticky top-0 h-dvh">
            <Sidebar />
          </div>
        </aside>
        <div className="min-w-0 flex-1">
          {/* The desktop banner (phones have the top bar's): the bell stays outside the content. */}
          <header className="hidden justify-end px-4 pt-4 sm:px-6 md:flex lg:px-10 print:hidden">
            <NotificationBell />
          </header>
          <main id="content">
            <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 md:py-8 lg:px-10 lg:py-10 print:max-w-none print:p-0">
              {/* Install-wide news every member must see, whatever screen they are on. */}
              <FirmDeletionBanner />
              {children}
            </div>
            <div className="print:hidden">
              <CompareTray />
            </div>
          </main>
        </div>
      </div>
      <OnboardingModal />
    </div>
  );
}
