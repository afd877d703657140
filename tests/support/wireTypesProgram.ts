/**
 * A TypeScript program over one in-memory module that sits beside tests/support/wireTypes.ts
 * (and so can import it), for the checks that read the official SDK's types: the emulator's
 * answers type-checked against them, and the SDK-shaped answers built from them.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** wireTypes.ts, found from this file or (bundled, as `npm run emulator` runs it) from the repository root. */
const WIRE_TYPES = [fileURLToPath(new URL('./wireTypes.ts', import.meta.url)), join(process.cwd(), 'tests/support/wireTypes.ts')].find(
  (path) => existsSync(path),
);

export interface WireTypesProgram {
  program: ts.Program;
  file: ts.SourceFile;
}

export function wireTypesProgram(name: string, source: string): WireTypesProgram {
  if (!WIRE_TYPES) throw new Error('tests/support/wireTypes.ts was not found: run from the repository root');
  const path = join(dirname(WIRE_TYPES), name);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, version, onError) =>
    file === path ? ts.createSourceFile(file, source, version) : getSourceFile(file, version, onError);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file === path || fileExists(file);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (file === path ? source : readFile(file));
  const program = ts.createProgram([path], options, host);
  return { program, file: program.getSourceFile(path)! };
}
