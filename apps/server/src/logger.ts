import type { FastifyServerOptions } from 'fastify';

/**
 * Structured logs. Request bodies are never logged, and anything that could hold a password,
 * a sealed envelope or a session token is redacted if it ever reaches a log call.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'ps',
        'ps1',
        '*.ps',
        '*.ps1',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.cookie',
      ],
      censor: '[已隐藏]',
    },
  };
}
