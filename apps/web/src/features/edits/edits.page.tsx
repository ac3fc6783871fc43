import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { appPaths } from '@roughcut/shared';
import type { AutoJob, StepType } from '@roughcut/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useUser } from '../../api/account.queries.ts';
import { describeError } from '../../api/api-error.ts';
import { autojobsApi } from '../../api/autojobs.api.ts';
import { useAutojobs } from '../../api/autojobs.queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CreateEditPanel } from './create-edit-panel.tsx';
import { DeleteEditDialog, RenameDialog, StepDialog } from './edit-popups.tsx';
import { NoEditsFound, NoEditsYet } from './edits-empty.tsx';
import { EditsOverview } from './edits-overview.tsx';
import { EditsTable } from './edits-table.tsx';
import type { RowAction } from './edits-table.tsx';
import { useNow } from './use-now.ts';
import {
  ADD_STEP_FIRST,
  EMAIL_UNCONFIRMED_NOTICE,
  canOpenJob,
  countOverview,
  toggleOverviewFilter,
  visibleJobs,
  type OverviewFilter,
} from '../../lib/job-list.rules.ts';

type Popup = { job: AutoJob; action: RowAction } | null;

/** SPEC 2.6: the list of video edits. */
export function EditsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const jobs = useAutojobs();
  const nowMs = useNow();
  const [filters, setFilters] = useState<OverviewFilter[]>([]);
  const [panelOpen, setPanelOpen] = useState(false);
  const [popup, setPopup] = useState<Popup>(null);
  const [autoOpenChecked, setAutoOpenChecked] = useState(false);

  // SPEC 2.6: the create panel opens by itself on load when there are no jobs.
  if (!autoOpenChecked && jobs.isSuccess) {
    setAutoOpenChecked(true);
    if (jobs.data.length === 0) setPanelOpen(true);
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.autojobs });
  const change = useMutation({
    mutationFn: async ({
      job,
      action,
      value,
    }: {
      job: AutoJob;
      action: RowAction;
      value?: string;
    }) => {
      switch (action) {
        case 'rename':
          return autojobsApi.update(job.id, { name: value ?? '' });
        case 'add-step':
          return autojobsApi.addStep(job.id, value as StepType);
        case 'delete-step':
          return autojobsApi.deleteStep(job.id, value as StepType);
        case 'delete':
          return autojobsApi.remove(job.id);
      }
    },
    onSettled: async (_data, error, variables) => {
      setPopup(null);
      await refresh();
      // SPEC 8: rename and delete-step fail silently; adding a step or deleting an edit says why.
      if (error && (variables.action === 'add-step' || variables.action === 'delete')) {
        showAlert(describeError(error, 'There was an issue updating your edit, please try again'));
      }
    },
  });

  const open = (job: AutoJob) => {
    if (!canOpenJob(job)) {
      showAlert(ADD_STEP_FIRST);
      return;
    }
    void navigate(appPaths.job(job.id));
  };

  const all = jobs.data ?? [];
  const rows = visibleJobs(all, filters);
  const busy = change.isPending;

  return (
    <>
      <PageHeader
        title="Video edits"
        subtitle="Manage and view all of your video edits"
        actions={
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setPanelOpen(true)}>
            Edit a video
          </Button>
        }
      />
      {user.data && !user.data.email_confirmed ? (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="email-unconfirmed">
          {EMAIL_UNCONFIRMED_NOTICE}
        </Alert>
      ) : null}
      {jobs.isPending ? (
        <CenteredSpinner label="Loading your video edits..." />
      ) : (
        <>
          <EditsOverview
            counts={countOverview(all)}
            active={filters}
            onToggle={(filter) => setFilters((active) => toggleOverviewFilter(active, filter))}
          />
          {all.length === 0 ? (
            <NoEditsYet onCreate={() => setPanelOpen(true)} />
          ) : rows.length === 0 ? (
            <NoEditsFound />
          ) : (
            <EditsTable
              jobs={rows}
              nowMs={nowMs}
              onOpen={open}
              onAction={(job, action) => setPopup({ job, action })}
            />
          )}
        </>
      )}
      {panelOpen ? <CreateEditPanel onClose={() => setPanelOpen(false)} /> : null}
      {popup?.action === 'rename' ? (
        <RenameDialog
          job={popup.job}
          busy={busy}
          onClose={() => setPopup(null)}
          onSubmit={(name) => change.mutate({ job: popup.job, action: 'rename', value: name })}
        />
      ) : null}
      {popup?.action === 'add-step' || popup?.action === 'delete-step' ? (
        <StepDialog
          job={popup.job}
          busy={busy}
          mode={popup.action === 'add-step' ? 'add' : 'delete'}
          onClose={() => setPopup(null)}
          onSubmit={(step) => change.mutate({ job: popup.job, action: popup.action, value: step })}
        />
      ) : null}
      {popup?.action === 'delete' ? (
        <DeleteEditDialog
          job={popup.job}
          busy={busy}
          onClose={() => setPopup(null)}
          onSubmit={() => change.mutate({ job: popup.job, action: 'delete' })}
        />
      ) : null}
    </>
  );
}
