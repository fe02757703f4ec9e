import { ClockCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { limits } from '@tidemark/protocol';
import { Alert, Button, Form, Input, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import RouteButton from '../components/RouteButton';
import AccountForm from '../features/account/AccountForm';
import AccountPage from '../features/account/AccountPage';
import IdImageUpload from '../features/account/IdImageUpload';
import { REVIEW, useSubmitIdentity, useUserCenter } from '../features/account/queries';
import { schemaRule } from '../features/account/rules';
import { useToast } from '../components/Toasts';

/** The spec's pause between the success message and the trading page. */
const REDIRECT_MS = 500;

interface Values {
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  hand_pic: string;
}

const IMAGES = [
  { name: 'front_pic', label: 'identity.front', missing: 'identity.frontMissing' },
  { name: 'reverse_pic', label: 'identity.back', missing: 'identity.backMissing' },
  { name: 'hand_pic', label: 'identity.hand', missing: 'identity.handMissing' },
] as const;

const stripSpaces = (text: string) => text.replace(/\s+/g, '');

export default function AuthenticationPage() {
  const { t } = useTranslation();
  return (
    <AccountPage page="authentication" subtitle={t('identity.subtitle')}>
      <Identity />
    </AccountPage>
  );
}

/** What the page shows follows the review status: the form (0, or 3 rejected), in review (1), verified (2). */
function Identity() {
  const { t } = useTranslation();
  const center = useUserCenter();
  if (center.error) return <Alert type="error" showIcon title={center.error.message} />;
  if (!center.data) return <Skeleton active />;
  const status = center.data.review_status;
  if (status === REVIEW.inReview || status === REVIEW.verified) {
    const verified = status === REVIEW.verified;
    return (
      <div className={verified ? 'tm-acct-card' : 'tm-acct-card tm-acct-pending'}>
        <Result
          status={verified ? 'success' : 'info'}
          icon={verified ? <SafetyCertificateOutlined aria-hidden /> : <ClockCircleOutlined aria-hidden />}
          title={t(verified ? 'identity.status.verified' : 'identity.status.inReview')}
          subTitle={t(verified ? 'identity.verifiedBody' : 'identity.inReviewBody')}
          extra={<RouteButton to="/accountset">{t('pages.accountset')}</RouteButton>}
        />
      </div>
    );
  }
  return <IdentityForm rejected={status === REVIEW.rejected} reason={center.data.review_note} />;
}

function IdentityForm({ rejected, reason }: { rejected: boolean; reason?: string | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const submit = useSubmitIdentity((notice) => {
    toast.success(notice);
    setTimeout(() => void navigate('/exchange'), REDIRECT_MS);
  });

  return (
    <div className="tm-acct-card tm-acct-form tm-acct-wide">
      {rejected && <Alert className="tm-acct-alert" type="warning" showIcon title={t('identity.rejected')} description={reason || undefined} />}
      <AccountForm<Values> onFinish={(values) => submit.mutate({ ...values, name: stripSpaces(values.name), card_id: stripSpaces(values.card_id) })}>
        <div className="tm-acct-pair">
          <Form.Item name="name" label={t('identity.name')} rules={[schemaRule('realName')]}>
            <Input autoComplete="name" maxLength={limits.realNameLengthMax} placeholder={t('identity.namePlaceholder')} />
          </Form.Item>
          <Form.Item name="card_id" label={t('identity.cardId')} rules={[schemaRule('cardId')]}>
            <Input autoComplete="off" maxLength={40} placeholder={t('identity.cardIdPlaceholder')} />
          </Form.Item>
        </div>
        <div className="tm-id-images">
          {IMAGES.map((image) => (
            <Form.Item
              key={image.name}
              name={image.name}
              label={t(image.label)}
              rules={[{ required: true, message: t(image.missing) }]}
            >
              <IdImageUpload />
            </Form.Item>
          ))}
        </div>
        <p className="tm-acct-hint">{t('identity.imageHint')}</p>
        <Button type="primary" htmlType="submit" block loading={submit.isPending}>
          {t('identity.submit')}
        </Button>
      </AccountForm>
    </div>
  );
}
