import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { BadUserInputError } from './errors.js';

function firstProblem(errors: ValidationError[], path = ''): { field: string; message: string } | undefined {
  for (const error of errors) {
    const field = path ? `${path}.${error.property}` : error.property;
    const message = error.constraints && Object.values(error.constraints)[0];
    if (message) return { field, message };
    const nested = firstProblem(error.children ?? [], field);
    if (nested) return nested;
  }
  return undefined;
}

/** Validates inputs by their class-validator rules; the first problem becomes BAD_USER_INPUT naming its field. */
export const inputValidationPipe = new ValidationPipe({
  transform: true,
  forbidUnknownValues: false,
  exceptionFactory: (errors) => {
    const problem = firstProblem(errors) ?? { field: 'input', message: 'input is not valid' };
    return new BadUserInputError(problem.message, problem.field);
  },
});
