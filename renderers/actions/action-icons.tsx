/**
 * Icons a button may name (`icon: PlusOutlined`). A fixed list, so a screen never pulls in the
 * whole icon set; the meta-schema's icon enum is this list. Each loads on its own, as soon as a screen
 * naming it has loaded (preloadScreenIcons, alongside the screen's renderer), so a page carries only
 * the icons it shows.
 */
import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';

type IconModule = Promise<{ default: ComponentType }>;

const LOADERS: Record<string, () => IconModule> = {
  AuditOutlined: () => import('@ant-design/icons/es/icons/AuditOutlined'),
  CheckOutlined: () => import('@ant-design/icons/es/icons/CheckOutlined'),
  CloseOutlined: () => import('@ant-design/icons/es/icons/CloseOutlined'),
  CloudServerOutlined: () => import('@ant-design/icons/es/icons/CloudServerOutlined'),
  DeleteOutlined: () => import('@ant-design/icons/es/icons/DeleteOutlined'),
  DownloadOutlined: () => import('@ant-design/icons/es/icons/DownloadOutlined'),
  EditOutlined: () => import('@ant-design/icons/es/icons/EditOutlined'),
  EyeOutlined: () => import('@ant-design/icons/es/icons/EyeOutlined'),
  KeyOutlined: () => import('@ant-design/icons/es/icons/KeyOutlined'),
  PlusOutlined: () => import('@ant-design/icons/es/icons/PlusOutlined'),
  ReloadOutlined: () => import('@ant-design/icons/es/icons/ReloadOutlined'),
  SaveOutlined: () => import('@ant-design/icons/es/icons/SaveOutlined'),
  StopOutlined: () => import('@ant-design/icons/es/icons/StopOutlined'),
  SwapOutlined: () => import('@ant-design/icons/es/icons/SwapOutlined'),
  UserSwitchOutlined: () => import('@ant-design/icons/es/icons/UserSwitchOutlined'),
};

export const ACTION_ICON_NAMES: readonly string[] = Object.keys(LOADERS);

const isIconName = (name: unknown): name is string =>
  typeof name === 'string' && Object.hasOwn(LOADERS, name);

const loaded = new Map<string, ReactNode>();
const loading = new Map<string, Promise<void>>();

function loadIcon(name: string): Promise<void> {
  if (loaded.has(name)) return Promise.resolve();
  let pending = loading.get(name);
  if (!pending) {
    pending = LOADERS[name]()
      .then((module) => void loaded.set(name, createElement(module.default)))
      // A failed load leaves the empty box; the next screen naming the icon tries again.
      .catch(() => void loading.delete(name));
    loading.set(name, pending);
  }
  return pending;
}

/**
 * Starts loading every icon a screen definition names, at any depth (toolbar, rows, menus, footer);
 * settles when they have (callers need not wait).
 */
export function preloadScreenIcons(definition: unknown): Promise<void> {
  const loads: Promise<void>[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach((item) => visit(item));
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === 'icon' && isIconName(value)) loads.push(loadIcon(value));
        else if (typeof value === 'object') visit(value);
      }
  };
  visit(definition);
  return Promise.all(loads).then(() => undefined);
}

const BLANK = createElement('span', {
  className: 'anticon',
  'aria-hidden': true,
  style: { width: '1em', height: '1em' },
});

/**
 * The named icons: each as soon as it has loaded, meanwhile an empty box of its size (so the button
 * keeps its width); undefined for no or an unknown name.
 */
export function useActionIcons(
  names: readonly (string | undefined)[],
): (name: string | undefined) => ReactNode {
  const missing = names.filter((name) => isIconName(name) && !loaded.has(name)).join(',');
  const [, setLoadedCount] = useState(0);
  useEffect(() => {
    if (!missing) return;
    let live = true;
    void Promise.all(missing.split(',').map(loadIcon)).then(() => {
      if (live) setLoadedCount((count) => count + 1);
    });
    return () => {
      live = false;
    };
  }, [missing]);
  return (name) => (isIconName(name) ? (loaded.get(name) ?? BLANK) : undefined);
}
