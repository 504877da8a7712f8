/**
 * antd's design token in context, as `theme.useToken().token` gives it, without antd's `theme` export:
 * that carries the dark and compact algorithms along, which a screen's frame does not use.
 */
import useToken from 'antd/es/theme/useToken';
import type { GlobalToken } from 'antd';

export function useDesignToken(): GlobalToken {
  return useToken()[1];
}
