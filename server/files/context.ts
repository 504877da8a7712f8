/** The one file store of a running server, made from its configuration on first use. */
import type { ServerConfig } from '../config.ts';
import { createFileStorage, type FileStorage } from './storage/index.ts';

const stores = new WeakMap<ServerConfig, FileStorage>();

export function storageFor(config: ServerConfig): FileStorage {
  let s = stores.get(config);
  if (!s) {
    s = createFileStorage(config);
    stores.set(config, s);
  }
  return s;
}
