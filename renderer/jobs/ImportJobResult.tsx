import type { JobRow } from '../../shared/jobs.js';
import { EXTRACT_JOB_NOT_IMPORTED, useJobsStore } from './jobsStore.js';

/**
 * A completed parse job with no result in this workspace: its whole result is imported with its
 * document and opens for review. A job started here brings its own document; one started by
 * another client takes the document the user picks. An extract job's result is not offered.
 */
export function ImportJobResult({ row }: { row: JobRow }) {
  if (row.status !== 'completed' || row.local?.resultId) return null;
  if (row.service !== 'parse') {
    return (
      <button type="button" disabled title={EXTRACT_JOB_NOT_IMPORTED} data-testid="job-import">
        Import full result
      </button>
    );
  }
  if (row.local) {
    return (
      <button
        type="button"
        onClick={() => void useJobsStore.getState().importResult(row)}
        title={`The whole result, reviewed against ${row.local.documentName}, the document it was run on`}
        data-testid="job-import"
      >
        Import full result
      </button>
    );
  }
  return (
    <label
      className="file-button"
      data-testid="job-import"
      title="The whole result, reviewed against its document: pick the PDF or image the job was run on"
    >
      Import full result with its document…
      <input
        type="file"
        accept="application/pdf,image/*"
        data-testid="job-import-document"
        onChange={(e) => {
          const document = e.target.files?.[0];
          e.target.value = '';
          if (document) void useJobsStore.getState().importResult(row, document);
        }}
      />
    </label>
  );
}
