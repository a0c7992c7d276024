import { lazy, type ComponentType } from 'react';
import type { GeneratedResource, ResourceScreens } from '../kit/types';

type Screen = 'list' | 'create' | 'edit' | 'show';
export type LazyScreens = Record<Screen, ComponentType> & { preload: () => Promise<ResourceScreens> };

const recordRepresentations = new Map<string, string>();

/** The field naming a record, known once the module's chunk has loaded (its edit view needs it first). */
export const recordRepresentationOf = (name: string) => recordRepresentations.get(name) ?? 'id';

const cache = new Map<string, LazyScreens>();

/** A module's four screens as lazy components sharing one dynamic import (one chunk per module). */
export function lazyScreens(resource: GeneratedResource): LazyScreens {
  const cached = cache.get(resource.name);
  if (cached) return cached;
  let loading: Promise<ResourceScreens> | undefined;
  let loaded: ResourceScreens | undefined;
  const load = () =>
    (loading ??= resource.load().then(
      (screens) => {
        recordRepresentations.set(resource.name, screens.recordRepresentation);
        loaded = screens;
        return screens;
      },
      (error) => {
        loading = undefined;
        throw error;
      },
    ));
  // Once the chunk is in (it may have been preloaded) a screen renders at once rather than suspending.
  const pick = (screen: Screen) => {
    const Lazy = lazy(() => load().then((screens) => ({ default: screens[screen] })));
    return function ModuleScreen() {
      const Loaded = loaded?.[screen];
      return Loaded ? <Loaded /> : <Lazy />;
    };
  };
  const screens = { list: pick('list'), create: pick('create'), edit: pick('edit'), show: pick('show'), preload: load };
  cache.set(resource.name, screens);
  return screens;
}
