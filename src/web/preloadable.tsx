import { lazy, type ComponentType } from 'react';
import { loadChunk } from './chunks';

/**
 * A lazily loaded component that can be asked to load ahead of time. Once its chunk is in, it renders
 * straight away instead of suspending: a suspended boundary shows its content no sooner than React's
 * reveal throttle (about 300 ms), and the shell and the screen would each pay it.
 */
export function preloadable(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined;
  let loading: Promise<unknown> | undefined;
  const preload = () =>
    (loading ??= loadChunk(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function Preloadable() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Preloadable, { preload });
}
