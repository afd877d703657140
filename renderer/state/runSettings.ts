import { create } from 'zustand';
import { parsePageList } from '../../shared/pageList.js';
import { AppError } from '../../shared/errors.js';
import type { ServiceTier } from '../../shared/jobs.js';

export const MODEL_CHOICES = ['dpt-3-pro', 'dpt-3-pro-latest', 'dpt-3-verity', 'dpt-3-verity-latest'] as const;
/** Extract models offered by name; newer dated snapshots can be typed. */
export const EXTRACT_MODEL_CHOICES = ['extract-latest', 'extract-20251024', 'extract-20250930'] as const;

/** The key kinds a run can be made with: v2 for parse and extract, the older analyzer's own. */
export type RunKeyKind = 'v2' | 'analyzer';

/** What the user set for each engine; turned into a validated request when a run starts. */
export interface RunSettings {
  /** The key chosen for each kind ('' = the first enabled one): a v2 key is never sent to the analyzer, nor the reverse. */
  keyIds: Record<RunKeyKind, string>;
  /** A family, a `-latest` alias, or a typed dated snapshot; empty means the service default. */
  model: string;
  pages: string;
  atomicGrounding: boolean;
  inlineMarkdown: boolean;
  /** `{"table": "html"}`: per-block-type Markdown, as JSON. */
  blocksMarkdown: string;
  includeMarginalia: boolean;
  includeMetadataInMarkdown: boolean;
  rotationDetection: boolean;
  /** Cloud parse: decide by size (auto), or always sync / always as a job. */
  parseMode: 'auto' | 'sync' | 'job';
  serviceTier: ServiceTier;
  /** Jobs only: a presigned URL the service delivers the result to. */
  outputSaveUrl: string;
  /** Cloud parse of a document added from a web address: send that address (`document_url`) instead of the bytes. */
  sendDocumentUrl: boolean;
  /** Cloud extract: a `-latest` alias, or a named or typed dated snapshot; empty sends no model (the service default). */
  extractModel: string;
  /** Extract jobs only: a presigned URL the service delivers the result to. */
  extractOutputSaveUrl: string;
  /** The JSON Schema of the Fields panel, which the older analyzer can also extract with. */
  fieldsSchema: string;
  analyzerExtract: boolean;
  set(patch: Partial<Omit<RunSettings, 'set'>>): void;
}

const DEFAULT_FIELDS_SCHEMA = JSON.stringify(
  {
    type: 'object',
    properties: {
      invoice_number: { type: 'string', description: 'Invoice number' },
      date: { type: 'string', description: 'Invoice date' },
      due_date: { type: 'string', description: 'Due date' },
      total: { type: 'string', description: 'Total amount due' },
    },
  },
  null,
  2,
);

export const useRunSettings = create<RunSettings>((set) => ({
  keyIds: { v2: '', analyzer: '' },
  model: 'dpt-3-pro',
  pages: '',
  atomicGrounding: true,
  inlineMarkdown: false,
  blocksMarkdown: '',
  includeMarginalia: true,
  includeMetadataInMarkdown: true,
  rotationDetection: false,
  parseMode: 'auto',
  serviceTier: 'standard',
  outputSaveUrl: '',
  sendDocumentUrl: false,
  extractModel: '',
  extractOutputSaveUrl: '',
  fieldsSchema: DEFAULT_FIELDS_SCHEMA,
  analyzerExtract: false,
  set: (patch) => set(patch),
}));

/**
 * The chosen keys that are still there and enabled; one since deleted or turned off counts as
 * no choice (its picker shows "first enabled", and a run must not send an id main refuses).
 */
export function keyIdsStillUsable(keyIds: RunSettings['keyIds'], keys: readonly { id: string; enabled: boolean }[]): RunSettings['keyIds'] {
  const usable = (id: string) => (id && keys.some((k) => k.id === id && k.enabled) ? id : '');
  return { v2: usable(keyIds.v2), analyzer: usable(keyIds.analyzer) };
}

/** `{ keyId }` of the key chosen for `kind`, or nothing (main then takes the first enabled key of that kind). */
export function chosenKey(kind: RunKeyKind, settings: Pick<RunSettings, 'keyIds'> = useRunSettings.getState()): { keyId?: string } {
  const keyId = settings.keyIds[kind];
  return keyId ? { keyId } : {};
}

/** `{ model }` for a cloud extraction, or nothing: the service picks its default. */
export function extractModelOf(settings: Pick<RunSettings, 'extractModel'> = useRunSettings.getState()): { model?: string } {
  const model = settings.extractModel.trim();
  return model ? { model } : {};
}

function invalid(field: string, message: string): AppError {
  return new AppError({
    code: 'invalid_option',
    message,
    hint: 'Fix the option and run again; nothing was sent.',
    fields: { [field]: message },
  });
}

function pagesOf(settings: RunSettings): number[] | undefined {
  const parsed = parsePageList(settings.pages);
  if ('error' in parsed) throw invalid('pages', parsed.error);
  return parsed.pages.length > 0 ? parsed.pages : undefined;
}

/** The v2 parse options object (v2.parse.options.known-keys) from the settings. */
export function parseOptionsFrom(settings: RunSettings): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  const pages = pagesOf(settings);
  if (pages) options.pages = pages;
  if (!settings.atomicGrounding) options.atomic_grounding = false;
  if (settings.inlineMarkdown) options.inline_markdown = true;
  if (settings.blocksMarkdown.trim()) {
    let perType: unknown;
    try {
      perType = JSON.parse(settings.blocksMarkdown);
    } catch {
      throw invalid('blocksMarkdown', 'Per-block Markdown must be JSON, e.g. {"table": "html"}.');
    }
    if (typeof perType !== 'object' || perType === null || Array.isArray(perType)) {
      throw invalid('blocksMarkdown', 'Per-block Markdown must be an object of block type → setting.');
    }
    options.blocks = Object.fromEntries(Object.entries(perType).map(([type, markdown]) => [type, { markdown }]));
  }
  return options;
}

/** The older analyzer's options; it counts pages from 0, people count from 1. */
export function analyzerOptionsFrom(settings: RunSettings): {
  pages?: number[];
  include_marginalia: boolean;
  include_metadata_in_markdown: boolean;
  enable_rotation_detection: boolean;
  fields_schema?: Record<string, unknown>;
} {
  const pages = pagesOf(settings);
  let fieldsSchema: unknown;
  if (settings.analyzerExtract) {
    try {
      fieldsSchema = JSON.parse(settings.fieldsSchema);
    } catch {
      throw invalid('fieldsSchema', 'The Fields schema is not valid JSON; fix it in the Fields panel.');
    }
    if (typeof fieldsSchema !== 'object' || fieldsSchema === null || Array.isArray(fieldsSchema)) {
      throw invalid('fieldsSchema', 'The Fields schema must be a JSON object.');
    }
  }
  return {
    ...(pages ? { pages: pages.map((p) => p - 1) } : {}),
    ...(fieldsSchema ? { fields_schema: fieldsSchema as Record<string, unknown> } : {}),
    include_marginalia: settings.includeMarginalia,
    include_metadata_in_markdown: settings.includeMetadataInMarkdown,
    enable_rotation_detection: settings.rotationDetection,
  };
}
