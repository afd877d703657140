import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface RunningPreview {
  /** The printed URL, token included. */
  url: string;
  origin: string;
  token: string;
  /** The user desk's token (printed on stdout, never given to the page): acting as the user, see `answerAsUser`. */
  userToken: string;
  dataDir: string;
  /** Everything the server printed (stdout and stderr). */
  output(): string;
  /** Ends the process for real (SIGTERM, then SIGKILL). */
  stop(): Promise<void>;
}

export interface PreviewOptions {
  dataDir: string;
  keychainService: string;
  env?: Record<string, string>;
}

const SERVER = join(process.cwd(), 'dist', 'preview', 'server.mjs');

/** Starts `dist/preview/server.mjs` as its own process and waits for its ready line. */
export async function startPreview(options: PreviewOptions): Promise<RunningPreview> {
  if (!existsSync(SERVER)) throw new Error('dist/preview/server.mjs is missing: run `npm run build` first.');
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: '0',
      GROUNDWORK_DATA_DIR: options.dataDir,
      GROUNDWORK_KEYCHAIN_SERVICE: options.keychainService,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`preview did not start:\n${output}`)), 15_000);
    const check = () => {
      const match = /Preview ready at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`preview exited with ${code}:\n${output}`));
    });
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    userToken: /Preview user desk: token (\S+)/.exec(output)?.[1] ?? '',
    dataDir: options.dataDir,
    output: () => output,
    stop: () => stopProcess(child),
  };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** One call through the preview's bridge, as the window makes it (JSON in and out); a refusal throws with its error. */
export async function invokeBridge<T = { id: string }>(
  preview: Pick<RunningPreview, 'origin' | 'token'>,
  channel: string,
  request: unknown,
): Promise<T> {
  const response = await fetch(`${preview.origin}/__bridge/invoke/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Groundwork-Token': preview.token },
    body: JSON.stringify(request),
  });
  const body = (await response.json()) as { ok: boolean; value?: T; error?: unknown };
  if (!body.ok || body.value === undefined) throw new Error(`${channel}: ${JSON.stringify(body.error)}`);
  return body.value;
}

/** A question main asked the user, waiting at the preview's desk (electron/preview/userDesk.ts). */
export interface UserQuestion {
  id: string;
  title: string;
  message: string;
  detail: string;
  confirmLabel: string;
}

async function desk<T>(preview: Pick<RunningPreview, 'origin' | 'userToken'>, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${preview.origin}/__user/${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'X-Groundwork-User-Token': preview.userToken },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { ok: boolean; value?: T; error?: unknown };
  if (!answer.ok) throw new Error(`desk ${route}: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
}

/** The questions main is waiting on the user for, oldest first. */
export function userQuestions(preview: Pick<RunningPreview, 'origin' | 'userToken'>): Promise<UserQuestion[]> {
  return desk(preview, 'questions');
}

/** Acts as the user in main's own dialog: waits for the next question (up to 10 s), answers it, returns it. */
export async function answerAsUser(preview: Pick<RunningPreview, 'origin' | 'userToken'>, yes: boolean): Promise<UserQuestion> {
  const until = Date.now() + 10_000;
  for (;;) {
    const [question] = await userQuestions(preview);
    if (question) {
      await desk(preview, 'answer', { id: question.id, yes });
      return question;
    }
    if (Date.now() > until) throw new Error('main asked the user nothing within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the preview's clipboard (main's, where a copied key lands) holds. */
export function userClipboard(preview: Pick<RunningPreview, 'origin' | 'userToken'>): Promise<string> {
  return desk(preview, 'clipboard');
}
