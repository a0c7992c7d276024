import { Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route } from 'react-router-dom';
import { Admin, CustomRoutes, Loading, Resource } from 'react-admin';
import { resourceMessages } from '../../generated/web/messages.pt-BR';
import { authProvider, dataProvider } from './services';
import { createI18nProvider } from './i18n';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { RequestIndicator } from './layout/RequestIndicator';
import { LoginPage } from './pages/LoginPage';
import { HomePage } from './pages/HomePage';
import { ErrorPage } from './pages/ErrorPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { AccessDeniedRedirect, InsertGuard } from './pages/guards';
import { screenResources } from './resources/modules';
import { lazyScreens, recordRepresentationOf } from './resources/lazyScreens';
import { iconNamed } from './resources/icons';
import { allows } from './providers/permissions';
import { theme } from './theme';

const i18nProvider = createI18nProvider(resourceMessages);

function suspended(Screen: ComponentType) {
  return function SuspendedScreen() {
    return (
      <Suspense fallback={<Loading loadingPrimary="Carregando" loadingSecondary="Aguarde" />}>
        <Screen />
      </Suspense>
    );
  };
}

/** One react-admin resource per module the person may list; its screens load on first visit. */
function moduleResources(permissions: string[] | undefined) {
  const held = permissions ?? [];
  return screenResources
    .filter((resource) => allows(held, resource, 'list'))
    .map((resource) => {
      const screens = lazyScreens(resource);
      const Create = suspended(screens.create);
      return (
        <Resource
          key={resource.name}
          name={resource.name}
          list={suspended(screens.list)}
          edit={suspended(screens.edit)}
          show={suspended(screens.show)}
          icon={iconNamed(resource.icon)}
          options={{ label: resource.label.plural, areaLabel: resource.areaLabel, area: resource.area }}
          recordRepresentation={(record) => String(record[recordRepresentationOf(resource.name)] ?? record.id)}
        >
          <Route
            path="inserir"
            element={
              <InsertGuard>
                <Create />
              </InsertGuard>
            }
          />
        </Resource>
      );
    });
}

export function App() {
  return (
    <BrowserRouter>
      <RequestIndicator />
      <Admin
        title=""
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        loginPage={LoginPage}
        dashboard={HomePage}
        layout={AppLayout}
        catchAll={NotFoundPage}
        accessDenied={AccessDeniedRedirect}
        notification={AppNotification}
        theme={theme}
        requireAuth
        disableTelemetry
      >
        {(permissions: string[]) => [
          <CustomRoutes key="pages">
            <Route path="/erro" element={<ErrorPage />} />
          </CustomRoutes>,
          ...moduleResources(permissions),
        ]}
      </Admin>
    </BrowserRouter>
  );
}
