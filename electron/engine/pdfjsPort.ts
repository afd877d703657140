import type { MessagePort, Transferable } from 'node:worker_threads';

/** pdf.js's stream message (its `StreamKind`) that carries a chunk. */
const ENQUEUE = 4;

/** What pdf.js posts on a port, as far as this port looks into it. */
interface PdfjsMessage {
  [field: string]: unknown;
  stream?: number;
  streamId?: number;
  chunk?: unknown;
  reason?: unknown;
}

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
 */
export class PdfjsPort {
  #held: PdfjsMessage[] = [];
  #scheduled = false;

  constructor(readonly port: MessagePort) {}

  postMessage(message: PdfjsMessage, transfer?: readonly Transferable[]): void {
    if (transfer?.length || !this.#hold(message)) {
      this.#send();
      this.port.postMessage(message, transfer);
      return;
    }
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(this.#send);
  }

  addEventListener(type: 'message', listener: (event: { data: unknown }) => void, options?: { signal?: AbortSignal }): void {
    this.port.addEventListener(
      type,
      (event) => {
        const data = (event as unknown as { data: unknown }).data;
        if (Array.isArray(data)) for (const message of data) listener({ data: message });
        else listener({ data });
      },
      options,
    );
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
