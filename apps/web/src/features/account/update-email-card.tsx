import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { UserResponse } from '@roughcut/shared';
import { accountApi } from '../../api/account.api.ts';
import { describeError } from '../../api/api-error.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { GENERIC_FAILURE } from '../../lib/auth-messages.ts';
import { validateEmailUpdate } from './account-form.ts';

export function UpdateEmailCard({ user }: { user: UserResponse }) {
  const [email, setEmail] = useState(user.email);
  const [touched, setTouched] = useState(false);
  const request = useMutation({
    mutationFn: accountApi.requestEmailUpdate,
    onError: (error) => showAlert(describeError(error, GENERIC_FAILURE)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmailUpdate({ newEmail: email, currentEmail: user.email, touched });
    if (problem) return showAlert(problem);
    request.mutate(email.trim());
  };

  return (
    <Card component="section" aria-labelledby="update-email-title">
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Typography id="update-email-title" variant="h6" component="h2">
            Update email
          </Typography>
          <Chip
            size="small"
            label={user.email_confirmed ? 'Confirmed' : 'Not confirmed'}
            color={user.email_confirmed ? 'success' : 'warning'}
            variant="outlined"
          />
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          We send a confirmation link to the new address; your email changes once you open it.
        </Typography>
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setTouched(true);
            }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={request.isPending}
            sx={{ flexShrink: 0, height: 56 }}
          >
            Update Email
          </Button>
        </Stack>
        {request.isSuccess ? (
          <Alert severity="success" role="status" sx={{ mt: 2 }}>
            We sent a confirmation link to {request.variables}. Open it to finish changing your
            email.
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
