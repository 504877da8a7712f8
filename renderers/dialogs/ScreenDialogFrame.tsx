/**
 * One screen in an antd Modal (optionally full screen) or Drawer. The screen closes it through its
 * `close(result)`; the × and Esc close it with no result. Loaded with the first dialog only.
 */
import { Drawer, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import ScreenRenderer from '../ScreenRenderer.tsx';
import { loadScreen } from '../screen-loader.ts';
import { useLoad } from '../environment/use-load.ts';
import { closeScreenDialog, removeScreenDialog, type OpenScreenDialog } from './dialog-store.ts';

const px = (size: number | string | undefined) => (typeof size === 'number' ? `${size}px` : size);

/** The title comes from the options, else from the screen file (already cached by the renderer). */
function useDialogTitle(screen: string, title: string | undefined): string | undefined {
  // A screen that does not load leaves the title empty: the renderer shows the error panel.
  const file = useLoad(title ? null : screen, () => loadScreen(screen));
  return title ?? file.data?.title;
}

export default function ScreenDialogFrame({ dialog }: { dialog: OpenScreenDialog }) {
  const { t } = useTranslation();
  const { id, options, open } = dialog;
  const titleKey = useDialogTitle(options.screen, options.title);
  const title = titleKey ? t(titleKey) : null;
  const close = (result?: unknown) => closeScreenDialog(id, result);
  const body = <ScreenRenderer name={options.screen} params={options.params} frame="dialog" close={close} />;
  const testId = `screen-dialog-${options.screen}`;

  if (options.drawer) {
    return (
      <Drawer
        open={open}
        title={title}
        size={options.fullScreen ? '100vw' : (options.width ?? 720)}
        onClose={() => close()}
        afterOpenChange={(visible) => !visible && removeScreenDialog(id)}
        destroyOnHidden
        data-testid={testId}
      >
        {body}
      </Drawer>
    );
  }

  const full = options.fullScreen === true;
  return (
    <Modal
      open={open}
      title={title}
      footer={null}
      onCancel={() => close()}
      afterClose={() => removeScreenDialog(id)}
      destroyOnHidden
      width={full ? '100vw' : (options.width ?? 800)}
      style={full ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
      styles={{
        body: {
          height: full ? 'calc(100vh - 110px)' : px(options.height),
          overflow: full || options.height !== undefined ? 'auto' : undefined,
        },
      }}
      wrapProps={{ 'data-testid': testId }}
    >
      {body}
    </Modal>
  );
}
