import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_DIR_MODE, tightenPathSync } from './privateFolders.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
  /** Registers a secret so that it is masked if it ever reaches a log line. */
  redact(secret: string): void;
}

/**
 * Logs to `<dataDir>/logs/main.log` and the console. Code never logs secrets on purpose;
 * the redaction list is the second line of defence for the ones that slip through
 * (a URL with a key in it, an error message echoing a header).
 */
export function createLogger(dataDir: string | null, options: { console?: boolean } = {}): Logger {
  const secrets = new Set<string>();
  const file = dataDir ? join(dataDir, 'logs', 'main.log') : null;
  if (file) {
    // Private to the user even when an older version left them readable by others.
    const folder = join(dataDir as string, 'logs');
    mkdirSync(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
    tightenPathSync(folder);
    tightenPathSync(file);
  }

  const scrub = (text: string): string => {
    let out = text;
    for (const secret of secrets) out = out.split(secret).join('[redacted]');
    return out;
  };

  const write = (level: LogLevel, message: string, details?: Record<string, unknown>) => {
    const line = scrub(JSON.stringify({ time: new Date().toISOString(), level, message, details }));
    if (file) {
      try {
        appendFileSync(file, `${line}\n`, { mode: 0o600 });
      } catch {
        // A full disk must not take the app down with it; the console still has the line.
      }
    }
    if (options.console !== false && level !== 'debug') {
      (level === 'error' ? console.error : console.log)(line);
    }
  };

  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    redact: (secret) => {
      if (secret.length >= 4) secrets.add(secret);
    },
  };
}
