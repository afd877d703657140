import { access, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../electron/core/log.js';
import { ModelBuilder } from '../../../../electron/workspace/modelBuilder.js';
import { MODEL_HEADER_BYTES, modelFileBytes, modelPayload } from '../../../../electron/workspace/modelFile.js';
import { Workspace } from '../../../../electron/workspace/workspace.js';
import type { ParseResponse } from '../../../../shared/contracts/v2Parse.js';
import { decodeModel, MODEL_FORMAT_VERSION } from '../../../../shared/grounding/modelBytes.js';
import type { ParseModel } from '../../../../shared/grounding/parseModel.js';
import { modelOfResult } from '../../../../shared/grounding/resultModel.js';
import type { DocumentInfo } from '../../../../shared/document.js';
import type { StoredResult } from '../../../../shared/result.js';
import { wholeMarkdown } from '../../../support/compareModels.js';
import { parsedPage, parseOfPages } from '../../../support/onePageParse.js';
import { removeWorkspaceDir } from '../../../support/workspaceDir.js';

/** Counts the builds the cache asks for: a model read from its file is no build. */
class CountingBuilder extends ModelBuilder {
  builds = 0;
  override build(...args: Parameters<ModelBuilder['build']>): Promise<Uint8Array> {
    this.builds++;
    return super.build(...args);
  }
}

let dir: string;
let builder: CountingBuilder;
let workspace: Workspace;
let document: DocumentInfo;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'groundwork-models-'));
  builder = new CountingBuilder({ idleMs: 10 });
  workspace = new Workspace(dir, createLogger(null, { console: false }), () => undefined, builder);
  const pdf = await PDFDocument.create();
  pdf.addPage();
  pdf.addPage();
  document = await workspace.addDocument('two.pdf', await pdf.save());
});
afterEach(async () => {
  await removeWorkspaceDir(dir, workspace);
  await builder.close();
});

const g = (page: number, start: number, end: number) => ({
  page,
  range: { start, end },
  box: { xmin: 0.1, ymin: 0.1 * page, xmax: 0.6, ymax: 0.1 * page + 0.05 },
});
function parse(title: string): ParseResponse {
  const markdown = `# ${title}\n\nTotal: 12`;
  return parseOfPages(markdown, { page_count: 2, failed_pages: [] }, [
    parsedPage(g(1, 0, markdown.length), [{ id: 'heading-0', type: 'heading', grounding: g(1, 0, title.length + 2) }]),
    parsedPage(g(2, 0, markdown.length), [{ id: 'text-0', type: 'text', grounding: g(2, title.length + 4, markdown.length) }]),
  ]);
}

const save = (response: unknown, kind: StoredResult['kind'] = 'parse', extra: Partial<StoredResult> = {}) =>
  workspace.saveResult({
    documentId: document.id,
    kind,
    engine: 'local',
    modelVersion: null,
    pageCount: 2,
    credits: 0,
    partial: false,
    response,
    ...extra,
  });
const cacheFile = (id: string) => workspace.models.path(id);
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );
const cached = (id: string) => vi.waitFor(async () => expect(await exists(cacheFile(id))).toBe(true));

/** What the panels read of a model: the same for a model from bytes and one built from the response. */
function shape(model: ParseModel) {
  return { markdown: wholeMarkdown(model), order: model.order, pages: model.pages, nodes: model.order.map((id) => model.nodes.get(id)) };
}

