import { ToolOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type en from '../i18n/en.json';
import { usePageTitle } from '../hooks/usePageTitle';
import { useLoggedIn } from '../session/useSession';
import LoginButtons from './LoginButtons';
import Panel from './Panel';

export type PageKey = keyof typeof en.pages;

interface Props {
  page: PageKey;
  /** Pages for logged-out visitors (login, register, passwords) need no login prompt. */
  guest?: boolean;
}

/** Stands in for a page that is not built yet: it names the page and says so. */
export default function ComingSoon({ page, guest = false }: Props) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const title = t(`pages.${page}`);
  usePageTitle(title);
  const loginPrompt = !guest && !loggedIn && (
    <Flex vertical align="center" gap={12}>
      <Typography.Text type="secondary">{t('loginPrompt.hint')}</Typography.Text>
      <LoginButtons />
    </Flex>
  );
  return <Panel icon={<ToolOutlined aria-hidden />} title={title} body={t('comingSoon.body')} extra={loginPrompt} />;
}
