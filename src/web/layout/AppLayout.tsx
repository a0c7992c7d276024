import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AppMenu } from './AppMenu';
import { AppTopBar } from './AppTopBar';
import { AppNotification } from './AppNotification';
import { AppErrorBoundary } from './AppErrorBoundary';
import { ConnectionBanner } from './ConnectionBanner';
import { AccessWatcher } from './AccessWatcher';
import { NavigationGuard } from './NavigationGuard';
import { PasswordChangeGate } from './PasswordChangeGate';
import { RequestIndicator } from './RequestIndicator';
import { Loading } from './Loading';
import { usePageTitle } from './usePageTitle';
import { useLoadSystemName } from './useLoadSystemName';
import { useSidebarOpen } from './useSidebarOpen';

/** The page frame around every module: top bar, menu by area, the disconnected banner, the page title, toasts. */
export function AppLayout({ children }: { children: ReactNode }) {
  usePageTitle();
  useLoadSystemName();
  const [open] = useSidebarOpen();
  const { pathname } = useLocation();
  return (
    <>
      <RequestIndicator />
      <AppTopBar />
      <div className={open ? 'frame' : 'frame closed'}>
        <AppMenu />
        <main className="content" id="main-content">
          <ConnectionBanner />
          <AccessWatcher />
          <NavigationGuard />
          <PasswordChangeGate />
          <AppErrorBoundary key={pathname}>
            <Suspense fallback={<Loading />}>{children}</Suspense>
          </AppErrorBoundary>
        </main>
      </div>
      <AppNotification />
    </>
  );
}
