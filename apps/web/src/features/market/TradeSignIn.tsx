import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import LoginButtons from '../../components/LoginButtons';

/** In place of order entry for a visitor: what signing in gives, and the two ways in. */
export default function TradeSignIn() {
  const { t } = useTranslation();
  return (
    <section className="tm-mk-card tm-mk-signin" aria-labelledby="tm-mk-signin-title">
      <UserOutlined className="tm-mk-signin-icon" aria-hidden="true" />
      <div>
        <h2 id="tm-mk-signin-title">{t('market.signIn.title')}</h2>
        <p>{t('market.signIn.body')}</p>
      </div>
      <LoginButtons />
    </section>
  );
}
