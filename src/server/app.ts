/**
 * The Nambala server as a Fastify instance. Tests build it in-process and call
 * app.inject(); server.ts is the only place that listens on a port.
 *
 * Order matters and is kept visible here: database and migrations, then the
 * cross-cutting plugins (compression, validation, errors, OpenAPI), then the
 * routes, and last the static app with its not-found handling.
 */
import { randomBytes } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { uuidv7 } from '#domain/ids/uuid-v7';
import type { ServerConfig } from './config';
import { certificateWarning, readTls, registerTlsRenewal, secureServerOptions } from './tls';
import { type Database, openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { registerAuth } from './plugins/auth';
import { workAfterAnswers } from './plugins/after-answer';
import { registerAuthRateLimit } from './plugins/auth-rate-limit';
import { registerErrorHandler } from './plugins/error-handler';
import { registerJsonBody } from './plugins/json-body';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticApp } from './plugins/static-app';
import { answerKeptVerdictsFirst } from './plugins/verdicts-from-memory';
import { builtPageRenderer, marketplacePage, type PageRenderer } from './plugins/marketplace-page';
import { authRoutes } from './routes/auth-routes';
import { backupRoutes } from './routes/backup-routes';
import { contactRoutes } from './routes/contact-routes';
import { healthRoutes } from './routes/health-routes';
import { listingRoutes } from './routes/listing-routes';
import { pullRoutes, syncRoutes } from './routes/sync-routes';
import { userRoutes } from './routes/user-routes';
import { seedDemo, seedDemoRegistry } from './seed/seed-demo';
import { seedDemoOwner } from './seed/demo-owner';
import { seedDemoInsurance } from './seed/demo-insurance';
import { seedDemoInventory } from './seed/demo-inventory';
import { keyRoutes } from './routes/key-routes';
import { openSigner, switchableSigner } from './credentials/key-store';
import { registryRoutes } from './routes/registry-routes';
import { paymentProviderFromEnv } from './payments/provider-from-env';
import { paymentRoutes } from './routes/payment-routes';
import { applicationRoutes } from './routes/application-routes';
import { purchaseRoutes } from './routes/purchase-routes';
import { settingsRoutes } from './routes/settings-routes';
import { collectionRoutes } from './routes/collection-routes';
import { registerMessageDispatcher } from './messages/dispatcher';
import { messageProviderFromEnv } from './messages/message-provider-from-env';
import { SANDBOX_MESSAGE_PROVIDER } from './messages/sandbox-message-provider';
import { registerLapseSweep } from './jobs/lapsed-payments';
import { registerRefundSweep } from './jobs/pending-refunds';
import { registerHeldDecisionRelease } from './jobs/held-decisions';
import { refundRoutes } from './routes/refund-routes';
import { messageRoutes } from './routes/message-routes';
import { ownerRoutes } from './routes/owner-routes';
import { fleetRoutes } from './routes/fleet-routes';
import { insuranceRoutes } from './routes/insurance-routes';
import { claimRoutes } from './routes/claim-routes';
import { insuranceOwnerRoutes } from './routes/insurance-owner-routes';
import { registerLinkNotices } from './jobs/insurance-link-notices';
import { paymentService } from './payments/payment-service';
import { movableClock } from './clock';
import { registerRenewalReminders } from './jobs/renewal-reminders';
import { registerCredentialReissue } from './jobs/credential-reissue';
import { registerAccessLogRetention } from './jobs/access-log-retention';
import { renewalRoutes } from './routes/renewal-routes';
import { testClockRoutes } from './routes/test-clock-routes';
import { transferRoutes } from './routes/transfer-routes';
import { reportRoutes } from './routes/report-routes';
import { accessLogRoutes } from './routes/access-log-routes';
import { sandboxCardPageRoutes } from './routes/sandbox-card-page-routes';
import { blankSerialRoutes } from './routes/blank-serial-routes';
import { registerSystemLog } from './plugins/system-log';
import { phoneCheckRoutes } from './routes/phone-check-routes';
import { ussdGatewayFromEnv } from './ussd/gateway-from-env';
import { partnerRoutes } from './routes/partner-routes';
import { partnerAdminRoutes } from './routes/partner-admin-routes';
import { registerWebhookDeliveries } from './jobs/webhook-deliveries';

