/**
 * Partner API figures for `npm run bench` (target in brackets): the bulk check of 100 plates
 * beside the single-plate check, in the same run, on the same server [a bulk call of 100 within
 * 5× one call]. The app runs in this process on an in-memory PGlite with a demo registry of
 * 2,000 plates; a dealer's key (Public verdict and Bulk checks, limits high enough not to
 * refuse) is issued through the same service as the administrator's page. Each figure is the
 * median of 40 calls through app.inject, after 5 warm-up calls of each; the calls of the two
 * kinds alternate, so a slow moment of a shared machine falls on both. A few seconds in all.
 */
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPglite } from '../../src/server/db/database';
import { issueKey, registerOrganisation } from '../../src/server/partners/partner-keys';
import { figureLine, median, ms, type Print } from './figures';

const RUNS = 40;
const WARM_UP = 5;

export async function partnerFigures(print: Print): Promise<void> {
  const db = await openPglite('memory://');
  const config = loadConfig(
    {},
    { dataDir: 'memory://', seedDemo: true, appDir: '/nonexistent', logLevel: 'silent', demoRegistryPlates: 2_000 },
  );
  const app = await buildApp({ config, db, logger: false });
  try {
    const [admin] = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'admin@nambala.zm'");
    const actor = { id: admin?.id ?? 'bench', ip: null };
    const organisation = await registerOrganisation(
      db,
      { name: 'Bench Motors', kind: 'dealer', insurerName: null, contactEmail: 'bench@example.zm' },
      actor,
      new Date(),
    );
    if ('refused' in organisation) throw new Error(organisation.message);
    const issued = await issueKey(
      db,
      organisation.id,
      { scopes: ['verdict', 'bulk'], perMinute: 6_000, dailyQuota: 1_000_000, lifetimeDays: 1 },
      actor,
      new Date(),
    );
    if ('refused' in issued) throw new Error(issued.message);
    const headers = { authorization: `Bearer ${issued.key}` };
    const plates = (
      await db.query<{ plate_number: string }>('SELECT plate_number FROM registered_plates ORDER BY random() LIMIT 100')
    ).map((row) => row.plate_number);

    const timed = async (call: () => Promise<{ statusCode: number }>): Promise<number> => {
      const started = performance.now();
      const answer = await call();
      const took = performance.now() - started;
      if (answer.statusCode !== 200) throw new Error(`the partner API answered ${answer.statusCode}`);
      return took;
    };
    const single = (n: number) => () =>
      app.inject({ method: 'GET', url: `/api/partner/v1/plates/${plates[n % plates.length]}`, headers });
    const bulk = () =>
      app.inject({ method: 'POST', url: '/api/partner/v1/plates/check', headers, payload: { plates } });

    for (let n = 0; n < WARM_UP; n += 1) {
      await timed(single(n));
      await timed(bulk);
    }
    const singles: number[] = [];
    const bulks: number[] = [];
    for (let n = 0; n < RUNS; n += 1) {
      singles.push(await timed(single(n)));
      bulks.push(await timed(bulk));
    }
    const one = median(singles);
    const hundred = median(bulks);
    const ratio = hundred / one;
    print(figureLine('partner API: one plate (median)', ms(one), null, `${RUNS} calls`));
    print(figureLine('partner API: 100 plates in one call (median)', ms(hundred), null, `${RUNS} calls`));
    print(
      figureLine('partner API: bulk of 100 ÷ one plate', `${ratio.toFixed(1)}×`, { text: '≤ 5×', pass: ratio <= 5 }),
    );
  } finally {
    await app.close();
    await db.close();
  }
}
