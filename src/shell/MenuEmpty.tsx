/**
 * The side menu's "no menu" state. Apart from SideMenu so antd's Empty (about 2 KB gzip) loads only
 * for a user who has no menu, not with every shell.
 */
import { Empty } from 'antd';

export default function MenuEmpty({ description }: { description: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} className="mf-menu-empty" />;
}
