/** What was found about a job's request before it was sent (e.g. its output_save_url), said wherever the job is shown. */
export function JobWarnings({ warnings }: { warnings: string[] | undefined }) {
  if (!warnings?.length) return null;
  return (
    <ul className="small warning job-warnings" data-testid="job-warnings">
      {warnings.map((warning) => (
        <li key={warning}>{warning}</li>
      ))}
    </ul>
  );
}