export interface BuildOptions {
  config: ServerConfig;
  /** An already-open database (tests share one); otherwise opened from config and closed with the app. */
  db?: Database;
  logger?: boolean;
  /** The server's clock; tests pass their own to move time (five years, say). */
  now?: () => Date;
  /** From server.ts when it holds an embedded database folder: turns on POST /api/system/backup (loopback, with this token). */
  controlToken?: string;
  /** The app's page renderer for pages served with their data (tests pass the source's); else the built one beside the app. */
  pageRenderer?: PageRenderer;
}

export async function buildApp({
  config,
  db: givenDb,
  logger = true,
  now: baseNow,
  controlToken,
  pageRenderer,
}: BuildOptions): Promise<FastifyInstance> {
  // The server's clock; with TEST_CLOCK a browser test may move it (PUT /api/test/clock).
  const clock = movableClock(baseNow);
  const now = clock.now;
  const tls = config.tls ? await readTls(config.tls) : undefined;
  const options = {
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.cookie', 'req.headers.authorization'],
          // At a terminal, one readable line per entry; elsewhere JSON lines for a log collector.
          ...(config.logFormat === 'pretty'
            ? {
                transport: {
                  target: 'pino-pretty',
                  options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
                },
              }
            : {}),
        }
      : false,
    bodyLimit: 1024 * 1024,
    // Behind a load balancer named in TRUST_PROXY, the client address and protocol come
    // from X-Forwarded-For and -Proto; from anyone else those headers are ignored.
    trustProxy: config.trustProxy,
  };
  // Over TLS the server speaks HTTP/2 (decision 083). node:http2's compatibility API hands every
  // hook and route the same request and reply as node:http does, so the app keeps the HTTP/1.1
  // instance's type (Fastify's types tell the two servers apart).
  const app: FastifyInstance = tls
    ? (Fastify({ ...options, ...secureServerOptions(tls) }) as unknown as FastifyInstance)
    : Fastify(options);
  if (config.tls && tls) {
    const warning = certificateWarning(tls.validTo, now());
    if (warning) app.log.warn(warning);
    registerTlsRenewal(app, config.tls, tls, { everyMs: config.tlsCheckMs, now });
  }

  const db =
    givenDb ?? (await openDatabase(config, (error) => app.log.warn({ err: error }, 'idle database connection lost')));
  // Work a route left running after its answer finishes before the database closes.
  app.addHook('preClose', workAfterAnswers);
  if (!givenDb) app.addHook('onClose', () => db.close());

  // A start that fails here (a keys folder that is not this database's, say) closes what it opened.
  const orClose = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!givenDb) await db.close().catch(() => undefined);
      throw error;
    }
  };
  const migration = await orClose(() => migrate(db));
  if (migration.applied.length > 0) app.log.info({ applied: migration.applied }, 'migrations applied');
  // The keys folder is checked against the database before the demo data (or a first key) is written.
  const opened = await orClose(() => openSigner(db, config));
  if (config.seedDemo) await seedDemo(db, app.log);
  // The shop's deliveries of blanks come before the plates made on them.
  if (config.seedDemo) await seedDemoInventory(db, app.log, now());
  // Every route holds this one signer, so a key rotated on the QR System page signs from then on,
  // here at once and on other instances from their next signing (catchUp).
  const signer = opened ? switchableSigner(opened, config) : undefined;
  if (!signer)
    app.log.warn(
      'the active signing key is not on this machine: plates can be verified but not issued (see docs/running-several-instances.md, “The signing key”)',
    );
  if (config.seedDemo && signer) {
    await seedDemoRegistry(db, signer, config.demoRegistryPlates, app.log);
    await seedDemoOwner(db, signer, app.log, now());
    await seedDemoInsurance(db, app.log, now());
  }

  const newId = () => uuidv7(Date.now(), randomBytes(10));

  await app.register(compress, { global: true, threshold: 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSystemLog(app, db, now);
  registerJsonBody(app);
  registerSecurityHeaders(app, config.appDir);
  const answerKept = answerKeptVerdictsFirst(app, { trustProxy: config.trustProxy });
  registerAuth(app, db, now);
  await registerOpenApi(app, config.version);
  // SMS and email go through the provider MESSAGE_PROVIDER names (the sandbox by default: docs/notifications.md).
  const messageProvider = messageProviderFromEnv(db, { MESSAGE_PROVIDER: config.messageProvider });
  const messages = registerMessageDispatcher(app, {
    db,
    provider: messageProvider,
    publicOrigin: config.publicOrigin,
    now,
  });

  await app.register(healthRoutes, { db, version: config.version });
  if (controlToken && db.dumpDataDir) await app.register(backupRoutes, { db, controlToken });
  await registerAuthRateLimit(app, config.authRateLimit, db);
  await app.register(authRoutes, {
    db,
    now,
    perMinute: config.authRateLimit,
    showsTestMessages: messageProvider.name === SANDBOX_MESSAGE_PROVIDER,
  });
  await app.register(contactRoutes, { db, newId });
  await app.register(listingRoutes, { db });
  await app.register(userRoutes, { db, perMinute: config.authRateLimit });
  // Resumes an unfinished credential re-issue run when the app is ready; key changes start new ones.
  const reissue = registerCredentialReissue(app, db, signer ?? null);
  await app.register(syncRoutes, { db, signer: signer ?? null, now });
  await app.register(pullRoutes, { db, signer: signer ?? null });
  await app.register(registryRoutes, {
    db,
    publicOrigin: config.publicOrigin,
    publicVerdictCacheMs: config.publicVerdictCacheMs,
    now,
    signer: signer ?? null,
    answerKept,
  });
  await app.register(keyRoutes, { db, source: config, signer: signer ?? null, reissue });
  // Payments go through the provider PAYMENT_PROVIDER names (the sandbox by default: docs/payments.md).
  const payments = {
    db,
    provider: paymentProviderFromEnv(db, { PAYMENT_PROVIDER: config.paymentProvider }, now),
    now,
    signer: signer ?? null,
  };
  await app.register(settingsRoutes, { db });
  await app.register(collectionRoutes, { db, now });
  await app.register(purchaseRoutes, payments);
  await app.register(paymentRoutes, payments);
  await app.register(applicationRoutes, { ...payments, undoWindowMs: config.decisionUndoMs });
  // The sandbox card provider's own page (a hosted checkout): only with the sandbox provider.
  await app.register(sandboxCardPageRoutes, payments);
  registerLapseSweep(app, payments);
  await app.register(refundRoutes, payments);
  registerRefundSweep(app, payments);
  registerHeldDecisionRelease(app, {
    ...payments,
    sendMessages: () => messages.kick(),
    windowMs: config.decisionUndoMs,
  });
  await app.register(messageRoutes, {
    db,
    publicOrigin: config.publicOrigin,
    showsSecrets: messageProvider.name === SANDBOX_MESSAGE_PROVIDER,
  });
  await app.register(ownerRoutes, {
    db,
    payments: paymentService({ ...payments, log: app.log }),
    now,
    signer: signer ?? null,
  });
  await app.register(fleetRoutes, { db, now });
  await app.register(insuranceRoutes, { db, now });
  await app.register(claimRoutes, { db, now });
  await app.register(insuranceOwnerRoutes, { db, now });
  registerLinkNotices(app, db, now);
  await app.register(transferRoutes, { db, signer: signer ?? null, now });
  await app.register(renewalRoutes, payments);
  await app.register(reportRoutes, { db, now });
  await app.register(accessLogRoutes, { db, now });
  await app.register(blankSerialRoutes, { db });
  // Plate checks from any phone: USSD through the gateway USSD_GATEWAY names (the administrators'
  // simulator by default), texts through the message provider (docs/ussd-and-sms.md).
  await app.register(phoneCheckRoutes, {
    db,
    now,
    gateway: ussdGatewayFromEnv({
      USSD_GATEWAY: config.ussdGateway,
      USSD_GATEWAY_SECRET: config.ussdGatewaySecret,
      USSD_GATEWAY_ALLOW: config.ussdGatewayAllow,
    }),
    messageProvider,
    sessionIdleMs: config.ussdSessionIdleSeconds * 1000,
    phoneCheckLimit: config.phoneCheckLimit,
  });
  // Other systems' plate checks with an API key (docs/partner-api.md), and the administrator's partners.
  await app.register(partnerRoutes, { db, now, publicOrigin: config.publicOrigin, signer: signer ?? null });
  await app.register(partnerAdminRoutes, { db, now });
  registerWebhookDeliveries(app, db, now, config.webhookIntervalMs);
  if (config.testClock) await app.register(testClockRoutes, { db, clock });
  registerRenewalReminders(app, db, now);
  registerAccessLogRetention(app, db, now);

  // The marketplace's first view is its plates, read when the page is served (decision 073).
  const marketplace = marketplacePage({
    db,
    now,
    appDir: config.appDir,
    renderer: pageRenderer ? async () => pageRenderer : builtPageRenderer(config.appDir),
    log: app.log,
  });
  await registerStaticApp(app, config.appDir, marketplace ? { '/marketplace': marketplace } : {});
  return app;
}
