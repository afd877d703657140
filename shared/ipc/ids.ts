/** The ids that cross IPC, each pattern written once; main checks the same ids with them (a workspace file's name, a service id put into a path). */
import { z } from 'zod';

/** The id of a document, result or trash entry in the workspace, as it appears in a file name. */
export const WORKSPACE_ID_CHARACTERS = 'a-zA-Z0-9_-';
export const WORKSPACE_ID_MAX_LENGTH = 80;
export const WORKSPACE_ID = `[${WORKSPACE_ID_CHARACTERS}]{1,${WORKSPACE_ID_MAX_LENGTH}}`;
export const WORKSPACE_ID_PATTERN = new RegExp(`^${WORKSPACE_ID}$`);
export const workspaceIdSchema = z.string().regex(WORKSPACE_ID_PATTERN, 'not a workspace id');

/**
 * An id a service made that the app puts into a request's path (a v2 job id, a v1 training
 * id): 1–128 characters of `[A-Za-z0-9_-]`. Plain UUIDs, ULIDs and prefixed ids like `job_123`
 * pass; what cannot be an id in a path does not: empty, spaces, slashes, dots, `?`, `#`.
 */
export const SERVICE_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/**
 * A v2 job id of any format. Older formats stay accepted indefinitely and are not shown
 * (v2.jobs.older-ids), so anything that is one path segment once encoded is taken: 1–256
 * characters, no `/`, no control characters or lone surrogates (`encodeURIComponent` throws
 * on those), and not `.` or `..`, which a URL resolves away. `.` and `~` inside an id are fine.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
export const JOB_ID_PATTERN = /^(?!\.{1,2}$)[^/\u0000-\u001f\u007f\ud800-\udfff]{1,256}$/u;
export const jobIdSchema = z.string().regex(JOB_ID_PATTERN, 'not a job id');
export const trainingIdSchema = z.string().regex(SERVICE_ID_PATTERN, 'not a training id');

/** A v1 service's numeric id: a project, tag, metadata definition, media item or snapshot version. */
export const v1IdSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** Names one run (a parse, an extract, a download…) so its progress is reported and it can be cancelled. */
export const runIdSchema = z.string().uuid();

export const keyIdSchema = z.string().uuid();

/** A batch of jobs, named by main when it is created. */
export const batchIdSchema = z.string().uuid();

/** A job create about to be sent (its intent on disk), named by main. */
export const intentIdSchema = z.string().uuid();

/** The key of a schema's rules: 32 hex digits (the file's name, so nothing else is let through). */
export const SCHEMA_KEY_PATTERN = /^[0-9a-f]{32}$/;
export const schemaKeySchema = z.string().regex(SCHEMA_KEY_PATTERN, 'not a schema key');
