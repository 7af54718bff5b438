/**
 * The browser build writes each CommonJS wrapper as a function expression, which V8 compiles
 * with its script (decision 036): checked on the forms the bundler writes, and on a real,
 * minified build of React.
 */
import type * as React from 'react';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { eagerCommonJsWrappers, withEagerCommonJsWrappers } from '../../src/build/eager-commonjs-wrappers';
import { builtEntry, loaded } from './built-entry';

/** React (a CommonJS package) bundled and minified as the app's build does, with or without the step. */
const builtReact = (plugins: Plugin[]) =>
  builtEntry("export { createElement, version } from 'react';", plugins, { minify: true });

describe('eager CommonJS wrappers', () => {
  it('writes each form of wrapper the bundler writes as a function expression, body untouched', () => {
    const chunk = [
      'import { t as __commonJSMin } from "./rolldown-runtime.js";',
      'var require_a = /* @__PURE__ */ __commonJSMin(((exports, module) => {\n\tmodule.exports = () => this;\n}));',
      'var require_b = /* @__PURE__ */ __commonJSMin(((exports) => {\n\texports.b = (x) => x;\n}));',
      'var require_c = /* @__PURE__ */ __commonJSMin$1((() => {\n\tsideEffect();\n}));',
      'var require_d = __commonJSMin((exports => {\n\texports.d = 1;\n}));',
    ].join('\n');
    const changed = withEagerCommonJsWrappers(chunk);
    expect(changed).toContain('__commonJSMin((function(exports, module) {\n\tmodule.exports = () => this;\n}));');
    expect(changed).toContain('__commonJSMin((function(exports) {\n\texports.b = (x) => x;\n}));');
    expect(changed).toContain('__commonJSMin$1((function() {\n\tsideEffect();\n}));');
    expect(changed).toContain('__commonJSMin((function(exports) {\n\texports.d = 1;\n}));');
    expect(changed).not.toContain('=> {\n');
  });

  it('leaves a chunk without CommonJS alone', () => {
    const chunk = 'import { t as __commonJSMin } from "./rolldown-runtime.js";\nexport const f = (e) => { return e; };';
    expect(withEagerCommonJsWrappers(chunk)).toBe(chunk);
  });

  it('stops the build, naming itself, when a wrapper is in a form it does not know', () => {
    expect(() =>
      withEagerCommonJsWrappers('var r = __commonJSMin({ "react.js"(exports) {} });', 'react-client.js'),
    ).toThrow(/react-client\.js: 1 of its 1.*eager-commonjs-wrappers\.ts.*036/s);
  });

  it('gives a minified build of React function wrappers that still run, where it had arrows', async () => {
    const before = await builtReact([]);
    expect(before).toMatch(/\(\(\w+=>\{/);
    expect(before).not.toMatch(/\(\(function\(/);

    const after = await builtReact([eagerCommonJsWrappers()]);
    expect(after).not.toMatch(/\(\(\w+=>\{/);
    expect(after).toMatch(/\(\(function\(\w+(,\w+)?\)\{/);
    const react = await loaded<typeof React>(after);
    expect(react.version).toMatch(/^19\./);
    expect(react.createElement('p', { id: 'x' }, 'plate').props).toEqual({ id: 'x', children: 'plate' });
  }, 60_000);
});
