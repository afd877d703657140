import type { MessagePort, Transferable } from 'node:worker_threads';
import { isBlank } from './codePoints.js';

/** pdf.js's stream messages (its `StreamKind`) this port looks at. */
const START_COMPLETE = 8;
const CANCEL = 1;
const CANCEL_COMPLETE = 2;
const CLOSE = 3;
const ENQUEUE = 4;
const ERROR = 5;
/** pdf.js's request for a page's text, answered as a stream. */
const GET_TEXT = 'GetTextContent';

/** What pdf.js posts on a port, as far as this port looks into it. */
interface PdfjsMessage {
  [field: string]: unknown;
  sourceName?: unknown;
  targetName?: unknown;
  action?: unknown;
  stream?: number;
  streamId?: number;
  chunk?: unknown;
  reason?: unknown;
}

type Listener = (event: { data: unknown }) => void;

/** A stream of one side's message handler (stream ids are counted per handler). */
const streamKey = (handler: unknown, streamId: unknown) => `${String(handler)}:${String(streamId)}`;

/** A chunk of a page's text content, as pdf.js's worker sends it. */
interface TextChunk {
  items: unknown[];
  styles: Record<string, unknown>;
}

const isTextChunk = (chunk: unknown): chunk is TextChunk =>
  typeof chunk === 'object' &&
  chunk !== null &&
  Array.isArray((chunk as TextChunk).items) &&
  typeof (chunk as TextChunk).styles === 'object';

/**
 * One end of the channel between the engine and pdf.js's thread, used as pdf.js uses a port
 * (`postMessage`, `addEventListener('message')`); both ends must be one of these. pdf.js sends
 * a page's text as a dozen small messages (the stream's start, a chunk per ten items, its
 * end), and each wakes the other thread; together they cost more than the text itself. Here
 * the messages of pdf.js's streams that carry nothing pdf.js may reuse (start, pull, end) and
 * the text chunks are held until the end of the event loop's turn and cross as one message,
 * consecutive text chunks of one stream merged into one, in order. Anything else (requests,
 * answers, other chunks, moved buffers) sends what is held, then goes at once as it is.
 *
 * A held text chunk is copied as far as pdf.js reuses it (it starts a new item list and style
 * table for the next chunk; the items themselves are new each time). Nothing is held past the
 * turn, so pdf.js never waits for a pull of text that was not sent, and a page's messages have
 * gone before its next request can arrive.
 *
 * On pdf.js's side, requests for a page's text are handed to pdf.js one at a time, in order:
 * the next the moment pdf.js ends the text before (closed, failed, or cancelled by the engine).
 * So the engine may ask two pages ahead, and pdf.js goes from one page to the next without
 * waiting for a request to cross, yet reads each page's text alone: one stuck in its work holds
 * up the pages asked after it only until the engine gives it up over its budget, and then fails
 * alone. A text that ended with no text in it is a page the engine will draw for OCR: what
 * waits goes on only when the engine asks for text again (it gives up what it asked ahead
 * first), or gives that page up. A request cancelled while it waits is answered here (started,
 * then cancelled, so pdf.js's side of the asker forgets it), never seen by pdf.js.
 */
export class PdfjsPort {
  #held: PdfjsMessage[] = [];
  #scheduled = false;
  readonly #listeners = new Set<Listener>();
  /** The text pdf.js is reading (its asker's name and stream id), and whether any of it is text yet. */
  #reading: string | null = null;
  #readingHasText = false;
  /** The text that ended with none in it (its page is drawn for OCR next): what waits, waits for the engine. */
  #pausedBy: string | null = null;
  #waiting: PdfjsMessage[] = [];

  constructor(readonly port: MessagePort) {
    port.addEventListener('message', (event) => {
      const data = (event as unknown as { data: unknown }).data;
      if (Array.isArray(data)) for (const message of data) this.#receive(message as PdfjsMessage);
      else this.#receive(data as PdfjsMessage);
    });
  }

