import { LockOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoggedIn } from '../session/useSession';
import LoginButtons from './LoginButtons';
import Panel from './Panel';

interface Props {
  title: string;
  children: ReactNode;
}

/**
 * A page behind the login: without a token it shows a login prompt instead of its content, so
 * none of the content's data calls are made.
 */
export default function RequireLogin({ title, children }: Props) {
  const { t } = useTranslation();
  if (useLoggedIn()) return children;
  return <Panel icon={<LockOutlined aria-hidden />} title={title} body={t('loginPrompt.hint')} extra={<LoginButtons />} />;
}
