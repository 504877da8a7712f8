/**
 * The header's favourites star (收藏夹). Until its first click it is only a button, so the shell
 * carries neither the panel nor a call; the click loads FavouritesPopover, which opens at once and
 * stays from then on.
 */
import { lazy, Suspense, useState } from 'react';
import { StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../shell/ToolButton.tsx';

const FavouritesPopover = lazy(() => import('./FavouritesPopover.tsx'));

export default function FavouritesTool() {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const button = (
    <ToolButton
      label={t('favourites.title')}
      icon={<StarOutlined />}
      onClick={() => setWanted(true)}
      testId="favourites-button"
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <FavouritesPopover />
    </Suspense>
  );
}
