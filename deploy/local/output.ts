import type { StackConfig } from './config.js';

const LEVELS: Record<number, string> = { 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/**
 * Turns a service's output into a readable console line, or nothing. The full output is in
 * the service's log file; the console gets plain lines (such as demo credentials), warnings
 * and errors, and pino's info lines except per-request ones, which would drown the rest.
 */
export function consoleLine(service: string, line: string): string | undefined {
  const trimmed = line.trim();
  if (!trimmed) return undefined;
  if (!trimmed.startsWith('{')) return `[${service}] ${trimmed}`;
  let entry: { level?: unknown; msg?: unknown; req?: unknown; res?: unknown; err?: unknown };
  try {
    entry = JSON.parse(trimmed) as typeof entry;
  } catch {
    return `[${service}] ${trimmed}`;
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  if (level < 30 || (level < 40 && (entry.req !== undefined || entry.res !== undefined))) {
    return undefined;
  }
  const tag = LEVELS[level] ? `${LEVELS[level]} ` : '';
  const err =
    entry.err && typeof entry.err === 'object' && 'message' in entry.err
      ? `: ${String((entry.err as { message: unknown }).message)}`
      : '';
  return `[${service}] ${tag}${typeof entry.msg === 'string' ? entry.msg : trimmed}${err}`;
}

/**
 * The services mark the moment they seed demo data; only then does the
 * console get the demo admin's credentials and the demo school's link.
 */
export function demoAnnouncement(config: StackConfig, line: string): string | undefined {
  if (line.includes('"demoAdminCreated":true')) {
    return `demo admin: ${config.demo.adminEmail} / ${config.demo.adminPassword} (shown once)`;
  }
  if (line.includes('"demoSchoolCreated":true')) {
    return `demo school page: ${config.publicBaseUrl}/schools/${config.demo.schoolToken}`;
  }
  return undefined;
}
