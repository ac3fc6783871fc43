import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fontFaceByFileName } from '@roughcut/shared';
import type { AppModule } from '../../app-context.ts';
import { notFound } from '../../http/errors.ts';
import { subtitleFontsDir } from '../../engine-adapter/engine-basics.adapter.ts';

const FONT_MESSAGES = {
  unknown: 'There is no such font.',
} as const;

/**
 * GET /fonts/{lower-cased font name with underscores}.ttf (SPEC 7 "Static resources") and the
 * other faces beside it (/fonts/{stem}.bold.ttf...): the files the browser's subtitle renderer
 * loads. They are the files the server renders with.
 */
export const fontsModule: AppModule = {
  name: 'fonts',
  async register(app) {
    // NOTE: no silent fallback: a missing font file stops the start-up with its name.
    await subtitleFontsDir();
    app.get<{ Params: { file: string } }>('/fonts/:file', async (request, reply) => {
      const found = fontFaceByFileName(request.params.file);
      if (!found) throw notFound(FONT_MESSAGES.unknown);
      const info = await stat(found.file).catch(() => undefined);
      if (!info) throw notFound(`The font ${found.font} is not installed on this server.`);
      return reply
        .type(found.file.endsWith('.otf') ? 'font/otf' : 'font/ttf')
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=86400')
        .send(createReadStream(found.file));
    });
  },
};
