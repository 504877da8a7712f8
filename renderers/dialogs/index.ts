/** Screens in dialogs and drawers: `openScreenDialog(options) → Promise<result>` and the host that draws them. */
export {
  openScreenDialog,
  closeScreenDialog,
  closeAllScreenDialogs,
  type ScreenDialogOptions,
} from './dialog-store.ts';
export { DialogHost } from './DialogHost.tsx';
