/**
 * The favourites panel (收藏夹) around the header's star: the current page's 收藏本页 / 取消收藏本页 and
 * the user's favourite pages of this subsystem (FavouriteList: open, remove, drag to reorder).
 * Loaded on the star's first click (FavouritesTool); the list and dnd-kit when there is one to show.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Empty, Popover, Spin } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useLoad } from '../../renderers/environment/use-load.ts';
import { useMutation } from '../../renderers/environment/use-mutation.ts';
import { callApi } from '../api/call.ts';
import { menusAtom, systemIdAtom } from '../session/atoms.ts';
import { useMenuLabel } from '../shell/menu-label.ts';
import { findMenuRoute, menuRoutes, type MenuEntry } from '../shell/menu-model.ts';
import { ToolButton } from '../shell/ToolButton.tsx';
import { useOpenRoute } from '../shell/useOpenRoute.ts';
import { shownFavourites, type Favourite } from './favourite-rules.ts';
import './favourites.css';

const FavouriteList = lazy(() => import('./FavouriteList.tsx'));

export default function FavouritesPopover() {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const systemId = useAtomValue(systemIdAtom);
  const menus = useAtomValue(menusAtom) as MenuEntry[] | null;
  const location = useLocation();
  const openRoute = useOpenRoute();
  // Opened by the click that loaded it.
  const [open, setOpen] = useState(true);
  const routes = useMemo(() => menuRoutes(menus ?? []), [menus]);
  const current = findMenuRoute(menus ?? [], location.pathname);
  const currentId = current && current.target.kind !== 'folder' ? String(current.entry.id) : undefined;
  const scope = systemId ? { systemId } : {};

  // Read when the panel first loads and again after every change.
  const loaded = useLoad(`favourites:${systemId ?? ''}`, (signal) =>
    callApi('auth.resources.getMenuFavorites', { body: systemId ? { systemId } : {}, silent: true, signal })
      .then((list) => (list ?? []).map((n): Favourite => ({ id: String(n.id), name: n.name })))
      .catch((): Favourite[] => []),
  );
  const favourites = loaded.data ?? [];
  const load = loaded.reload;

  const shown = shownFavourites(favourites, routes).map((f) => ({ ...f, label: label(f.name) }));
  const starred = currentId !== undefined && favourites.some((f) => f.id === currentId);

  // Starring and removing: a refusal has been shown by the api client and changes nothing here.
  const star = useMutation((signal, { id, on }: { id: string; on: boolean }) => {
    const query = { resourceId: id, ...scope };
    return on
      ? callApi('auth.resources.saveFavorites', { query, signal })
      : callApi('auth.resources.removeFavorites', { query, signal });
  });
  // The server's order is read back after saving (a refused order shows as it was).
  const sort = useMutation((signal, ids: string[]) =>
    callApi('auth.resources.sortFavorites', { query: { resourceIds: ids.join(','), ...scope }, signal }),
  );

  const toggleCurrent = async () => {
    if (!currentId) return;
    if ((await star.run({ id: currentId, on: !starred }))?.ok) load();
  };
  const remove = async (id: string) => {
    if ((await star.run({ id, on: false }))?.ok) load();
  };
  const reorder = async (ids: string[]) => {
    if (await sort.run(ids)) load();
  };

  const panel = (
    <div className="mf-favourites" data-testid="favourites-panel">
      {currentId && (
        <Button
          block
          icon={starred ? <StarFilled /> : <StarOutlined />}
          onClick={() => void toggleCurrent()}
          data-testid="favourite-current"
        >
          {starred ? t('favourites.unstar') : t('favourites.star')}
        </Button>
      )}
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('favourites.empty')} />
      ) : (
        <Suspense fallback={<Spin size="small" />}>
          <FavouriteList
            items={shown}
            onOpen={(item) => {
              setOpen(false);
              openRoute(item.route);
            }}
            onRemove={(item) => void remove(item.id)}
            onReorder={(ids) => void reorder(ids)}
          />
        </Suspense>
      )}
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('favourites.title')}
      content={panel}
    >
      <span>
        <ToolButton
          label={t('favourites.title')}
          icon={starred ? <StarFilled /> : <StarOutlined />}
          pressed={open}
          onClick={() => undefined}
          testId="favourites-button"
        />
      </span>
    </Popover>
  );
}
