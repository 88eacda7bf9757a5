import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// One quick second try hides a blip (a pod restarting, a dropped connection)
// without keeping a visitor waiting long when a remote is really down: the
// route's error boundary and its retry button handle that case.
const ATTEMPTS = 2;
const DELAY_MS = 300;
const TIMEOUT_MS = 8000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchWithRetry(url: string, init: RequestInit): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
      // A 4xx will not get better by asking again.
      if (response.status < 500 || attempt === ATTEMPTS) return response;
      lastError = new Error(`${url}: ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await wait(DELAY_MS);
  }
  throw lastError;
}

export default function retryManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-retry-manifest',
    async fetch(url, init) {
      return fetchWithRetry(url, init);
    },
  };
}
