// `./roughcut remote`: a Roughcut server driven from the command line with a personal access token
// (issue 36). Results on stdout, progress and messages on stderr; exit 0 when done, 1 when the
// server refused (its own message printed) or the edit failed, 2 on a usage error, 130 on Ctrl+C.
import { EditWorkflowError, DEFAULT_POLL_MS } from '../edit-workflow.ts';
import { RemoteError, checkConnectionSettings, createRemoteClient } from '../remote-client.ts';
import { USAGE, UsageError, parseCliArgs } from './cli-args.ts';
import type { CliArgs } from './cli-args.ts';
import { tuningOf } from './cli-context.ts';
import type { CliContext, CliEnv } from './cli-context.ts';
import { saveRenderedVideos } from './download.command.ts';
import { runEdit } from './edit.command.ts';
import { createProgressPrinter } from './progress-lines.ts';
import type { ProgressStream } from './progress-lines.ts';
import { runStatus } from './status.command.ts';

export type CliStreams = { stdout: { write(text: string): unknown }; stderr: ProgressStream };

const PREFIX = 'roughcut remote:';

function runCommand(args: Exclude<CliArgs, { command: 'help' }>, cli: CliContext): Promise<void> {
  switch (args.command) {
    case 'edit':
      return runEdit(args, cli);
    case 'status':
      return runStatus(args.jobId, args.json, cli);
    case 'download':
      return saveRenderedVideos(cli, args.jobId, args.dir);
  }
}

/** The exit code of a failure, its message written to stderr. */
function failureCode(error: unknown, streams: CliStreams, signal: AbortSignal): number {
  const say = (text: string) => streams.stderr.write(`${PREFIX} ${text}\n`);
  if (signal.aborted) {
    say('stopped.');
    return 130;
  }
  if (error instanceof UsageError) {
    say(error.message);
    streams.stderr.write(`\n${USAGE}\n`);
    return 2;
  }
  if (error instanceof RemoteError) {
    say(error.serverMessage ?? error.message);
    return 1;
  }
  if (error instanceof EditWorkflowError) {
    say(error.message);
    return error.code === 'invalid' ? 2 : 1;
  }
  say(error instanceof Error ? error.message : String(error));
  return 1;
}

export async function main(
  argv: readonly string[],
  env: CliEnv = process.env,
  streams: CliStreams = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const controller = new AbortController();
  const progress = createProgressPrinter(streams.stderr);
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    return failureCode(error, streams, controller.signal);
  }
  if (args.command === 'help') {
    streams.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const problem = checkConnectionSettings(env.ROUGHCUT_URL, env.ROUGHCUT_TOKEN);
  if (problem !== undefined) {
    streams.stderr.write(`${PREFIX} ${problem}\n`);
    return 2;
  }
  const tuning = tuningOf(env);
  const cli: CliContext = {
    client: createRemoteClient({
      baseUrl: env.ROUGHCUT_URL ?? '',
      token: env.ROUGHCUT_TOKEN ?? '',
    }),
    env,
    out: (line) => streams.stdout.write(`${line}\n`),
    progress,
    signal: controller.signal,
    pollMs: tuning.pollMs ?? DEFAULT_POLL_MS,
    chunkBytes: tuning.chunkBytes,
  };
  const stop = () => controller.abort(new Error('Stopped by a signal.'));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await runCommand(args, cli);
    progress.end();
    return 0;
  } catch (error) {
    progress.end();
    return failureCode(error, streams, controller.signal);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
