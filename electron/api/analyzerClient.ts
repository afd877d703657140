import { analyzerResponseSchema, type AnalyzerPageError, type AnalyzerResponse } from '../../shared/contracts/analyzer.js';
import { endpointFor, type ClientConfig } from './clientEndpoint.js';
import { checkAnalyzerInput, type AnalyzerInput } from './preflight/analyzerPreflight.js';
import { readJson } from './responses.js';
import { callService, type CallOptions, type ServiceEndpoint } from './serviceCall.js';

export interface AnalyzerOutcome {
  response: AnalyzerResponse;
  /** Per-page failures (`errors[]`); pages are 0-based as the tool reports them. */
  pageErrors: AnalyzerPageError[];
  /** Why field extraction failed, when `fields_schema` was sent and it did. */
  extractionError: string | null;
}

/** The older one-call analyzer, `POST /v1/tools/agentic-document-analysis` (analyzer.request.fields). */
export class AnalyzerClient {
  private readonly endpoint: ServiceEndpoint;

  constructor(config: ClientConfig) {
    this.endpoint = endpointFor(config);
  }

  async analyze(input: AnalyzerInput, options: CallOptions = {}): Promise<AnalyzerOutcome> {
    const checked = await checkAnalyzerInput(input);
    const form = new FormData();
    form.set(checked.field, new Blob([input.document.bytes as Uint8Array<ArrayBuffer>], { type: checked.mime }), checked.filename);
    const flags = ['include_marginalia', 'include_metadata_in_markdown', 'enable_rotation_detection'] as const;
    for (const flag of flags) if (input[flag] !== undefined) form.set(flag, String(input[flag]));
    if (checked.fieldsSchema !== undefined) form.set('fields_schema', checked.fieldsSchema);

    const response = await callService(
      this.endpoint,
      { method: 'POST', path: '/v1/tools/agentic-document-analysis', query: { pages: input.pages?.join(',') }, body: form },
      options,
    );
    const body = readJson(response, analyzerResponseSchema, 'analysis response');
    return { response: body, pageErrors: body.errors ?? [], extractionError: body.extraction_error ?? null };
  }
}
