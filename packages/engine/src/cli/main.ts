// roughcut-engine: JSON on stdout, progress on stderr, a non-zero exit and one line on failure.
import { EngineError } from '../types.ts';
import type { ProgressFn } from '../types.ts';
import { USAGE, parseCliArgs } from './args.ts';
import { runCommand } from './commands.ts';

/** Progress lines on stderr, one per whole percent so logs stay short. */
export function stderrProgress(quiet: boolean): (label: string) => ProgressFn {
  return (label) => {
    let shown = -1;
    return (fraction) => {
      const percent = Math.floor(fraction * 100);
      if (quiet || percent <= shown) return;
      shown = percent;
      process.stderr.write(`${label} ${percent}%\n`);
    };
  };
}

export async function main(argv: readonly string[]): Promise<number> {
  const controller = new AbortController();
  const onSignal = () => controller.abort(new EngineError('aborted', 'Stopped by a signal.'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const args = parseCliArgs(argv);
    if (args === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const output = await runCommand(args, {
      signal: controller.signal,
      progress: stderrProgress(args.quiet),
    });
    process.stdout.write(
      'json' in output
        ? `${JSON.stringify(output.json, null, 2)}\n`
        : 'text' in output
          ? output.text
          : output.bytes,
    );
    return 0;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`roughcut-engine: ${reason.split('\n')[0]}\n`);
    return error instanceof EngineError && error.code === 'usage' ? 2 : 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
