import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router';
import { authApi } from '../../api/auth.api.ts';
import { CodeConfirmation } from '../../components/code-confirmation.tsx';

/** /register/:code/confirm */
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
      actions={
        <Stack direction="row" spacing={1.5}>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            Go to login
          </Button>
        </Stack>
      }
    />
  );
}
