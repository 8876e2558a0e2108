import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorEnvelope } from '@portal/contract';
import { DEFAULT_TIMEOUTS, type AppConfig } from './config';
import type { Database } from './db/client';
import { AppError } from './lib/errors';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminService } from './modules/admin/admin.service';
import { DEFAULT_IMPORT_MAX_BYTES } from './lib/imports/upload';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { commonRoutes } from './modules/common/common.routes';
import { companyRoutes } from './modules/company/company.routes';
import { copyrightRoutes } from './modules/copyright/copyright.routes';
import { statementRoutes } from './modules/copyright/statements.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { helpRoutes } from './modules/help/help.routes';
import { productRoutes } from './modules/product/product.routes';
import { settlementRoutes } from './modules/settlement/settlement.routes';
import type { ModuleDeps } from './modules/types';
import { createChangeFeed, type ChangeFeed } from './lib/cache/change-feed';
import { createFileStore, type FileStore } from './lib/file-store';
import { startGramStats } from './lib/lists/grams';
import { openapiTransform, openapiTransformObject } from './lib/openapi';
import { createExporter } from './lib/export';
import { createMetrics, instrument, startMetricsServer, type Metrics } from './lib/metrics';
import { createPasswordHasher } from './lib/password';
import { mailContextOf, type MailContext } from './lib/mail/render';
import { createMailWorker, smtpTransport, type MailTransport, type MailWorker } from './lib/mail/worker';
import { invoicePdfAttachments } from './modules/settlement/settlement.mail';
import { loggerOptions } from './lib/log-redaction';
import { responseSerializerCompiler } from './lib/response-serializer';
import authPlugin, { createTokenSigner, markRoutesPublic } from './plugins/auth';
import { createIndexHtml, loginHintsText } from './web-app';
import errorsPlugin, { clientErrorHandler, frameworkErrors, genReqId } from './plugins/errors';
import inputGuard from './plugins/input-guard';
import loadShedding from './plugins/load-shedding';
import rateLimitPlugin from './plugins/rate-limit';
import responseCache from './plugins/response-cache';
import securityHeaders from './plugins/security-headers';
import shutdownPlugin from './plugins/shutdown';

declare module 'fastify' {
  interface FastifyInstance {
    /** committed writes announced by the database (lib/cache/change-feed.ts) */
    changes: ChangeFeed;
    /** Prometheus metrics, served on METRICS_PORT (lib/metrics.ts) */
    metrics: Metrics;
    /** the metrics listener's port once the app is ready, when METRICS_PORT is set */
    metricsPort?: number;
    /** the mail outbox's delivery worker of this process (lib/mail/worker.ts) */
    mail: MailWorker;
  }
}

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count becomes "the first n hops are proxies" (the
 * classic meaning; Fastify 5 ignores a bare number): right only when the server can be reached
 * through those proxies alone. An address/CIDR list is checked against each hop.
 */
export function trustProxyOption(value: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/**
 * Answers compressed when the client accepts it: JSON, text and SVG only. Downloads that are
 * compressed already (xlsx and zip are zip files, PDF streams are deflated, images) are sent as
 * they are: mime-db marks them not compressible, and octet-stream is left out of Fastify's default.
 */
export const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/;

/** How long /api/ready waits for the database. */
export const READY_TIMEOUT_MS = 1000;

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /**
   * false: no logging. Otherwise the level (default: config.logLevel) and where lines go (default:
   * stdout); secrets are redacted either way (lib/log-redaction.ts).
   */
  logger?: false | { level?: string; stream?: { write(line: string): void } };
  /** Where stored files live; default: the store config.fileStore names (closed with the app). */
  files?: FileStore;
  /** How mails leave (tests); default: SMTP at config.mail.smtpUrl, none without it. */
  mailTransport?: MailTransport;
}

