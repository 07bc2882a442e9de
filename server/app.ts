/**
 * The Fastify app factory: settings, body parsing, security headers, the envelope error handler,
 * the API routes and the built PWA. `main.ts` alone listens; tests call `app.inject`.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { Code } from '../src/contract/codes.ts';
import type { Config } from './config.ts';
import type { Db } from './db/Db.ts';
import { AppError } from './errors.ts';
import { failure } from './envelope.ts';
import { failureAnswer } from './failureAnswer.ts';
import { langFromHeader, type Lang } from './i18n/messages.ts';
import './modules/discover.ts';
import { compressAnswers } from './compressAnswers.ts';
import { registerApiRoutes } from './routes/index.ts';
import { serveOpenApi } from './apiSchema/openApiDocument.ts';
import { securityHeaders } from './securityHeaders.ts';
import { closeConnectionsWhenStopping } from './lifecycle.ts';
import { logSerializers, observability, requestId } from './observability.ts';
import { serveClient } from './static.ts';
import type { RequestSession } from './auth/session.ts';
import type { SmsSender } from './auth/sms.ts';
import { systemClock, type Clock } from './clock.ts';
import { PushService, registerPush, vapidKeysOf } from './notifications/push.ts';
import { registerSmsNotifier, SmsNotifier } from './notifications/smsNotices.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  sms: SmsSender;
  clock?: Clock;
  /** Pino logger settings; false in tests. */
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's messages, from Accept-Language. */
    lang: Lang;
  }
  interface FastifyInstance {
    deps: Required<Omit<AppDeps, 'logger'>>;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const logger = deps.logger ?? { level: config.logLevel };
  const app = Fastify({
    logger: typeof logger === 'object' ? { ...logger, serializers: logSerializers } : logger,
    genReqId: requestId,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    return503OnClosing: true,
    // A URL Fastify cannot even route (bad percent-encoding) still gets the envelope.
    frameworkErrors: (_error, request, reply: FastifyReply) => {
      void reply.status(400).send(failure({ lang: langFromHeader(request.headers['accept-language']) }, Code.BadRequest));
    },
  });
  app.decorate('deps', { config, db: deps.db, sms: deps.sms, clock: deps.clock ?? systemClock });
  app.decorateRequest('lang', 'fa');
  // Declared non-null for the routes behind requireSession, which sets it; null until then.
  app.decorateRequest('session', null as unknown as RequestSession);
  app.addHook('onRequest', async (request) => {
    request.lang = langFromHeader(request.headers['accept-language']);
  });

  // The spec allows form bodies beside JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  /*
   * Request schemas (body, querystring, params) document the calls; they do not validate them.
   * The handlers read their input through `fields.ts` and the entity declarations, which
   * normalise as they check (Persian digits, NFC, trimming) and answer the spec's catalogue codes
   * (121, 122, 9401, and per-field reasons in `data.fields` for entity writes). Ajv would refuse
   * the same input with other words, coerce types (a form's "12" to 12) before the rules saw it,
   * and a second set of rules could drift from the first. So Fastify is given a validator that
   * accepts everything; response schemas still compile into the serialisers.
   */
  app.setValidatorCompiler(() => () => true);

  closeConnectionsWhenStopping(app);
  await observability(app, { db: deps.db, metricsToken: config.metricsToken });
  securityHeaders(app, config.distDir);
  compressAnswers(app);

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(failure(request, error.code, error.info));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type, a body over the limit, a bad URL: the request's fault.
      return reply.status(status).send(failure(request, Code.BadRequest));
    }
    request.log.error({ err: error }, 'unhandled error');
    const answer = failureAnswer(error, request);
    return reply.status(answer.status).send(failure(request, answer.code));
  });

  // Web push (decision 040): the keys come from the server secret; a push is sent after its write commits.
  registerPush(new PushService(deps.db, vapidKeysOf(config.jwtSecret), config.vapidSubject, app.log));
  // SMS for notifications (decision 047): through the same sender as the codes, after commit.
  const clock = deps.clock ?? systemClock;
  registerSmsNotifier(new SmsNotifier(deps.db, deps.sms, () => clock.now(), app.log));

  serveOpenApi(app);
  await app.register(registerApiRoutes, { prefix: '/api' });
  await serveClient(app, config.distDir);
  return app;
}
