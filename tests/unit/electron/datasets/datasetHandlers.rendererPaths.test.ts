import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../../shared/errors.js';
import type { AppErrorData } from '../../../../shared/errors.js';
import type { Channel } from '../../../../shared/ipc/channels.js';
import type { RequestIn, ResponseOf } from '../../../../shared/ipc/table.js';
import { createDatasetHandlers } from '../../../../electron/datasets/datasetHandlers.js';
import { createDatasets, type Datasets } from '../../../../electron/datasets/datasets.js';
import { emptyProject } from '../../../../electron/datasets/projects.js';
import { createHandlers } from '../../../../electron/app/handlers.js';
import type { HandlerTable } from '../../../../electron/core/ipcDispatch.js';
import { dispatch } from '../../../../electron/core/ipcDispatch.js';
import type { Logger } from '../../../../electron/core/log.js';
import type { Services } from '../../../../electron/app/services.js';
import { ipcCall } from '../../../support/ipcCall.js';
import { recordTrustRow } from '../../../trust/trustReport.js';
import { PNG } from '../../../support/emulatorHarness.js';
import { endTestServices, testServices } from '../../../support/testServices.js';

// "File paths from the renderer": a media list names the image files main reads for
// thumbnails, so a renderer (or a media list from someone else) chooses the paths. Main
// reads only inside folders the user allowed (or copies in the data folder), never
// touches a network or device path, and answers every refusal with one error, so the
// answers say nothing about the disk. Each case goes through the IPC dispatch as the
// renderer's call would.

const PROJECT = 7;
const tally: { case: string; ok: boolean }[] = [];
const logged: { message: string; details?: Record<string, unknown> }[] = [];
const logger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (message, details) => void logged.push({ message, ...(details ? { details } : {}) }),
  error: (message, details) => void logged.push({ message, ...(details ? { details } : {}) }),
  redact: () => undefined,
};

let root: string;
let services: Services;
let datasets: Datasets;
let handlers: HandlerTable;
let dirs: { data: string; allowed: string; outside: string };
let mediaId = 0;

/** One IPC call as the renderer makes it: request validated, errors as data. */
function call<C extends Channel>(table: HandlerTable, channel: C, request: RequestIn<C>): Promise<ResponseOf<C>> {
  return ipcCall(table, logger, channel, request);
}

/** Asks for the thumbnail of a media whose image path is `path`, as if a media list had named it. */
async function thumbnailOf(
  path: string,
  via = { datasets, handlers },
): Promise<{ ok: true; mime: string } | { ok: false; error: AppErrorData; reason: unknown }> {
  const id = ++mediaId;
  await via.datasets.store.updateProject(PROJECT, (p) => ({ ...p, media: [...p.media, { mediaId: id, imagePath: path, metadata: {} }] }));
  const before = logged.length;
  try {
    const thumb = await call(via.handlers, 'datasets:thumbnail', { projectId: PROJECT, mediaId: id });
    return { ok: true, mime: thumb.mime };
  } catch (error) {
    const entry = logged.slice(before).find((l) => l.message === 'thumbnail refused');
    return { ok: false, error: (error as AppError).toData(), reason: entry?.details?.reason };
  }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'groundwork-paths-'));
  dirs = { data: join(root, 'data'), allowed: join(root, 'allowed'), outside: join(root, 'outside') };
  for (const dir of [join(dirs.data, 'media', String(PROJECT)), join(dirs.data, 'media', '999'), join(dirs.allowed, 'sub'), dirs.outside])
    await mkdir(dir, { recursive: true });
  await writeFile(join(dirs.allowed, 'ok.png'), PNG);
  await writeFile(join(dirs.allowed, 'notes.png'), 'plain text, named .png');
  await writeFile(join(dirs.allowed, 'big.png'), PNG);
  await truncate(join(dirs.allowed, 'big.png'), 41 * 1024 * 1024); // sparse: a PNG header, then 41 MB of nothing
  await mkdir(join(dirs.allowed, 'folder.png'));
  await writeFile(join(dirs.outside, 'secret.png'), PNG);
  await writeFile(join(dirs.data, 'media', String(PROJECT), 'copy.png'), PNG);
  await writeFile(join(dirs.data, 'media', '999', 'copy.png'), PNG); // another project's copy
  await writeFile(join(dirs.data, 'media', 'loose.png'), PNG); // in the media folder, in no project's
  await writeFile(join(dirs.data, 'settings-like.png'), PNG); // in the data folder, but not in its media folder
  await symlink(join(dirs.outside, 'secret.png'), join(dirs.allowed, 'escape.png'));
  await symlink(dirs.outside, join(dirs.allowed, 'escape-dir'));
  await symlink(join(dirs.allowed, 'ok.png'), join(dirs.allowed, 'sub', 'inside-link.png'));
  spawnSync('mkfifo', [join(dirs.allowed, 'pipe.png')]);

  services = await testServices(dirs.data, { logger });
  datasets = createDatasets({ ...services, clientOptions: {} });
  handlers = createHandlers({ ...services, datasets });
  await datasets.store.upsertProject(emptyProject(PROJECT, 'Paths', '11111111-1111-4111-8111-111111111111', 'added'));
  expect(await call(handlers, 'datasets:allowImageFolder', { folder: dirs.allowed })).toEqual([dirs.allowed]);
});

