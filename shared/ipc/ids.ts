/** The ids that cross IPC, each pattern written once; main's workspace checks file names with the same one. */
import { z } from 'zod';

/** The id of a document, result or trash entry in the workspace, as it appears in a file name. */
export const WORKSPACE_ID_CHARACTERS = 'a-zA-Z0-9_-';
export const WORKSPACE_ID_MAX_LENGTH = 80;
export const WORKSPACE_ID = `[${WORKSPACE_ID_CHARACTERS}]{1,${WORKSPACE_ID_MAX_LENGTH}}`;
export const WORKSPACE_ID_PATTERN = new RegExp(`^${WORKSPACE_ID}$`);
export const workspaceIdSchema = z.string().regex(WORKSPACE_ID_PATTERN, 'not a workspace id');

/** Names one run (a parse, an extract, a download…) so its progress is reported and it can be cancelled. */
export const runIdSchema = z.string().uuid();

export const keyIdSchema = z.string().uuid();
