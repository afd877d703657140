import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// `npm test` is the gate: every check it runs must stay in it, run whole, and stop it on failure.
// Each must-run script is named with the tool it has to call, so a step cannot be emptied either.
const MUST_RUN: Record<string, RegExp> = {
  'format:check': /^prettier --check \.$/,
  typecheck: /^node scripts\/typecheck\.mjs$/,
  lint: /^eslint --max-warnings 0 \.$/,
  'test:unit': /^vitest run$/,
  'test:e2e': /^playwright test -c tests\/e2e\/playwright\.config\.ts$/,
  'test:e2e-electron': /^playwright test -c tests\/e2e-electron\/playwright\.config\.ts$/,
};

/** What is wrong with `scripts.test` and the scripts it must run, or [] when every check is there. */
function gateProblems(scripts: Record<string, string>): string[] {
  const test = scripts.test ?? '';
  const steps = test.split('&&').map((step) => step.trim());
  const problems = /;|\|\||(?<!&)&(?!&)/.test(test) ? [`scripts.test joins its steps with something other than &&: ${test}`] : [];
  for (const [name, command] of Object.entries(MUST_RUN)) {
    if (!steps.includes(`npm run ${name}`))
      problems.push(`scripts.test does not run "npm run ${name}" (as a step of its own, with no arguments)`);
    if (!command.test(scripts[name] ?? '')) problems.push(`scripts["${name}"] is not ${command.source}: ${scripts[name] ?? 'missing'}`);
  }
  return problems;
}

describe('npm test', () => {
  it('runs the format check, typecheck, lint, unit and e2e tests', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(gateProblems(scripts)).toEqual([]);
  });

  it('notices a check dropped, narrowed, emptied, or run past a failure', () => {
    const scripts = {
      'format:check': 'prettier --check .',
      typecheck: 'node scripts/typecheck.mjs',
      lint: 'eslint --max-warnings 0 .',
      'test:unit': 'vitest run',
      'test:e2e': 'playwright test -c tests/e2e/playwright.config.ts',
      'test:e2e-electron': 'playwright test -c tests/e2e-electron/playwright.config.ts',
    };
    const gate = Object.keys(MUST_RUN)
      .map((name) => `npm run ${name}`)
      .join(' && ');
    expect(gateProblems({ ...scripts, test: gate })).toEqual([]);
    expect(gateProblems({ ...scripts, test: gate.replace('npm run lint && ', '') })).toEqual([expect.stringMatching(/"npm run lint"/)]);
    expect(gateProblems({ ...scripts, test: gate.replace('npm run test:unit', 'npm run test:unit -- tests/unit/repo') })).toEqual([
      expect.stringMatching(/"npm run test:unit"/),
    ]);
    expect(gateProblems({ ...scripts, test: gate, 'test:unit': 'echo skipped' })).toEqual([
      expect.stringMatching(/scripts\["test:unit"\]/),
    ]);
    expect(gateProblems({ ...scripts, test: gate.replace(' && npm run typecheck', '; npm run typecheck') })).toContainEqual(
      expect.stringMatching(/something other than &&/),
    );
  });
});
