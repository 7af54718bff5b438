/**
 * The end-to-end tests run without the app's service worker unless they are declared inside
 * `withServiceWorker` (e2e/service-worker.ts, e2e/playwright.config.ts). A test that goes
 * offline, or reads the worker, its caches or its updates, must run as a person's installed
 * app does: this finds any such test declared outside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const e2eDir = path.resolve(import.meta.dirname, '../../e2e');
/** What a test does that needs the worker: going offline, or reading the worker, its caches or its updates. */
const NEEDS_THE_WORKER = /\.setOffline\(|navigator\.serviceWorker|\bcaches\.|precache|\.controller\b/;

/** The tests of a spec that need the worker and are declared outside `withServiceWorker`, by title. */
function testsWithoutTheWorker(source: string): string[] {
  const file = ts.createSourceFile('spec.ts', source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node, inside: boolean) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(file);
      if (callee === 'withServiceWorker') inside = true;
      else if (/^test(\.(only|fixme|fail|slow))?$/.test(callee) && !inside && NEEDS_THE_WORKER.test(node.getText(file)))
        found.push(node.arguments[0]?.getText(file) ?? '(untitled)');
      else if (/^test\.(beforeEach|beforeAll)$/.test(callee) && !inside && NEEDS_THE_WORKER.test(node.getText(file)))
        found.push(`${callee} hook`);
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(file, false);
  return found;
}

describe('the end-to-end tests and the service worker', () => {
  it('finds a test that goes offline outside withServiceWorker, and not one inside it', () => {
    const offline = "test('works offline', async ({ context }) => { await context.setOffline(true); });";
    expect(testsWithoutTheWorker(offline)).toEqual(["'works offline'"]);
    expect(testsWithoutTheWorker(`withServiceWorker(() => { ${offline} });`)).toEqual([]);
    expect(testsWithoutTheWorker("test('online', async ({ page }) => { await page.goto('/'); });")).toEqual([]);
    expect(
      testsWithoutTheWorker(
        "test.describe('x', () => { test('reads caches', async ({ page }) => page.evaluate(() => caches.keys())); });",
      ),
    ).toEqual(["'reads caches'"]);
  });

  it('runs every test that goes offline or reads the worker with the worker', () => {
    const outside = readdirSync(e2eDir)
      .filter((name) => name.endsWith('.spec.ts'))
      .flatMap((name) =>
        testsWithoutTheWorker(readFileSync(path.join(e2eDir, name), 'utf8')).map((title) => `${name}: ${title}`),
      );
    expect(outside).toEqual([]);
  });
});
