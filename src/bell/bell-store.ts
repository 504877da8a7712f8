/**
 * The bell's data: the unread messages and their count from msg/innerMessage/msgList. Failures are
 * swallowed (spec §8: message list failures clear the loading state silently).
 */
import { atom } from 'jotai';
import { callApi } from '../api/call.ts';
import type { Message } from '../api/generated/operations.ts';
import { appStore } from '../session/store.ts';

export interface BellState {
  messages: Message[];
  count: number;
  loading: boolean;
  loaded: boolean;
}

export const bellAtom = atom<BellState>({ messages: [], count: 0, loading: false, loaded: false });

/** Spec §9: the badge shows at most 99 (then 99+). */
export const BADGE_MAX = 99;

/** Where 查看更多 leads: the inbox. */
export const VIEW_MORE_PATH = '/officeDesk/innerMessage/receiveMessage';
/** Spec §7: the list reloads 1 s after the header mounts. */
export const BELL_FIRST_LOAD_DELAY_MS = 1000;

let inFlight: Promise<void> | null = null;

export function loadBell(store = appStore): Promise<void> {
  if (inFlight) return inFlight;
  store.set(bellAtom, (s) => ({ ...s, loading: true }));
  inFlight = callApi('msg.innerMessage.msgList', { silent: true })
    .then((page) => {
      store.set(bellAtom, {
        messages: page.dataResult ?? [],
        count: page.pageResult?.totalCount ?? page.dataResult?.length ?? 0,
        loading: false,
        loaded: true,
      });
    })
    .catch(() => store.set(bellAtom, (s) => ({ ...s, loading: false })))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
