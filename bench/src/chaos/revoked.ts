// The chaos run's check that no revoked credential is ever accepted: before the kills, an
// admin's cookie is logged out (a copy kept), one provider link is revoked and another replaced
// by generating a new one (the old token kept); from each revocation's answer until the end of
// the run they are tried every 150 ms against every service that takes them. Any 2xx is a
// violation; 401, 403, 502, 503 and no answer at all are not.
import { Api, sleep } from '../lib/api.js';

export interface ProbeResult {
  name: string;
  probes: number;
  violations: number;
  /** Status (or error code) → count. */
  answers: Record<string, number>;
  /** Date.now() of each violation's start. */
  violationTimes: number[];
}

export interface RevokedReport {
  probes: number;
  violations: number;
  byProbe: ProbeResult[];
}

const PROBE_INTERVAL_MS = 150;
const PROBE_TIMEOUT_MS = 3000;

/** One credential against one route, tried until stopped. */
function startProber(api: Api, name: string, path: string) {
  const result: ProbeResult = { name, probes: 0, violations: 0, answers: {}, violationTimes: [] };
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = Date.now();
      let key: string;
      try {
        const a = await api.call('GET', path, undefined, {}, PROBE_TIMEOUT_MS);
        key = String(a.status);
        if (a.status >= 200 && a.status < 300) {
          result.violations += 1;
          result.violationTimes.push(t);
        }
      } catch (err) {
        const e = err as Error & { code?: string };
        key = e.code ?? (/no answer/.test(e.message) ? 'timeout' : e.name);
      }
      result.probes += 1;
      result.answers[key] = (result.answers[key] ?? 0) + 1;
      await sleep(PROBE_INTERVAL_MS);
    }
  })();
  return {
    result,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** Waits until the provider link answers 200, so it is known to have worked before revocation. */
async function untilGranted(api: Api, path: string): Promise<void> {
  let last = 0;
  for (let i = 0; i < 150; i++) {
    last = (await api.call('GET', path)).status;
    if (last === 200) return;
    await sleep(100);
  }
  throw new Error(`GET ${path.replace(/token=[^&]+/, 'token=…')}: ${last}, never 200`);
}

/**
 * Revokes the three credentials through the product's own API and starts probing each right
 * after its revocation answered. `activityIds` are two activities to make provider links for.
 */
export async function revokeAndProbe(
  base: string,
  admin: Api,
  activityIds: [number, number],
  log: (line: string) => void,
) {
  const probers: Array<ReturnType<typeof startProber>> = [];

  try {
    // (a) An admin's cookie, copied, then logged out.
    const session = new Api(base);
    await session.login();
    const cookie = session.sessionCookie;
    await session.must('GET', '/api/auth/me');
    await session.must('POST', '/api/auth/logout', {}, [200]);
    const loggedOut = new Api(base, cookie);
    probers.push(
      startProber(
        loggedOut,
        'logged-out cookie: registrations GET /api/admin/registrations',
        '/api/admin/registrations?limit=1',
      ),
      startProber(loggedOut, 'logged-out cookie: catalog GET /api/schools', '/api/schools'),
      startProber(
        loggedOut,
        'logged-out cookie: identity GET /api/admin/users',
        '/api/admin/users',
      ),
    );

    const anonymous = new Api(base);
    const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
    const linkApi = (id: number) => `/api/admin/activities/${id}/provider-token`;
    const participants = (id: number, token: string) =>
      `/api/provider/${id}/participants?token=${token}`;

    // (b) A provider link that worked, then revoked.
    const [revokedId, replacedId] = activityIds;
    const revoked = tokenOf(
      (await admin.must<{ url: string }>('POST', `${linkApi(revokedId)}/generate`)).url,
    );
    await untilGranted(anonymous, participants(revokedId, revoked));
    await admin.must('POST', `${linkApi(revokedId)}/revoke`);
    probers.push(
      startProber(
        anonymous,
        'revoked provider link: GET /api/provider/:id/participants',
        participants(revokedId, revoked),
      ),
    );

    // (c) A provider link that worked, then replaced by generating a new one.
    const replaced = tokenOf(
      (await admin.must<{ url: string }>('POST', `${linkApi(replacedId)}/generate`)).url,
    );
    await untilGranted(anonymous, participants(replacedId, replaced));
    await admin.must('POST', `${linkApi(replacedId)}/generate`);
    probers.push(
      startProber(
        anonymous,
        'replaced provider link: GET /api/provider/:id/participants',
        participants(replacedId, replaced),
      ),
    );
  } catch (err) {
    // A set-up that failed half-way stops the probes it had started.
    await Promise.all(probers.map((p) => p.stop()));
    throw err;
  }
  log(`revoked credentials: ${probers.length} probes every ${PROBE_INTERVAL_MS} ms from now on`);

  return {
    stop: async (): Promise<RevokedReport> => {
      await Promise.all(probers.map((p) => p.stop()));
      const byProbe = probers.map((p) => p.result);
      return {
        probes: byProbe.reduce((n, p) => n + p.probes, 0),
        violations: byProbe.reduce((n, p) => n + p.violations, 0),
        byProbe,
      };
    },
  };
}
