import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { accountApi } from '../../api/account.api.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { CodeConfirmation } from '../../components/code-confirmation.tsx';

/** /confirm-email/:code: confirms a changed e-mail address, then leads on (to the edits or login). */
export function ConfirmEmailPage() {
  const { code = '' } = useParams();
  const queryClient = useQueryClient();
  const confirm = async (value: string) => {
    await accountApi.confirmEmailUpdate(value);
    await queryClient.invalidateQueries({ queryKey: queryKeys.user });
  };
  return (
    <CodeConfirmation
      kind="email"
      code={code}
      confirm={confirm}
      title="Confirm your new email"
      pendingText="Confirming email..."
      successText="Your email has been confirmed"
      failureText="We could not confirm your email with this link."
    />
  );
}
