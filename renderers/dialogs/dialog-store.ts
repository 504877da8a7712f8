/**
 * Open screen dialogs, outside React so any code (an action, a widget, the user menu) can open one:
 * `await openScreenDialog({ screen: 'change-password', params })`. The DialogHost mounted once in the
 * app (src/app/AntdScope.tsx) draws them; the promise settles with the result the screen closes with
 * (undefined when the user just closes the dialog).
 */
export interface ScreenDialogOptions {
  /** Screen name (file under schemas/screens, without .yaml). */
  screen: string;
  /** Handed to the screen as its params. */
  params?: Record<string, unknown>;
  /** Translation key of the dialog title; default the screen's own title. */
  title?: string;
  /** Covers the whole window. */
  fullScreen?: boolean;
  /** CSS width (e.g. '60%') or pixels; default 800 (a drawer 720). */
  width?: number | string;
  /** Height of the body: CSS or pixels; default as tall as the content. */
  height?: number | string;
  /** A drawer from the right instead of a centred dialog. */
  drawer?: boolean;
}

export interface OpenScreenDialog {
  id: number;
  options: ScreenDialogOptions;
  /** False while the closing animation runs. */
  open: boolean;
  result?: unknown;
}

type Listener = () => void;

let dialogs: readonly OpenScreenDialog[] = [];
let nextId = 1;
/** Mounted hosts, oldest first: only the oldest draws, so a second host cannot double the dialogs. */
let hosts: readonly number[] = [];
let nextHost = 1;
const listeners = new Set<Listener>();
const settle = new Map<number, (result: unknown) => void>();

function publish(next: readonly OpenScreenDialog[]): void {
  dialogs = next;
  for (const listener of listeners) listener();
}

export function subscribeDialogs(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function openDialogs(): readonly OpenScreenDialog[] {
  return dialogs;
}

export function newHostId(): number {
  return nextHost++;
}

/** The host counts itself in, so opening a dialog with no host fails loudly instead of hanging. */
export function registerDialogHost(id: number): () => void {
  hosts = [...hosts, id];
  publish(dialogs);
  return () => {
    hosts = hosts.filter((h) => h !== id);
    publish(dialogs);
  };
}

export function drawingHost(): number | undefined {
  return hosts[0];
}

export function openScreenDialog(options: ScreenDialogOptions): Promise<unknown> {
  if (hosts.length === 0) return Promise.reject(new Error('openScreenDialog: no <DialogHost> is mounted'));
  const id = nextId++;
  return new Promise((resolve) => {
    settle.set(id, resolve);
    publish([...dialogs, { id, options, open: true }]);
  });
}

/** Starts closing a dialog: its promise settles at once, it leaves the list after the animation. */
export function closeScreenDialog(id: number, result?: unknown): void {
  const resolve = settle.get(id);
  if (!resolve) return;
  settle.delete(id);
  publish(dialogs.map((d) => (d.id === id ? { ...d, open: false, result } : d)));
  resolve(result);
}

/** Drops a closed dialog once its animation has finished. */
export function removeScreenDialog(id: number): void {
  if (settle.has(id)) closeScreenDialog(id);
  publish(dialogs.filter((d) => d.id !== id));
}

/** Closes every dialog (the language changed, the user logged out, a test ends). */
export function closeAllScreenDialogs(): void {
  for (const d of dialogs) closeScreenDialog(d.id);
  publish([]);
}
