import { describe, expect, it } from 'vitest';
import { KEYS, pdf, useEmulator } from '../../support/emulatorHarness.js';
import { call } from './emulatorCalls.js';

// v1.errors.validation, analyzer.errors.shape: `loc` is FastAPI's — where the problem was
// (`body`, `query`, `path`) and then field names as strings; only a list index is an integer.

const holder = useEmulator();
const v1 = (method: string, path: string, json?: unknown) => call(holder.emulator, method, path, { json, headers: { apikey: KEYS.v1 } });
type Loc = (string | number)[];
const locs = (answer: Awaited<ReturnType<typeof call>>): Loc[] => {
  expect(answer.status).toBe(422);
  return (answer.json.detail as { loc: Loc }[]).map((item) => item.loc);
};

describe('v1 and analyzer validation errors', () => {
  it('name the place as FastAPI does: strings for places and fields, integers only for list indexes', async () => {
    const id = ((await v1('POST', '/v1/projects', { name: 'loc' })).json.data as { id: number }).id;
    const analyzerForm = new FormData();
    analyzerForm.set('pdf', new Blob([await pdf(1)]), 'a.pdf');
    analyzerForm.set('include_marginalia', 'maybe');
    const seen: Record<string, Loc[]> = {
      name: locs(await v1('POST', '/v1/projects', {})),
      timeout: locs(await v1('POST', `/v1/projects/${id}/tags?timeout=soon`, { name: 'a' })),
      projectId: locs(await v1('POST', '/v1/projects/first/tags', { name: 'a' })),
      choice: locs(await v1('POST', `/v1/projects/${id}/metadata`, { name: 'size', predefinedChoices: ['s', 2] })),
      flip: locs(
        await v1('POST', `/v1/projects/${id}/train`, {
          model: { architecture: 'x' },
          transforms: { augmentations: [{ horizontalFlip: { p: 2 } }] },
        }),
      ),
      analyzer: locs(
        await call(holder.emulator, 'POST', '/v1/tools/agentic-document-analysis', { key: KEYS.analyzer, form: analyzerForm }),
      ),
    };
    expect(seen.name).toEqual([['body', 'name']]);
    expect(seen.timeout).toEqual([['query', 'timeout']]);
    expect(seen.projectId).toEqual([['path', 'project_id']]);
    expect(seen.choice).toEqual([['body', 'predefinedChoices', 1]]);
    expect(seen.flip).toContainEqual(['body', 'transforms', 'augmentations', 0, 'horizontalFlip', 'p']);
    expect(seen.analyzer).toEqual([['body', 'include_marginalia']]);
    for (const loc of Object.values(seen).flat()) {
      expect(['body', 'query', 'path']).toContain(loc[0]);
      // An integer follows a list's name; everything else is text.
      loc.forEach((part, i) => expect(typeof part === 'string' || (Number.isInteger(part) && i > 1)).toBe(true));
    }
  });
});
