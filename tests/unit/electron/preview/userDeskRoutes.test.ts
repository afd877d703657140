import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserDesk } from '../../../../electron/preview/userDesk.js';
import { DESK_TOKEN_HEADER, deskRoutes } from '../../../../electron/preview/userDeskRoutes.js';

// The preview's desk answers whoever acts as the user (a test, with the desk token) and nobody
// else: no token, a wrong one, or a request a browser makes (even with the token) is refused,
// and a question stays unanswered until the user answers it.
const TOKEN = 'desk-token-for-this-test';
const desk = new UserDesk();
let server: Server;
let base = '';

beforeAll(async () => {
  const routes = deskRoutes(desk, TOKEN);
  server = createServer((req, res) => void routes(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__user`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (route: string, headers: Record<string, string> = { [DESK_TOKEN_HEADER]: TOKEN }) => fetch(`${base}/${route}`, { headers });

describe("the preview's user desk", () => {
  it('refuses a request without its token, with a wrong one, and from a browser even with it', async () => {
    expect((await get('questions', {})).status).toBe(401);
    expect((await get('questions', { [DESK_TOKEN_HEADER]: 'guess' })).status).toBe(401);
    expect((await get('clipboard', { [DESK_TOKEN_HEADER]: TOKEN, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(403);
    expect((await get('clipboard', { [DESK_TOKEN_HEADER]: TOKEN, Origin: 'http://127.0.0.1:1' })).status).toBe(403);
  });

  it('lists a question main asks, takes the answer, and shows the clipboard a copy went to', async () => {
    const asked = desk.confirm({ title: 'Copy a key', message: 'Copy the key of “A”?', detail: '', confirmLabel: 'Copy the key' });
    const { value: questions } = (await (await get('questions')).json()) as { value: { id: string; message: string }[] };
    expect(questions.map((q) => q.message)).toEqual(['Copy the key of “A”?']);
    const answer = await fetch(`${base}/answer`, {
      method: 'POST',
      headers: { [DESK_TOKEN_HEADER]: TOKEN },
      body: JSON.stringify({ id: questions[0]!.id, yes: true }),
    });
    expect(await answer.json()).toEqual({ ok: true, value: true });
    expect(await asked).toBe(true);
    await desk.copySecret('sk_on_the_desk', 60_000);
    expect(await (await get('clipboard')).json()).toEqual({ ok: true, value: 'sk_on_the_desk' });
  });

  it('answers no for a question nobody answers in time', async () => {
    const quick = new UserDesk({ answerWithinMs: 20 });
    expect(await quick.confirm({ title: 't', message: 'm', detail: 'd', confirmLabel: 'c' })).toBe(false);
    expect(quick.questions()).toEqual([]);
  });
});
