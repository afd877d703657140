import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../electron/core/log.js';
import { parserHost, type HostedWorker } from '../../../../electron/parserHost/parserHost.js';
import { SearchIndex } from '../../../../electron/search/searchIndex.js';
import { listedResults } from '../../../../electron/search/searchProtocol.js';
import { SEARCH_FORMAT_VERSION, SearchClient, type SearchSource } from '../../../../electron/search/searchClient.js';
import { Workspace } from '../../../../electron/workspace/workspace.js';
import type { SearchAnswer, SearchHit } from '../../../../shared/ipc/search.js';
import type { DocumentInfo } from '../../../../shared/document.js';
import type { StoredResult } from '../../../../shared/result.js';
import { removeWorkspaceDir } from '../../../support/workspaceDir.js';
import { wordResults } from '../../../support/wordResults.js';

const logger = createLogger(null, { console: false });
let dir: string;
let workspace: Workspace;
let indexes: SearchClient[];
let deaf: SearchClient[];

/** The workspace as the index reads it, counting the models and responses it reads. */
class CountingSource implements SearchSource {
  reads = 0;
  library = () => workspace.library();
  resultModel = (id: string) => {
    this.reads++;
    return workspace.resultModel(id);
  };
  /** Main only names the file: the worker reads and parses the response itself. */
  resultResponsePath = (id: string) => {
    this.reads++;
    return workspace.resultResponsePath(id);
  };
}

/** An index told of every workspace change (`told: false`: one busy elsewhere, that has not heard yet). */
function openIndex(
  source: SearchSource = new CountingSource(),
  { told = true, onWorker }: { told?: boolean; onWorker?: (worker: HostedWorker) => void } = {},
): SearchClient {
  const index = new SearchClient(workspace.root, source, logger, { saveDelayMs: 10, ...(onWorker ? { onWorker } : {}) });
  if (told) indexes.push(index);
  else deaf.push(index);
  return index;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'groundwork-search-'));
  indexes = [];
  deaf = [];
  workspace = new Workspace(dir, logger, () => indexes.forEach((index) => index.changed()));
});
afterEach(async () => {
  for (const index of [...indexes, ...deaf]) await index.close();
  await removeWorkspaceDir(dir, workspace);
});

const base = { modelVersion: 'v', pageCount: 1, credits: 0, partial: false };

/** A real invoice PDF with its parse result and an extraction grounded in it. */
async function invoice(
  title: string,
): Promise<{ document: DocumentInfo; parse: StoredResult; extraction: StoredResult; markdown: string }> {
  const made = await wordResults(title);
  const document = await workspace.addDocument(`${title}.pdf`, made.pdf);
  const parse = await workspace.saveResult({ ...base, documentId: document.id, kind: 'parse', engine: 'parse', response: made.verity });
  const extraction = await workspace.saveResult({
    ...base,
    documentId: document.id,
    kind: 'extract',
    engine: 'extract',
    sourceResultId: parse.id,
    response: made.extraction,
  });
  return { document, parse, extraction, markdown: made.verity.markdown };
}

const hits = (answer: SearchAnswer): SearchHit[] => answer.groups.flatMap((g) => g.hits);
const marked = (hit: SearchHit) =>
  hit.snippet
    .filter((p) => p.mark)
    .map((p) => p.text)
    .join('|');

