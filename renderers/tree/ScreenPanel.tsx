/**
 * A titled panel for a screen drawn on a page, looking like antd's Card. antd's Card brings its Tabs
 * (about 14 KB gzip) for a feature these screens do not use, so the tree and selector kinds draw
 * their frame from the theme's tokens instead.
 */
import type { ReactNode } from 'react';
import { theme } from 'antd';

export function ScreenPanel({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      style={{ background: token.colorBgContainer, border, borderRadius: token.borderRadiusLG }}
      aria-label={typeof title === 'string' ? title : undefined}
    >
      <h2
        style={{
          margin: 0,
          padding: `${token.paddingSM}px ${token.paddingLG}px`,
          fontSize: token.fontSizeLG,
          fontWeight: token.fontWeightStrong,
          lineHeight: token.lineHeightLG,
          color: token.colorTextHeading,
          borderBottom: border,
        }}
      >
        {title}
      </h2>
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}
