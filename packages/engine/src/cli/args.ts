// roughcut-engine's command line, parsed with node:util parseArgs. Pure: no I/O, so it is tested
// on argument arrays.
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_WORDS_IN_PHRASE, EXPORT_FORMATS } from '@roughcut/shared';
import type { ExportFormat } from '@roughcut/shared';
import { validateMaxWords } from '../edit/phrases.ts';
import { REFRAME_MODES } from '../frames/crop.ts';
import type { ReframeMode } from '../frames/crop.ts';
import { EngineError } from '../types.ts';

export const COMMANDS = [
  'probe',
  'transcribe',
  'gaps',
  'clips',
  'render',
  'edit',
  'export',
] as const;
export type Command = (typeof COMMANDS)[number];
export const FORMATS = ['json', 'srt', 'vtt', 'ass', 'txt'] as const;
export type TranscriptFormat = (typeof FORMATS)[number];

export type CliArgs = {
  command: Command;
  file: string;
  language: string;
  /** `export` takes the editor and transcript formats; every other command the transcript ones. */
  format: TranscriptFormat | ExportFormat;
  maxWords: number;
  long: boolean;
  short: boolean;
  clipsPath?: string;
  /** `export`: the short to export, from 1; the long form without it. */
  clip?: number;
  outDir?: string;
  workDir?: string;
  subtitles: boolean;
  smartCut: boolean;
  removeGaps: boolean;
  /** How shorts are framed: centre crop, follow the speaker, or two people split. */
  reframe: ReframeMode;
  quiet: boolean;
};

export const USAGE = `usage: roughcut-engine <command> <file> [options]
  probe <file>                                   probe and validate a video
  transcribe <file> [--language en] [--format json|srt|vtt|ass|txt]
  gaps <file>                                    phrases and the silent gaps to cut
  clips <file> [--long] [--short] [--max-words 5]
  render <file> --clips clips.json --out dir     render clips made by \`clips\`
  edit <file> [--long] [--short] --out dir       analyse and render everything
  export <file> --format fcpxml|xmeml|otio|edl|mlt|kdenlive|srt|vtt|ass|txt [--clips clips.json]
         [--clip n]                              the long form (or short n, as render frames it)
                                                 as an editor timeline or a transcript timed on
                                                 the cut video; an EDL of more than 999 events
                                                 is a zip of EDLs (redirect it to a .zip file)
options: --language <code> (default en), --max-words 1-10, --work-dir <dir>,
  --no-subtitles, --no-smart-cut, --keep-gaps, --quiet (no progress on stderr),
  --reframe centre|follow|split (shorts: fixed centre crop, follow the speaker, two people stacked)`;

const usageError = (reason: string): EngineError =>
  new EngineError('usage', `${reason} (run roughcut-engine --help for usage)`);

export function parseCliArgs(argv: readonly string[]): CliArgs | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      allowNegative: true,
      strict: true,
      options: {
        language: { type: 'string', short: 'l', default: 'en' },
        format: { type: 'string', short: 'f', default: 'json' },
        'max-words': { type: 'string', default: String(DEFAULT_MAX_WORDS_IN_PHRASE) },
        long: { type: 'boolean', default: false },
        short: { type: 'boolean', default: false },
        clips: { type: 'string' },
        clip: { type: 'string' },
        out: { type: 'string', short: 'o' },
        'work-dir': { type: 'string' },
        subtitles: { type: 'boolean', default: true },
        'smart-cut': { type: 'boolean', default: true },
        'keep-gaps': { type: 'boolean', default: false },
        reframe: { type: 'string', default: 'centre' },
        quiet: { type: 'boolean', short: 'q', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw usageError(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) return 'help';
  const [command, file, ...rest] = positionals;
  if (!COMMANDS.includes(command as Command)) throw usageError(`unknown command "${command}"`);
  if (!file) throw usageError(`${command} needs a video file`);
  if (rest.length) throw usageError(`unexpected argument "${rest[0]}"`);
  const formats: readonly string[] = command === 'export' ? EXPORT_FORMATS : FORMATS;
  if (!formats.includes(values.format)) {
    throw usageError(`--format must be one of ${formats.join(', ')}`);
  }
  const clip = values.clip === undefined ? undefined : Number(values.clip);
  if (clip !== undefined && !(Number.isInteger(clip) && clip >= 1)) {
    throw usageError("--clip must be a short's number, from 1");
  }
  if (!REFRAME_MODES.includes(values.reframe as ReframeMode)) {
    throw usageError(`--reframe must be one of ${REFRAME_MODES.join(', ')}`);
  }
  const maxWords = validateMaxWords(Number(values['max-words']));
  if (command === 'render' && !values.clips) throw usageError('render needs --clips <clips.json>');
  if ((command === 'render' || command === 'edit') && !values.out) {
    throw usageError(`${command} needs --out <dir>`);
  }
  // `clips` and `edit` without --long/--short do both, as the product's default edit does.
  const neither = !values.long && !values.short;
  return {
    command: command as Command,
    file,
    language: values.language,
    format: values.format as TranscriptFormat | ExportFormat,
    maxWords,
    long: values.long || neither,
    short: values.short || neither,
    clipsPath: values.clips,
    clip,
    outDir: values.out,
    workDir: values['work-dir'],
    subtitles: values.subtitles,
    smartCut: values['smart-cut'],
    removeGaps: !values['keep-gaps'],
    reframe: values.reframe as ReframeMode,
    quiet: values.quiet,
  };
}
