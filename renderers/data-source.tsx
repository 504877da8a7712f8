/**
 * Where screens get their data: by default the api client, calling the screen's operation id.
 * Tests and Storybook provide fixtures (renderers/fixtures) through the same context.
 */
import { createContext, useContext } from 'react';
import { callOperation } from '../src/api/call.ts';

export interface DataRequest {
  query?: object;
  body?: unknown;
  /** 'blob' for a binary operation (a download): the answer is the file as a Blob. */
  as?: 'json' | 'blob';
}

export type DataSource = (operation: string, request: DataRequest) => Promise<unknown>;

export const apiDataSource: DataSource = (operation, request) =>
  request.as === 'blob'
    ? import('./data-blob.ts').then(({ fetchOperationBlob }) => fetchOperationBlob(operation, request.query))
    : callOperation(operation, { query: request.query, body: request.body });

export const DataSourceContext = createContext<DataSource>(apiDataSource);

export function useDataSource(): DataSource {
  return useContext(DataSourceContext);
}
