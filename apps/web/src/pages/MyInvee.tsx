import { zEmail } from '@tidemark/protocol';
import { Alert, Button, Form, Radio, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiMutation } from '../api/mutation';
import RouteButton from '../components/RouteButton';
import AccountForm from '../features/account/AccountForm';
import { sendSurveyCode, submitSurvey } from '../features/account/api';
import AccountPage from '../features/account/AccountPage';
import CodeField from '../features/account/CodeField';
import {
  OPTIONS,
  optionKey,
  QUESTIONS,
  questionKey,
  surveyAnswers,
  type SurveyOption,
  type SurveyQuestion,
} from '../features/account/survey';
import { setSession } from '../session/store';
import { useSessionValue } from '../session/useSession';
import { useToast } from '../components/Toasts';

type Values = Record<SurveyQuestion, SurveyOption> & { code: string };

export default function MyInveePage() {
  const { t } = useTranslation();
  return (
    <AccountPage page="myinvee" subtitle={t('survey.subtitle')}>
      <Survey />
    </AccountPage>
  );
}

function Survey() {
  const { t } = useTranslation();
  const invited = useSessionValue('is_invee') !== '0';
  const account = useSessionValue('accountNum') ?? '';
  if (!invited) {
    return (
      <div className="tm-acct-card">
        <Result
          status="info"
          title={t('survey.done')}
          extra={
            <RouteButton type="primary" to="/exchange">
              {t('pages.exchange')}
            </RouteButton>
          }
        />
      </div>
    );
  }
  return <SurveyForm email={zEmail.safeParse(account).success ? account : undefined} />;
}

/** `email`: the stored account when it is an e-mail; the code is sent only to an e-mail address. */
function SurveyForm({ email }: { email: string | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const submit = useApiMutation({
    mutationFn: ({ code, ...answers }: Values) =>
      submitSurvey({ code: code.trim(), answers: surveyAnswers(answers) }),
    onSuccess: (notice) => {
      toast.success(notice);
      setSession('is_invee', '0');
      void navigate('/exchange');
    },
  });
  const sendCode = async () => {
    if (email) return sendSurveyCode();
    toast.error(t('survey.noEmail'));
    return undefined;
  };

  return (
    <div className="tm-acct-card tm-acct-form tm-acct-wide">
      {!email && <Alert className="tm-acct-alert" type="error" showIcon title={t('survey.noEmail')} />}
      <AccountForm<Values> onFinish={(values) => submit.mutate(values)}>
        <ol className="tm-survey">
          {QUESTIONS.map((question) => (
            <li key={question}>
              <Form.Item
                name={question}
                label={t(questionKey(question))}
                rules={[{ required: true, message: t('survey.unanswered') }]}
              >
                <Radio.Group
                  className="tm-survey-options"
                  options={OPTIONS.map((option) => ({ value: option, label: t(optionKey(question, option)) }))}
                />
              </Form.Item>
            </li>
          ))}
        </ol>
        <div className="tm-acct-narrow">
          <CodeField send={sendCode} extra={email && t('survey.codeHint', { email })} />
          <Button type="primary" htmlType="submit" block loading={submit.isPending}>
            {t('survey.submit')}
          </Button>
        </div>
      </AccountForm>
    </div>
  );
}
