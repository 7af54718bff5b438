/**
 * Certificate figures for `npm run bench` (target in brackets), measured in headless
 * Chromium, the browser engine of the owner's phone.
 *
 * The product's own modules (src/app/plate-documents/certificate-pdf.ts and
 * plate-qr.ts, with pdf-lib and qrcode) are bundled by Vite into one script, as the app's
 * build bundles them into the chunk a download loads, and run in a blank page. The
 * fixture plate carries the longest credential there is (149 bytes: every vehicle field at
 * its maximum, so the largest QR code) and a long owner name, signed with the credential
 * tests' key; it is made in Node and handed to the page as data.
 *
 * Two passes: Chromium as it runs on this machine, then with the CPU slowed 4× through
 * the DevTools protocol (as Lighthouse's mobile profile does, for a mid-range phone). In
 * each, a fresh page loads the script (reported: load and evaluation), makes one
 * certificate (the first, with cold code), then BENCH_CERTIFICATE_RUNS more (default 20),
 * each the whole certificatePdf call: QR PNG drawn, PDF laid out, fonts and image
 * embedded, file saved to bytes. The reference, measured in the same page right after, is
 * drawing the QR code's PNG alone (plateQrPngBytes at the certificate's pixels a module)
 * the same number of times.
 *
 * Target [a certificate PDF in ≤ 500 ms on the device]: judged on this machine's pass, on
 * the worst of all its certificates including the first (cold code). The pass with the CPU
 * slowed 4× (a low-end phone) is printed beside it and judged against the same figure,
 * for information: its first certificate pays for compiling pdf-lib.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { build, type Rollup } from 'vite';
import type { OwnedPlate } from '../../src/domain/plates/owned-plate';
import { registeredPlate } from '../app/features/certificates/owned-plate-fixture';
import { LONGEST } from '../domain/credential/credential-test-kit';
import { figureLine, median, ms, type Print } from './figures';

export interface CertificateBenchOptions {
  root: string;
  chromiumPath: string;
  chromiumArgs: string[];
}

const RUNS = Number(process.env.BENCH_CERTIFICATE_RUNS ?? 20);
const TARGET_MS = 500;
const SLOWDOWN = 4;
const ORIGIN = 'https://nambala.gov.zm';
const GLOBAL_NAME = 'NambalaCertificateBench';

/** The certificate and QR modules of the app, with their libraries, as one classic script. */
async function bundleProductCode(root: string): Promise<string> {
  await mkdir(path.join(root, '.bench'), { recursive: true });
  const folder = await mkdtemp(path.join(root, '.bench', 'certificate-'));
  try {
    const entry = path.join(folder, 'entry.ts');
    const modules = path.join(root, 'src/app/plate-documents');
    await writeFile(
      entry,
      [
        `export { certificatePdf } from '${path.join(modules, 'certificate-pdf.ts')}';`,
        `export { plateQrPngBytes } from '${path.join(modules, 'plate-qr.ts')}';`,
        `export { CERTIFICATE_QR_PIXELS_PER_MODULE } from '${path.join(modules, 'certificate-pdf.ts')}';`,
      ].join('\n'),
    );
    const result = await build({
      configFile: false,
      root,
      logLevel: 'silent',
      build: {
        write: false,
        target: 'es2022',
        minify: true,
        lib: { entry, formats: ['iife'], name: GLOBAL_NAME, fileName: () => 'certificate-bench.js' },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
    const chunk = outputs
      .flatMap((output) => output.output)
      .find((item): item is Rollup.OutputChunk => item.type === 'chunk');
    if (!chunk) throw new Error('the certificate bundle has no script');
    return chunk.code;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** What the bundled script puts on window[GLOBAL_NAME]. */
interface BundledProduct {
  certificatePdf: (plate: OwnedPlate, options: { origin: string; printedAt: Date }) => Promise<{ bytes: Uint8Array }>;
  plateQrPngBytes: (plate: OwnedPlate, options: { origin: string; pixelsPerModule: number }) => Promise<Uint8Array>;
  CERTIFICATE_QR_PIXELS_PER_MODULE: number;
}

interface PassResult {
  loadMs: number;
  pdfMs: number[];
  qrMs: number[];
  pdfBytes: number;
}

/** Loads the script in `page`, then times certificates and QR drawings there. */
function measureInPage(page: Page, code: string, plate: OwnedPlate): Promise<PassResult> {
  return page.evaluate(
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    async ({ code, plate, runs, origin, globalName }) => {
      const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
      const loadStarted = performance.now();
      await new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.src = url;
        script.onload = resolve;
        script.onerror = () => reject(new Error('the certificate script did not load'));
        document.head.append(script);
      });
      const loadMs = performance.now() - loadStarted;
      const product = (window as unknown as Record<string, BundledProduct | undefined>)[globalName];
      if (!product) throw new Error('the certificate script exposed nothing');
      const pdfMs: number[] = [];
      let pdfBytes = 0;
      for (let run = 0; run <= runs; run += 1) {
        const started = performance.now();
        const pdf = await product.certificatePdf(plate, { origin, printedAt: new Date() });
        pdfMs.push(performance.now() - started);
        pdfBytes = pdf.bytes.length;
      }
      const qrMs: number[] = [];
      for (let run = 0; run <= runs; run += 1) {
        const started = performance.now();
        await product.plateQrPngBytes(plate, { origin, pixelsPerModule: product.CERTIFICATE_QR_PIXELS_PER_MODULE });
        qrMs.push(performance.now() - started);
      }
      return { loadMs, pdfMs, qrMs, pdfBytes };
    },
    { code, plate, runs: RUNS, origin: ORIGIN, globalName: GLOBAL_NAME },
  );
}

export async function certificateFigures(print: Print, options: CertificateBenchOptions): Promise<void> {
  print('');
  print(
    `Certificate PDF on the device, headless Chromium, ${RUNS} certificates after the first (target: ≤ ${TARGET_MS} ms, worst of all, first included; also shown with the CPU slowed ${SLOWDOWN}×)`,
  );
  const code = await bundleProductCode(options.root);
  const plate = registeredPlate(LONGEST, {
    ownerName: 'Chilufya Mwansa Mulenga-Bwalya Kapembwa',
    chassisNumber: 'WDB9066331S123456',
  });
  print(
    `(fixture: ${plate.plateNumber}, the longest credential; certificate code ${(code.length / 1024).toFixed(0)} KiB minified, ${(gzipSync(code, { level: 9 }).length / 1024).toFixed(0)} KiB gzip, pdf-lib and qrcode included)`,
  );

  const browser = await chromium.launch({ executablePath: options.chromiumPath, args: options.chromiumArgs });
  try {
    for (const slowdown of [1, SLOWDOWN]) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.setContent('<!doctype html><title>certificate bench</title>');
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
        const result = await measureInPage(page, code, plate);
        const [first = Number.NaN, ...rest] = result.pdfMs;
        const worst = Math.max(...result.pdfMs);
        const label = slowdown === 1 ? 'this machine' : `${slowdown}× slower CPU`;
        print(figureLine(`[${label}] load and run the certificate code`, ms(result.loadMs), null));
        print(
          figureLine(
            `[${label}] first certificate PDF`,
            ms(first),
            null,
            `${(result.pdfBytes / 1024).toFixed(1)} KiB file`,
          ),
        );
        print(
          figureLine(
            `[${label}] certificate PDF, median of ${rest.length}`,
            ms(median(rest)),
            {
              text: `worst ≤ ${TARGET_MS} ms${slowdown === SLOWDOWN ? ', for information' : ''}`,
              pass: worst <= TARGET_MS,
            },
            `worst ${ms(worst)} (first included)`,
          ),
        );
        print(
          figureLine(
            `[${label}] reference: QR PNG alone, median of ${result.qrMs.length - 1}`,
            ms(median(result.qrMs.slice(1))),
            null,
            `first ${ms(result.qrMs[0] ?? Number.NaN)}, worst ${ms(Math.max(...result.qrMs))}`,
          ),
        );
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}
