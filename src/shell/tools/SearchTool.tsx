/** Header tool: opens and closes the menu search panel (also Ctrl+Q). */
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../ToolButton.tsx';

export default function SearchTool({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <ToolButton
      label={t('shellKit.tools.search')}
      hint={t('shellKit.tools.searchHint')}
      icon={<SearchOutlined />}
      shortcut="Control+Q"
      onClick={onClick}
      testId="search-button"
    />
  );
}
