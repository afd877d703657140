import { v1Validation, HttpAnswer } from '../httpKit.js';

export interface DetailItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/**
 * Collects FastAPI-style validation problems for one JSON body, so a request with
 * several bad fields hears about all of them in one `{detail: [...]}`.
 */
export class BodyRules {
  readonly problems: DetailItem[] = [];
  readonly body: Record<string, unknown>;

  constructor(raw: unknown) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      this.problems.push({ loc: ['body'], msg: 'Input should be a valid JSON object', type: 'model_attributes_type' });
      this.body = {};
    } else this.body = raw as Record<string, unknown>;
  }

  string(name: string, required: boolean): string | undefined {
    const value = this.body[name];
    if (value === undefined) {
      if (required) this.problems.push({ loc: ['body', name], msg: 'Field required', type: 'missing' });
      return undefined;
    }
    if (typeof value !== 'string') return this.fail(name, 'Input should be a valid string', 'string_type');
    if (required && value.trim() === '') return this.fail(name, 'String should have at least 1 character', 'string_too_short');
    return value;
  }

  boolean(name: string, required: boolean): boolean | undefined {
    const value = this.body[name];
    if (value === undefined) {
      if (required) this.problems.push({ loc: ['body', name], msg: 'Field required', type: 'missing' });
      return undefined;
    }
    return typeof value === 'boolean' ? value : this.fail(name, 'Input should be a valid boolean', 'bool_type');
  }

  stringArray(name: string): string[] | undefined {
    const value = this.body[name];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) return this.fail(name, 'Input should be a valid list', 'list_type');
    value.forEach((v, i) => {
      if (typeof v !== 'string') this.problems.push({ loc: ['body', name, i], msg: 'Input should be a valid string', type: 'string_type' });
    });
    return value.filter((v): v is string => typeof v === 'string');
  }

  integerArray(name: string): number[] | undefined {
    const value = this.body[name];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) return this.fail(name, 'Input should be a valid list', 'list_type');
    value.forEach((v, i) => {
      if (!Number.isInteger(v)) this.problems.push({ loc: ['body', name, i], msg: 'Input should be a valid integer', type: 'int_type' });
    });
    return value.filter((v): v is number => Number.isInteger(v));
  }

  object(name: string, required: boolean): Record<string, unknown> | undefined {
    const value = this.body[name];
    if (value === undefined) {
      if (required) this.problems.push({ loc: ['body', name], msg: 'Field required', type: 'missing' });
      return undefined;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return this.fail(name, 'Input should be a valid dictionary', 'dict_type');
    return value as Record<string, unknown>;
  }

  add(loc: (string | number)[], msg: string, type = 'value_error'): void {
    this.problems.push({ loc, msg, type });
  }

  /** Throws the 422 when anything was wrong. */
  done(): void {
    if (this.problems.length > 0) throw v1Validation(this.problems);
  }

  private fail(name: string, msg: string, type: string): undefined {
    this.problems.push({ loc: ['body', name], msg, type });
    return undefined;
  }
}

export function pathInteger(name: string, raw: string): number {
  if (!/^\d+$/.test(raw)) throw v1Validation([{ loc: ['path', name], msg: 'Input should be a valid integer', type: 'int_parsing' }]);
  return Number(raw);
}

export function data(value: unknown, status = 200): HttpAnswer {
  return new HttpAnswer(status, { data: value });
}
