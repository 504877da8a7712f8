/**
 * The screen host's 'not permitted' state: the session lacks the permission the screen needs (known
 * before any call), or the server refused the screen's load for that reason. Plain text in the theme's
 * colours (antd's Result brings its pictures along).
 */
import { useDesignToken } from './environment/use-design-token.ts';
import { useRendererEnvironment } from './environment/RendererEnvironment.tsx';

export function ScreenNotPermitted() {
  const { translate } = useRendererEnvironment();
  const token = useDesignToken();
  return (
    <div role="status" data-testid="screen-not-permitted" style={{ padding: 48, textAlign: 'center' }}>
      <p style={{ margin: 0, fontSize: token.fontSizeLG, color: token.colorTextHeading }}>
        {translate('screen.notPermitted.title')}
      </p>
      <p style={{ margin: `${token.marginXS}px 0 0`, color: token.colorTextSecondary }}>
        {translate('screen.notPermitted.text')}
      </p>
    </div>
  );
}
