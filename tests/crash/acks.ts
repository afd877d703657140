// What the crash writer tells its parent after each write the app has acknowledged (the
// point where the UI would say "saved"). The parent keeps these; after a kill every one of
// them must still be on disk, whole.

export type Ack =
  /** documents:import answered: the document's bytes hash to its id prefix. */
  | { op: 'document'; id: string; sha256: string }
  /** results:import answered: the stored response is exactly this text. */
  | { op: 'result'; id: string; kind: 'parse' | 'extract'; sha256: string }
  /** reviews:decide answered: this field's decision is in the review file, and in its document's audit trail. */
  | { op: 'review'; extractionId: string; path: string; value: string }
  /** jobs:setSettings answered: the page warning limit is this counter or a later one. */
  | { op: 'settings'; counter: number }
  /** keys:add answered: the key's record is in settings.json. */
  | { op: 'key'; id: string; name: string }
  /** datasets:addProject answered: the project is in datasets.json. */
  | { op: 'project'; id: number }
  /** A job record written as the tracker writes it; `completed` ones point at their stored result. */
  | { op: 'job'; jobId: string; status: 'pending' | 'completed'; resultId: string | null };

/** The writer's lines on its ack pipe: one JSON object per line. */
export type WriterLine = { ready: true; pid: number } | { ack: Ack };

export const ACK_FD = 3;
