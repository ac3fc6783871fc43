import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { AutoJob } from '@roughcut/shared';

export type RowAction = 'add-step' | 'delete-step' | 'rename' | 'delete';

export type OpenRowMenu = { anchor: HTMLElement; job: AutoJob } | null;

type Props = {
  menu: OpenRowMenu;
  onClose: () => void;
  onAction: (job: AutoJob, action: RowAction) => void;
};

/** SPEC 2.6 row menu: Add Step; Delete Step when the job has steps; Rename; Delete. */
export function EditRowMenu({ menu, onClose, onAction }: Props) {
  const choose = (action: RowAction) => {
    if (menu) onAction(menu.job, action);
    onClose();
  };
  return (
    <Menu
      anchorEl={menu?.anchor ?? null}
      open={menu !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <MenuItem onClick={() => choose('add-step')}>Add Step</MenuItem>
      {menu && menu.job.steps.length > 0 ? (
        <MenuItem onClick={() => choose('delete-step')}>Delete Step</MenuItem>
      ) : null}
      <MenuItem onClick={() => choose('rename')}>Rename</MenuItem>
      <MenuItem onClick={() => choose('delete')} sx={{ color: 'error.main' }}>
        Delete
      </MenuItem>
    </Menu>
  );
}
