// The words of finished transcription chunks, kept in storage while a run is analysed, so a
// try that follows a crash (or a worker killed mid-analysis, on any machine) hears only the rest.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { wordSchema } from '@roughcut/shared';
import type { TranscriptChunkStore } from '../../engine-adapter/engine-basics.adapter.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { assertStorageKey, jobPrefix } from '../../storage/storage-keys.ts';

const storedWords = z.array(wordSchema);

/** The folder of a run's transcription chunks (deleted with the job). */
export const transcriptChunksPrefix = (jobId: string, instanceId: string): string =>
  `${jobPrefix(jobId)}/work/${instanceId}/transcript`;

/**
 * A chunk store for the engine. NOTE: the language is part of the name: the job's language may
 * be changed between two tries, and words of another language must not be reused.
 */
export function transcriptChunkStore(
  storage: MediaStorage,
  ids: { jobId: string; instanceId: string; language: string },
  onReuse: (key: string) => void = () => undefined,
): TranscriptChunkStore {
  const keyOf = (chunk: string) => {
    const key = `${transcriptChunksPrefix(ids.jobId, ids.instanceId)}/${ids.language}_${chunk}.json`;
    assertStorageKey(key);
    return key;
  };
  return {
    async load(chunk) {
      const key = keyOf(chunk);
      if (!(await storage.exists(key))) return undefined;
      const parsed = storedWords.safeParse(
        JSON.parse(await readFile(storage.resolve(key), 'utf8')) as unknown,
      );
      // NOTE: a file that does not read back (cut short by a crash) is heard again.
      if (!parsed.success) return undefined;
      onReuse(chunk);
      return parsed.data;
    },
    async save(chunk, words) {
      await storage.write(keyOf(chunk), JSON.stringify(words));
    },
  };
}

export async function clearTranscriptChunks(
  storage: MediaStorage,
  jobId: string,
  instanceId: string,
): Promise<void> {
  await storage.deletePrefix(`${jobPrefix(jobId)}/work/${instanceId}`);
}
