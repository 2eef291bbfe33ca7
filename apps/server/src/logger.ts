import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** Where log lines go instead of stdout (the tests read them). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Structured logs. Request bodies are never logged, and anything that could hold a password,
 * a sealed envelope or a session token is redacted if it ever reaches a log call.
 *
 * LOG_LEVEL (README): `info` (default) keeps start-up, warnings (slow requests, refused calls
 * worth a look) and errors; a line per request comes only at `debug` (issue 26: one person's
 * 45 minutes made 5,000 info lines). Fastify's own per-request lines are switched off in app.ts
 * and written by registerRequestLog at debug instead.
 */
export function loggerOptions(level: string, destination?: LogDestination): FastifyServerOptions['logger'] {
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
    ...(destination ? { stream: destination } : {}),
  };
}

/** One debug line per answered request: method, route, status and time, never the body. */
export function registerRequestLog(app: FastifyInstance): void {
  // Callback-style hooks here and in the other per-request plugins: every request runs them, and
  // an async hook costs a promise per request for work that never waits.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.log.level === 'debug' || request.log.level === 'trace') {
      request.log.debug(
        { method: request.method, url: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request completed',
      );
    }
    done();
  });
}
