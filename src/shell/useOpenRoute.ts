/** Opening a menu entry: an entry opened externally goes to a new window, the others to their route. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MenuRoute } from './menu-model.ts';

export function useOpenRoute(): (route: MenuRoute) => void {
  const navigate = useNavigate();
  return useCallback(
    (route: MenuRoute) => {
      if (route.target.kind === 'external') window.open(route.target.url, '_blank', 'noopener,noreferrer');
      else if (route.target.kind !== 'folder') void navigate(route.path);
    },
    [navigate],
  );
}
