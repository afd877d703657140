import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { APIResponse, BrowserContext, Page } from '@playwright/test';

/** Something to search: where it came from and its bytes. */
export interface Haystack {
  place: string;
  bytes: Buffer;
}

/**
 * Records every bridge answer (the preview's IPC responses) before the page sees it: the
 * route fetches the real answer, keeps its body and hands it on unchanged.
 */
export async function recordBridgeAnswers(page: Page): Promise<Array<{ channel: string; body: Buffer }>> {
  const answers: Array<{ channel: string; body: Buffer }> = [];
  await page.route('**/__bridge/invoke/**', async (route) => {
    let response: APIResponse;
    try {
      response = await route.fetch();
    } catch {
      // The preview stopped (the test is ending) with this request in flight: the page gets the
      // network error it would get anyway, and an answer that never came cannot leak anything.
      await route.abort().catch(() => undefined);
      return;
    }
    const body = await response.body();
    const match = /\/__bridge\/invoke\/([^?]+)/.exec(route.request().url());
    answers.push({ channel: decodeURIComponent(match?.[1] ?? '?'), body });
    await route.fulfill({ response, body });
  });
  return answers;
}

/** Listens to the bridge's event stream (progress and job events) as a second client would. */
export function recordEvents(origin: string, token: string): { text: () => string; stop: () => void } {
  const abort = new AbortController();
  let text = '';
  void (async () => {
    const response = await fetch(`${origin}/__bridge/events?token=${encodeURIComponent(token)}`, { signal: abort.signal });
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true });
  })().catch(() => undefined);
  return { text: () => text, stop: () => abort.abort() };
}

/** The renderer as it stands: its DOM, every field's value, and everything it can store. */
export async function browserHaystacks(page: Page, context: BrowserContext, label: string): Promise<Haystack[]> {
  const state = await page.evaluate(async () => {
    const fields = [...document.querySelectorAll('input, textarea, select')].map((el) => (el as HTMLInputElement).value);
    const storage = (s: Storage) => Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i)!).map((k) => [k, s.getItem(k)]));
    const databases: Record<string, unknown> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of db.objectStoreNames) {
        databases[`${info.name}/${store}`] = await new Promise((resolve) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => resolve(String(all.error));
        });
      }
      db.close();
    }
    const caches: Record<string, string[]> = {};
    if ('caches' in window) {
      for (const name of await window.caches.keys()) {
        const cache = await window.caches.open(name);
        caches[name] = await Promise.all(
          (await cache.keys()).map(async (request) => `${request.url} ${await (await cache.match(request))?.text()}`),
        );
      }
    }
    return {
      html: document.documentElement.outerHTML,
      fields,
      title: document.title,
      url: location.href,
      localStorage: storage(localStorage),
      sessionStorage: storage(sessionStorage),
      databases,
      caches,
      cookie: document.cookie,
    };
  });
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  return [
    { place: `${label}: DOM`, bytes: Buffer.from(state.html) },
    { place: `${label}: field values`, bytes: json(state.fields) },
    { place: `${label}: title and address`, bytes: json([state.title, state.url]) },
    { place: `${label}: localStorage`, bytes: json(state.localStorage) },
    { place: `${label}: sessionStorage`, bytes: json(state.sessionStorage) },
    { place: `${label}: IndexedDB`, bytes: json(state.databases) },
    { place: `${label}: Cache Storage`, bytes: json(state.caches) },
    { place: `${label}: cookies`, bytes: json([state.cookie, await context.cookies()]) },
  ];
}

/** Every file under a folder, read as bytes (binary files included). */
export async function fileHaystacks(dir: string, label: string): Promise<Haystack[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map(async (file) => ({ place: `${label}/${relative(dir, file)}`, bytes: await readFile(file) })));
}
