import { Suspense, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Loading, Resource } from 'react-admin';
import { resourceMessages } from '../../generated/web/messages.pt-BR';
import { authProvider, dataProvider } from './services';
import { createI18nProvider } from './i18n';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { RequestIndicator } from './layout/RequestIndicator';
import { HomePage } from './pages/HomePage';
import { ErrorPage } from './pages/ErrorPage';
import { ProfilePage } from './pages/ProfilePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { AccessDeniedRedirect, AccessGuard } from './pages/guards';
import { offers } from './providers/permissions';
import { screenResources } from './resources/screens';
import { lazyScreens, recordRepresentationOf } from './resources/lazyScreens';
import { iconNamed } from './resources/icons';
import { theme } from './theme';

const i18nProvider = createI18nProvider(resourceMessages);

type Action = 'list' | 'create' | 'edit' | 'show';

/** A lazily loaded screen behind its permission check. */
function guarded(Screen: ComponentType, action: Action) {
  return function GuardedScreen() {
    return (
      <AccessGuard action={action}>
        <Suspense fallback={<Loading loadingPrimary="Carregando" loadingSecondary="Aguarde" />}>
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
      icon={iconNamed(resource.icon)}
      options={{ label: resource.label.plural, areaLabel: resource.areaLabel, area: resource.area }}
      recordRepresentation={(record) => String(record[recordRepresentationOf(resource.name)] ?? record.id)}
    >
      <Route path="inserir" element={<Create />} />
    </Resource>
  );
});

/** The signed-in application: react-admin with the product's providers, layout and pages (loaded after login). */
export default function AdminShell() {
  return (
    <>
      <RequestIndicator />
      <Admin
        title=""
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        loginPage={false}
        dashboard={HomePage}
        layout={AppLayout}
        catchAll={NotFoundPage}
        accessDenied={AccessDeniedRedirect}
        notification={AppNotification}
        theme={theme}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes>
          <Route path="/erro" element={<ErrorPage />} />
          <Route path="/perfil" element={<ProfilePage />} />
        </CustomRoutes>
        {moduleResources}
      </Admin>
    </>
  );
}
