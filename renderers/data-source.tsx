/**
 * Where screens get their data: by default the api client, calling the screen's operation id.
 * Tests and Storybook provide fixtures through the same context.
 */
import { createContext, useContext } from 'react';
import { callOperation } from '../src/api/call.ts';

export interface DataRequest {
  query?: object;
  body?: unknown;
}

export type DataSource = (operation: string, request: DataRequest) => Promise<unknown>;

export const apiDataSource: DataSource = (operation, request) => callOperation(operation, request);

export const DataSourceContext = createContext<DataSource>(apiDataSource);

export function useDataSource(): DataSource {
  return useContext(DataSourceContext);
}
