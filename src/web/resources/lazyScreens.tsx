import { lazy, type ComponentType } from 'react';
import type { GeneratedResource, RecordRepresentation, ResourceScreens } from '@kit/types';
import { loadChunk } from '../chunks';
import { loadStockProvider } from '../providers/dataProvider';

export type Screen = 'list' | 'create' | 'edit' | 'show';
export type LazyScreens = Record<Screen, ComponentType> & { preload: (screen: Screen) => Promise<ComponentType> };

const recordRepresentations = new Map<string, RecordRepresentation>();

/** The field naming a record, known once the module's index has loaded (its edit view needs it first); until then, the id. */
export const recordRepresentationOf = (name: string): RecordRepresentation | undefined => recordRepresentations.get(name);

const cache = new Map<string, LazyScreens>();

/** Retries after a failure: a chunk that failed to load (the connection dropped) is asked for again next time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error) => {
      loading = undefined;
      throw error;
    }));
}

/**
 * A module's four screens as lazy components, each its own chunk: a list loads no form code. The views
 * other than the list are react-admin's MUI screens, so they come inside the MUI theme (whose chunk
 * loads beside the view's, with the stock data provider's).
 */
export function lazyScreens(resource: GeneratedResource): LazyScreens {
  const cached = cache.get(resource.name);
  if (cached) return cached;
  const index = once(() =>
    loadChunk(resource.load).then((screens): ResourceScreens => {
      recordRepresentations.set(resource.name, screens.recordRepresentation);
      return screens;
    }),
  );
  const loaded: Partial<Record<Screen, ComponentType>> = {};
  const loaders = Object.fromEntries(
    (['list', 'create', 'edit', 'show'] as const).map((screen) => [
      screen,
      once(async () => {
        const frame = screen === 'list' ? undefined : loadChunk(() => import('@kit/material/MaterialFrame'));
        // A record screen reads and saves through the stock simple-rest provider: its code comes beside the screen's.
        if (screen !== 'list') void loadStockProvider().catch(() => undefined);
        // The list's chunk is asked for beside the index, not after it (the registry names it).
        const direct = screen === 'list' && resource.list ? loadChunk(resource.list) : undefined;
        // A list-only module has no record screens: its insert and record addresses are not found.
        const view = (screens: ResourceScreens) => {
          if (direct) return direct;
          const load = screens[screen];
          return load ? loadChunk(load) : import('../pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage }));
        };
        const [{ default: View }, framing] = await Promise.all([index().then(view), frame]);
        const Screen = framing ? framed(View, framing.MaterialFrame) : View;
        loaded[screen] = Screen;
        return Screen;
      }),
    ]),
  ) as Record<Screen, () => Promise<ComponentType>>;
  // Once the chunk is in (it may have been preloaded) a screen renders at once rather than suspending.
  const pick = (screen: Screen) => {
    const Lazy = lazy(() => loaders[screen]().then((View) => ({ default: View })));
    return function ModuleScreen() {
      const Loaded = loaded[screen];
      return Loaded ? <Loaded /> : <Lazy />;
    };
  };
  const screens = { list: pick('list'), create: pick('create'), edit: pick('edit'), show: pick('show'), preload: (screen: Screen) => loaders[screen]() };
  cache.set(resource.name, screens);
  return screens;
}

function framed(View: ComponentType, Frame: ComponentType<{ children: React.ReactNode }>): ComponentType {
  return function FramedScreen() {
    return (
      <Frame>
        <View />
      </Frame>
    );
  };
}
