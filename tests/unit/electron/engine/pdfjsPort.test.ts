import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { PdfjsPort } from '../../../../electron/engine/pdfjsPort.js';

// The channel to pdf.js's thread: what pdf.js posts in one turn crosses as one message, a page's
// text chunks merged, and the other end hears the same messages in the same order, as if each
// had crossed alone when it was posted.

const START_COMPLETE = 8;
const ENQUEUE = 4;
const CLOSE = 3;
const PULL = 6;

const item = (str: string) => ({ str, transform: [1, 0, 0, 1, 0, 0], width: 1, fontName: 'f1' });
const stream = (kind: number, streamId: number, extra: object = {}) => ({
  sourceName: 'worker',
  targetName: 'main',
  stream: kind,
  streamId,
  ...extra,
});

let ports: MessagePort[] = [];
afterEach(() => {
  for (const port of ports) port.close();
  ports = [];
});

/** A channel of two `PdfjsPort`s; what the receiving end hears, and how many port messages carried it. */
function channel() {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const heard: unknown[] = [];
  const crossings = { count: 0 };
  port2.on('message', () => crossings.count++);
  const receiver = new PdfjsPort(port2);
  receiver.addEventListener('message', ({ data }) => heard.push(data));
  return { sender: new PdfjsPort(port1), receiver, heard, crossings };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the port between the engine and pdf.js', () => {
  it('sends a page’s text, posted in one turn, as one message with its chunks merged in order', async () => {
    const { sender, heard, crossings } = channel();
    sender.postMessage(stream(START_COMPLETE, 7));
    sender.postMessage(stream(ENQUEUE, 7, { chunk: { items: [item('a'), item('b')], styles: { f1: { ascent: 0.8 } }, lang: null } }));
    sender.postMessage(stream(ENQUEUE, 7, { chunk: { items: [item('c')], styles: { f2: { ascent: 0.7 } }, lang: null } }));
    sender.postMessage(stream(CLOSE, 7));
    await settle();
    expect(crossings.count).toBe(1);
    expect(heard).toEqual([
      stream(START_COMPLETE, 7),
      stream(ENQUEUE, 7, {
        chunk: { items: [item('a'), item('b'), item('c')], styles: { f1: { ascent: 0.8 }, f2: { ascent: 0.7 } }, lang: null },
      }),
      stream(CLOSE, 7),
    ]);
  });

  it('sends a chunk as it was when posted, though pdf.js starts new item lists in the same object after', async () => {
    const { sender, heard } = channel();
    const textContent = { items: [item('kept')], styles: { f1: {} } as Record<string, object> };
    sender.postMessage(stream(ENQUEUE, 1, { chunk: textContent }));
    textContent.items = [item('later')];
    textContent.styles = { f9: {} };
    await settle();
    expect(heard).toEqual([stream(ENQUEUE, 1, { chunk: { items: [item('kept')], styles: { f1: {} } } })]);
  });

  it('keeps chunks of different streams apart', async () => {
    const { sender, heard } = channel();
    sender.postMessage(stream(ENQUEUE, 1, { chunk: { items: [item('one')], styles: {} } }));
    sender.postMessage(stream(ENQUEUE, 2, { chunk: { items: [item('two')], styles: {} } }));
    await settle();
    expect(heard).toEqual([
      stream(ENQUEUE, 1, { chunk: { items: [item('one')], styles: {} } }),
      stream(ENQUEUE, 2, { chunk: { items: [item('two')], styles: {} } }),
    ]);
  });

  it('sends what it holds before a request, an answer or another kind of chunk, each as it was when posted', async () => {
    const { sender, heard } = channel();
    const operators = { fnArray: [1, 2], argsArray: [null, null] };
    sender.postMessage(stream(PULL, 3));
    sender.postMessage({ sourceName: 'main', targetName: 'worker', action: 'GetPage', callbackId: 4, data: { pageIndex: 0 } });
    sender.postMessage(stream(ENQUEUE, 5, { chunk: operators }));
    // pdf.js empties an operator list's arrays in place once it is sent.
    operators.fnArray.length = 0;
    operators.argsArray.length = 0;
    await settle();
    expect(heard).toEqual([
      stream(PULL, 3),
      { sourceName: 'main', targetName: 'worker', action: 'GetPage', callbackId: 4, data: { pageIndex: 0 } },
      stream(ENQUEUE, 5, { chunk: { fnArray: [1, 2], argsArray: [null, null] } }),
    ]);
  });

  it('moves the buffers of a post that moves them, after what was held', async () => {
    const { sender, heard } = channel();
    const data = new Uint8Array([1, 2, 3]);
    sender.postMessage(stream(START_COMPLETE, 1));
    sender.postMessage({ action: 'GetDocRequest', data }, [data.buffer]);
    expect(data.byteLength).toBe(0);
    await settle();
    expect(heard).toEqual([stream(START_COMPLETE, 1), { action: 'GetDocRequest', data: new Uint8Array([1, 2, 3]) }]);
  });

  describe('on pdf.js’s side, text asked ahead', () => {
    const CANCEL = 1;
    const CANCEL_COMPLETE = 2;
    const ask = (streamId: number) => ({ sourceName: 'main', targetName: 'worker', action: 'GetTextContent', streamId, data: {} });
    const cancel = (streamId: number) => ({ sourceName: 'main', targetName: 'worker', stream: CANCEL, streamId, reason: 'x' });
    const text = (streamId: number, str: string) => stream(ENQUEUE, streamId, { chunk: { items: [item(str)], styles: {} } });
    const asked = (heard: unknown[]) =>
      heard.flatMap((m) => ((m as { action?: string }).action === 'GetTextContent' ? [(m as { streamId: number }).streamId] : []));

    it('is handed to pdf.js one page at a time, the next as soon as pdf.js ends the text before', async () => {
      const { sender, receiver, heard } = channel();
      sender.postMessage(ask(1));
      sender.postMessage(ask(2));
      sender.postMessage(ask(3));
      await settle();
      expect(asked(heard)).toEqual([1]);
      receiver.postMessage(text(1, 'Total'));
      receiver.postMessage(stream(CLOSE, 1));
      await settle();
      expect(asked(heard)).toEqual([1, 2]);
      receiver.postMessage(text(2, 'Page two'));
      receiver.postMessage(stream(CLOSE, 2));
      await settle();
      expect(asked(heard)).toEqual([1, 2, 3]);
    });

    it('waits after a page with no text (drawn for OCR next) until the engine asks again; one given up meanwhile is answered here', async () => {
      const { sender, receiver, heard } = channel();
      const answers: unknown[] = [];
      sender.addEventListener('message', ({ data }) => answers.push(data));
      sender.postMessage(ask(1));
      sender.postMessage(ask(2));
      await settle();
      receiver.postMessage(text(1, '   '));
      receiver.postMessage(stream(CLOSE, 1));
      await settle();
      expect(asked(heard)).toEqual([1]);
      sender.postMessage(cancel(2));
      await settle();
      expect(heard).not.toContainEqual(cancel(2));
      // Started, then cancelled: pdf.js's asking side forgets a stream only once both have come.
      expect(answers.filter((m) => (m as { streamId?: number }).streamId === 2)).toEqual([
        { sourceName: 'worker', targetName: 'main', streamId: 2, success: true, stream: START_COMPLETE },
        { sourceName: 'worker', targetName: 'main', streamId: 2, success: true, stream: CANCEL_COMPLETE },
      ]);
      sender.postMessage(ask(3));
      await settle();
      expect(asked(heard)).toEqual([1, 3]);
    });

    it('goes on when the page with no text is given up instead of drawn (over its budget before the engine read it)', async () => {
      const { sender, receiver, heard } = channel();
      sender.postMessage(ask(1));
      sender.postMessage(ask(2));
      await settle();
      receiver.postMessage(stream(CLOSE, 1));
      await settle();
      expect(asked(heard)).toEqual([1]);
      sender.postMessage(cancel(1));
      await settle();
      expect(asked(heard)).toEqual([1, 2]);
    });

    it('goes on beside a page given up over its budget, without waiting for pdf.js to stop reading it', async () => {
      const { sender, heard } = channel();
      sender.postMessage(ask(1));
      sender.postMessage(ask(2));
      sender.postMessage(cancel(1));
      await settle();
      expect(heard.slice(-2)).toEqual([cancel(1), ask(2)]);
    });
  });
});
