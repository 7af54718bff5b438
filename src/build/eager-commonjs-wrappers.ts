/**
 * A build step for the CommonJS packages in the bundle (React, React DOM, the scheduler and
 * a few others): each one's wrapper is written as a `function` expression, which V8 compiles
 * ahead of the call, while the script streams in off the main thread.
 *
 * The bundler wraps every CommonJS module in a function that runs it on first `require`:
 * `__commonJSMin(((exports, module) => { …the whole module… }))`. Minified, that becomes
 * `e((e=>{…}))`, an arrow whose single parameter has lost its parentheses, and V8 does not
 * treat it as a function about to be called: it only pre-parses it in the background, then
 * parses all of it again on the main thread when the wrapper first runs. For React DOM
 * (190 KB) that second parse was half of the start's longest task. A parenthesised
 * `function` expression is V8's long-standing sign of a function called at once
 * (`(function(){…})`), and is compiled with its script.
 *
 * Nothing else changes: the body is the same, called the same way. An arrow and a function
 * differ only in `this`, `arguments` and `new`: the bundler's runtime calls the wrapper
 * plainly, in a module (strict), so `this` is undefined in both, and module code cannot name
 * an outer `arguments`. If the bundler's output changes so that a wrapper is no longer in
 * the form this step knows, the build stops and says so.
 * Why and what it measured: docs/decisions/036-commonjs-compiled-with-its-script.md.
 */
import type { Plugin } from 'vite';

/** The bundler's CommonJS helper as it appears in a chunk before minifying (`__commonJSMin`, maybe with a suffix). */
const HELPER = String.raw`__commonJSMin[\w$]*`;
/** A wrapper: the helper called with a parenthesised arrow, its parameters in parentheses or one bare name. */
const WRAPPER = new RegExp(String.raw`\b(${HELPER})\(\((?:\(([\w$, ]*)\)|([\w$]+)) => \{`, 'g');
/** Every call of the helper; each must be a wrapper of the form above. */
const HELPER_CALL = new RegExp(String.raw`\b${HELPER}\(`, 'g');

/** The chunk's CommonJS wrappers as function expressions; throws if a call of the helper is not in the form this step knows. */
export function withEagerCommonJsWrappers(code: string, chunkName = 'a chunk'): string {
  const calls = code.match(HELPER_CALL)?.length ?? 0;
  if (calls === 0) return code;
  let rewritten = 0;
  const changed = code.replace(
    WRAPPER,
    (_wrapper, helper: string, parameters: string | undefined, parameter: string | undefined) => {
      rewritten += 1;
      return `${helper}((function(${parameters ?? parameter}) {`;
    },
  );
  if (rewritten !== calls) {
    throw new Error(
      `${chunkName}: ${calls - rewritten} of its ${calls} CommonJS wrappers are not in the form src/build/eager-commonjs-wrappers.ts rewrites ` +
        '(docs/decisions/036-commonjs-compiled-with-its-script.md). Check how the bundler now writes them, then update or remove this step.',
    );
  }
  return changed;
}

export function eagerCommonJsWrappers(): Plugin {
  return {
    name: 'nambala:eager-commonjs-wrappers',
    // Builds only: the dev server serves each package pre-bundled, unminified, where the
    // wrapper keeps its parentheses; the prerenderer's build (--ssr) has no wrappers.
    apply: 'build',
    // Before minifying, where the helper still has its own name; the minifier keeps a
    // parenthesised function expression as it is.
    renderChunk(code, chunk) {
      const changed = withEagerCommonJsWrappers(code, chunk.fileName);
      return changed === code ? null : { code: changed, map: null };
    },
  };
}
