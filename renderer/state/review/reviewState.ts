import type { AppError } from '../../../shared/errors.js';
import type { FieldEntry } from '../../../shared/grounding/fields.js';
import type { ParseModel, TextRange } from '../../../shared/grounding/parseModel.js';
import type { ExtractionView } from '../../../shared/grounding/resultModel.js';
import type { Selection } from '../../../shared/grounding/selection.js';
import type { DocumentInfo } from '../../../shared/document.js';
import type { LibraryEntry } from '../../../shared/library.js';
import type { ParserName, ResultInfo, StoredResult } from '../../../shared/result.js';
import type { FieldDecision, Review } from '../../../shared/review.js';
import type { DocumentScope } from './documentScope.js';

// The Review store's shape, one interface per slice, apart from the slices' code: a slice
// reaches the others through the whole state, and a type here imports no slice, so no
// file of the store needs another that needs it back.

/** empty: nothing open; opening: a document or result is on its way (runs wait); ready: what is shown is complete. */
export type DocumentStatus = 'empty' | 'opening' | 'ready';

export interface DocumentSlice {
  documentStatus: DocumentStatus;
  /** What is being opened, for "Opening …" and the reason runs wait. */
  opening: string | null;
  document: DocumentInfo | null;
  bytes: Uint8Array | null;
  result: StoredResult | null;
  model: ParseModel | null;
  /**
   * How many opens of a document the user has started (a file, an import, a library entry, the
   * sample): an action that finishes late opens its document only if this has not moved since.
   * A run's result landing on its own document does not count.
   */
  userOpens: number;
  openFile(file: File): Promise<void>;
  /** Documents and result JSONs together (drop or the import button): stored as if just run, then opened. */
  importFiles(files: File[]): Promise<void>;
  /** Opens a document with a result (the given one, else its latest parse or analyzer result). */
  openDocument(id: string, resultId?: string): Promise<void>;
  /**
   * Opens a result just made on its document: a run's answer, the info of a parse (its model is
   * fetched as any open's) or an extraction whole (in hand, it does not cross IPC a second time).
   */
  openResult(result: ResultInfo | StoredResult): Promise<void>;
  openSample(): Promise<void>;
  /**
   * Follows the library as main changed it: a document or result on screen that was just
   * deleted closes (or falls back to the document's latest result).
   */
  followLibrary(library: LibraryEntry[], previous: LibraryEntry[]): void;
}

export interface RunState {
  runId: string;
  /** The document it was started for, whatever is shown meanwhile. */
  documentId: string;
  done: number;
  total: number;
  message: string;
  /** A refused or dropped request is waiting to be sent again: still progress, not an error. */
  retrying: boolean;
}

/** Where an extraction runs: offline, a direct cloud call, or a cloud job (for long Markdown). */
export type Extractor = 'local' | 'extract' | 'extract-job';

export interface RunsSlice {
  engine: ParserName;
  /** Runs going on, by the document they were started for (one per document). */
  runs: Record<string, RunState>;
  setEngine(engine: ParserName): void;
  /** Parses the open document with the chosen engine; what is open at the press is what is run. */
  runEngine(): Promise<void>;
  /** Extracts from the open parse result, as it is at the press. */
  runExtract(schema: Record<string, unknown>, extractor: Extractor): Promise<void>;
  /** Sends the open partial cloud parse's failed pages again; the merged result is stored beside it and opens. */
  rerunFailedPages(): Promise<void>;
  /** Cancels the open document's run. */
  cancelRun(): Promise<void>;
  /** A deleted document: its run is cancelled (no credits spent on a result with nowhere to go) and its banner dropped. */
  forgetDocument(documentId: string): void;
}

export interface SelectionSlice {
  /** What the reviewer clicked (a node or a field): its ranges, boxes and pages, shown in every panel. */
  selection: Selection | null;
  /** Draw atomic (per-line) grounding boxes as well as the element boxes. */
  showLines: boolean;
  selectNode(id: string | null): void;
  selectField(path: string): void;
  /** Several fields at once (a rule's, `id` naming it): all their ranges and boxes in one selection. */
  selectFields(id: string, paths: readonly string[]): void;
  /** The next or previous element in reading order. */
  stepSelection(direction: 1 | -1): void;
  /** The next or previous field, in `order` (the Fields panel's) or else document order. */
  stepField(direction: 1 | -1, order?: readonly { path: string }[]): void;
  setShowLines(show: boolean): void;
}

export interface DecisionsSlice {
  /** The extraction shown on the open result, its fields, and how the Fields panel shows them. */
  extraction: StoredResult | null;
  fields: FieldEntry[];
  /** Each field's ranges in the Markdown's UTF-16 offsets (the service counts code points): converted once, at load. */
  fieldRanges: Map<string, TextRange[]>;
  extractionView: ExtractionView;
  /** The reviewer's decisions on `extraction`'s fields. */
  review: Review | null;
  /** Shows `extraction` (or none) on the open model; its decisions are read in `scope`. */
  loadExtraction(scope: DocumentScope | null, extraction: StoredResult | null): Promise<void>;
  clearExtraction(): void;
  /** `undo`: the reviewer's undo, so the audit trail names it. */
  decide(path: string, decision: Omit<FieldDecision, 'decidedAt'> | null, options?: { undo?: boolean }): Promise<void>;
  exportReview(format: 'json' | 'csv'): Promise<void>;
}

export interface ErrorsSlice {
  /** Failures by the document they happened to (or GENERAL_BANNER): a banner shows only with its document. */
  errors: Record<string, AppError>;
  /** When each of `errors` happened (ISO time): a banner seen again later says it is from then. */
  errorsAt: Record<string, string>;
  /** Runs `action`; a failure becomes the banner of `key`. Work for a closed document (StaleScope) is no failure. */
  attempt(key: string, action: () => Promise<void>): Promise<void>;
  clearError(key: string): void;
}

/** The Review screen's state, one slice per concern: the open document and result, the runs
 * (bound to the document they were started for), the selection, the reviewer's decisions,
 * and failures by document. */
export type ReviewState = DocumentSlice & RunsSlice & SelectionSlice & DecisionsSlice & ErrorsSlice;
