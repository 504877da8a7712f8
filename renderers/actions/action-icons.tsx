/**
 * Icons a button may name (`icon: PlusOutlined`). A fixed list, so a screen never pulls in the
 * whole icon set; the meta-schema's icon enum is this list (tests compare them).
 */
import {
  AuditOutlined,
  CheckOutlined,
  CloseOutlined,
  CloudServerOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  KeyOutlined,
  PlusOutlined,
  ReloadOutlined,
  SaveOutlined,
  StopOutlined,
  SwapOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export const ACTION_ICONS: Record<string, ReactNode> = {
  AuditOutlined: <AuditOutlined />,
  CheckOutlined: <CheckOutlined />,
  CloseOutlined: <CloseOutlined />,
  CloudServerOutlined: <CloudServerOutlined />,
  DeleteOutlined: <DeleteOutlined />,
  DownloadOutlined: <DownloadOutlined />,
  EditOutlined: <EditOutlined />,
  EyeOutlined: <EyeOutlined />,
  KeyOutlined: <KeyOutlined />,
  PlusOutlined: <PlusOutlined />,
  ReloadOutlined: <ReloadOutlined />,
  SaveOutlined: <SaveOutlined />,
  StopOutlined: <StopOutlined />,
  SwapOutlined: <SwapOutlined />,
  UserSwitchOutlined: <UserSwitchOutlined />,
};
