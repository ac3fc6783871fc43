// `download <job_id> <dir>` (and `edit --download`): every rendered video of the edit saved into
// the folder under the server's name, each path printed on stdout once the file is whole.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { downloadLinks } from '../edit-workflow.ts';
import type { CliContext } from './cli-context.ts';

/** The file names to save under, one per link: a repeated name gets " (2)", " (3)"... */
export function distinctNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n += 1) {
      candidate = `${base} (${n})${extension}`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export async function saveRenderedVideos(
  cli: CliContext,
  jobId: string,
  dir: string,
): Promise<void> {
  const links = await downloadLinks(cli.client, jobId);
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  const names = distinctNames(links.map((link) => link.fileName));
  cli.progress.note(`Downloading ${links.length} video${links.length === 1 ? '' : 's'}...`);
  for (const [index, link] of links.entries()) {
    const path = join(folder, names[index] ?? link.fileName);
    const bytes = await cli.client.download(link.url, path, cli.signal);
    cli.progress.note(`Saved ${link.kind} "${link.title}" (${megabytes(bytes)})`);
    cli.out(path);
  }
}
