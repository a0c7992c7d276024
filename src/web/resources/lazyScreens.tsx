import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { GeneratedResource, ResourceScreens } from '../kit/types';

type Screen = 'list' | 'create' | 'edit' | 'show';
export type LazyScreens = Record<Screen, LazyExoticComponent<ComponentType>>;

const recordRepresentations = new Map<string, string>();

/** The field naming a record, known once the module's chunk has loaded (its edit view needs it first). */
export const recordRepresentationOf = (name: string) => recordRepresentations.get(name) ?? 'id';

const cache = new Map<string, LazyScreens>();

/** A module's four screens as lazy components sharing one dynamic import (one chunk per module). */
export function lazyScreens(resource: GeneratedResource): LazyScreens {
  const cached = cache.get(resource.name);
  if (cached) return cached;
  let loading: Promise<ResourceScreens> | undefined;
  const load = () =>
    (loading ??= resource.load().then((screens) => {
      recordRepresentations.set(resource.name, screens.recordRepresentation);
      return screens;
    }));
  const pick = (screen: Screen) => lazy(() => load().then((screens) => ({ default: screens[screen] })));
  const screens = { list: pick('list'), create: pick('create'), edit: pick('edit'), show: pick('show') };
  cache.set(resource.name, screens);
  return screens;
}
