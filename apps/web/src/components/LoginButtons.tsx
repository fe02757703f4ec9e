import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import RouteButton from './RouteButton';

/** What a logged-out visitor on a page behind the login can do: log in or sign up. */
export default function LoginButtons() {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap justify="center">
      <RouteButton type="primary" to="/login">
        {t('nav.login')}
      </RouteButton>
      <RouteButton to="/register">{t('nav.register')}</RouteButton>
    </Flex>
  );
}
