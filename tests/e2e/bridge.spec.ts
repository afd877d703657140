import { expect, test } from './fixtures.js';

test('the preview bridge refuses calls without the token, with a wrong token, or for another host', async ({ request, launchPreview }) => {
  const preview = await launchPreview();
  const call = (headers: Record<string, string>) => request.post(`${preview.origin}/__bridge/invoke/keys:list`, { headers, data: {} });

  const missing = await call({});
  expect(missing.status()).toBe(401);
  expect((await missing.json()).error.code).toBe('bridge_unauthorized');

  const wrong = await call({ 'X-Groundwork-Token': `${preview.token.slice(0, -1)}x` });
  expect(wrong.status()).toBe(401);

  const events = await request.get(`${preview.origin}/__bridge/events`);
  expect(events.status()).toBe(401);

  const rebinding = await call({ 'X-Groundwork-Token': preview.token, Host: 'attacker.example:80' });
  expect(rebinding.status()).toBe(403);

  const foreignOrigin = await call({ 'X-Groundwork-Token': preview.token, Origin: 'http://attacker.example' });
  expect(foreignOrigin.status()).toBe(403);

  const ok = await call({ 'X-Groundwork-Token': preview.token });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toEqual({ ok: true, value: [] });

  const malformed = await request.post(`${preview.origin}/__bridge/invoke/keys:rename`, {
    headers: { 'X-Groundwork-Token': preview.token },
    data: { id: 'not-a-uuid', name: 5 },
  });
  expect((await malformed.json()).error.code).toBe('invalid_request');
});

test('the preview serves the app with a strict CSP, binds loopback only, and never leaves its folder', async ({
  request,
  launchPreview,
}) => {
  const preview = await launchPreview();
  expect(preview.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const index = await request.get(`${preview.origin}/`);
  const csp = index.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  const traversal = await request.get(`${preview.origin}/..%2f..%2fpackage.json`);
  expect(traversal.status()).toBe(400);
});
