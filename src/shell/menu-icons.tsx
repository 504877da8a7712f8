/** Menu icon names (as stored in menu resources) → antd icons; unknown names get a neutral icon. */
import type { ComponentType } from 'react';
import {
  AppstoreOutlined,
  ApartmentOutlined,
  FileTextOutlined,
  HomeOutlined,
  MessageOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

const ICONS: Record<string, ComponentType> = {
  home: HomeOutlined,
  dashboard: HomeOutlined,
  setting: SettingOutlined,
  team: TeamOutlined,
  user: UserOutlined,
  org: ApartmentOutlined,
  message: MessageOutlined,
  file: FileTextOutlined,
};

export function MenuIcon({ name }: { name?: string | null }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
