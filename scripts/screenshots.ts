// Screenshots of pages at phone and desktop widths, for looking at:
//   [LOGIN=email:password] node scripts/screenshots.ts <baseUrl> <outDir> <path...>
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [baseUrl = 'http://localhost:3000', outDir = 'screenshots', ...paths] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let auth: string | undefined;
if (process.env.LOGIN) {
  const [email, password] = process.env.LOGIN.split(':');
  const res = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  auth = JSON.stringify((await res.json()).data);
}
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
  if (auth) await page.addInitScript((value) => localStorage.setItem('auth', value), auth);
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
    const name = `${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`;
    await page.waitForTimeout(Number(process.env.WAIT ?? 0));
    await page.screenshot({ path: `${outDir}/${name}`, fullPage: true });
    console.log(`${outDir}/${name}`);
  }
  await page.close();
}
await browser.close();
