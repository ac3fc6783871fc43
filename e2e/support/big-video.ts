// A large but valid .mp4 for upload tests: a few seconds of ffmpeg's test picture and tone, then
// a top-level `free` box of filler bytes (which players and ffprobe skip) up to the wanted size.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { stat } from 'node:fs/promises';
import path from 'node:path';

async function run(command: string, args: string[]): Promise<void> {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${command} failed (${code}): ${stderr}`);
}

/** Writes `bytes` bytes (at least the short video's own) to `dir/name`; returns the path. */
export async function makeBigVideo(dir: string, name: string, bytes: number): Promise<string> {
  const small = path.join(dir, `${name}.small.mp4`);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', '6', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest'],
    small,
  ]);
  const out = path.join(dir, name);
  const writer = createWriteStream(out);
  for await (const chunk of createReadStream(small)) {
    if (!writer.write(chunk)) await once(writer, 'drain');
  }
  const filler = bytes - (await stat(small)).size;
  if (filler >= 8) {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(filler, 0);
    header.write('free', 4, 'latin1');
    writer.write(header);
    // NOTE: varied bytes, so a resumed upload that skipped or repeated a range would differ.
    const block = randomBytes(1024 * 1024);
    let left = filler - 8;
    for (let i = 0; left > 0; i++) {
      const piece = Buffer.from(block.subarray(0, Math.min(block.length, left)));
      piece.writeUInt32BE(i, 0);
      if (!writer.write(piece)) await once(writer, 'drain');
      left -= piece.length;
    }
  }
  writer.end();
  await once(writer, 'finish');
  return out;
}

/** SHA-256 of a file, streamed. */
export async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
