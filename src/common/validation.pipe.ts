import { type ArgumentMetadata, ValidationPipe, type ValidationError, type ValidationPipeOptions } from '@nestjs/common';
import { BadUserInputError } from './errors.js';

/**
 * Constraints on a value's type: reported before any other of the same field, so a number sent
 * for a string reads "must be a string", not a length it was never measured by.
 */
const TYPE_CONSTRAINTS = ['isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isObject', 'isEnum', 'isUUID', 'isIn'];

/** The one problem worth reporting of a field: that it is missing, else its type, else the first. */
function problemOf(error: ValidationError, field: string): string | undefined {
  if (!error.constraints) return undefined;
  // A list's null item (`returns.0`) keeps its own message: the list was given.
  if ((error.value === undefined || error.value === null) && !/^\d+$/.test(error.property)) return `${field} is required`;
  const typeCheck = TYPE_CONSTRAINTS.find((name) => error.constraints![name] !== undefined);
  return typeCheck ? error.constraints[typeCheck] : Object.values(error.constraints)[0];
}

export function firstProblem(errors: readonly ValidationError[], path = ''): { field: string; message: string } | undefined {
  for (const error of errors) {
    const field = path ? `${path}.${error.property}` : error.property;
    const message = problemOf(error, field);
    if (message) return { field, message };
    const nested = firstProblem(error.children ?? [], field);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * Text Postgres cannot store: a NUL character (text and jsonb refuse it), or half of a UTF-16
 * surrogate pair (jsonb refuses its escape). Refused here, or the write would fail as a bug.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (or object key) in `value` that Postgres cannot store. */
function unstorableText(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableText(item, `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const inner = path ? `${path}.${key}` : key;
      if (UNSTORABLE.test(key)) return inner;
      const found = unstorableText(item, inner);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Builds the argument's class from the value; the first problem becomes BAD_USER_INPUT naming its field. */
export const inputValidationOptions = {
  transform: true,
  forbidUnknownValues: false,
  exceptionFactory: (errors: ValidationError[]) => {
    const problem = firstProblem(errors) ?? { field: 'input', message: 'input is not valid' };
    return new BadUserInputError(problem.message, problem.field);
  },
} satisfies ValidationPipeOptions;

/** Nest's ValidationPipe, after a check that every string of the argument can be stored. */
class InputValidationPipe extends ValidationPipe {
  constructor() {
    super(inputValidationOptions);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      // Fields are named within the argument (`name`, `cards[1].id`), as the class-validator problems are.
      const field = unstorableText(value, '');
      if (field !== undefined) {
        const named = field === '' ? (metadata.data ?? 'input') : field;
        throw new BadUserInputError(`${named} must not contain a NUL character or half of a UTF-16 surrogate pair`, named);
      }
    }
    return super.transform(value, metadata);
  }
}

/** Validates inputs by their class-validator rules; the first problem becomes BAD_USER_INPUT naming its field. */
export const inputValidationPipe = new InputValidationPipe();
