import pg from 'pg';

/** Postgres's `text[]` type, which node-postgres's list of built-in types leaves out. */
export const TEXT_ARRAY_OID = 1009 as Parameters<typeof pg.types.getTypeParser>[0];

/**
 * What Postgres's array syntax gives a meaning to: braces, the comma, quotes, the backslash and
 * white space. An element without any of them, that is not empty and does not read as NULL, can
 * stand in an array literal as it is.
 */
const SYNTAX = /[\s{}",\\]/;
const SYNTAX_BUT_COMMAS = /[\s{}"\\]/;
const NULL_WORD = /^null$/i;

const needsQuotes = (element: string): boolean => element === '' || SYNTAX.test(element) || NULL_WORD.test(element);
const quoted = (element: string): string => (needsQuotes(element) ? `"${element.replace(/["\\]/g, '\\$&')}"` : element);

/**
 * A `text[]` parameter as the array literal Postgres reads: `{AS,10H,QD}`. node-postgres makes the
 * same literal from an array, but quotes and escapes every element with two regular expressions
 * each: for the piles of a deck, written on every card move, that was the largest single source
 * of a draw's garbage. Here only the elements that need it are quoted, and escaped as
 * node-postgres escapes them. The elements joined are looked at once for syntax; each on its own
 * only for commas, emptiness and NULL.
 */
export function textArrayLiteral(elements: readonly string[]): string {
  const joined = elements.join(',');
  let plain = !SYNTAX_BUT_COMMAS.test(joined);
  for (let index = 0; plain && index < elements.length; index += 1) {
    const element = elements[index];
    plain = element !== '' && !element.includes(',') && !(element.length === 4 && NULL_WORD.test(element));
  }
  return plain ? `{${joined}}` : `{${elements.map(quoted).join(',')}}`;
}

const parseAnyTextArray = pg.types.getTypeParser(TEXT_ARRAY_OID, 'text') as (text: string) => Array<string | null>;

/**
 * A `text[]` value as Postgres sends it, read into an array. Postgres quotes every element that
 * holds a brace, a comma, a quote, a backslash or white space, so a one-dimensional array with no
 * quote, backslash or inner brace is its elements between commas, the bare word NULL standing for
 * null; anything else (quoting, nesting, explicit bounds) is left to node-postgres's parser.
 */
export function parseTextArray(text: string): Array<string | null> {
  if (text.charCodeAt(0) !== 123 /* { */ || text.indexOf('"') >= 0 || text.indexOf('\\') >= 0 || text.indexOf('{', 1) >= 0) {
    return parseAnyTextArray(text);
  }
  if (text.length === 2) return [];
  const elements: Array<string | null> = text.slice(1, -1).split(',');
  for (let index = 0; index < elements.length; index += 1) if (elements[index] === 'NULL') elements[index] = null;
  return elements;
}
