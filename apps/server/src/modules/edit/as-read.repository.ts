// The compare-and-set every write on a run's or a clip's state makes: the row is updated only if
// it is still as it was read (same status, same confirmed), so two writers never both win.
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

type StateColumns = { id: AnyPgColumn; status: AnyPgColumn; confirmed: AnyPgColumn };

/** Where the row `from` names is still in the state it was read in. */
export const stillAsRead = (
  table: StateColumns,
  from: { id: string; status: string; confirmed: boolean },
) => and(eq(table.id, from.id), eq(table.status, from.status), eq(table.confirmed, from.confirmed));
