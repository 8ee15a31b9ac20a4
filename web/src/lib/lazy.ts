import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { LAZY_CHUNK_TIMEOUT_MS } from '@/config/constants';

/** A lazily loaded part of the client that did not arrive (administration.md section 8). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ChunkLoadError('Не удалось загрузить часть приложения: истекло время ожидания')), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        window.clearTimeout(timer);
        reject(new ChunkLoadError('Не удалось загрузить часть приложения', { cause }));
      },
    );
  });

let loading = 0;

/** How many lazy parts are being fetched now (lib/when-quiet.ts waits for none). */
export const lazyPartsLoading = (): number => loading;

/** A lazy component that can be fetched before it renders (a route at start, a dialog once its list showed). */
export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Fetches the part once; later calls share the first (a failed fetch may be tried again). */
  readonly preload: () => Promise<ComponentType<P>>;
};

/**
 * React.lazy for a named export, failing with ChunkLoadError after 120 s. A part fetched ahead
 * (`preload`) renders at once: React's lazy takes it from a thenable that answers synchronously,
 * where a resolved promise would still suspend for one commit of the fallback.
 */
export const lazyComponent = <P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> => {
  let pending: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const preload = () => {
    if (!pending) {
      loading += 1;
      pending = withTimeout(load(), LAZY_CHUNK_TIMEOUT_MS)
        .then((component) => (loaded = component))
        .finally(() => (loading -= 1));
      pending.catch(() => (pending = null));
    }
    return pending;
  };
  const asModule = (component: ComponentType<P>) => ({ default: component });
  const ready = (component: ComponentType<P>) => ({ then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve(asModule(component)) });
  return Object.assign(
    lazy(() => (loaded ? (ready(loaded) as unknown as Promise<{ default: ComponentType<P> }>) : preload().then(asModule))),
    { preload },
  );
};

/** Fetches lazy parts in the background; a failure waits for the render that needs them to show it. */
export const prefetch = (...parts: ReadonlyArray<{ readonly preload: () => Promise<unknown> }>): void => {
  for (const part of parts) part.preload().catch(() => undefined);
};
