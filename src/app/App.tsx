/**
 * Providers around the routes: the session store and the router (antd's provider and the renderer
 * environment are in AntdScope, loaded with the first page that can show a screen).
 */
import { Provider as JotaiProvider } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from '../router/AppRoutes.tsx';
import { appStore } from '../session/store.ts';

export function App() {
  return (
    <JotaiProvider store={appStore}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </JotaiProvider>
  );
}
