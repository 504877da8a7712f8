/**
 * Draws the open screen dialogs. Mounted once (src/app/AntdScope.tsx, Storybook's preview, tests);
 * if two are mounted, only the first draws. The host itself is tiny; antd's Modal/Drawer and the
 * screen renderer load with the first dialog, the action feedback holder (message and confirm)
 * with the first notice (default-notify.ts asks for it).
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { setFeedbackMounter } from '../environment/default-notify.ts';
import { drawingHost, newHostId, openDialogs, registerDialogHost, subscribeDialogs } from './dialog-store.ts';

const ScreenDialogFrame = lazy(() => import('./ScreenDialogFrame.tsx'));
const FeedbackHolder = lazy(() => import('./FeedbackHolder.tsx'));

export function DialogHost() {
  const [id] = useState(newHostId);
  const dialogs = useSyncExternalStore(subscribeDialogs, openDialogs, openDialogs);
  const drawing = useSyncExternalStore(subscribeDialogs, drawingHost, drawingHost);
  const [feedbackWanted, setFeedbackWanted] = useState(false);
  useEffect(() => registerDialogHost(id), [id]);
  useEffect(() => {
    if (drawing !== id) return;
    setFeedbackMounter(() => setFeedbackWanted(true));
    return () => setFeedbackMounter(null);
  }, [drawing, id]);
  if (drawing !== id) return null;
  return (
    <>
      {feedbackWanted && (
        <Suspense fallback={null}>
          <FeedbackHolder />
        </Suspense>
      )}
      {dialogs.map((dialog) => (
        <Suspense key={dialog.id} fallback={null}>
          <ScreenDialogFrame dialog={dialog} />
        </Suspense>
      ))}
    </>
  );
}

export default DialogHost;