describe('the result model cache', () => {
  it('is built at save, off the event loop, and opens as the model the response gives', async () => {
    const response = parse('Invoice');
    const stored = await save(response);
    await cached(stored.id);
    const { result, model } = await workspace.resultModel(stored.id);
    expect(result).toMatchObject({ id: stored.id, kind: 'parse', documentId: document.id });
    expect(shape(decodeModel(model))).toEqual(shape(modelOfResult({ kind: 'parse', response })));
    // Read from its file: built once, at save.
    expect(builder.builds).toBe(1);
    // The worker is ended once idle, its memory given back.
    await vi.waitFor(() => expect(builder.alive).toBe(false));
  });

  it('one build per result: opens during the build at save share it', async () => {
    const stored = await save(parse('Shared'));
    const [a, b] = await Promise.all([workspace.resultModel(stored.id), workspace.resultModel(stored.id)]);
    expect(Array.from(a.model)).toEqual(Array.from(b.model));
    await cached(stored.id);
    await workspace.resultModel(stored.id);
    expect(builder.builds).toBe(1);
  });

  it.each([
    ['damaged', (file: Uint8Array) => (((file[file.length - 3] as number) ^= 0xff), file)],
    ['cut short', (file: Uint8Array) => file.subarray(0, file.length - 10)],
    ['of another format version', (file: Uint8Array) => modelFileBytes(file.subarray(MODEL_HEADER_BYTES), MODEL_FORMAT_VERSION + 1)],
    ['not a model at all', () => new TextEncoder().encode('{"hello": "world"}')],
  ])('a cache file %s is rebuilt, never handed on', async (_label, spoil) => {
    const response = parse('Spoiled');
    const stored = await save(response);
    await cached(stored.id);
    await writeFile(cacheFile(stored.id), spoil(new Uint8Array(await readFile(cacheFile(stored.id)))));
    const { model } = await workspace.resultModel(stored.id);
    expect(shape(decodeModel(model))).toEqual(shape(modelOfResult({ kind: 'parse', response })));
    expect(builder.builds).toBe(2);
    // Written again, whole.
    await vi.waitFor(async () => expect(await modelPayload(new Uint8Array(await readFile(cacheFile(stored.id))))).not.toBeNull());
  });

  it('a missing cache is built on demand and written', async () => {
    const stored = await save(parse('Missing'));
    await cached(stored.id);
    await rm(cacheFile(stored.id));
    await workspace.resultModel(stored.id);
    expect(builder.builds).toBe(2);
    await cached(stored.id);
  });

  it('rebuild ignores a cache file that reads but that the window could not use', async () => {
    const stored = await save(parse('Rebuilt'));
    await cached(stored.id);
    await workspace.resultModel(stored.id, { rebuild: true });
    expect(builder.builds).toBe(2);
  });

  it('goes with its result to the trash, is never listed, and is built again after a restore', async () => {
    const stored = await save(parse('Trashed'));
    await cached(stored.id);
    expect((await workspace.library())[0]?.results.map((r) => r.id)).toEqual([stored.id]);
    const entry = await workspace.trashResult(stored.id);
    expect(await exists(cacheFile(stored.id))).toBe(false);
    // Derived data is not kept in the trash either.
    const trashed = await readdir(join(dir, 'workspace', 'trash', entry.id, 'results'));
    expect(trashed.sort()).toEqual([`${stored.id}.info.json`, `${stored.id}.json`]);
    await expect(workspace.resultModel(stored.id)).rejects.toMatchObject({ code: 'result_not_found' });
    await workspace.restore(entry.id);
    await cached(stored.id);
    expect(builder.builds).toBe(2);
  });

  it('a build still under way when its result is trashed leaves no cache file behind', async () => {
    const stored = await save(parse('Raced'));
    // Its failure (result_not_found, once the file is in the trash) may come before the trash is done: caught from the start.
    const building = workspace.resultModel(stored.id).catch(() => undefined);
    await workspace.trashResult(stored.id);
    await building;
    await vi.waitFor(() => expect(builder.alive).toBe(false));
    expect(await readdir(join(dir, 'workspace', 'results'))).toEqual([]);
  });

  it('a result saved again under its id gets the new model', async () => {
    const stored = await save(parse('First'));
    await cached(stored.id);
    await save(parse('Second'), 'parse', { id: stored.id });
    await vi.waitFor(async () => expect(wholeMarkdown(decodeModel((await workspace.resultModel(stored.id)).model))).toContain('Second'));
  });

  it('a result saved again while its first model is still being built opens with the new one, and caches it', async () => {
    const stored = await save(parse('First'));
    // No wait: the background build of "First" is under way when the result is replaced.
    await save(parse('Second'), 'parse', { id: stored.id });
    expect(wholeMarkdown(decodeModel((await workspace.resultModel(stored.id)).model))).toContain('Second');
    await workspace.models.idle();
    expect(wholeMarkdown(decodeModel((await workspace.resultModel(stored.id)).model))).toContain('Second');
  });

  it('an unreadable result answers unreadable_result, as the window said when it built the model itself, and caches nothing', async () => {
    const shapeless = await save({ markdown: 42 });
    await expect(workspace.resultModel(shapeless.id)).rejects.toMatchObject({ code: 'unreadable_result' });
    const notJson = await save(parse('Soon broken'));
    await cached(notJson.id);
    await rm(cacheFile(notJson.id));
    await writeFile(join(dir, 'workspace', 'results', `${notJson.id}.json`), '{"markdown": "cut sho');
    await expect(workspace.resultModel(notJson.id)).rejects.toMatchObject({ code: 'unreadable_result' });
    expect(await exists(cacheFile(shapeless.id))).toBe(false);
    expect(await exists(cacheFile(notJson.id))).toBe(false);
  });

  it('builds the analyzer result model too; an extraction has none of its own', async () => {
    const analyzer = await save(
      {
        data: {
          markdown: 'Total: 12',
          chunks: [
            { chunk_id: 'c1', chunk_type: 'text', text: 'Total: 12', grounding: [{ page: 0, box: { l: 0.1, t: 0.1, r: 0.5, b: 0.2 } }] },
          ],
        },
      },
      'analyzer',
    );
    const { model } = await workspace.resultModel(analyzer.id);
    expect(wholeMarkdown(decodeModel(model))).toBe('Total: 12');
    const parsed = await save(parse('Source'));
    const extraction = await save({ extraction: {}, extraction_metadata: {}, metadata: {} }, 'extract', { sourceResultId: parsed.id });
    await expect(workspace.resultModel(extraction.id)).rejects.toMatchObject({ code: 'not_a_parse_result' });
  });
});

describe('the results:model answer', () => {
  it('is capped: a model past the cap is refused result_too_large, built or cached', async () => {
    const { ModelCache } = await import('../../../../electron/workspace/modelCache.js');
    const stored = await save(parse('A model of a few hundred bytes'));
    await cached(stored.id);
    const size = (await workspace.resultModel(stored.id)).model.length;
    const small = new ModelCache(
      join(dir, 'workspace', 'models'),
      join(dir, 'workspace', 'results'),
      builder,
      async () => undefined,
      createLogger(null, { console: false }),
      size - 1,
    );
    await expect(small.model(stored.id, 'parse')).rejects.toMatchObject({ code: 'result_too_large' });
    await expect(small.model(stored.id, 'parse', { rebuild: true })).rejects.toMatchObject({ code: 'result_too_large' });
  });
});
