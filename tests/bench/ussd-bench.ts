/**
 * `npm run bench -- --ussd-only`: the USSD check step beside one verification API call, from
 * the same run, without building the app or starting a browser. The server runs in this
 * process, on an in-memory PGlite holding the default demo registry, listening on loopback at
 * BENCH_PORT (default 8191) with the aggregator gateway and its secret,
 * as in production. The figures themselves are ussdStepFigures (verification-bench.ts), the
 * same as in the full bench's verification part.
 */
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPglite } from '../../src/server/db/database';
import { type Print } from './figures';
import { BENCH_USSD_SECRET, ussdStepFigures } from './verification-bench';

const PLATES = Number(process.env.BENCH_USSD_PAIRS ?? 300);

export async function ussdFigures(print: Print, options: { port: number }): Promise<void> {
  print('');
  print('USSD check step beside the verification API (target in brackets)');
  const db = await openPglite('memory://');
  const origin = `http://127.0.0.1:${options.port}`;
  const config = loadConfig(
    {},
    {
      dataDir: 'memory://',
      keyDir: 'memory://',
      seedDemo: true,
      appDir: '/nonexistent',
      logLevel: 'silent',
      authRateLimit: 0,
      port: options.port,
      host: '127.0.0.1',
      publicOrigin: origin,
      ussdGateway: 'aggregator',
      ussdGatewaySecret: BENCH_USSD_SECRET,
    },
  );
  const app = await buildApp({ config, db, logger: false });
  try {
    await app.listen({ port: options.port, host: '127.0.0.1' });
    const sample = await db.query<{ plate_number: string }>(
      'SELECT plate_number FROM registered_plates ORDER BY random() LIMIT $1',
      [PLATES],
    );
    await ussdStepFigures(
      print,
      origin,
      sample.map((row) => row.plate_number),
    );
  } finally {
    await app.close();
    await db.close();
  }
}
