import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

// A form runs its request through useFormAction (renderer/components/useFormAction.ts): one
// busy flag, one AppError with messages per field. A component that catches a failure itself
// and turns it into an AppError is writing that helper again, unless the failure is not the
// form's but one item's among many, listed here with why.
const PER_ITEM: Record<string, string> = {
  'renderer/datasets/PendingPreview.tsx': "an apply's failure becomes each change's failed part, to retry one by one",
  'renderer/datasets/ImageDropPanel.tsx': "a batch's failure is each of its images' outcome, beside the image",
  'renderer/datasets/InferencePanel.tsx': "an image's failure is its row's; the batch goes on (or stops to ask about the host)",
};
const CONVERTS = /\btoAppError\s*\(/;

function components(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = posix.join(dir, name);
    if (statSync(join(process.cwd(), path)).isDirectory()) return components(path);
    return name.endsWith('.tsx') ? [path] : [];
  });
}

/** Components that turn a caught failure into an AppError themselves and are not on the per-item list. */
export function ownCatches(files: readonly string[], read: (file: string) => string): string[] {
  return files.filter((file) => CONVERTS.test(read(file)) && PER_ITEM[file] === undefined);
}

describe('forms run their requests through useFormAction', () => {
  it('no component converts a caught failure itself, but those whose failures are per item', () => {
    const read = (file: string) => readFileSync(join(process.cwd(), file), 'utf8');
    const files = components('renderer');
    expect(ownCatches(files, read)).toEqual([]);
    // Each listed file still needs its place on the list.
    expect(Object.keys(PER_ITEM).filter((file) => !files.includes(file) || !CONVERTS.test(read(file)))).toEqual([]);
  });

  it('finds a form that catches and converts by itself', () => {
    const text: Record<string, string> = {
      'renderer/keys/Form.tsx': 'try { await save(); } catch (e) { setError(toAppError(e)); }',
      'renderer/keys/Fine.tsx': 'const form = useFormAction(); await form.run(save);',
    };
    expect(ownCatches(Object.keys(text), (f) => text[f] ?? '')).toEqual(['renderer/keys/Form.tsx']);
  });
});
