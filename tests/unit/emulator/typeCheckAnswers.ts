import ts from 'typescript';
import type { WireTypeName } from '../../support/wireTypes.js';
import { wireTypesProgram } from '../../support/wireTypesProgram.js';

export interface TypedAnswer {
  name: string;
  type: WireTypeName;
  value: unknown;
}

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
  const { program, file } = wireTypesProgram('__answers__.ts', source);
  const errors = new Map<string, string[]>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program, file)) {
    const line = diagnostic.start === undefined ? 0 : file.getLineAndCharacterOfPosition(diagnostic.start).line;
    const name = answers[line - header.length]?.name ?? '(module)';
    errors.set(name, [...(errors.get(name) ?? []), ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')]);
  }
  return errors;
}
