/**
 * `useOperation(operation, request)`: one catalogue call through the renderer environment, loaded
 * with useLoad (use-load.ts: cancelled on unmount, only the current request's answer kept), so
 * failures follow the client's envelope rules (shown by the client; the hook only holds the error).
 */
import type { DataRequest } from './environment-types.ts';
import { useRendererEnvironment } from './RendererEnvironment.tsx';
import { useLoad, type Loaded, type LoadOptions } from './use-load.ts';

export { useLoad, type Loaded, type LoadOptions };

/** One operation of the catalogue; `operation` undefined or null loads nothing. */
export function useOperation<T = unknown>(
  operation: string | null | undefined,
  request: Omit<DataRequest, 'signal'> = {},
  options?: LoadOptions,
): Loaded<T> {
  const { call } = useRendererEnvironment();
  const key = operation ? JSON.stringify([operation, request]) : null;
  return useLoad(key, (signal) => call(operation!, { ...request, signal }) as Promise<T>, options);
}
