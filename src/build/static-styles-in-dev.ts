/**
 * `npm run dev`: the page gets the sheet of what is styled at build time (decision 039), as
 * the prerenderer writes it into every built page. Made from the specimens as they are on
 * disk at each load of the page.
 */
import type { Plugin, ViteDevServer } from 'vite';
import type * as StaticStyleSheet from '../app/prerender/static-style-sheet';

export function staticStylesInDev(): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: 'nambala-static-styles-in-dev',
    apply: 'serve',
    configureServer(devServer) {
      server = devServer;
    },
    async transformIndexHtml(html) {
      if (!server) return html;
      const sheet = (await server.ssrLoadModule(
        '/src/app/prerender/static-style-sheet.tsx',
      )) as typeof StaticStyleSheet;
      return html.replace('</head>', () => `${sheet.staticStyleSheet()}</head>`);
    },
  };
}