  postMessage(message: PdfjsMessage, transfer?: readonly Transferable[]): void {
    this.#watchText(message);
    if (transfer?.length || !this.#hold(message)) {
      this.#send();
      this.port.postMessage(message, transfer);
      return;
    }
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(this.#send);
  }

  addEventListener(type: 'message', listener: Listener, options?: { signal?: AbortSignal }): void {
    if (options?.signal?.aborted) return;
    this.#listeners.add(listener);
    options?.signal?.addEventListener('abort', () => this.#listeners.delete(listener), { once: true });
  }

  #receive(message: PdfjsMessage): void {
    if (message?.action === GET_TEXT && message.streamId !== undefined) {
      this.#pausedBy = null;
      this.#waiting.push(message);
      this.#readNext(false);
      return;
    }
    if (message?.stream === CANCEL && message.streamId !== undefined) {
      const key = streamKey(message.sourceName, message.streamId);
      const waiting = this.#waiting.findIndex((w) => streamKey(w.sourceName, w.streamId) === key);
      if (waiting >= 0) {
        this.#waiting.splice(waiting, 1);
        const answer = { sourceName: message.targetName, targetName: message.sourceName, streamId: message.streamId, success: true };
        this.postMessage({ ...answer, stream: START_COMPLETE });
        this.postMessage({ ...answer, stream: CANCEL_COMPLETE });
        return;
      }
      this.#dispatch(message);
      // The text being read is given up: the next goes on beside what is left of it, not after.
      if (key === this.#reading) this.#textEnded(null, false);
      // The page that held the queue is given up too: it will not be drawn for OCR.
      else if (key === this.#pausedBy) {
        this.#pausedBy = null;
        this.#readNext(false);
      }
      return;
    }
    this.#dispatch(message);
  }

  #dispatch(message: PdfjsMessage): void {
    // Each of pdf.js's handlers hears every message, as separate port listeners would: one that throws stops no other.
    for (const listener of [...this.#listeners]) {
      try {
        listener({ data: message });
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /** What pdf.js posts of the text it is reading (keyed by the asker: the request's source is the answer's target). */
  #watchText(message: PdfjsMessage): void {
    if (this.#reading === null || streamKey(message.targetName, message.streamId) !== this.#reading) return;
    if (message.stream === ENQUEUE) {
      const chunk = message.chunk;
      if (
        isTextChunk(chunk) &&
        chunk.items.some((item) => typeof (item as { str?: unknown }).str === 'string' && !isBlank((item as { str: string }).str))
      )
        this.#readingHasText = true;
    } else if (message.stream === CLOSE || message.stream === ERROR || message.stream === CANCEL_COMPLETE) {
      this.#textEnded(message.stream === CLOSE && !this.#readingHasText ? this.#reading : null, true);
    }
  }

  /** `pausedBy`: the text that ended with none in it, or null. */
  #textEnded(pausedBy: string | null, insidePost: boolean): void {
    this.#reading = null;
    this.#readingHasText = false;
    this.#pausedBy = pausedBy;
    this.#readNext(insidePost);
  }

  #readNext(insidePost: boolean): void {
    if (this.#reading !== null || this.#pausedBy !== null) return;
    const next = this.#waiting.shift();
    if (!next) return;
    this.#reading = streamKey(next.sourceName, next.streamId);
    // Not inside pdf.js's own post: after it, as a message arriving would be.
    if (insidePost) queueMicrotask(() => this.#dispatch(next));
    else this.#dispatch(next);
  }

  /** Holds the message if it may wait for the end of the turn; false if it must go now. */
  #hold(message: PdfjsMessage): boolean {
    if (message.stream === undefined || message.reason !== undefined) return false;
    if (message.stream !== ENQUEUE) {
      if (message.chunk !== undefined) return false;
      this.#held.push(message);
      return true;
    }
    const chunk = message.chunk;
    if (!isTextChunk(chunk)) return false;
    const last = this.#held.at(-1);
    if (last?.stream === ENQUEUE && last.streamId === message.streamId) {
      const merged = last.chunk as TextChunk;
      for (const item of chunk.items) merged.items.push(item);
      Object.assign(merged.styles, chunk.styles);
    } else this.#held.push({ ...message, chunk: { ...chunk, items: chunk.items.slice(), styles: { ...chunk.styles } } });
    return true;
  }

  readonly #send = (): void => {
    this.#scheduled = false;
    if (this.#held.length === 0) return;
    const held = this.#held;
    this.#held = [];
    this.port.postMessage(held.length === 1 ? held[0] : held);
  };
}
