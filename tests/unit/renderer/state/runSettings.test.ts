import { beforeEach, describe, expect, it } from 'vitest';
import { analyzerOptionsFrom, parseOptionsFrom, useRunSettings, type RunSettings } from '../../../../renderer/state/runSettings.js';
import { AppError } from '../../../../shared/errors.js';

// The engine options store and the requests made from it: only what differs from the
// service's defaults is sent (v2.parse.options.known-keys), the analyzer counts pages from 0,
// and an option that does not parse is an AppError naming its field, before anything is sent.
const defaults = useRunSettings.getState();
const settings = (patch: Partial<RunSettings> = {}): RunSettings => ({ ...useRunSettings.getState(), ...patch });

/** The AppError `make` throws. */
function refusal(make: () => unknown): AppError {
  try {
    make();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('nothing was refused');
}

beforeEach(() => {
  useRunSettings.setState(defaults, true);
});

describe('engine settings store', () => {
  it('a change sets only what it names', () => {
    useRunSettings.getState().set({ pages: '2', parseMode: 'job' });
    expect(useRunSettings.getState()).toMatchObject({ pages: '2', parseMode: 'job', model: defaults.model, atomicGrounding: true });
  });
});

describe('v2 parse options', () => {
  it('the defaults send no options', () => {
    expect(parseOptionsFrom(settings())).toEqual({});
  });

  it('send the pages typed, grounding turned off, inline Markdown and per-block Markdown', () => {
    const options = parseOptionsFrom(
      settings({ pages: '5, 1-3', atomicGrounding: false, inlineMarkdown: true, blocksMarkdown: '{"table": "html"}' }),
    );
    expect(options).toEqual({
      pages: [1, 2, 3, 5],
      atomic_grounding: false,
      inline_markdown: true,
      blocks: { table: { markdown: 'html' } },
    });
  });

  it('pages or per-block Markdown that do not parse are refused on their field', () => {
    expect(refusal(() => parseOptionsFrom(settings({ pages: '3-1' })))).toMatchObject({
      code: 'invalid_option',
      fields: { pages: expect.stringContaining('backwards') },
    });
    expect(refusal(() => parseOptionsFrom(settings({ blocksMarkdown: '{table' })))).toMatchObject({
      fields: { blocksMarkdown: expect.stringContaining('JSON') },
    });
    expect(refusal(() => parseOptionsFrom(settings({ blocksMarkdown: '["html"]' })))).toMatchObject({
      fields: { blocksMarkdown: expect.stringContaining('object') },
    });
  });
});

describe('analyzer options', () => {
  it('count pages from 0 and send the switches as set', () => {
    expect(analyzerOptionsFrom(settings({ pages: '1, 3', rotationDetection: true }))).toEqual({
      pages: [0, 2],
      include_marginalia: true,
      include_metadata_in_markdown: true,
      enable_rotation_detection: true,
    });
  });

  it('send the Fields schema only when extracting with the analyzer, and refuse one that is no JSON object', () => {
    const schema = '{"type": "object"}';
    expect(analyzerOptionsFrom(settings({ fieldsSchema: schema }))).not.toHaveProperty('fields_schema');
    expect(analyzerOptionsFrom(settings({ fieldsSchema: schema, analyzerExtract: true })).fields_schema).toEqual({ type: 'object' });
    expect(analyzerOptionsFrom(settings({ fieldsSchema: '{', analyzerExtract: false }))).not.toHaveProperty('fields_schema');
    expect(refusal(() => analyzerOptionsFrom(settings({ fieldsSchema: '{', analyzerExtract: true })))).toMatchObject({
      fields: { fieldsSchema: expect.stringContaining('not valid JSON') },
    });
    expect(refusal(() => analyzerOptionsFrom(settings({ fieldsSchema: '[]', analyzerExtract: true })))).toMatchObject({
      fields: { fieldsSchema: expect.stringContaining('JSON object') },
    });
  });
});
