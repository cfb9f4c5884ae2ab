import { useTranslation } from 'react-i18next';
import { EmailRequestPage } from './email-request-page';
import { requestPasswordReset } from './queries';

/** /password/forgot: ask for a reset link. USER_NOT_FOUND shows 'User does not exists' (SPEC §8). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <EmailRequestPage
      formTestId="forgot-password-form"
      testId="forgot-password"
      title={t('forgotPassword.title')}
      subtitle={t('forgotPassword.subtitle')}
      successText={(email) => t('forgotPassword.sent', { email })}
      submitLabel={t('forgotPassword.submit')}
      send={requestPasswordReset}
    />
  );
}
