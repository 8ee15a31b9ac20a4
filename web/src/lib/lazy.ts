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

/** React.lazy for a named export, failing with ChunkLoadError after 120 s. */
export const lazyComponent = <P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> =>
  lazy(() => withTimeout(load().then((component) => ({ default: component })), LAZY_CHUNK_TIMEOUT_MS));
