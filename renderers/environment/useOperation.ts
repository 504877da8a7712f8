/**
 * `useOperation(operation, request)`: one catalogue call through the renderer environment, loaded
 * with useLoad (use-load.ts: cancelled on unmount, only the current request's answer kept), so
 * failures follow the client's envelope rules (shown by the client; the hook only holds the error).
 * `useOperationMutation(operation)`: the same for a change (a save, a delete), run by the user's act
 * with useMutation (use-mutation.ts: aborted on unmount, only the latest run's answer kept).
 */
import type { DataRequest } from './environment-types.ts';
import { useRendererEnvironment } from './RendererEnvironment.tsx';
import { useLoad, type Loaded, type LoadOptions } from './use-load.ts';
import { useMutation, type Mutation, type MutationOutcome } from './use-mutation.ts';

export { useLoad, useMutation, type Loaded, type LoadOptions, type Mutation, type MutationOutcome };

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

/** One operation of the catalogue to change data: `run(request)` calls it with that query and body. */
export function useOperationMutation<T = unknown>(
  operation: string,
): Mutation<Omit<DataRequest, 'signal'> | void, T> {
  const { call } = useRendererEnvironment();
  return useMutation(
    (signal, request: Omit<DataRequest, 'signal'> | void) =>
      call(operation, { ...(request ?? {}), signal }) as Promise<T>,
  );
}
