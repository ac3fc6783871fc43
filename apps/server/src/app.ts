import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { ENDPOINTS } from '@roughcut/shared';
import type { HealthResponse } from '@roughcut/shared';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext, RateLimitSettings } from './app-context.ts';
import type { TrustProxy } from './config-proxy.ts';
import type { Config } from './config.ts';
import { registerBodyLimitAnswers } from './http/body-limit.ts';
import { registerCsrfProtection } from './http/csrf.ts';
import { FORM_BODY_REFUSED, acceptsFormBody, routeEndpoint } from './http/endpoint-route.ts';
import { HttpError, registerErrorHandling, sendError } from './http/errors.ts';
import { DEFAULT_RATE_LIMITS, TOO_MANY_ATTEMPTS } from './http/rate-limit.ts';
import {
  answerFrameworkError,
  registerInputGuard,
  registerSecurityHeaders,
} from './http/security.ts';
import { buildOpenApiDocument } from './http/openapi-document.ts';
import { registerWebApp } from './http/web-app.ts';
import { createLogger } from './logger.ts';
import { modules } from './modules/index.ts';
import { createRequestGuard, liveCredentialStamp } from './modules/tokens/index.ts';
import { paymentFormActions } from './modules/billing/stripe.gateway.ts';
import { loadMediaSecret } from './storage/media-secret.ts';
import { createMediaSigner } from './storage/media-token.ts';
import { mediaRoutes } from './storage/media-routes.ts';
import { startServices } from './startup.ts';

export type BuildAppOptions = {
  logger?: FastifyBaseLogger;
  rateLimits?: Partial<RateLimitSettings>;
  now?: () => Date;
  /** Largest JSON/form body in bytes; uploads go through multipart with their own limit. */
  bodyLimit?: number;
};

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * The whole HTTP app: the start-up every process shares (startup.ts: database, migrations, job
 * queue, and its workers when EMBEDDED_WORKER), then every module's routes. `app.close()`
 * releases all of it.
 */
export async function buildApp(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const log = options.logger ?? createLogger(config);
  const now = options.now ?? (() => new Date());
  const mediaSecret = await loadMediaSecret({
    dataDir: config.dataDir,
    mediaSecret: config.mediaSecret,
  });
  const { database, storage, queue, close } = await startServices(config, {
    log,
    work: config.embeddedWorker,
  });

  try {
    const signer = createMediaSigner(mediaSecret, database.db, () => now().getTime());
    const app = Fastify({
      loggerInstance: log,
      trustProxy: toFastifyTrustProxy(config.trustProxy),
      bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
      // NOTE: path segments are bounded by the contracts (ids 64, e-mails 320 characters), which
      // answer with a precise message; the router's own limit only stops absurd addresses.
      routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
      frameworkErrors: answerFrameworkError,
    });
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      queue,
      rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
      storage,
      signer,
      now,
    };
    app.decorate('ctx', ctx);
    app.decorate('requireUser', createRequestGuard(ctx));
    app.addHook('onClose', close);

    registerBodyParsers(app);
    registerBodyLimitAnswers(app);
    registerErrorHandling(app);
    await app.register(cookie);
    await registerSecurityHeaders(app, {
      publicUrl: config.publicUrl,
      extraFormActions: paymentFormActions(config.stripe),
    });
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS),
    });
    registerCsrfProtection(app, config.publicUrl);
    registerInputGuard(app);
    await app.register(multipart, { limits: { fileSize: config.maxUploadBytes } });
    await app.register(mediaRoutes, {
      storage,
      signer,
      sessionStamp: (sessionId) => liveCredentialStamp(ctx, sessionId),
      now: () => now().getTime(),
    });

    routeEndpoint(app, ENDPOINTS.health, {}, async (_request, _input, reply) => {
      try {
        await database.db.execute(sql`select 1`);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return sendError(reply, 503, 'The database is not reachable.');
      }
      // NOTE: which database runs is nobody's business outside; the log says it at start-up.
      const body: HealthResponse = { ok: true };
      return body;
    });

    // NOTE: issue 36: the OpenAPI document of the endpoint table, built once on first request.
    let openApi: ReturnType<typeof buildOpenApiDocument> | undefined;
    routeEndpoint(
      app,
      ENDPOINTS.openapi,
      {},
      () => (openApi ??= buildOpenApiDocument(config.publicUrl)),
    );

    for (const module of modules) await module.register(app, ctx);
    await registerWebApp(app, config.webDist);
    await app.ready();
    return app;
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

function registerBodyParsers(app: FastifyInstance): void {
  // NOTE: the spec's client posts "empty" bodies, possibly with a JSON content type; Fastify's
  // default parser would reject those, so an empty JSON body reads as no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
  // The billing page's plain HTML form posts (spec 2.5); every other route refuses a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request, body, done) => {
      if (!acceptsFormBody(request)) {
        done(new HttpError(415, FORM_BODY_REFUSED), undefined);
        return;
      }
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
}

/** A hop count becomes "trust the nearest N proxies". */
function toFastifyTrustProxy(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}
