/** Providers around the routes: the session store and the router (antd's provider is in AntdScope). */
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
