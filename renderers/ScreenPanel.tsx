/**
 * The frame of a screen shown as a page: a titled panel in the theme's colours. Lighter than antd's
 * Card (which brings its tabs along), and the title is a real heading for screen readers.
 */
import type { ReactNode } from 'react';
import { theme } from 'antd';

export function ScreenPanel({
  title,
  children,
  testId,
}: {
  title?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const { token } = theme.useToken();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      data-testid={testId}
      style={{ background: token.colorBgContainer, border, borderRadius: token.borderRadiusLG }}
    >
      {title ? (
        <h2
          className="screen-panel-title"
          style={{
            margin: 0,
            padding: `${token.paddingSM}px ${token.paddingLG}px`,
            borderBottom: border,
            fontSize: token.fontSizeLG,
            fontWeight: token.fontWeightStrong,
            lineHeight: token.lineHeightLG,
            color: token.colorTextHeading,
          }}
        >
          {title}
        </h2>
      ) : null}
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}
