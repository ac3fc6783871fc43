import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STEP_TYPES } from '@roughcut/shared';
import type { AutoJob, StepType } from '@roughcut/shared';
import { useState } from 'react';
import { StepCards } from './step-cards.tsx';

// SPEC 2.8. Every popup closes when clicking outside it (MUI's backdrop click).

type PopupProps = { job: AutoJob; busy: boolean; onClose: () => void };

export function RenameDialog({
  job,
  busy,
  onClose,
  onSubmit,
}: PopupProps & { onSubmit: (name: string) => void }) {
  const [name, setName] = useState(job.name);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(name);
        }}
      >
        <DialogTitle>Rename edit</DialogTitle>
        <DialogContent>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoFocus
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Submit
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function StepDialog({
  job,
  busy,
  onClose,
  onSubmit,
  mode,
}: PopupProps & { mode: 'add' | 'delete'; onSubmit: (step: StepType) => void }) {
  const [selected, setSelected] = useState<StepType | null>(null);
  const existing = job.steps.map((step) => step.step_type);
  const choices = mode === 'add' ? STEP_TYPES.filter((step) => !existing.includes(step)) : existing;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {mode === 'add'
          ? `Adding step for edit ${job.name}`
          : `Deleting step from edit ${job.name}`}
      </DialogTitle>
      <DialogContent>
        {choices.length === 0 ? (
          <Typography color="text.secondary">This edit already has every step.</Typography>
        ) : (
          <StepCards choices={choices} selected={selected} onSelect={setSelected} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color={mode === 'delete' ? 'error' : 'primary'}
          disabled={busy}
          onClick={() => {
            // SPEC 5: Submit does nothing until a step type is chosen.
            if (selected !== null) onSubmit(selected);
          }}
        >
          Submit
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DeleteEditDialog({
  job,
  busy,
  onClose,
  onSubmit,
}: PopupProps & { onSubmit: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Delete edit {job.name}?</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">
          The edit, its uploaded video and every finished video of it are deleted for good.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color="error" disabled={busy} onClick={onSubmit}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
