import { AppError } from '../../shared/errors.js';
import type { KeyTestResult } from '../../shared/keys.js';
import { authHeaders } from '../api/auth.js';
import { httpRequest, type HttpRequest } from '../api/http.js';
import type { Credential } from '../api/credential.js';

/**
 * The cheapest authenticated call for each kind of key, chosen so that it spends no
 * credits and changes nothing:
 * - v2: list one parse job (`GET /v2/parse/jobs?pageSize=1`);
 * - analyzer and v1: a request without a document or body (there is no read-only call
 *   that needs no project or document). A 401/403 proves the key refused; a 422 proves only
 *   that the key was not refused: a service that validates the body before the key would
 *   answer 422 to any key, and the result says so.
 */
function probe(credential: Credential): { request: HttpRequest; accepted: (status: number) => boolean } {
  const headers = authHeaders(credential);
  switch (credential.kind) {
    case 'v2':
      return {
        request: { method: 'GET', url: `${credential.address}/v2/parse/jobs?pageSize=1`, headers },
        accepted: (s) => s === 200,
      };
    case 'analyzer':
      return {
        request: { method: 'POST', url: `${credential.address}/v1/tools/agentic-document-analysis`, headers, body: new FormData() },
        accepted: (s) => s === 200 || s === 422,
      };
    case 'v1':
    case 'v1-legacy':
      return {
        request: {
          method: 'POST',
          url: `${credential.address}/v1/projects`,
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: '{}',
        },
        accepted: (s) => s === 422,
      };
  }
}

export async function testKey(credential: Credential, signal?: AbortSignal): Promise<KeyTestResult> {
  const { request, accepted } = probe(credential);
  const checkedAt = new Date().toISOString();
  try {
    const response = await httpRequest({ ...request, timeoutMs: 15_000, ...(signal ? { signal } : {}) });
    if (accepted(response.status)) {
      if (response.status === 422) {
        return {
          ok: true,
          status: 422,
          proof: 'not_refused',
          message:
            'The service did not refuse this key; it was not used for a real request. (The test sends an empty request, which the service refused as invalid, HTTP 422, without objecting to the key.)',
          checkedAt,
        };
      }
      return { ok: true, status: response.status, proof: 'used', message: 'The service accepted this key.', checkedAt };
    }
    return { ok: false, status: response.status, message: describeRefusal(response.status, response.text), checkedAt };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, status: null, message: `${error.message} ${error.hint ?? ''}`.trim(), checkedAt };
    throw error;
  }
}

function describeRefusal(status: number, body: string): string {
  let code = '';
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    if (typeof parsed.code === 'string') code = ` (${parsed.code})`;
  } catch {
    // Not JSON: the status says enough.
  }
  if (status === 401 || status === 403) return `The service refused this key${code}. Check that it is active and copied in full.`;
  if (status === 429) return `The service is rate-limiting this key${code}; it is probably valid. Try again in a minute.`;
  if (status === 404) return 'Nothing answers at this address. Check the service address.';
  return `Unexpected answer from the service: HTTP ${status}${code}.`;
}