afterAll(async () => {
  recordTrustRow({
    check: 'file paths from the renderer',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note:
      tally.find((t) => !t.ok)?.case ??
      'thumbnails: network, device, relative, escaping and unreadable paths refused alike; folders allowed only by the user',
  });
  await endTestServices(services, root);
});

describe('thumbnails are read only inside folders the user allowed', () => {
  const served: [string, () => string][] = [
    ['a file in an allowed folder', () => join(dirs.allowed, 'ok.png')],
    ['a path with ".." that stays inside', () => join(dirs.allowed, 'sub', '..', 'ok.png')],
    ['a link that stays inside', () => join(dirs.allowed, 'sub', 'inside-link.png')],
    ["a copy in the project's own media copies folder", () => join(dirs.data, 'media', String(PROJECT), 'copy.png')],
  ];
  it.each(served)('served: %s', async (label, path) => {
    const outcome = await thumbnailOf(path());
    tally.push({ case: `${label}: ${outcome.ok ? 'served' : 'refused'}`, ok: outcome.ok });
    expect(outcome).toEqual({ ok: true, mime: 'image/png' });
  });

  const refused: [string, () => string, string][] = [
    ['a UNC path (backslashes)', () => '\\\\attacker.example\\share\\x.png', 'unc'],
    ['a UNC path (slashes)', () => '//attacker.example/share/x.png', 'unc'],
    ['a UNC path, mixed separators', () => '\\/attacker.example/share/x.png', 'unc'],
    ['a Win32 device path \\\\?\\', () => '\\\\?\\C:\\Users\\me\\x.png', 'device'],
    ['a Win32 device path \\\\.\\', () => '\\\\.\\PhysicalDrive0', 'device'],
    ['a relative path', () => 'allowed/ok.png', 'relative'],
    ['a drive path on a POSIX system', () => 'C:\\Users\\me\\x.png', 'relative'],
    ['a path with a NUL byte', () => `${join(dirs.allowed, 'ok.png')}\0.txt`, 'malformed'],
    ['".." out of an allowed folder', () => join(dirs.allowed, '..', 'outside', 'secret.png'), 'outside'],
    ['a file outside every allowed folder', () => join(dirs.outside, 'secret.png'), 'outside'],
    ['a file in the data folder, outside its media folder', () => join(dirs.data, 'settings-like.png'), 'outside'],
    ["another project's media copy", () => join(dirs.data, 'media', '999', 'copy.png'), 'outside'],
    ["a file in the media folder, in no project's", () => join(dirs.data, 'media', 'loose.png'), 'outside'],
    ['a link out of an allowed folder', () => join(dirs.allowed, 'escape.png'), 'outside'],
    ['a linked folder out of an allowed folder', () => join(dirs.allowed, 'escape-dir', 'secret.png'), 'outside'],
    ['a missing file in an allowed folder', () => join(dirs.allowed, 'missing.png'), 'missing'],
    ['a folder named like an image', () => join(dirs.allowed, 'folder.png'), 'not_a_file'],
    ['a named pipe (would block a plain read)', () => join(dirs.allowed, 'pipe.png'), 'not_a_file'],
    ['a file that is not an image', () => join(dirs.allowed, 'notes.png'), 'not_an_image'],
    ['an image over the size limit', () => join(dirs.allowed, 'big.png'), 'too_large'],
    ['the allowed folder itself', () => dirs.allowed, 'outside'],
  ];
  const answers: AppErrorData[] = [];
  it.each(refused)('refused: %s', async (label, path, reason) => {
    const outcome = await thumbnailOf(path());
    tally.push({ case: `${label}: ${outcome.ok ? 'served' : String(outcome.reason)}`, ok: !outcome.ok && outcome.reason === reason });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    // The real reason is in main's log, without the path; the renderer gets the one answer.
    expect(outcome.reason).toBe(reason);
    expect(JSON.stringify(logged.at(-1))).not.toContain(root);
    answers.push(outcome.error);
  });

  it('every refusal gives the renderer the identical code, message and hint, none naming the path', () => {
    expect(answers).toHaveLength(refused.length);
    const [first] = answers;
    expect(first).toMatchObject({ code: 'image_unavailable', message: expect.any(String), hint: expect.any(String) });
    for (const answer of answers) expect(answer).toEqual(first);
    expect(JSON.stringify(first)).not.toContain(root);
  });
});

