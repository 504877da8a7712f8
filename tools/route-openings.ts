/**
 * What each menu route opens and asks for first, known at build time (issue 29): the route's screen
 * and kind, and for a list whose filters need no session, the very request its first page sends
 * (built by the list's own code, renderers/list/list-call.ts). The page's start (src/boot/) uses it
 * to send that request and fetch the route's scripts before React runs. Node only.
 */
import { join } from 'node:path';
import { loadCatalogue, readYaml, SCHEMAS_DIR } from '../schemas/catalogue.ts';
import { SERVICE_PREFIX } from '../schemas/catalogue-types.ts';
import { flattenMenus, loadMenuFiles } from '../schemas/menus.ts';
import { parseExpression, rootsOf } from '../renderers/expression/parse.ts';
import { openingListCall } from '../renderers/list/list-call.ts';
import type { ListScreenDefinition } from '../renderers/list/list-types.ts';

/** A request as the api client sends it (src/api/http-client.ts), relative to the API's base address. */
export interface OpeningRequest {
  method: string;
  /** The path in single-app mode, and the service prefix put before it otherwise. */
  path: string;
  prefix: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface RouteOpening {
  screen: string;
  kind: string;
  request?: OpeningRequest;
}

/**
 * Calls every page in the shell makes as it starts, beside the session's own (src/api/operation-meta.ts
 * has those): the published screens that replace the files (issue 26).
 */
const START_OPERATIONS = ['screenConfig.effective'];

/** The start calls as requests (none of them sends a query or a body). */
export function startRequests(schemasDir = SCHEMAS_DIR): OpeningRequest[] {
  const catalogue = loadCatalogue(join(schemasDir, 'api'));
  return START_OPERATIONS.flatMap((id) => {
    const op = catalogue.get(id);
    return op ? [{ method: op.method, path: op.path, prefix: SERVICE_PREFIX[op.service] }] : [];
  });
}

/** Whether every filter of the list is a constant (no session, params or record in it). */
function filtersAreConstant(screen: ListScreenDefinition): boolean {
  return (screen.filters ?? []).every((f) => rootsOf(parseExpression(f.value)).size === 0);
}

/** Menu alias → what it opens; screens named `page:…` (hand-written pages) are left out. */
export function routeOpenings(schemasDir = SCHEMAS_DIR): Record<string, RouteOpening> {
  const catalogue = loadCatalogue(join(schemasDir, 'api'));
  const openings: Record<string, RouteOpening> = {};
  for (const item of flattenMenus(loadMenuFiles(join(schemasDir, 'menus')))) {
    if (item.type !== 'menu' || !item.screen || item.screen.startsWith('page:')) continue;
    const screen = readYaml<{ kind: string }>(join(schemasDir, 'screens', `${item.screen}.yaml`));
    const opening: RouteOpening = { screen: item.screen, kind: screen.kind };
    if (screen.kind === 'list' && filtersAreConstant(screen as ListScreenDefinition)) {
      const call = openingListCall(screen as ListScreenDefinition, { session: undefined, params: {} });
      const op = call && catalogue.get(call.operation);
      if (call && op)
        opening.request = {
          method: op.method,
          path: op.path,
          prefix: SERVICE_PREFIX[op.service],
          ...('query' in call.args
            ? { query: call.args.query as Record<string, unknown> }
            : { body: call.args.body }),
        };
    }
    openings[item.alias] = opening;
  }
  return openings;
}
