import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { language } from '../i18n';
import { LANGUAGES, LANGUAGE_INFO, switchLanguage, type Language } from '../i18n/language';
import Dropdown from './LazyDropdown';

const items = LANGUAGES.map((code) => ({ key: code, label: LANGUAGE_INFO[code].name }));

export default function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [language],
        onClick: ({ key }) => key !== language && switchLanguage(key as Language),
      }}
    >
      {/* the name starts with what the button shows, as voice control users say what they see */}
      <Button type="text" icon={<GlobalOutlined aria-hidden />} aria-label={`${LANGUAGE_INFO[language].name} (${t('nav.language')})`}>
        {LANGUAGE_INFO[language].name}
      </Button>
    </Dropdown>
  );
}