describe('SearchClient', () => {
  it('maps a hit to the exact block and field: node id, page, Markdown range, marked snippet', async () => {
    const { document, parse, extraction, markdown } = await invoice('first');
    const index = openIndex();
    await index.idle();
    const answer = await index.query('acme');
    expect(answer.groups.map((g) => [g.documentId, g.documentName])).toEqual([[document.id, 'first.pdf']]);
    const node = hits(answer).find((h) => h.target === 'node')!;
    expect(node).toMatchObject({ resultId: parse.id, kind: 'parse', ref: 'text-0', page: 1 });
    // The block's whole range, in the UTF-16 offsets the Markdown panel marks.
    expect(markdown.slice(node.range!.start, node.range!.end)).toBe(
      'Invoice number: INV-4471\nInvoice date: 2026-03-14\nVendor: Acme Tools Ltd',
    );
    expect(marked(node)).toBe('Acme');
    const field = hits(answer).find((h) => h.target === 'field')!;
    expect(field).toMatchObject({ resultId: extraction.id, kind: 'extract', ref: 'vendor', page: 1 });
    expect(markdown.slice(field.range!.start, field.range!.end)).toBe('Acme Tools Ltd');
    // A field is found by its path's words too.
    expect(hits(await index.query('invoice number')).some((h) => h.target === 'field' && h.ref === 'invoice_number')).toBe(true);
    // Accents and case do not matter; a prefix of 3 letters finds the word; a typo in a long word too.
    expect(hits(await index.query('ÁCM')).length).toBeGreaterThan(0);
    expect(hits(await index.query('busines')).map((h) => h.ref)).toContain('text-1');
    expect(hits(await index.query('bussiness')).map((h) => h.ref)).toContain('text-1');
  });

  it('follows the workspace: a result added, saved again under its id, trashed and restored', async () => {
    const first = await invoice('first');
    const index = openIndex();
    await index.idle();
    const second = await invoice('second');
    await index.idle();
    expect((await index.query('acme')).groups.map((g) => g.documentName).sort()).toEqual(['first.pdf', 'second.pdf']);

    // Saved again under its id (a job's result fetched again): the new text replaces the old.
    const replaced = structuredClone(first.parse.response) as { markdown: string };
    replaced.markdown = replaced.markdown.replace('Acme Tools Ltd', 'Zenith Works Ltd');
    const { id, createdAt: _c, response: _r, ...info } = first.parse;
    await workspace.saveResult({ ...info, id, response: replaced });
    await index.idle();
    expect(hits(await index.query('zenith')).map((h) => h.resultId)).toEqual([id]);
    expect(
      hits(await index.query('acme'))
        .filter((h) => h.target === 'node')
        .map((h) => h.resultId),
    ).toEqual([second.parse.id]);

    // Trashed: never answered again, even before the index caught up.
    const entry = await workspace.trashDocument(second.document.id);
    expect((await index.query('acme')).groups.map((g) => g.documentName)).toEqual(['first.pdf']);
    await index.idle();
    expect(index.size).toBe(2 + 4); // first's two blocks and four fields; nothing of second's

    await workspace.restore(entry.id);
    await index.idle();
    expect((await index.query('acme')).groups.map((g) => g.documentName).sort()).toEqual(['first.pdf', 'second.pdf']);
  });

  it('never answers a hit of a result trashed since, even before the index has heard of it', async () => {
    const first = await invoice('first');
    await invoice('second');
    const index = openIndex(new CountingSource(), { told: false });
    await index.idle();
    expect((await index.query('acme')).groups).toHaveLength(2);
    await workspace.trashResult(first.parse.id);
    const answer = await index.query('acme');
    expect(answer.groups.map((g) => g.documentName)).toEqual(['second.pdf']);
    // The extraction made from it went with it.
    expect(hits(answer).every((h) => h.resultId !== first.parse.id && h.resultId !== first.extraction.id)).toBe(true);
  });

  it('is kept on disk and opened from it without reading the results again', async () => {
    await invoice('first');
    const index = openIndex();
    await index.idle();
    await index.close();
    const saved = JSON.parse(await readFile(index.path, 'utf8')) as { version: number; results: object };
    expect(saved.version).toBe(SEARCH_FORMAT_VERSION);
    expect(Object.keys(saved.results)).toHaveLength(2);

    const source = new CountingSource();
    const reopened = openIndex(source);
    await reopened.idle();
    expect(source.reads).toBe(0);
    expect(hits(await reopened.query('2026')).length).toBeGreaterThan(0);
  });

  it.each([
    ['not JSON', '{"version":1,"results":{'],
    ['of another version', JSON.stringify({ version: SEARCH_FORMAT_VERSION + 1, results: {}, index: {} })],
    ['whose index does not load', JSON.stringify({ version: SEARCH_FORMAT_VERSION, results: {}, index: { nonsense: true } })],
    ['whose list of results disagrees with its index', null],
  ])('builds the index again from the results when its file is %s', async (_, text) => {
    await invoice('first');
    const index = openIndex();
    await index.idle();
    await index.close();
    const saved = JSON.parse(await readFile(index.path, 'utf8')) as { results: object };
    await writeFile(index.path, text ?? JSON.stringify({ ...saved, results: {} }));

    const source = new CountingSource();
    const reopened = openIndex(source);
    await reopened.idle();
    // The parse's model; the extraction's response and its source's model.
    expect(source.reads).toBe(3);
    expect(hits(await reopened.query('acme')).length).toBe(2);
    await reopened.close();
    expect((JSON.parse(await readFile(index.path, 'utf8')) as { version: number }).version).toBe(SEARCH_FORMAT_VERSION);
  });

  it('a write under way when it closes is finished first: the index is on disk once close settles', async () => {
    await invoice('first');
    // The engine in process, so the test can close it just as its own delayed write has started.
    const engine = new SearchIndex(
      join(workspace.root, 'search', 'index.json'),
      {
        resultModel: (id) => workspace.resultModel(id),
        response: async (id) => JSON.parse(await readFile(workspace.resultResponsePath(id), 'utf8')) as unknown,
      },
      logger,
      { saveDelayMs: 0 },
    );
    await engine.start();
    engine.setListed(listedResults(await workspace.library()));
    await engine.idle();
    // The write waiting since the index was built starts (its timer was set first), then close comes.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await engine.close(3_000);
    // In the app the worker is ended right after: a write close did not wait for would be cut off.
    expect((JSON.parse(await readFile(engine.path, 'utf8')) as { version: number }).version).toBe(SEARCH_FORMAT_VERSION);
  });

  it('builds the index again when its file names units its index does not hold, instead of stopping at them on every pass', async () => {
    const { parse } = await invoice('first');
    const index = openIndex();
    await index.idle();
    await index.close();
    // Well formed and the counts agree, but the parse's units are listed under an id the index never held.
    const saved = JSON.parse(await readFile(index.path, 'utf8')) as { results: Record<string, unknown> };
    const results = Object.fromEntries(Object.entries(saved.results).map(([id, r]) => [id === parse.id ? 'ghost' : id, r]));
    await writeFile(index.path, JSON.stringify({ ...saved, results }));

    const reopened = openIndex();
    await reopened.idle();
    expect(hits(await reopened.query('acme')).length).toBe(2);
    await workspace.trashResult(parse.id);
    await reopened.idle();
    expect(hits(await reopened.query('acme')).map((h) => h.resultId)).not.toContain(parse.id);
  });

  it('answers nothing to an empty query, and refuses a long one in words', async () => {
    await invoice('first');
    const index = openIndex();
    await index.idle();
    expect(await index.query('   ')).toMatchObject({ groups: [], count: 0 });
    await expect(index.query('x'.repeat(201))).rejects.toMatchObject({ code: 'query_too_long' });
    // A limit cuts the hits and says so.
    const one = await index.query('invoice', 1);
    expect(one).toMatchObject({ count: 1, truncated: true });
  });

  it('recovers when its worker dies mid-use: the query under way is answered, and the index still follows the workspace', async () => {
    const first = await invoice('first');
    await invoice('second');
    const workers: HostedWorker[] = [];
    const index = openIndex(new CountingSource(), { onWorker: (w) => workers.push(w) });
    await index.idle();
    expect(workers).toHaveLength(1);
    // Asked, then the worker is ended before it can answer (as an out-of-memory or a crash would end it).
    const asked = index.query('acme');
    await workers[0]!.terminate();
    // Asked again of a new worker, which opens the file as last written and catches up: complete, or honest about what is pending.
    const answered = await asked;
    expect(workers).toHaveLength(2);
    expect(answered.pending > 0 || answered.groups.length === 2).toBe(true);
    await index.idle();
    expect((await index.query('acme')).groups.map((g) => g.documentName).sort()).toEqual(['first.pdf', 'second.pdf']);
    // The new worker follows the workspace: a trash is never answered, a restore is found again.
    const entry = await workspace.trashDocument(first.document.id);
    expect((await index.query('acme')).groups.map((g) => g.documentName)).toEqual(['second.pdf']);
    await workspace.restore(entry.id);
    await index.idle();
    expect((await index.query('acme')).groups.map((g) => g.documentName).sort()).toEqual(['first.pdf', 'second.pdf']);
    expect(index.size).toBe(2 * (2 + 4));
  });

  it('answers a query while it is still being built, from what is indexed, saying how many results are pending', async () => {
    await invoice('first');
    await invoice('second');
    // Every read of a result waits until the test lets it go: the build cannot finish before.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const source = new CountingSource();
    const slow: SearchSource = {
      library: source.library,
      // Every result reads a model (an extraction its source's, after its own response).
      resultModel: (id) => gate.then(() => source.resultModel(id)),
      resultResponsePath: source.resultResponsePath,
    };
    const index = openIndex(slow);
    await index.start();
    // Answered at once while the build waits, from what is indexed (nothing yet), saying all four results are pending.
    const early = await index.query('acme');
    expect(early).toMatchObject({ groups: [], count: 0, pending: 4 });
    release();
    await index.idle();
    const done = await index.query('acme');
    expect(done.groups.map((g) => g.documentName).sort()).toEqual(['first.pdf', 'second.pdf']);
    expect(done.pending).toBe(0);
  });
});

