import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppMenu } from './AppMenu';
import { AppTopBar } from './AppUserMenu';
import { ConnectionBanner } from './ConnectionBanner';
import { AccessWatcher } from './AccessWatcher';
import { NavigationGuard } from './NavigationGuard';
import { PasswordChangeGate } from './PasswordChangeGate';
import { usePageTitle } from './usePageTitle';
import { useLoadSystemName } from './useLoadSystemName';

/** The page frame around every module: menu by area, the disconnected banner, the page title. */
export function AppLayout({ children }: { children: ReactNode }) {
  usePageTitle();
  useLoadSystemName();
  return (
    <Layout menu={AppMenu} appBar={AppTopBar}>
      <ConnectionBanner />
      <AccessWatcher />
      <NavigationGuard />
      <PasswordChangeGate />
      {children}
    </Layout>
  );
}
