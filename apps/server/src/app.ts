import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerApi } from './api-routes';
import { DEFAULT_TIMEOUTS, type AppConfig } from './config';
import type { Database } from './db/client';
import { registerHttpPlugins, serveMetrics } from './http-plugins';
import { createChangeFeed, type ChangeFeed } from './lib/cache/change-feed';
import { createExporter } from './lib/export';
import { createFileStore, type FileStore } from './lib/file-store';
import { startGramStats } from './lib/lists/grams';
import { loggerOptions } from './lib/log-redaction';
import { mailContextOf } from './lib/mail/render';
import { createMailWorker, smtpTransport, type MailTransport, type MailWorker } from './lib/mail/worker';
import { createMetrics, instrument, type Metrics } from './lib/metrics';
import { createPasswordHasher } from './lib/password';
import { createAdminService } from './modules/admin/admin.service';
import { createAuthService } from './modules/auth/auth.service';
import { invoicePdfAttachments } from './modules/settlement/settlement.mail';
import activityPlugin from './plugins/activity';
import authPlugin, { createTokenSigner } from './plugins/auth';
import { clientErrorHandler, frameworkErrors, genReqId } from './plugins/errors';
import rateLimitPlugin from './plugins/rate-limit';
import responseCache from './plugins/response-cache';
import { registerWebApp } from './web-app';

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

/** Fastify's trustProxy from TRUST_PROXY: a hop count trusts the first n hops, a list is checked against each. */
function trustProxyOption(value: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** false: no logging; else the level and stream, secrets redacted either way (lib/log-redaction.ts). */
  logger?: false | { level?: string; stream?: { write(line: string): void } };
  /** Where stored files live; default: the store config.fileStore names (closed with the app). */
  files?: FileStore;
  /** How mails leave (tests); default: SMTP at config.mail.smtpUrl, none without it. */
  mailTransport?: MailTransport;
}

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
  app.setSerializerCompiler(serializerCompiler);

  // Prometheus metrics: on a listener of their own (METRICS_PORT), never on this one
  const metrics = createMetrics({ pool: () => database.poolStats() });
  app.decorate('metrics', metrics);
  instrument(app, metrics);
  if (config.metricsPort !== undefined) serveMetrics(app, metrics, config.metricsPort, config.metricsHost ?? config.host);

  // 1. the HTTP layer: headers, compression, error envelope, shutdown, overload, input checks, API docs
  await registerHttpPlugins(app, config);

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
  const mail = mailContextOf(config);

  // the distributor's operators and API keys (issue 15): same signer, told apart by the token's kind claim; imports
  // keep files in the file store and notify companies like any other write
  const admin = createAdminService({
    db,
    now: config.now,
    tokenTtlMinutes: config.tokenTtlMinutes,
    hasher,
    sign,
    fileStore: files,
    mail,
    timeZone: config.timeZone,
    singleProcess: database.driver === 'pglite',
    auth,
    requireTwoStep: config.adminRequire2fa === true,
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
  await app.register(activityPlugin, { db, now: config.now });

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
    messageIdHost: new URL(mail.publicUrl).hostname,
    pollMs: config.mail?.pollMs,
    attachments: invoicePdfAttachments({ db, files, issuer: config.issuer }),
  });
  app.decorate('mail', mailWorker);
  // polling only where the configuration asks for it (loadConfig always does; in-process test apps call flush())
  if (config.mail) app.addHook('onReady', async () => mailWorker.start());
  app.addHook('onClose', () => mailWorker.stop());

  // 3. the API under /api, each module with the dependencies it declares
  const exporter = createExporter({ databaseUrl: config.databaseUrl, metrics });
  await registerApi(app, { database, admin, db, auth, config, files, changes, exporter, mail });

  // 4. the built web app, with history-mode fallback
  await registerWebApp(app, config.webDist);

  return app;
}
