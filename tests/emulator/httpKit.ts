import type { IncomingMessage, ServerResponse } from 'node:http';

/** A finished HTTP answer a handler throws or returns; the server writes it. */
export class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** v2 errors are `{code, message}` (v2.errors.shape). */
export function v2Error(status: number, code: string, message: string, headers: Record<string, string> = {}): HttpAnswer {
  return new HttpAnswer(status, { code, message }, headers);
}

/** v1 (and the older tool) validation errors are FastAPI-style `{detail: [{loc, msg, type}]}` (v1.errors.validation). */
export function v1Validation(items: { loc: (string | number)[]; msg: string; type: string }[]): HttpAnswer {
  return new HttpAnswer(422, { detail: items });
}

export function v1Detail(status: number, detail: string): HttpAnswer {
  return new HttpAnswer(status, { detail });
}

export function writeAnswer(res: ServerResponse, answer: HttpAnswer): void {
  if (res.headersSent || res.destroyed) return;
  const raw = answer.body instanceof Uint8Array;
  const payload = raw ? (answer.body as Uint8Array) : answer.body === undefined ? '' : JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...(raw ? {} : { 'Content-Type': 'application/json' }),
    ...answer.headers,
  });
  res.end(payload);
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Multipart parsing by the platform: a Request built from the raw body. */
export async function readForm(req: IncomingMessage, body: Buffer): Promise<FormData | null> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(type)) return null;
  try {
    return await new Request('http://emulator.local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return null;
  }
}

export function readJsonBody(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: body.length === 0 ? undefined : JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

export interface FormFile {
  bytes: Uint8Array;
  filename: string;
}

export async function formFile(form: FormData, name: string): Promise<FormFile | null> {
  const value = form.get(name);
  if (value === null || typeof value === 'string') return null;
  return { bytes: new Uint8Array(await value.arrayBuffer()), filename: value.name || name };
}

export function formString(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
}
