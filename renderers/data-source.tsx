/**
 * Where screens get their data: the renderer environment's `call` (the api client in the app, the
 * fixtures in tests and Storybook).
 */
import { useRendererEnvironment } from './environment/RendererEnvironment.tsx';
import type { DataRequest, DataSource } from './environment/environment-types.ts';

export type { DataRequest, DataSource };

export function useDataSource(): DataSource {
  return useRendererEnvironment().call;
}
