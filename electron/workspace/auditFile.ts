import { join } from 'node:path';

/** The folder of the audit trails: one file per document. */
export function auditDir(workspaceRoot: string): string {
  return join(workspaceRoot, 'audit');
}

/**
 * Where a document's audit trail lives: `<workspace>/audit/<document id>.jsonl`. Written by
 * the review's audit log; removed by the workspace when the document leaves the trash for good.
 */
export function auditFile(workspaceRoot: string, documentId: string): string {
  return join(auditDir(workspaceRoot), `${documentId}.jsonl`);
}