/** Content-Security-Policy that the built web app passes (no inline scripts; Mantine needs inline styles). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // the Kakao/Daum postcode widget (company settings): its loader and core scripts come from
  // t1.daumcdn.net; the search frame is postcode.map.kakao.com (postcode.map.daum.net: its older name)
  scriptSrc: ["'self'", 'https://t1.daumcdn.net'],
  frameSrc: ['https://postcode.map.kakao.com', 'https://postcode.map.daum.net'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

export async function build(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const { db } = database;
  const timeouts = config.timeouts ?? DEFAULT_TIMEOUTS;
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(opts.logger?.level ?? config.logLevel, opts.logger?.stream),
    genReqId,
    // routing failures (malformed percent-encoding, …) and requests Node's parser refused (431, …)
    // answer with the error envelope too (plugins/errors)
    frameworkErrors,
    clientErrorHandler,
    bodyLimit: 1024 * 1024,
    // plugins/shutdown answers requests that arrive while closing (503 with the envelope)
    return503OnClosing: false,
    // request.ip: the client as the proxies named by TRUST_PROXY report it (throttling, rate limits)
    trustProxy: trustProxyOption(config.trustProxy ?? false),
    // Node's HTTP server timeouts, set explicitly (config.ts DEFAULT_TIMEOUTS, REQUEST_TIMEOUT_MS, …):
    // the whole request must arrive within requestTimeout, its headers within headersTimeout (checked
    // every connectionsCheckingInterval, at most 5 s), and an idle kept-alive connection closes after keepAliveTimeout
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(timeouts.headersMs / 4))),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.checkResponses ?? false }));

  // Prometheus metrics: on a listener of their own (METRICS_PORT), never on this one
  const metrics = createMetrics({ pool: () => database.poolStats() });
  app.decorate('metrics', metrics);
  instrument(app, metrics);
  if (config.metricsPort !== undefined) {
    const metricsPort = config.metricsPort;
    let listener: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
    // at ready (listen waits for it; onListen hooks would not be awaited)
    app.addHook('onReady', async () => {
      listener = await startMetricsServer(metrics.registry, metricsPort, config.metricsHost ?? config.host);
      app.metricsPort = listener.port;
      app.log.info({ port: listener.port }, 'metrics on /metrics');
    });
    app.addHook('onClose', async () => {
      const server = listener?.server;
      if (server) await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
    });
  }

  // 1. external plugins
  await app.register(securityHeaders, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  // before any route: it adds its onSend to each route as the route is declared (after the
  // response cache's, which keeps the uncompressed answer)
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // brotli's default quality (11) costs tens of ms on a large list; 4 is about gzip's time for smaller output
    brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(errorsPlugin);
  await app.register(shutdownPlugin);
  // overload: refusals paced, requests shed before their body is read (health and readiness exempt)
  if (config.loadShedding) await app.register(loadShedding, config.loadShedding);
  await app.register(inputGuard);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Publisher Portal API',
        version: '1.0.0',
        description:
          'Paths, parameters and shapes follow the portal specification §7. Calls marked "(addition)" are ' +
          'not in the specification but needed by its screens. Every call except login and health needs ' +
          '`Authorization: Bearer <access_token>`. Errors answer `{ code, message, issues?, requestId }` ' +
          '(`requestId`: the request in the server log, also `x-request-id`). Dates are YYYY-MM-DD from 0001-01-01 to 9999-12-31.',
      },
      // the portal serves its API itself, under /api
      servers: [{ url: '/', description: 'This portal (every path starts with /api)' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    // operation ids, 2xx and 4xx answers on every operation (lib/openapi.ts; linted in npm test)
    transform: openapiTransform,
    transformObject: openapiTransformObject,
  });
  // the API docs are public: their routes are marked so by their own options (plugins/auth)
  await app.register(async (docs) => {
    markRoutesPublic(docs);
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // its own CSP allows a <base> and framing by the same origin: the portal's rule is none of either
      transformStaticCSP: (csp) =>
        csp.replace("base-uri 'self'", "base-uri 'none'").replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
    });
  });

  // 2. app services and plugins
  const hasher = createPasswordHasher({ concurrency: config.hashConcurrency, maxWaiting: config.hashMaxWaiting });
  metrics.gauge('portal_login_queue_length', 'Password checks (logins, password changes) waiting for a hashing slot', () => hasher.waiting);
  metrics.gauge('portal_password_hashes_running', 'Password hashes computing now', () => hasher.running);
  const sign = createTokenSigner(config.jwtSecret);
  const auth = createAuthService({
    db,
    now: config.now,
    tokenTtlMinutes: config.tokenTtlMinutes,
    sessionMaxHours: config.sessionMaxHours ?? 12,
    hasher,
    sign,
  });
  const files = opts.files ?? (await createFileStore(config.fileStore ?? { kind: 'local', dir: config.filesDir }, db));
  if (!opts.files) app.addHook('onClose', () => files.close());
  const mailCtx: MailContext = mailContextOf(config);

  // the distributor's operators and API keys (issue 15): same signer, told apart by the token's kind claim; imports
  // keep files in the file store and notify companies like any other write
  const admin = createAdminService({
    db,
    now: config.now,
    tokenTtlMinutes: config.tokenTtlMinutes,
    hasher,
    sign,
    fileStore: files,
    mail: mailCtx,
    timeZone: config.timeZone,
    singleProcess: database.driver === 'pglite',
    auth,
  });
  // import runs left by a process that is gone are marked failed; this process's jobs stop at shutdown (issue 56)
  // (a database without its migrations, as the API document's tool builds on, has no runs to recover)
  app.addHook('onReady', async () => {
    await admin.recoverImports().catch((err: unknown) => app.log.warn({ err }, 'import runs of a stopped process not recovered'));
  });
  app.addHook('onClose', () => admin.closeImports());

  // before auth: a request over its client's limit costs no token check
  await app.register(rateLimitPlugin, { now: config.now });

  await app.register(authPlugin, { secret: config.jwtSecret, auth, admin: admin.lookup });

  const changes = await createChangeFeed(database);
  app.decorate('changes', changes);
  app.addHook('onClose', () => changes.close());
  // the gram indexes' statistics weigh a search's grams (lib/lists/grams.ts)
  const gramStats = startGramStats(db, (err) => app.log.warn({ err }, 'gram index statistics not read'));
  app.addHook('onClose', async () => gramStats.stop());
  await app.register(responseCache, { feed: changes, onLookup: metrics.cacheLookup });

  // mail: the outbox is delivered by this process's worker (every process runs one; SKIP LOCKED keeps them apart)
  const smtpUrl = config.mail?.smtpUrl;
  const mailWorker = createMailWorker({
    db,
    now: config.now,
    log: app.log.child({ component: 'mail' }),
    transport: opts.mailTransport ?? (smtpUrl ? smtpTransport(smtpUrl) : undefined),
    from: config.mail?.from ?? 'Publisher Portal <no-reply@localhost>',
    messageIdHost: new URL(mailCtx.publicUrl).hostname,
    pollMs: config.mail?.pollMs,
    attachments: invoicePdfAttachments({ db, files, issuer: config.issuer }),
  });
  app.decorate('mail', mailWorker);
  // polling only where the configuration asks for it (loadConfig always does; in-process test apps call flush())
  if (config.mail) app.addHook('onReady', async () => mailWorker.start());
  app.addHook('onClose', () => mailWorker.stop());

  // 3. routes, all under /api
  await app.register(
    async (api) => {
      api.get(
        '/health',
        {
          config: { public: true, shedExempt: true },
          schema: {
            tags: ['health'],
            summary: 'Liveness: the process answers (touches no database)',
            response: { 200: z.object({ status: z.literal('ok') }) },
          },
        },
        async () => ({ status: 'ok' as const }),
      );
      api.get(
        '/ready',
        {
          config: { public: true, shedExempt: true },
          schema: {
            tags: ['health'],
            summary: `Readiness: the database answers within ${READY_TIMEOUT_MS} ms and has every migration applied (503 otherwise)`,
            description:
              'On PostgreSQL the check uses a connection of its own, never one of the pool that user requests ' +
              'wait for; the embedded database runs one statement at a time, so there the timeout bounds the wait. ' +
              'A database that lacks a migration of this build (another version migrated it, or none yet) is not ready.',
            response: { 200: z.object({ status: z.literal('ready') }), 503: ZErrorEnvelope },
          },
        },
        async () => {
          const state = await database.ping(READY_TIMEOUT_MS);
          if (!state) {
            throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The database is not available.', undefined, { 'retry-after': '5' });
          }
          if (!state.migrated) {
            throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The database migrations are not applied.', undefined, { 'retry-after': '5' });
          }
          return { status: 'ready' as const };
        },
      );
      await api.register(authRoutes, { db, auth, mail: mailCtx, now: config.now });
      await api.register(commonRoutes, { db, auth, demoData: config.demoData });
      await api.register(adminRoutes, { admin, importMaxBytes: config.importMaxBytes ?? DEFAULT_IMPORT_MAX_BYTES });
      const exporter = createExporter({ databaseUrl: config.databaseUrl, metrics });
      const deps: ModuleDeps = { db, auth, config, files, changes, metrics, exporter, mail: mailCtx };
      for (const routes of [
        settlementRoutes,
        copyrightRoutes,
        statementRoutes,
        companyRoutes,
        helpRoutes,
        productRoutes,
        dashboardRoutes,
      ]) {
        await api.register(routes, deps);
      }
      // any other path under /api, however it is spelled (the router decides, not a string prefix)
      api.setNotFoundHandler(() => {
        throw new AppError(404, 'NOT_FOUND', 'Not found');
      });
    },
    { prefix: '/api' },
  );

  // 4. the built web app, with history-mode fallback
  const webDist = config.webDist;
  const hasWebApp = !!webDist && existsSync(path.join(webDist, 'index.html'));
  // index.html with the screen's files to preload (web-app.ts)
  const indexHtml = hasWebApp ? createIndexHtml(webDist) : undefined;
  if (hasWebApp) {
    // the web app's files are public (marked by their routes' options, plugins/auth)
    await app.register(async (web) => {
      markRoutesPublic(web);
      // hashed assets never change; .br/.gz written at build time are sent as they are
      await web.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    });
  }
  // paths outside /api: the web app's history fallback (paths under /api have their own handler above)
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && indexHtml && !path.extname(url)) {
      // the login screen is in the page (web-app.ts), with the demo logins the API answers for it
      const demoLogins = indexHtml.wantsDemoLogins(request.url) ? await loginHintsText(app) : '';
      const page = indexHtml(request.url, request.headers, demoLogins);
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, accept-language, cookie').type('text/html; charset=utf-8');
      if (page.encoding) reply.header('content-encoding', page.encoding);
      return reply.send(page.body);
    }
    throw new AppError(404, 'NOT_FOUND', 'Not found');
  });

  return app;
}
