import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'] });
const c = await b.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } }); const p = await c.newPage();
p.on('console', m => { if (m.type()==='error') console.log('CONSOLE', m.text().slice(0,300)); });
await p.goto('http://127.0.0.1:8199' + process.argv[2]); await p.waitForTimeout(1500);
const r = await p.evaluate(() => { const out=[]; for (const el of document.querySelectorAll('body *')) { const b=el.getBoundingClientRect(); if (b.right > window.innerWidth+1) out.push(el.tagName+'.'+el.className.toString().slice(0,60)+' '+Math.round(b.right)); } return [document.documentElement.scrollWidth, out.slice(0,8)]; });
console.log(JSON.stringify(r,null,1)); await p.screenshot({ path: '/tmp/shot.png' }); await b.close();
