/** tools/vite-route-openings.ts: menu alias → the screen it opens and its first request. */
declare module 'virtual:route-openings' {
  import type { OpeningRequest, RouteOpening } from '../../tools/route-openings.ts';

  export const ROUTE_OPENINGS: Readonly<Record<string, RouteOpening>>;
  /** Calls every page in the shell makes as it starts, beside the session's own. */
  export const START_REQUESTS: readonly OpeningRequest[];
  /** The menu screens' files, each loaded as renderers/screen-loader.ts loads it (the same chunk). */
  export const SCREEN_FILES: Readonly<Record<string, () => Promise<unknown>>>;
}
