import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { FONT_FILES, fontByFileName } from '@roughcut/shared';
import type { AppModule } from '../../app-context.ts';
import { notFound } from '../../http/errors.ts';

/**
 * GET /fonts/{lower-cased font name with underscores}.ttf: the font files the browser's subtitle
 * renderer loads (SPEC 7 "Static resources"). They are the same OS files the server renders with.
 */
export const fontsModule: AppModule = {
  name: 'fonts',
  register(app) {
    app.get<{ Params: { file: string } }>('/fonts/:file', async (request, reply) => {
      const font = fontByFileName(request.params.file);
      if (!font) throw notFound('There is no such font.');
      const { file } = FONT_FILES[font];
      const info = await stat(file).catch(() => undefined);
      if (!info) throw notFound(`The font ${font} is not installed on this server.`);
      return reply
        .type('font/ttf')
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=86400')
        .send(createReadStream(file));
    });
  },
};
