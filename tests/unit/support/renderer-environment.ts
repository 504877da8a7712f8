/**
 * What the unit tests give the renderer environment from the app itself (the renderers cannot import
 * src/): the catalogue's operation ids, so a screen naming an unknown operation is caught as in the app.
 */
import type { RendererEnvironment } from '../../../renderers/environment/environment-types.ts';
import { isOperationId } from '../../../src/api/call.ts';

export const appFacts: Partial<RendererEnvironment> = { isOperation: isOperationId };
