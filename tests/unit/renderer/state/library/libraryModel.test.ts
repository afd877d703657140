import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../../../shared/jobs.js';
import type { LibraryEntry } from '../../../../../shared/library.js';
import type { ResultInfo } from '../../../../../shared/result.js';
import {
  daysLeft,
  documentDeleteMessage,
  filterLibrary,
  groupResults,
  newsBadge,
  resultDeleteMessage,
  withJobNews,
} from '../../../../../renderer/state/library/libraryModel.js';
import { jobRecord } from '../../../../support/jobRecord.js';

function result(id: string, createdAt: string, over: Partial<ResultInfo> = {}): ResultInfo {
  return {
    id,
    documentId: 'd',
    kind: 'parse',
    engine: 'local',
    createdAt,
    modelVersion: null,
    pageCount: 1,
    credits: 0,
    partial: false,
    ...over,
  };
}

function entry(name: string, results: ResultInfo[] = []): LibraryEntry {
  return { document: { id: name, name, mime: 'application/pdf', size: 1, addedAt: '2024-01-01T00:00:00Z', pageCount: 4 }, results };
}

const job = (over: Partial<JobRecord>): JobRecord => jobRecord('j1', { documentId: 'other', status: 'processing', ...over });

describe('the library model', () => {
  it('groups results per kind and engine, the latest first and the earlier ones folded, the newest group first', () => {
    const groups = groupResults([
      result('p3', '2024-01-03'),
      result('c1', '2024-01-04', { engine: 'parse' }),
      result('p1', '2024-01-01'),
      result('p2', '2024-01-02'),
    ]);
    expect(groups.map((g) => [g.latest.id, g.earlier.map((r) => r.id)])).toEqual([
      ['c1', []],
      ['p3', ['p2', 'p1']],
    ]);
  });

  it('filters by name, ignoring case and accents', () => {
    const library = [entry('Résumé 2024.pdf'), entry('invoice.pdf')];
    expect(filterLibrary(library, ' RESUME ').map((e) => e.document.name)).toEqual(['Résumé 2024.pdf']);
    expect(filterLibrary(library, '')).toHaveLength(2);
  });

  it('says exactly what goes to the trash', () => {
    const parse = result('p', '2024-01-01');
    const results = [
      parse,
      result('x1', '2024-01-02', { kind: 'extract', sourceResultId: 'p' }),
      result('x2', '2024-01-03', { kind: 'extract', sourceResultId: 'p' }),
    ];
    expect(documentDeleteMessage(entry('report.pdf', results))).toBe(
      'report.pdf and its 3 results go to the trash; restorable for 30 days.',
    );
    expect(documentDeleteMessage(entry('empty.pdf'))).toBe('empty.pdf goes to the trash; restorable for 30 days.');
    expect(documentDeleteMessage(entry('empty.pdf'), true)).toBe(
      'empty.pdf goes to the trash; restorable for 30 days. A run is under way on it: deleting cancels the run, and its result is not kept (a cloud service may still charge for it).',
    );
    expect(resultDeleteMessage(parse, results)).toMatch(
      /^This parse result \(local, .*\) and its 2 extractions go to the trash; restorable for 30 days\.$/,
    );
    expect(resultDeleteMessage(results[1]!, results)).toMatch(/goes to the trash/);
  });

  it('counts the days a trash entry has left', () => {
    const trashedAt = '2024-01-01T00:00:00Z';
    expect(daysLeft({ trashedAt }, Date.parse(trashedAt))).toBe(30);
    expect(daysLeft({ trashedAt }, Date.parse('2024-01-30T12:00:00Z'))).toBe(1);
    expect(daysLeft({ trashedAt }, Date.parse('2024-03-01T00:00:00Z'))).toBe(0);
  });

  it('makes news of jobs on other documents that stored a result or failed, once per job', () => {
    let news = withJobNews({}, job({ status: 'processing' }), 'open');
    expect(newsBadge(news, 'other')).toBeNull();
    news = withJobNews(news, job({ status: 'completed', resultId: 'r1' }), 'open');
    const same = withJobNews(news, job({ status: 'completed', resultId: 'r1' }), 'open');
    expect(same).toBe(news);
    news = withJobNews(news, job({ jobId: 'j2', status: 'failed' }), 'open');
    expect(newsBadge(news, 'other')).toEqual({ count: 2, failed: true });
    // The open document's own jobs are not news.
    expect(withJobNews({}, job({ documentId: 'open', resultId: 'r' }), 'open')).toEqual({});
    expect(newsBadge(withJobNews({}, job({ problem: { code: 'key_deleted', message: 'x' } }), null), 'other')).toEqual({
      count: 1,
      failed: true,
    });
  });
});
