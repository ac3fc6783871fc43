// `./roughcut remote`'s command line, parsed with node:util parseArgs. Pure: no I/O, so it is
// tested on argument arrays.
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import { CREATE_EDIT_MESSAGES, DEFAULT_LANGUAGE } from '@roughcut/shared';

export type EditArgs = {
  command: 'edit';
  file: string;
  name: string;
  short: boolean;
  long: boolean;
  language: string;
  /** Wait for the clips (and, with confirmAll, the render) instead of ending after the upload. */
  wait: boolean;
  /** Confirm every clip and continue to the render once the clips are ready (with wait). */
  confirmAll: boolean;
  /** Save the rendered videos here (implies wait). */
  downloadDir: string | undefined;
};

export type CliArgs =
  | { command: 'help' }
  | EditArgs
  | { command: 'status'; jobId: string; json: boolean }
  | { command: 'download'; jobId: string; dir: string };

export const USAGE = `usage: ./roughcut remote <command> [options]
  edit <file.mp4> [--short] [--long] [--language en] [--name <name>]
                  [--wait] [--no-confirm-all] [--download <dir>]
      Uploads the video to a new edit and starts it; prints the edit's id.
      --short, --long   short vertical clips, the optimised long form (neither: both)
      --wait            wait for the clips, confirm them all and wait for the render
      --no-confirm-all  with --wait: stop once the clips are ready, to review them on the web
      --download <dir>  save the rendered videos there (implies --wait); prints each file
      An interrupted upload (Ctrl+C, a lost connection) goes on where it stopped, in the
      same edit, when the same command runs again.
  status <job_id> [--json]   the edit's state, progress, clips and what to do next
  download <job_id> <dir>    saves the edit's rendered videos
  help                       this text
environment:
  ROUGHCUT_URL     the server's address, e.g. https://roughcut.example.com
  ROUGHCUT_TOKEN   a personal access token (rc_…): account page, API access
  XDG_STATE_HOME   where unfinished uploads are remembered (~/.local/state/roughcut)
exit codes: 0 done, 1 the server refused or the edit failed (its message on stderr), 2 usage`;

/** A command line that cannot run: exit code 2, with the usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

const EDIT_ONLY = ['name', 'short', 'long', 'language', 'wait', 'confirm-all', 'download'] as const;

const OPTIONS = {
  name: { type: 'string' },
  short: { type: 'boolean' },
  long: { type: 'boolean' },
  language: { type: 'string', short: 'l' },
  wait: { type: 'boolean' },
  'confirm-all': { type: 'boolean' },
  download: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const parseWithOptions = (argv: readonly string[]) =>
  parseArgs({
    args: [...argv],
    allowPositionals: true,
    allowNegative: true,
    strict: true,
    options: OPTIONS,
  });

type Values = ReturnType<typeof parseWithOptions>['values'];

/** The edit's default name: the video's file name without its extension. */
export const defaultEditName = (file: string): string =>
  basename(file, extname(file)).trim().slice(0, 200) || 'Untitled edit';

function parseEdit(values: Values, rest: string[]): EditArgs {
  const [file, ...extra] = rest;
  if (!file) throw new UsageError('edit needs a video file');
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  if (!/\.mp4$/i.test(file)) throw new UsageError(CREATE_EDIT_MESSAGES.notMp4);
  if (values.download === '') throw new UsageError('--download needs a folder');
  const confirmAll = values['confirm-all'] ?? true;
  if (values.download !== undefined && !confirmAll) {
    throw new UsageError(
      '--download needs the clips confirmed: leave out --no-confirm-all, or review them on the web and run download later',
    );
  }
  const neither = !values.short && !values.long;
  return {
    command: 'edit',
    file,
    name: values.name?.trim() || defaultEditName(file),
    short: values.short === true || neither,
    long: values.long === true || neither,
    language: values.language ?? DEFAULT_LANGUAGE,
    wait: values.wait === true || values.download !== undefined,
    confirmAll,
    downloadDir: values.download,
  };
}

function parseJobCommand(command: 'status' | 'download', values: Values, rest: string[]): CliArgs {
  const misplaced = EDIT_ONLY.find((option) => values[option] !== undefined);
  if (misplaced) throw new UsageError(`--${misplaced} is an option of edit, not of ${command}`);
  const [jobId, dir, ...extra] = rest;
  if (!jobId) throw new UsageError(`${command} needs the edit's id`);
  if (command === 'status') {
    if (dir !== undefined) throw new UsageError(`unexpected argument "${dir}"`);
    return { command, jobId, json: values.json === true };
  }
  if (values.json !== undefined) throw new UsageError('--json is an option of status');
  if (!dir) throw new UsageError('download needs a folder to save the videos in');
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  return { command, jobId, dir };
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed;
  try {
    parsed = parseWithOptions(argv);
  } catch (error) {
    throw new UsageError(error instanceof Error ? (error.message.split('\n')[0] ?? '') : '');
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') return { command: 'help' };
  switch (command) {
    case 'edit':
      if (values.json !== undefined) throw new UsageError('--json is an option of status');
      return parseEdit(values, rest);
    case 'status':
    case 'download':
      return parseJobCommand(command, values, rest);
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}
