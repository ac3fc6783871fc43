import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BILLING_MESSAGES,
  ENDPOINTS,
  PAYMENT_PROVIDER,
  checkoutSessionParamsSchema,
  customerParamsSchema,
} from '@roughcut/shared';
import type { CheckoutSessionParams } from '@roughcut/shared';
import type { AppContext, AppModule } from '../../app-context.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import { HttpError, badRequest, notFound, parseInput } from '../../http/errors.ts';
import { perIpLimit } from '../../http/rate-limit.ts';
import { resolveSession } from '../auth/index.ts';
import { applyPaymentEvent } from './billing-webhook.service.ts';
import {
  CheckoutProblemError,
  getBillingSummary,
  lookUpCustomer,
  startCheckout,
  startPortal,
} from './billing.service.ts';
import { WebhookSignatureError, createStripeGateway } from './stripe.gateway.ts';

const FORM_BODY_LIMIT = 16 * 1024;
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const isFormPost = (request: FastifyRequest): boolean =>
  (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/**
 * A plain form post (Buy plan) is a page navigation: it gets a real 303 redirect. A JSON client
 * gets SPEC section 7's "302 with a location in the body", which its fetch does not follow itself.
 */
function redirect(request: FastifyRequest, reply: FastifyReply, location: string): FastifyReply {
  const json = (header: string | undefined) => (header ?? '').includes('json');
  const wantsJson =
    !isFormPost(request) && (json(request.headers.accept) || json(request.headers['content-type']));
  if (wantsJson) return reply.code(302).send({ location });
  return reply.code(303).header('location', location).send();
}

/**
 * Like the app's guard, but a signed-out form post goes to the login page instead of a JSON 401.
 * NOTE: the app's guard, not the session's: a bearer token gets the token's own refusal.
 */
async function requireUserForForm(request: FastifyRequest, reply: FastifyReply) {
  if (isFormPost(request) && !(await resolveSession(request.server.ctx, request, reply))) {
    return reply.code(303).header('location', '/login').send();
  }
  return request.server.requireUser.call(request.server, request, reply);
}

function checkProvider(provider: string): void {
  if (provider !== PAYMENT_PROVIDER) throw notFound(BILLING_MESSAGES.unknownProvider);
}

/** `{provider}`: well formed, and the one this server speaks to (404 otherwise). */
function providerParams(raw: unknown): CheckoutSessionParams {
  const params = parseInput(checkoutSessionParamsSchema, raw, 'The provider');
  checkProvider(params.provider);
  return params;
}

function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const gateway = ctx.config.stripe ? createStripeGateway(ctx.config.stripe) : undefined;

  const problemRedirect = (
    request: FastifyRequest,
    reply: FastifyReply,
    error: unknown,
  ): FastifyReply => {
    if (!(error instanceof CheckoutProblemError)) throw error;
    if (error.problem === 'unavailable')
      request.log.error({ err: error.cause }, 'payment provider call failed');
    return redirect(request, reply, `/account/billing?checkout=${error.problem}`);
  };

  routeEndpoint(app, ENDPOINTS.billing, {}, async (request) =>
    getBillingSummary(ctx, request.user.id, gateway),
  );

  const formPost = {
    bodyLimit: FORM_BODY_LIMIT,
    config: perIpLimit(ctx.rateLimits),
    authenticate: requireUserForForm,
    parse: { params: providerParams },
  };

  routeEndpoint(
    app,
    ENDPOINTS.checkoutSession,
    { ...formPost, where: { body: 'The checkout form' } },
    async (request, _input, reply) => {
      try {
        return redirect(request, reply, await startCheckout(ctx, request.user, gateway));
      } catch (error) {
        return problemRedirect(request, reply, error);
      }
    },
  );

  routeEndpoint(app, ENDPOINTS.portalSession, formPost, async (request, _input, reply) => {
    try {
      return redirect(request, reply, await startPortal(ctx, request.user.id, gateway));
    } catch (error) {
      return problemRedirect(request, reply, error);
    }
  });

  routeEndpoint(
    app,
    ENDPOINTS.customer,
    {
      bodyLimit: FORM_BODY_LIMIT,
      config: perIpLimit(ctx.rateLimits),
      parse: {
        params: (raw) => {
          const params = parseInput(customerParamsSchema, raw, 'The checkout');
          checkProvider(params.provider);
          return params;
        },
      },
    },
    async (request, { params }) =>
      lookUpCustomer(ctx, request.user, params.sessionId, gateway, request.log),
  );

  // NOTE: its own scope, because the signature covers the exact bytes sent: the body must reach
  // the handler unparsed.
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    routeEndpoint(
      scope,
      ENDPOINTS.paymentWebhook,
      { parse: { params: providerParams } },
      async (request) => {
        if (!gateway) throw new HttpError(503, BILLING_MESSAGES.notConfigured);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = gateway.verifyEvent(raw, Array.isArray(signature) ? signature[0] : signature);
        } catch (error) {
          if (!(error instanceof WebhookSignatureError)) throw error;
          request.log.warn({ reason: error.message }, 'payment webhook refused');
          throw badRequest(BILLING_MESSAGES.badSignature);
        }
        const outcome = await applyPaymentEvent(ctx, event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'payment event');
        return { received: true as const, outcome };
      },
    );
    done();
  });
}

export const billingModule: AppModule = { name: 'billing', register: registerBillingRoutes };
