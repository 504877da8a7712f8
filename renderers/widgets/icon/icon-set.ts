/**
 * Every icon of @ant-design/icons by name (UserOutlined, HomeFilled, …). A chunk of its own (about
 * 200 KB gzip): it loads when an icon field is first shown, never with the form code itself.
 */
import type { ComponentType } from 'react';
import * as everything from '@ant-design/icons';

export type IconTheme = 'Outlined' | 'Filled' | 'TwoTone';
export const ICON_THEMES: readonly IconTheme[] = ['Outlined', 'Filled', 'TwoTone'];

const ICON_NAME = /^[A-Z][A-Za-z0-9]*(Outlined|Filled|TwoTone)$/;

export const ICONS: ReadonlyMap<string, ComponentType> = new Map(
  Object.entries(everything as unknown as Record<string, ComponentType>)
    .filter(([name]) => ICON_NAME.test(name))
    .sort(([a], [b]) => a.localeCompare(b)),
);
