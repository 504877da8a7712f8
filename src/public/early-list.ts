/**
 * The first list of /publicityIndex, asked for as soon as the page's scripts run: main.tsx imports
 * this module before React, so the request is on its way while React starts and renders. The query
 * page's own first call (the same request, from the address) takes its answer: api.ts, startEarlyCall.
 */
import { setApiLanguage, startEarlyCall } from './api.ts';
import { LIST_OPERATION } from './endpoints.ts';
import { initialLanguage } from './i18n.ts';
import { PAGE_DATA_ELEMENT_ID } from './page-data-element.ts';
import { listRequest, readQuery } from './query-state.ts';

/** Starts the list the query page at this address will ask for; any other page: nothing. */
export function startFirstList(path: string, search: string): void {
  if (path !== '/publicityIndex' && path !== '/publicityIndex/') return;
  // A server-rendered page holds its first list already (page-data.ts).
  if (document.getElementById(PAGE_DATA_ELEMENT_ID)) return;
  const state = readQuery(new URLSearchParams(search));
  setApiLanguage(initialLanguage());
  startEarlyCall(LIST_OPERATION[state.tab], listRequest(state));
}

startFirstList(window.location.pathname, window.location.search);
