// R-RUN-NATS-VERSION: the product runs on nats-server 2.10.23 or later (stream loss after kills
// fixed, CVE-2023-47090 closed); `npm start` and `npm test` install it from Debian trixie.
import { describe, expect, it } from 'vitest';
import { NATS_MIN_VERSION, natsServerVersion, versionAtLeast } from '../src/nats.js';

describe('nats-server version', () => {
  it('compares versions part by part, not as text', () => {
    expect(versionAtLeast('2.10.23', '2.10.23')).toBe(true);
    expect(versionAtLeast('2.10.27', '2.10.23')).toBe(true);
    expect(versionAtLeast('2.11.0', '2.10.23')).toBe(true);
    expect(versionAtLeast('3.0.0', '2.10.23')).toBe(true);
    expect(versionAtLeast('2.9.10', '2.10.23')).toBe(false);
    expect(versionAtLeast('2.10.9', '2.10.23')).toBe(false);
    expect(versionAtLeast('2.9.23', '2.10.23')).toBe(false);
  });

  it('runs the tests on a nats-server of at least 2.10.23', () => {
    const version = natsServerVersion();
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(versionAtLeast(version!, NATS_MIN_VERSION), `nats-server ${version}`).toBe(true);
  });
});
