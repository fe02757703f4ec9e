import { IdcardOutlined, KeyOutlined, LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Progress, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import RouteButton from '../components/RouteButton';
import AccountPage from '../features/account/AccountPage';
import InviteLink from '../features/account/InviteLink';
import { REVIEW, useUserInfo, type UserInfo } from '../features/account/queries';
import { reviewStatusLabel } from '../features/account/reviewStatus';
import SecurityRow from '../features/account/SecurityRow';
import { securityLevel, type SecurityLevel } from '../features/account/securityLevel';
import TotpSetting from '../features/account/TotpSetting';
import { maskAccount } from '../session/mask';
import { palette } from '../theme';

const LEVEL_COLOUR: Record<SecurityLevel, string> = {
  low: palette.down,
  medium: palette.accent,
  high: palette.accent,
  strong: palette.up,
};

export default function AccountSetPage() {
  return (
    <AccountPage page="accountset">
      <AccountSecurity />
    </AccountPage>
  );
}

function AccountSecurity() {
  const info = useUserInfo();
  if (info.error) return <Alert type="error" showIcon title={info.error.message} />;
  if (!info.data) return <Skeleton active />;
  return (
    <>
      <Summary info={info.data} />
      <SecurityList info={info.data} />
    </>
  );
}

function Summary({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const { percent, level } = securityLevel(info);
  return (
    <div className="tm-acct-card tm-acct-summary">
      <div className="tm-acct-summary-user">
        <UserOutlined className="tm-acct-summary-avatar" aria-hidden />
        <div>
          <strong>{maskAccount(info.email || info.phone || '')}</strong>
          <span>UID {info.id}</span>
        </div>
      </div>
      <div className="tm-acct-summary-level">
        <div className="tm-acct-summary-level-head">
          <span>{t('security.level')}</span>
          <strong style={{ color: LEVEL_COLOUR[level] }}>{t(`security.levels.${level}`)}</strong>
        </div>
        <Progress
          percent={percent}
          size="small"
          strokeColor={LEVEL_COLOUR[level]}
          showInfo={false}
          aria-label={`${t('security.level')}: ${percent}%`}
        />
      </div>
      <InviteLink code={info.extension_code} />
    </div>
  );
}

function SecurityList({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const account = info.email || info.phone || '';
  const identityOpen = info.review_status === REVIEW.none || info.review_status === REVIEW.rejected;
  return (
    <ul className="tm-acct-card tm-security">
      <SecurityRow
        icon={<MailOutlined aria-hidden />}
        title={t('security.email')}
        hint={t('security.emailHint')}
        status={info.email || t('security.notBound')}
        done={info.email !== ''}
      />
      <SecurityRow
        icon={<MobileOutlined aria-hidden />}
        title={t('security.phone')}
        hint={t('security.phoneHint')}
        status={info.phone ? maskAccount(info.phone) : t('security.notBound')}
        done={!!info.phone}
      />
      <SecurityRow
        icon={<LockOutlined aria-hidden />}
        title={t('security.loginPassword')}
        hint={t('security.loginPasswordHint')}
        status={t('security.isSet')}
        done
        action={
          <RouteButton size="small" to={`/resetpwd?user_string=${encodeURIComponent(account)}`}>
            {t('security.change')}
          </RouteButton>
        }
      />
      <SecurityRow
        icon={<KeyOutlined aria-hidden />}
        title={t('security.fundPassword')}
        hint={t('security.fundPasswordHint')}
        status={info.has_pay_password ? t('security.isSet') : t('security.notSet')}
        done={info.has_pay_password === 1}
        action={
          <RouteButton size="small" type={info.has_pay_password ? 'default' : 'primary'} to="/jymm">
            {info.has_pay_password ? t('security.change') : t('security.set')}
          </RouteButton>
        }
      />
      <SecurityRow
        icon={<SafetyOutlined aria-hidden />}
        title={t('totp.title')}
        hint={t('totp.hint')}
        status={info.totp_on ? t('totp.on') : t('totp.off')}
        done={info.totp_on === 1}
        action={<TotpSetting on={info.totp_on === 1} />}
      />
      <SecurityRow
        icon={<IdcardOutlined aria-hidden />}
        title={t('security.identity')}
        hint={t('security.identityHint')}
        status={t(reviewStatusLabel(info.review_status))}
        done={info.review_status === REVIEW.verified}
        action={
          <RouteButton size="small" type={identityOpen ? 'primary' : 'default'} to="/authentication">
            {identityOpen ? t('security.verify') : t('security.view')}
          </RouteButton>
        }
      />
    </ul>
  );
}
