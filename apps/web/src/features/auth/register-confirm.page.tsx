import { useParams } from 'react-router';
import { authApi } from '../../api/auth.api.ts';
import { CodeConfirmation } from '../../components/code-confirmation.tsx';

/** /register/:code/confirm: then "Go to your edits" when signed in, else "Go to login". */
export function RegisterConfirmPage() {
  const { code = '' } = useParams();
  return (
    <CodeConfirmation
      kind="register"
      code={code}
      confirm={authApi.confirmRegistration}
      title="Confirm your account"
      pendingText="Confirming user account..."
      successText="Thank you for confirming your account"
      failureText="We could not confirm your account with this link."
    />
  );
}
