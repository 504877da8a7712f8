import { describe, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { useE2eSuite } from './support/suite.ts';
describe('probe', () => {
  const suite = useE2eSuite();
  it('profiles a cold page load', async () => {
    const { context } = await suite.signedIn();
    const st = await context.storageState();
    const c = await suite.browser.newContext({ storageState: st, locale: 'zh-CN', reducedMotion: 'reduce' });
    const page = await c.newPage();
    const cdp = await c.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${suite.server.baseUrl}/system/employeeList`);
    await page.locator('tr.ant-table-row').first().waitFor();
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync('/tmp/probe/cold.cpuprofile', JSON.stringify(profile));
  }, 120000);
});
