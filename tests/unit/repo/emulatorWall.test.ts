import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The emulator judges the client, so a value import of the client's code under tests/emulator/
// is a lint error; type imports stay allowed. Linted with the repo's own config.
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: 'tests/emulator/v2/wallProbe.ts' });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('the wall around the emulator', () => {
  it('refuses value imports from electron/ and shared/', async () => {
    expect(
      await problems("import { sniffDocument } from '../../../electron/formats/sniff.js';\nexport const k = sniffDocument;\n"),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await problems("import { CURRENT_JOB_ID } from '../../../shared/contracts/v2Parse.js';\nexport const k = CURRENT_JOB_ID;\n"),
    ).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('allows type imports and its own modules', async () => {
    expect(
      await problems("import type { ParseResponse } from '../../../shared/contracts/v2Parse.js';\nexport type K = ParseResponse;\n"),
    ).toEqual([]);
    expect(await problems("import { judgeJobId } from '../rules/jobIds.js';\nexport const k = judgeJobId;\n")).toEqual([]);
  });
});
