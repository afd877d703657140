import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ParseOptions, ParseResponse } from '../../../../shared/contracts/v2Parse.js';
import { AppError } from '../../../../shared/errors.js';
import { failedPagesOf, mergeRerunPages } from '../../../../shared/grounding/mergePages.js';
import { buildParseModel, sliceMarkdown, type ParseModel } from '../../../../shared/grounding/parseModel.js';
import { deterministicParseBuilder } from '../../../emulator/parseResult/deterministicBuilder.js';
import { finalizeParseResponse } from '../../../emulator/parseResult/finalizeParseResponse.js';

let pdf: Uint8Array;

beforeAll(async () => {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 5; i++) doc.addPage([400, 500]);
  pdf = await doc.save();
});

/** An answer as the emulator's service writes one: real ids, code-point ranges (an emoji and an astral letter per page), word-level atomic grounding, `span`. */
async function answer(options: ParseOptions, failedPages: number[]): Promise<ParseResponse> {
  const built = await deterministicParseBuilder(pdf, 'five.pdf', options);
  return finalizeParseResponse(built, {
    options,
    failedPages,
    jobId: 'parse-test',
    model: 'dpt-3-verity-latest',
    filename: 'five.pdf',
    durationMs: 1,
    baseUrl: 'http://127.0.0.1',
  });
}

/** The text under each of a model's node ranges and atom ranges, with boxes, keyed by a name that survives renumbering. */
function texts(model: ParseModel, id: string) {
  const node = model.nodes.get(id)!;
  return {
    text: node.range ? sliceMarkdown(model, node.range) : null,
    box: node.box,
    page: node.page,
    atoms: node.atomic.map((a) => ({ text: a.range ? sliceMarkdown(model, a.range) : null, box: a.box })),
  };
}

describe('mergeRerunPages', () => {
  it('replaces failed pages with the re-run pages and keeps every range exact', async () => {
    const original = await answer({}, [2, 4]);
    const rerun = await answer({ pages: [2, 4] }, []);
    expect(failedPagesOf(original)).toEqual([2, 4]);
    const merged = mergeRerunPages(original, rerun, [2, 4]);

    expect(merged.stillFailed).toEqual([]);
    expect(merged.response.metadata.failed_pages).toEqual([]);
    expect(merged.response.metadata.page_count).toBe(5);
    expect(merged.response.metadata.output_markdown_chars).toBe(Array.from(merged.response.markdown).length);
    expect(merged.response.metadata.billing?.total_credits).toBe(3 * 3 + 2 * 3);

    const model = buildParseModel(merged.response);
    const sources = { original: buildParseModel(original), rerun: buildParseModel(rerun) };
    expect(model.failedPages).toEqual([]);
    let fromRerun = 0;
    let atoms = 0;
    for (const [id, source] of merged.origin) {
      const got = texts(model, id);
      const want = texts(sources[source.from], source.id);
      expect(got, id).toEqual(want);
      expect(got.text).not.toBe(null);
      if (source.from === 'rerun') fromRerun++;
      atoms += got.atoms.length;
    }
    expect(fromRerun).toBeGreaterThan(4);
    expect(atoms).toBeGreaterThan(20);
    // Every page's text is its source's page text; the re-run pages sit in their document place.
    const pageTexts = (m: ParseModel) => new Map(m.pages.map((p) => [p.page, sliceMarkdown(m, m.nodes.get(p.nodeId)!.range!)]));
    const merged5 = pageTexts(model);
    expect([...merged5.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect(merged5.get(2)).toBe(pageTexts(sources.rerun).get(2));
    expect(merged5.get(3)).toBe(pageTexts(sources.original).get(3));
    expect(merged5.get(5)).toBe(pageTexts(sources.original).get(5));
    // span follows the range.
    const walkSpans = (node: ParseResponse['structure']): void => {
      if (node.grounding && Array.isArray(node.span)) expect(node.span).toEqual([node.grounding.range.start, node.grounding.range.end]);
      node.children?.forEach(walkSpans);
    };
    walkSpans(merged.response.structure);
  });

  it('renumbers ids per type so none collide', async () => {
    const original = await answer({}, [2, 4]);
    const rerun = await answer({ pages: [2, 4] }, []);
    // Both answers number from 0: the re-run's text-0 is the original's text-0 again.
    const ids = (r: ParseResponse) => {
      const out: string[] = [];
      const walk = (n: ParseResponse['structure']) => {
        if (n.id) out.push(n.id);
        n.children?.forEach(walk);
      };
      walk(r.structure);
      return out;
    };
    expect(ids(rerun).some((id) => ids(original).includes(id))).toBe(true);
    const merged = ids(mergeRerunPages(original, rerun, [2, 4]).response);
    expect(new Set(merged).size).toBe(merged.length);
    expect(merged.filter((id) => id.startsWith('text-'))).toEqual(merged.filter((id) => id.startsWith('text-')).map((_, i) => `text-${i}`));
  });

  it('keeps pages that failed again, and pages not re-run, failed', async () => {
    const original = await answer({}, [2, 3, 4]);
    const rerun = await answer({ pages: [2, 4] }, [4]);
    const merged = mergeRerunPages(original, rerun, [2, 4]);
    expect(merged.stillFailed).toEqual([3, 4]);
    expect(merged.response.metadata.failed_pages).toEqual([3, 4]);
    const model = buildParseModel(merged.response);
    expect(model.failedPages).toEqual([3, 4]);
    expect(model.pages.filter((p) => p.failed).map((p) => p.page)).toEqual([3, 4]);
    for (const [id, source] of merged.origin) {
      const sourceModel = buildParseModel(source.from === 'rerun' ? rerun : original);
      expect(texts(model, id), id).toEqual(texts(sourceModel, source.id));
    }
  });

  it('refuses a re-run answer for other pages than asked', async () => {
    const original = await answer({}, [2, 4]);
    const rerun = await answer({ pages: [2, 3] }, []);
    const attempt = () => mergeRerunPages(original, rerun, [2, 4]);
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow('The re-run was asked for pages 2, 4 but answered pages 2, 3.');
    // Pages numbered by their place in the request (1, 2) instead of the document are refused the same way.
    const positional = structuredClone(rerun);
    positional.structure.children!.forEach((page, i) => (page.page = i + 1));
    try {
      mergeRerunPages(original, positional, [2, 4]);
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).code).toBe('rerun_mismatch');
      expect((error as AppError).message).toContain('answered pages 1, 2');
    }
  });

  it('refuses pages the original does not have', async () => {
    const original = await answer({ pages: [1, 2, 3] }, [2]);
    const rerun = await answer({ pages: [5] }, []);
    expect(() => mergeRerunPages(original, rerun, [5])).toThrow('Page 5 is not in the original result');
  });
});
