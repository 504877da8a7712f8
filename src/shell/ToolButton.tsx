/** A header tool: an icon button with a tooltip that names it. */
import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';

export function ToolButton({
  label,
  hint,
  icon,
  onClick,
  testId,
  pressed,
  shortcut,
}: {
  label: string;
  hint?: string;
  icon: ReactNode;
  onClick: () => void;
  testId?: string;
  pressed?: boolean;
  shortcut?: string;
}) {
  return (
    <Tooltip title={hint ?? label}>
      <Button
        type="text"
        className="mf-header-tool"
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        aria-keyshortcuts={shortcut}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}