describe('SearchClient out of a crash loop', () => {
  it('does not blame the result it was reading when the whole parser host died (the engine crashed, or it was killed): read again, not skipped', async () => {
    const first = await invoice('first');
    await invoice('second');
    const workers: HostedWorker[] = [];
    const source = new CountingSource();
    // The host (every thread in it, the search worker too) is killed while the worker reads first's extraction.
    let kill = true;
    const killing: SearchSource = {
      library: source.library,
      resultModel: source.resultModel,
      resultResponsePath: (id) => {
        if (kill && id === first.extraction.id) {
          kill = false;
          void parserHost.stop();
        }
        return source.resultResponsePath(id);
      },
    };
    const index = openIndex(killing, { onWorker: (w) => workers.push(w) });
    await index.idle();
    expect(workers).toHaveLength(2);
    const answer = await index.query('acme');
    expect(answer.skipped).toBe(0);
    expect(hits(answer).map((h) => h.resultId)).toContain(first.extraction.id);
  });

  it('skips a result its worker died reading, says so in every answer, and reads it again once it is saved again', async () => {
    const first = await invoice('first');
    await invoice('second');
    const workers: HostedWorker[] = [];
    const source = new CountingSource();
    // The worker is ended whenever it reads first's extraction (as an out-of-memory on a huge response would end it).
    let poisoned = true;
    const killing: SearchSource = {
      library: source.library,
      resultModel: source.resultModel,
      resultResponsePath: (id) => {
        if (poisoned && id === first.extraction.id) void workers.at(-1)!.terminate();
        return source.resultResponsePath(id);
      },
    };
    const index = openIndex(killing, { onWorker: (w) => workers.push(w) });
    await index.idle();
    expect(workers).toHaveLength(2);
    const answer = await index.query('acme');
    expect(answer.skipped).toBe(1);
    expect(answer.groups.map((g) => g.documentName).sort()).toEqual(['first.pdf', 'second.pdf']);
    expect(hits(answer).map((h) => h.resultId)).not.toContain(first.extraction.id);

    // Saved again under its id: read again, and found.
    poisoned = false;
    const { id, createdAt: _c, ...again } = first.extraction;
    await workspace.saveResult({ ...again, id });
    await index.idle();
    const after = await index.query('acme');
    expect(after.skipped).toBe(0);
    expect(hits(after).map((h) => h.resultId)).toContain(first.extraction.id);
    expect(workers).toHaveLength(2);
  });

  it('sets aside an index file its worker keeps dying on while opening, and builds the index again', async () => {
    await invoice('first');
    const built = openIndex();
    await built.idle();
    await built.close();
    const file = await readFile(built.path, 'utf8');

    // The first two workers end while opening the file.
    const workers: HostedWorker[] = [];
    const source = new CountingSource();
    const index = openIndex(source, {
      onWorker: (w) => {
        workers.push(w);
        if (workers.length <= 2) void w.terminate();
      },
    });
    await index.idle();
    expect(workers).toHaveLength(3);
    expect(await readFile(join(workspace.root, 'search', 'index.set-aside.json'), 'utf8')).toBe(file);
    // Built again from the results (not opened from a file): the parse's model, the extraction's response and its source's model.
    expect(source.reads).toBe(3);
    expect(hits(await index.query('acme')).length).toBe(2);
  });

  it('stops starting workers after five deaths in a row, refusing search_unavailable until the workspace changes', async () => {
    await invoice('first');
    const workers: HostedWorker[] = [];
    let kill = true;
    const index = openIndex(new CountingSource(), {
      onWorker: (w) => {
        workers.push(w);
        if (kill) void w.terminate();
      },
    });
    const refused = { code: 'search_unavailable', hint: expect.stringContaining('next change to the workspace') as unknown };
    await expect(index.query('acme')).rejects.toMatchObject(refused);
    expect(workers).toHaveLength(5);
    // Refused at once from then on, with no new worker started.
    await expect(index.query('acme')).rejects.toMatchObject(refused);
    await expect(index.idle()).rejects.toMatchObject(refused);
    expect(workers).toHaveLength(5);

    kill = false;
    await invoice('second');
    await index.idle();
    expect(workers).toHaveLength(6);
    expect((await index.query('acme')).groups).toHaveLength(2);
  });

  it('writes what a long build has indexed so far, not only at its end', async () => {
    const first = await invoice('first');
    await invoice('second');
    // The first document's parse (listed last) never finishes reading: the build cannot end.
    const source = new CountingSource();
    const stuck: SearchSource = {
      library: source.library,
      resultModel: (id) => (id === first.parse.id ? new Promise<never>(() => undefined) : source.resultModel(id)),
      resultResponsePath: source.resultResponsePath,
    };
    const index = new SearchClient(workspace.root, stuck, logger, { saveDelayMs: 10, progressSaveMs: 0 });
    deaf.push(index);
    await index.start();
    await vi.waitFor(
      async () => {
        const saved = JSON.parse(await readFile(index.path, 'utf8')) as { results: object };
        expect(Object.keys(saved.results).length).toBeGreaterThanOrEqual(1);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
