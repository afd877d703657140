import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { WireTypeName } from '../../support/wireTypes.js';

export interface TypedAnswer {
  name: string;
  type: WireTypeName;
  value: unknown;
}

// The in-memory answers module sits beside the wire types it imports, wherever they live.
const FILE = fileURLToPath(new URL('./__answers__.ts', new URL('../../support/wireTypes.ts', import.meta.url)));

/**
 * Writes the answers as a TypeScript module, `export const a0: WireParseResponse = {…json…};`
 * one per line, and type-checks it with the compiler (object literals, so a misnamed or
 * extra key fails as well as a wrong type). Returns the errors by answer name.
 */
export function typeCheckAnswers(answers: readonly TypedAnswer[]): Map<string, string[]> {
  const header = [
    "import type { WireError, WireExtractResult, WireJob, WireJobCreated, WireJobList, WireParseResponse } from './wireTypes.js';",
  ];
  const lines = answers.map((answer, i) => `export const a${i}: ${answer.type} = ${JSON.stringify(answer.value)};`);
  const source = [...header, ...lines].join('\n');
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
  host.getSourceFile = (name, version, onError) =>
    name === FILE ? ts.createSourceFile(name, source, version) : getSourceFile(name, version, onError);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === FILE || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === FILE ? source : readFile(name));
  const program = ts.createProgram([FILE], options, host);
  const file = program.getSourceFile(FILE)!;
  const errors = new Map<string, string[]>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program, file)) {
    const line = diagnostic.start === undefined ? 0 : file.getLineAndCharacterOfPosition(diagnostic.start).line;
    const name = answers[line - header.length]?.name ?? '(module)';
    errors.set(name, [...(errors.get(name) ?? []), ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')]);
  }
  return errors;
}
