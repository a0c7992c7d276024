import { Suspense, type MouseEvent, type ReactNode } from 'react';
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

/** The skip link moves the focus itself: the router would take the '#' for a navigation. */
function skipToContent(event: MouseEvent) {
  event.preventDefault();
  document.getElementById('main-content')?.focus();
}

/** The page frame around every module: top bar, menu by area, the disconnected banner, the page title, toasts. */
export function AppLayout({ children }: { children: ReactNode }) {
  usePageTitle();
  useLoadSystemName();
  const [open] = useSidebarOpen();
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main-content" onClick={skipToContent}>
        Pular para o conteúdo
      </a>
      <RequestIndicator />
      <AppTopBar />
      <div className={open ? 'frame' : 'frame closed'}>
        <AppMenu />
        <main className="content" id="main-content" tabIndex={-1}>
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
