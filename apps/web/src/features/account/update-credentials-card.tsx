import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT_MESSAGE,
  isPasswordLongEnough,
} from '@roughcut/shared';
import type { UserResponse } from '@roughcut/shared';
import { accountApi } from '../../api/account.api.ts';
import { ApiError } from '../../api/api-error.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { PASSWORD_PLACEHOLDER, buildUserUpdate, editPasswordField } from './account-form.ts';

export function UpdateCredentialsCard({ user }: { user: UserResponse }) {
  const [username, setUsername] = useState(user.username);
  const [password, setPassword] = useState(PASSWORD_PLACEHOLDER);
  const save = useMutation({
    mutationFn: accountApi.saveUser,
    onError: (error) => {
      if (error instanceof ApiError && error.serverMessage) showAlert(error.serverMessage);
    },
    // SPEC section 4.3: saving reloads the page whether the call succeeds or fails.
    onSettled: () => window.location.reload(),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const update = buildUserUpdate({ username, password });
    // NOTE: refused before saving, so the page does not reload and the typed values stay.
    if (update.password !== undefined && !isPasswordLongEnough(update.password)) {
      showAlert(PASSWORD_TOO_SHORT_MESSAGE);
      return;
    }
    save.mutate(update);
  };

  return (
    <Card component="section" aria-labelledby="update-credentials-title">
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id="update-credentials-title" variant="h6" component="h2">
          Update username/password
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          Leave the password as it is to keep your current one.
        </Typography>
        <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
            value={password}
            onChange={(event) =>
              setPassword((previous) => editPasswordField(previous, event.target.value))
            }
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
