/**
 * The calls of the schema editor (schemas/api/screen-config.yaml), behind one interface so the page can
 * be shown with another implementation (the stories' in-memory one). The app's goes through the api
 * client; a refused publish is left to the page (silent), which shows the check's problems instead.
 */
import { createContext, useContext } from 'react';
import { callApi } from '../../api/call.ts';
import type {
  ScreenConfigCheckResponse,
  ScreenConfigGetResponse,
  ScreenConfigListResponse,
  ScreenConfigSaveDraftResponse,
  ScreenConfigVersionsResponse,
} from '../../api/generated/operations.ts';

export type ScreenScope = ScreenConfigGetResponse['scope'];
export type VersionState = ScreenConfigGetResponse['state'];
export type ScreenRow = ScreenConfigListResponse['rows'][number];
export type VersionRow = ScreenConfigVersionsResponse['rows'][number];
/** One version with its content (0: the file). */
export type ScreenVersion = ScreenConfigGetResponse;
/** A version saved, published or restored: its row, without the content. */
export type SavedVersion = ScreenConfigSaveDraftResponse;
export type CheckProblem = ScreenConfigCheckResponse['errors'][number];
type Content = ScreenConfigGetResponse['content'];

export interface ScreenConfigApi {
  list(signal?: AbortSignal): Promise<ScreenRow[]>;
  versions(name: string, scope: ScreenScope, signal?: AbortSignal): Promise<VersionRow[]>;
  /** Without a version: what the scope shows now (the answer's scope says whose it is). */
  get(name: string, scope: ScreenScope, version?: number, signal?: AbortSignal): Promise<ScreenVersion>;
  check(name: string, content: unknown, signal?: AbortSignal): Promise<CheckProblem[]>;
  saveDraft(name: string, scope: ScreenScope, content: unknown, note: string | null): Promise<SavedVersion>;
  /** Rejects (without a notice) when the check refuses it. */
  publish(name: string, scope: ScreenScope, version: number): Promise<SavedVersion>;
  restore(name: string, scope: ScreenScope, version: number): Promise<SavedVersion>;
}

export const appScreenConfigApi: ScreenConfigApi = {
  list: async (signal) => (await callApi('screenConfig.list', { signal })).rows,
  versions: async (name, scope, signal) =>
    (await callApi('screenConfig.versions', { body: { name, scope }, signal })).rows,
  get: (name, scope, version, signal) =>
    callApi('screenConfig.get', { body: { name, scope, version }, signal }),
  check: async (name, content, signal) =>
    (await callApi('screenConfig.check', { body: { name, content: content as Content }, signal })).errors,
  saveDraft: (name, scope, content, note) =>
    callApi('screenConfig.saveDraft', { body: { name, scope, content: content as Content, note } }),
  publish: (name, scope, version) =>
    callApi('screenConfig.publish', { body: { name, scope, version }, silent: true }),
  restore: (name, scope, version) => callApi('screenConfig.restore', { body: { name, scope, version } }),
};

export const ScreenConfigApiContext = createContext<ScreenConfigApi>(appScreenConfigApi);

export function useScreenConfigApi(): ScreenConfigApi {
  return useContext(ScreenConfigApiContext);
}
