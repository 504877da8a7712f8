/**
 * Where the API lives: switchable at run time (the environment dialog of a later capability writes
 * this atom) and persisted. Single-app mode, on by default, means no service prefix.
 */
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { ApiAddress } from './http-client.ts';
import { STORAGE_KEYS } from '../session/storage-keys.ts';

export const DEFAULT_API_ADDRESS: ApiAddress = { baseUrl: '/api', singleApp: true };

export const apiAddressAtom = atomWithStorage<ApiAddress>(
  STORAGE_KEYS.apiAddress,
  DEFAULT_API_ADDRESS,
  createJSONStorage<ApiAddress>(() => localStorage),
  { getOnInit: true },
);
