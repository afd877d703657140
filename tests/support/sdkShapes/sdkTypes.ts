/**
 * The official SDK's view of what the service may send, read from its `.d.ts` files with the
 * TypeScript compiler at test time (through tests/support/wireTypes.ts, which names the wire
 * shapes): for each object type, each property, whether it may be absent and whether it may
 * be null. A new SDK version that adds or loosens a field changes this without a line here.
 */
import ts from 'typescript';
import type { WireTypeName } from '../wireTypes.js';
import { wireTypesProgram } from '../wireTypesProgram.js';

export interface Shape {
  /** The type's name as the SDK spells it (`V2ParsePage`), for coverage reports. */
  name: string;
  nullable: boolean;
  /** Primitive kinds this may be: a number may stand where an ISO timestamp does. */
  primitives: Set<'string' | 'number' | 'boolean'>;
  array: Shape | null;
  object: { props: Map<string, Prop>; index: Shape | null } | null;
}

export interface Prop {
  optional: boolean;
  shape: Shape;
}

const NAMES: WireTypeName[] = [
  'WireParseResponse',
  'WireExtractResult',
  'WireError',
  'WireJobCreated',
  'WireJob<WireParseResponse>',
  'WireJob<WireExtractResult>',
  'WireJobList',
];

let cached: Map<WireTypeName, Shape> | null = null;

/** The shapes of every wire answer, built once per process (a compiler run of about a second). */
export function sdkShapes(): Map<WireTypeName, Shape> {
  cached ??= build();
  return cached;
}

function build(): Map<WireTypeName, Shape> {
  const source = [
    "import type { WireError, WireExtractResult, WireJob, WireJobCreated, WireJobList, WireParseResponse } from './wireTypes.js';",
    ...NAMES.map((name, i) => `export type T${i} = ${name};`),
  ].join('\n');
  const { program, file } = wireTypesProgram('__sdkTypes__.ts', source);
  const checker = program.getTypeChecker();
  const seen = new Map<ts.Type, Shape>();
  const shapes = new Map<WireTypeName, Shape>();
  let i = 0;
  for (const statement of file.statements) {
    if (!ts.isTypeAliasDeclaration(statement)) continue;
    shapes.set(NAMES[i++]!, shapeOf(checker, checker.getTypeAtLocation(statement.name), seen));
  }
  return shapes;
}

function shapeOf(checker: ts.TypeChecker, type: ts.Type, seen: Map<ts.Type, Shape>): Shape {
  const known = seen.get(type);
  if (known) return known;
  const shape: Shape = { name: nameOf(checker, type), nullable: false, primitives: new Set(), array: null, object: null };
  seen.set(type, shape);
  for (const member of type.isUnion() ? type.types : [type]) {
    const f = member.flags;
    if (f & ts.TypeFlags.Null) shape.nullable = true;
    else if (f & ts.TypeFlags.Undefined) continue;
    else if (f & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral)) shape.primitives.add('string');
    else if (f & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) shape.primitives.add('number');
    else if (f & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) shape.primitives.add('boolean');
    // A tuple (a node's `span`) is a leaf: its numbers are never null.
    else if (checker.isTupleType(member)) continue;
    else if (checker.isArrayType(member)) shape.array = shapeOf(checker, checker.getTypeArguments(member as ts.TypeReference)[0]!, seen);
    else if (f & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) shape.object = mergedObject(checker, shape.object, member, seen);
  }
  return shape;
}

/** Every property an object type (or each object member of a union) names, with its optionality and type. */
function mergedObject(checker: ts.TypeChecker, into: Shape['object'], type: ts.Type, seen: Map<ts.Type, Shape>): Shape['object'] {
  const object = into ?? { props: new Map<string, Prop>(), index: null };
  for (const symbol of checker.getPropertiesOfType(type)) {
    const optional = (symbol.flags & ts.SymbolFlags.Optional) !== 0;
    const shape = shapeOf(checker, checker.getTypeOfSymbol(symbol), seen);
    const before = object.props.get(symbol.name);
    object.props.set(symbol.name, before ? { optional: before.optional || optional, shape: before.shape } : { optional, shape });
  }
  const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
  if (index && !object.index) object.index = shapeOf(checker, index.type, seen);
  return object;
}

function nameOf(checker: ts.TypeChecker, type: ts.Type): string {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  return symbol && symbol.name !== '__type' && symbol.name !== '__object' ? symbol.name : checker.typeToString(type).slice(0, 60);
}