describe('folders are allowed by the user only', () => {
  it('in the preview: a typed absolute path, checked; network, device, relative paths and non-folders are refused with a reason', async () => {
    const cases: [string, string, RegExp][] = [
      ['a UNC folder', '\\\\attacker.example\\share', /Network and device paths/],
      ['a device folder', '\\\\.\\C:', /Network and device paths/],
      ['a relative folder', 'allowed', /not an absolute path/],
      ['a missing folder', join(root, 'nowhere'), /does not exist/],
      ['a file', join(dirs.allowed, 'ok.png'), /is not a folder/],
      ['a disk root', '/', /whole disk/],
    ];
    for (const [label, folder, message] of cases) {
      const result = await dispatch(handlers, 'datasets:allowImageFolder', { folder }, logger);
      const ok = !result.ok && result.error.code === 'invalid_folder' && message.test(result.error.message);
      tally.push({ case: `allow ${label}: ${result.ok ? 'allowed' : result.error.message}`, ok });
      expect(result, label).toMatchObject({
        ok: false,
        error: { code: 'invalid_folder', message: expect.stringMatching(message), fields: { folder: expect.any(String) } },
      });
    }
    expect((await call(handlers, 'datasets:registry', {})).imageFolders).toEqual([dirs.allowed]);
  });

  it('in the app: only the folder picked in the native dialog; a typed one is refused, a cancelled dialog changes nothing', async () => {
    const picks: (string | null)[] = [dirs.outside, null];
    // The app's datasets, with its dialog, on the same data folder (its registry read from disk).
    const appDatasets = createDatasets({ ...services, chooseFolder: async () => picks.shift() ?? null, clientOptions: {} });
    const app = createDatasetHandlers({ ...services, datasets: appDatasets }) as HandlerTable;
    const viewer = { datasets: appDatasets, handlers: app };
    const typed = await dispatch(app, 'datasets:allowImageFolder', { folder: dirs.outside }, logger);
    tally.push({ case: `app, typed folder: ${typed.ok ? 'allowed' : 'refused'}`, ok: !typed.ok });
    expect(typed).toMatchObject({ ok: false, error: { code: 'invalid_folder' } });

    expect(await call(app, 'datasets:allowImageFolder', {})).toEqual([dirs.allowed, dirs.outside]);
    expect(await thumbnailOf(join(dirs.outside, 'secret.png'), viewer)).toEqual({ ok: true, mime: 'image/png' });
    expect(await call(app, 'datasets:allowImageFolder', {})).toEqual([dirs.allowed, dirs.outside]); // cancelled

    // Removing a folder stops its images at once.
    expect(await call(app, 'datasets:forgetImageFolder', { folder: dirs.outside })).toEqual([dirs.allowed]);
    const after = await thumbnailOf(join(dirs.outside, 'secret.png'), viewer);
    tally.push({ case: `app, forgotten folder: ${after.ok ? 'served' : 'refused'}`, ok: !after.ok });
    expect(after).toMatchObject({ ok: false, error: { code: 'image_unavailable' } });
  });

  it('the renderer cannot slip a folder in through the settings it writes', async () => {
    await call(handlers, 'datasets:setSettings', { tagTimeout: 30 });
    const smuggled = await dispatch(handlers, 'datasets:setSettings', { tagTimeout: 30, imageFolders: ['/'] }, logger);
    tally.push({ case: `folders through setSettings: ${smuggled.ok ? 'accepted' : 'refused'}`, ok: !smuggled.ok });
    expect(smuggled).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect((await call(handlers, 'datasets:registry', {})).imageFolders).toEqual([dirs.allowed]);
  });
});
