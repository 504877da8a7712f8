/** How renderers talk to the user: the renderer environment's `notify`. */
import { useRendererEnvironment } from '../environment/RendererEnvironment.tsx';
import type { ActionUi } from '../environment/environment-types.ts';

export function useActionUi(): ActionUi {
  return useRendererEnvironment().notify;
}
