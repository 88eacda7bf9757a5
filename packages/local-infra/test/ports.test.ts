// Free ports for the parts a test or the launcher starts side by side: asked for one after the
// other before any is bound, they must still differ (a PostgreSQL and a nats-server on the same
// port fail to start).
import { describe, expect, it } from 'vitest';
import { freePort } from '../src/ports.js';

describe('freePort', () => {
  it('never hands out a port twice in one process, though none of them was bound meanwhile', async () => {
    // 400 draws from the ~8,800 ports below the ephemeral range: without the memory of what was
    // handed out, two of them would be the same in all but about 1 run in 10,000.
    const ports: number[] = [];
    for (let i = 0; i < 400; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const p of ports) {
      expect(p).toBeGreaterThanOrEqual(1024);
      expect(p).toBeLessThan(65_536);
    }
  });
});
