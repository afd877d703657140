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

  /** Longest first: a shorter secret inside a longer one must not leave the rest of the longer one. */
  const ordered = () => [...secrets].sort((a, b) => b.length - a.length);
  const scrub = (text: string, forms: (secret: string) => string = (secret) => secret): string => {
    let out = text;
    for (const secret of ordered()) out = out.split(forms(secret)).join('[redacted]');
    return out;
  };
  /** How a secret reads inside a JSON string: a `"`, `\` or control character in it is escaped there. */
  const escaped = (secret: string) => JSON.stringify(secret).slice(1, -1);

  const write = (level: LogLevel, message: string, details?: Record<string, unknown>) => {
    // Every string is scrubbed before it is serialised (JSON would escape a secret out of
    // recognition); the line is then scrubbed for the escaped form too, which covers object keys.
    const entry = { time: new Date().toISOString(), level, message, details };
    const line = scrub(
      JSON.stringify(entry, (_key, value: unknown) => (typeof value === 'string' ? scrub(value) : value)),
      escaped,
    );
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
