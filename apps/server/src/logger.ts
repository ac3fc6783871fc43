import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config.ts';

/** Codes in confirmation links are credentials; keep them out of request logs. */
export function maskCodes(url: string): string {
  return url.replace(
    /^(\/api\/(?:register|resetpassword|updateemail)\/)[^/?]+(\/confirm)/,
    '$1***$2',
  );
}

export function createLogger(config: Pick<Config, 'logLevel'>): FastifyBaseLogger {
  return pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: maskCodes(req.url),
        ip: req.ip,
      }),
    },
    ...(process.stdout.isTTY && config.logLevel !== 'silent'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
