import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * JSON logs to stdout. Paths that could carry personal data or secrets are
 * redacted even if a caller logs a whole request by mistake.
 */
export function createLogger(service: string, level: string, file?: string): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-school-token"]',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
          '*.email',
        ],
        censor: '[redacted]',
      },
    },
    file ? pino.destination({ dest: file, sync: true }) : pino.destination(1),
  );
}
