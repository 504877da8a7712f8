/**
 * The frame of a screen shown as a page, drawn by the screen host (ScreenRenderer) for every kind: a
 * titled panel in the theme's colours. Lighter than antd's Card (which brings its Tabs along, about
 * 14 KB gzip), and the title is a real heading that also names the region for screen readers.
 */
import type { ReactNode } from 'react';
import { useDesignToken } from './environment/use-design-token.ts';

export function ScreenPanel({
  title,
  children,
  testId,
  notice,
}: {
  title?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** A short translated line above the content (a published version that could not be drawn). */
  notice?: string;
}) {
  const token = useDesignToken();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      data-testid={testId}
      aria-label={typeof title === 'string' ? title : undefined}
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
      {notice ? (
        <div
          role="status"
          style={{
            padding: `${token.paddingXS}px ${token.paddingLG}px`,
            borderBottom: border,
            background: token.colorWarningBg,
            color: token.colorWarningText,
            fontSize: token.fontSizeSM,
          }}
        >
          {notice}
        </div>
      ) : null}
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}
