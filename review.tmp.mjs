import { chromium } from '@playwright/test';
const BASE = process.env.BASE || 'http://127.0.0.1:8177';
const OUT = process.env.OUT || '/tmp/rev/shots';
const routes = (process.env.ROUTES || '/,/marketplace,/how-it-works,/pricing,/verification,/about-contact,/auth,/auth?tab=signup,/buy-process,/terms,/privacy,/compliance,/no-such-page,/dashboard,/dashboard/admin/requests').split(',');
const sizes = (process.env.SIZES || '360x800,768x1024,1280x900').split(',').map(s => s.split('x').map(Number));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'] });
for (const [w,h] of sizes) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  page.on('pageerror', e => console.log('PAGEERROR', w, e.message));
  for (const r of routes) {
    await page.goto(BASE + r, { waitUntil: 'networkidle' });
    if (process.env.PREFLIGHT) await page.evaluate(() => { const st = document.createElement('style'); st.textContent = '@layer reset, base, tokens, recipes; @layer reset { *, *::before, *::after, *::backdrop { box-sizing: border-box; border-width: 0; border-style: solid; border-color: var(--global-color-border, currentColor); } * { margin: 0; padding: 0; font: inherit; } h1,h2,h3,h4,h5,h6 { font-size: inherit; font-weight: inherit; } ol,ul { list-style: none; } button,input,select,textarea { background: transparent; color: inherit; } a { color: inherit; text-decoration: inherit; } img,svg,video { display: block; vertical-align: middle; } img,video { max-width: 100%; height: auto; } }'; document.head.prepend(st); });
    await page.waitForTimeout(400);
    await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 400) { window.scrollTo(0, y); await new Promise(r => setTimeout(r, 60)); } window.scrollTo(0, document.body.scrollHeight); });
    await page.waitForTimeout(700);
    await page.evaluate(() => window.scrollTo(0, 0));
    const sw = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: innerWidth }));
    // small tap targets on phone
    let small = [];
    if (w < 400) small = await page.evaluate(() => [...document.querySelectorAll('a,button,input,select,[role=tab],[role=checkbox],label')].filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && (r.height < 40 || r.width < 40) && getComputedStyle(e).visibility !== 'hidden'; }).map(e => `${e.tagName}:${(e.textContent||e.getAttribute('aria-label')||e.name||'').trim().slice(0,30)}:${Math.round(e.getBoundingClientRect().width)}x${Math.round(e.getBoundingClientRect().height)}`));
    const name = (r.replace(/[\/?=]/g, '_') || '_root') + `_${w}.png`;
    await page.screenshot({ path: `${OUT}/${name}`, fullPage: true });
    const H = await page.evaluate(() => document.documentElement.scrollHeight);
    const ch = Math.round(h * 1.2);
    for (let y = 0, i = 0; y < H; y += ch, i++) await page.screenshot({ path: `${OUT}/${name.replace('.png', '')}.p${i}.png`, fullPage: true, clip: { x: 0, y, width: w, height: Math.min(ch, H - y) } });
    console.log(w, r, sw.sw > sw.iw ? `OVERFLOW ${sw.sw}>${sw.iw}` : 'ok', small.length ? 'SMALL: ' + small.join(' | ') : '');
  }
  await ctx.close();
}
await browser.close();
