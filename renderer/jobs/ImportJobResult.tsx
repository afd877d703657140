import type { JobRow } from '../../shared/jobs.js';
import { useJobsStore } from './jobsStore.js';

/**
 * A completed job with no result in this workspace (started by another client, say): its
 * whole result is imported with its document, which the user picks, and opens for review.
 */
export function ImportJobResult({ row }: { row: JobRow }) {
  if (row.status !== 'completed' || row.local?.resultId) return null;
  return (
    <label className="file-button" data-testid="job-import" title="The whole result, reviewed against its document: pick the PDF or image the job was run on">
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
