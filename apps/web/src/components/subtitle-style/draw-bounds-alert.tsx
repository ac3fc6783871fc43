import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { drawBoundsIssues } from '@roughcut/shared';
import type { DrawSettings } from '@roughcut/shared';

type Props = {
  value: DrawSettings;
  onChange: (next: DrawSettings) => void;
  disabled?: boolean;
};

/**
 * Says where a style draws past the shared bounds (draw-bounds.ts), the same rule the server
 * refuses a save, a confirm or an example with; the default layout fixes every one of them.
 * NOTE: play_res has no control of its own (a template made through the API may carry one).
 */
export function DrawBoundsAlert({ value, onChange, disabled }: Props) {
  const issues = drawBoundsIssues(value);
  if (issues.length === 0) return null;
  const customLayout = value.play_res_x !== 0 || value.play_res_y !== 0;
  return (
    <Alert severity="error" role="alert">
      {issues.map((issue) => (
        <div key={issue.field}>{issue.message}</div>
      ))}
      {customLayout ? (
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          disabled={disabled}
          sx={{ mt: 1 }}
          onClick={() => onChange({ ...value, play_res_x: 0, play_res_y: 0 })}
        >
          Use the default layout
        </Button>
      ) : null}
    </Alert>
  );
}
