import { applyDecorators } from '@nestjs/common';
import { IsString, Length, Matches } from 'class-validator';

/**
 * Characters that reorder the text around them when displayed (Unicode bidirectional controls:
 * embeddings, overrides, isolates and marks): a name holding one can show as another name.
 */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * A name people read in the log and at the table: a string of `min` to `max` characters, not only
 * spaces, and without bidirectional control characters.
 */
export function IsDisplayName(min = 1, max = 100): PropertyDecorator {
  return applyDecorators(
    // class-validator reports the decorator declared last first: the type, then the length, then the rest.
    Matches(/^[^\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]*$/, { message: '$property must not contain bidirectional control characters (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C)' }),
    Matches(/\S/, { message: '$property must not be blank' }),
    Length(min, max),
    IsString(),
  );
}
