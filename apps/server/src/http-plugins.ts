/** The HTTP layer before any route: headers, compression, errors, shutdown and overload, input checks, OpenAPI, metrics. */
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { openapiTransform, openapiTransformObject } from './lib/openapi';
import { startMetricsServer, type Metrics } from './lib/metrics';
import { markRoutesPublic } from './plugins/auth';
import errorsPlugin from './plugins/errors';
import inputGuard from './plugins/input-guard';
import loadShedding from './plugins/load-shedding';
import securityHeaders from './plugins/security-headers';
import shutdownPlugin from './plugins/shutdown';

/** Compresses JSON, text and SVG only (downloads are compressed already). */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/;

/** Content-Security-Policy that the built web app passes (no inline scripts; Mantine needs inline styles). */
const CSP_DIRECTIVES = {
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

export async function registerHttpPlugins(app: FastifyInstance, config: AppConfig) {
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
}

/** Prometheus metrics on a listener of their own (METRICS_PORT), never on the app's; opened at ready, closed with the app. */
export function serveMetrics(app: FastifyInstance, metrics: Metrics, port: number, host: string) {
  let listener: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  // at ready (listen waits for it; onListen hooks would not be awaited)
  app.addHook('onReady', async () => {
    listener = await startMetricsServer(metrics.registry, port, host);
    app.metricsPort = listener.port;
    app.log.info({ port: listener.port }, 'metrics on /metrics');
  });
  app.addHook('onClose', async () => {
    const server = listener?.server;
    if (server) await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  });
}
