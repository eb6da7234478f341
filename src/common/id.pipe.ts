import { type PipeTransform, Injectable } from '@nestjs/common';
import { BadUserInputError } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refuses an id that is not a UUID with BAD_USER_INPUT, before it reaches the database. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, string> {
  constructor(private readonly field = 'id') {}

  transform(value: string): string {
    if (typeof value !== 'string' || !UUID.test(value)) throw new BadUserInputError(`${this.field} must be a UUID`, this.field);
    return value.toLowerCase();
  }
}
