import type { Emulator } from '../../emulator/server.js';

/** Raw HTTP to the emulator, so its own rules are seen without any client's checks in front. */
export async function call(
  emulator: Emulator,
  method: string,
  path: string,
  init: { key?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...(init.key !== undefined ? { Authorization: `Bearer ${init.key}` } : {}), ...init.headers };
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  const response = await fetch(`${emulator.url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (storage objects, XML errors): the text is there.
  }
  return {
    status: response.status,
    json: json as Record<string, unknown> & { code?: string; message?: string; detail?: unknown },
    text,
    headers: response.headers,
  };
}
