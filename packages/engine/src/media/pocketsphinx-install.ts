// Where pocketsphinx is installed (the OS package): its binary, the en-us model, and how many
// may run at once. Below both of its users: the recogniser (transcribe/) and the aligner (align/).
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';

export const pocketsphinxBinary = (): string =>
  process.env.POCKETSPHINX_PATH || 'pocketsphinx_continuous';
export const pocketsphinxModelDir = (): string =>
  process.env.POCKETSPHINX_MODEL_DIR || '/usr/share/pocketsphinx/model/en-us';

export type PocketsphinxModel = { hmm: string; lm: string; dict: string };

export function pocketsphinxModel(dir = pocketsphinxModelDir()): PocketsphinxModel {
  return {
    hmm: join(dir, 'en-us'),
    lm: join(dir, 'en-us.lm.bin'),
    dict: join(dir, 'cmudict-en-us.dict'),
  };
}

async function isExecutable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

async function findOnPath(binary: string): Promise<string | undefined> {
  if (binary.includes('/')) return (await isExecutable(binary)) ? binary : undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, binary);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** True when the recogniser binary and the en-us model are installed. */
export async function isPocketsphinxInstalled(): Promise<boolean> {
  if (!(await findOnPath(pocketsphinxBinary()))) return false;
  const model = pocketsphinxModel();
  const found = await Promise.all(
    [join(model.hmm, 'mdef'), model.lm, model.dict].map((p) =>
      access(p, constants.R_OK).then(
        () => true,
        () => false,
      ),
    ),
  );
  return found.every(Boolean);
}

/** How many recognisers run at once: POCKETSPHINX_JOBS, else one per core. */
export function pocketsphinxConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.POCKETSPHINX_JOBS);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return Math.max(1, availableParallelism());
}
