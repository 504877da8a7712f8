/** Menu icon names (as stored in menu resources) → antd icons; unknown names get a neutral icon. */
import type { ComponentType, HTMLAttributes } from 'react';
import {
  AppstoreOutlined,
  ApartmentOutlined,
  BankOutlined,
  BugOutlined,
  DesktopOutlined,
  ExportOutlined,
  FileTextOutlined,
  FolderOutlined,
  GlobalOutlined,
  HomeOutlined,
  InboxOutlined,
  LinkOutlined,
  MessageOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

const ICONS: Record<string, ComponentType<HTMLAttributes<HTMLSpanElement>>> = {
  home: HomeOutlined,
  dashboard: HomeOutlined,
  setting: SettingOutlined,
  team: TeamOutlined,
  user: UserOutlined,
  org: ApartmentOutlined,
  tenant: BankOutlined,
  message: MessageOutlined,
  inbox: InboxOutlined,
  desktop: DesktopOutlined,
  file: FileTextOutlined,
  folder: FolderOutlined,
  bug: BugOutlined,
  link: LinkOutlined,
  global: GlobalOutlined,
  export: ExportOutlined,
};

export function MenuIcon({ name }: { name?: string | null }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon aria-hidden />;
}
