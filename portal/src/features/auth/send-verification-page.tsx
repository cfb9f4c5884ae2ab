import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmailRequestPage } from './email-request-page';
import { sendVerificationEmail } from './queries';

export type { NoticeState } from './email-request-page';

/** /send-verification: resend the verification e-mail. Unverified logins and dead links land here. */
export function SendVerificationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <EmailRequestPage
      formTestId="send-verification"
      testId="send-verification"
      title={t('sendVerification.title')}
      subtitle={t('sendVerification.body')}
      successText={() => t('sendVerification.sent')}
      submitLabel={t('sendVerification.submit')}
      send={sendVerificationEmail}
      initialEmail={params.get('email')}
    />
  );
}
