import { lazy, Suspense, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { CoreAdminContext, CoreAdminUI, CustomRoutes, localStorageStore, Resource } from 'ra-core';
import { resourceMessages } from '@generated/web/messages.pt-BR';
import { recordName } from '@kit/formatKind';
import { authProvider, dataProvider } from './services';
import { createI18nProvider } from './i18n';
import { AppLayout } from './layout/AppLayout';
import { AppError } from './layout/AppError';
import { Loading } from './layout/Loading';
import { HomePage } from './pages/HomePage';
import { ErrorPage } from './pages/ErrorPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { SystemActionPage } from './pages/SystemActionPage';
import { AccessDeniedRedirect, AccessGuard, PageGuard } from './pages/guards';
import { featurePages } from './resources/pages';
import { offers } from './providers/permissions';
import { screenResources } from './resources/screens';
import { lazyScreens, recordRepresentationOf } from './resources/lazyScreens';
import { loadChunk } from './chunks';

const i18nProvider = createI18nProvider(resourceMessages);
const store = localStorageStore();
// The profile is a form of react-admin's MUI inputs: its chunk loads on first visit.
const ProfilePage = lazy(() => loadChunk(() => import('./pages/ProfilePage')));
// The dashboard (and its charts, a chunk of their own) loads when opened.
const DashboardPage = lazy(() => loadChunk(() => import('./pages/dashboard/DashboardPage')));

type Action = 'list' | 'create' | 'edit' | 'show';

/** A lazily loaded screen behind its permission check. */
function guarded(Screen: ComponentType, action: Action) {
  return function GuardedScreen() {
    return (
      <AccessGuard action={action}>
        <Suspense fallback={<Loading />}>
          <Screen />
        </Suspense>
      </AccessGuard>
    );
  };
}

/**
 * One react-admin resource per module with screens; its screens load on first visit. Every module is
 * declared whatever the person holds, so a module they may not open answers with /erro (the screens'
 * access checks) rather than 'not found'; the menu shows only what they may list.
 */
const moduleResources = screenResources.map((resource) => {
  const screens = lazyScreens(resource);
  // A read-only module (the audit log) has no insert route at all: /{module}/inserir is not found.
  const Create = offers(resource, 'create') ? guarded(screens.create, 'create') : NotFoundPage;
  return (
    <Resource
      key={resource.name}
      name={resource.name}
      list={guarded(screens.list, 'list')}
      edit={guarded(screens.edit, 'edit')}
      show={guarded(screens.show, 'show')}
      options={{ label: resource.label.plural, areaLabel: resource.areaLabel, area: resource.area }}
      recordRepresentation={(record) => recordName(recordRepresentationOf(resource.name), record)}
    >
      <Route path="inserir" element={<Create />} />
    </Resource>
  );
});

/** The feature pages' routes (`resources/pages.ts`), each a chunk behind its names; a path may hold parameters (`paginas/:uri/:slug`). */
const pageRoutes = featurePages.map((page) => {
  const Page = lazy(() => loadChunk(page.load));
  return (
    <Route
      key={page.path}
      path={`/${page.path}`}
      element={
        <PageGuard requires={page.requires}>
          <Suspense fallback={<Loading />}>
            <Page />
          </Suspense>
        </PageGuard>
      }
    />
  );
});

/**
 * The signed-in application (loaded after login): react-admin's core (routes, resources, data, auth,
 * pt-BR messages) in a frame of plain elements; the MUI screens bring their theme with them.
 */
export default function AdminShell() {
  return (
    <CoreAdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} store={store}>
      <CoreAdminUI
        title=""
        dashboard={HomePage}
        layout={AppLayout}
        catchAll={NotFoundPage}
        accessDenied={AccessDeniedRedirect}
        error={AppError}
        loading={Loading}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes>
          <Route path="/erro" element={<ErrorPage />} />
          <Route path="/acao/:module/inserir" element={<SystemActionPage screen="create" />} />
          <Route path="/acao/:module/:id" element={<SystemActionPage screen="edit" />} />
          <Route path="/acao/:module" element={<SystemActionPage screen="choose" />} />
          <Route path="/dashboard" element={<Suspense fallback={<Loading />}><DashboardPage /></Suspense>} />
          <Route
            path="/perfil"
            element={
              <Suspense fallback={<Loading />}>
                <ProfilePage />
              </Suspense>
            }
          />
          {pageRoutes}
        </CustomRoutes>
        {moduleResources}
      </CoreAdminUI>
    </CoreAdminContext>
  );
}
