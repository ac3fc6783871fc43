import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useUser } from '../../api/account.queries.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiTokensCard } from './api-tokens-card.tsx';
import { UpdateCredentialsCard } from './update-credentials-card.tsx';
import { UpdateEmailCard } from './update-email-card.tsx';
import { WebhooksCard } from './webhooks-card.tsx';

/** /account: "Manage Account" (SPEC section 2.5). */
export function AccountPage() {
  const user = useUser();
  return (
    <>
      <PageHeader
        title="Manage Account"
        subtitle="Your sign-in details, email address, API access and webhooks."
      />
      {user.data ? (
        // NOTE: keyed by the loaded values so the forms start from them after a reload or refetch.
        <Stack spacing={3} key={`${user.data.email}|${user.data.username}`}>
          <UpdateEmailCard user={user.data} />
          <UpdateCredentialsCard user={user.data} />
          <ApiTokensCard />
          <WebhooksCard />
        </Stack>
      ) : user.isError ? (
        <Card>
          <CardContent sx={{ p: 4 }}>
            <Typography color="text.secondary">
              Your account details could not be loaded. Reload the page to try again.
            </Typography>
          </CardContent>
        </Card>
      ) : (
        <Stack spacing={3}>
          <Skeleton variant="rounded" height={200} />
          <Skeleton variant="rounded" height={260} />
        </Stack>
      )}
    </>
  );
}
