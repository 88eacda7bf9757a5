import type { GatewayOptions } from './render.mjs';

/** The options render-container.mjs passes to renderGatewayConfig for this environment. */
export function containerOptions(env?: NodeJS.ProcessEnv): GatewayOptions;
/** nginx.conf for the gateway container (0.0.0.0:8080, stdout logs, static upstreams). */
export function renderContainerConfig(env?: NodeJS.ProcessEnv): string;
