// The UI monkey: seeded random ordinary actions on the review app (open, import, switch library
// entries mid-load, run, extract, tabs, zoom, pages, keys, screens, reload) with short random
// waits. It fails on the crash screen, an uncaught page error, a console error or an
// "unexpected" error banner, printing the seed, the last actions and a replay command.
// MONKEY_SEEDS=1,2,3 and MONKEY_ACTIONS=300 (per seed) override the defaults; `npm run soak:ui`
// runs 20,000 actions; MONKEY_KEEP_GOING=1 reloads after each failure and lists them all;
// MONKEY_VERBOSE=1 prints every action.
import { expect, test } from './fixtures.js';
import { describeFailure, describeReport, runMonkey } from './monkey/monkey.js';
import { prepareMonkeyFiles, type MonkeyFiles } from './monkey/workspaceFiles.js';

const DEFAULT_SEEDS = [1, 20_240_611, 777];
const DEFAULT_ACTIONS = 300;
// Start-up and files, then a generous per-action allowance (about 3× what one takes here).
const timeoutFor = (actions: number) => 60_000 + actions * 400;

const seeds = process.env.MONKEY_SEEDS ? process.env.MONKEY_SEEDS.split(',').map((s) => Number(s.trim())) : DEFAULT_SEEDS;
const actions = Number(process.env.MONKEY_ACTIONS) || DEFAULT_ACTIONS;
const keepGoing = process.env.MONKEY_KEEP_GOING === '1';
const verbose = process.env.MONKEY_VERBOSE === '1';

// A trace of hundreds of actions is slow to record and too big to read; the failure text is the replay.
test.use({ trace: 'off' });

let files: MonkeyFiles;
test.beforeAll(async () => {
  files = await prepareMonkeyFiles();
});

for (const seed of seeds) {
  test(`monkey seed ${seed}: ${actions} ordinary actions without a crash or an error`, async ({ page, preview }) => {
    test.setTimeout(timeoutFor(actions));
    expect(Number.isInteger(seed), `MONKEY_SEEDS holds integers, not ${seed}`).toBe(true);
    await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
    const report = await runMonkey({ page, files, seed, actions, keepGoing, verbose });
    console.log(describeReport(report));
    expect(report.failures.map(describeFailure)).toEqual([]);
    void preview;
  });
}
