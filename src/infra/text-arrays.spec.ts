import fc from 'fast-check';
import pg from 'pg';
import { parseTextArray, TEXT_ARRAY_OID, textArrayLiteral } from './text-arrays.js';

/** node-postgres's own reading of a text[] (this spec does not load database.ts, which replaces it). */
const parseAsNodePostgres = pg.types.getTypeParser(TEXT_ARRAY_OID, 'text') as (text: string) => unknown;

/** Strings full of what array syntax means something by: quotes, braces, commas, spaces, NULL. */
const awkward = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom('a', 'Z', '7', '"', '\\', '{', '}', ',', ' ', '\t', '\n', 'N', 'U', 'L', 'l', 'ü', '\u00a0') }),
  fc.constantFrom('', 'NULL', 'null', 'Null', ' NULL', 'NULLS', '10H', 'QS'),
);

describe('textArrayLiteral', () => {
  it('writes plain elements as they are, and quotes and escapes the rest as node-postgres does', () => {
    expect(textArrayLiteral([])).toBe('{}');
    expect(textArrayLiteral(['AS', '10H', 'QD'])).toBe('{AS,10H,QD}');
    expect(textArrayLiteral(['', 'NULL', 'null', 'a b', 'x,y', '{z}', 'say "hi"', 'back\\slash', 'ü'])).toBe(
      '{"","NULL","null","a b","x,y","{z}","say \\"hi\\"","back\\\\slash",ü}',
    );
  });

  it('is read back by node-postgres as the elements it was made of, whatever they hold', () => {
    fc.assert(fc.property(fc.array(awkward), (elements) => expect(parseAsNodePostgres(textArrayLiteral(elements))).toEqual(elements)), { numRuns: 2000 });
  });
});

describe('parseTextArray', () => {
  it('reads what Postgres sends for one-dimensional arrays, NULL as null', () => {
    expect(parseTextArray('{}')).toEqual([]);
    expect(parseTextArray('{AS,10H,QD}')).toEqual(['AS', '10H', 'QD']);
    expect(parseTextArray('{NULL,a,NULLS}')).toEqual([null, 'a', 'NULLS']);
    expect(parseTextArray('{"NULL","",b}')).toEqual(['NULL', '', 'b']);
    expect(parseTextArray('{"a b","x,y","say \\"hi\\"","back\\\\slash"}')).toEqual(['a b', 'x,y', 'say "hi"', 'back\\slash']);
  });

  it('leaves nested arrays and explicit bounds to node-postgres', () => {
    expect(parseTextArray('{{a,b},{c,NULL}}')).toEqual([['a', 'b'], ['c', null]]);
    expect(parseTextArray('[0:1]={a,b}')).toEqual(['a', 'b']);
  });

  it('reads every array literal as node-postgres reads it', () => {
    fc.assert(
      fc.property(fc.array(fc.option(awkward, { nil: null })), (elements) => {
        // Postgres's own spelling of a null element is the bare word.
        const literal = `{${elements.map((element) => (element === null ? 'NULL' : textArrayLiteral([element]).slice(1, -1))).join(',')}}`;
        expect(parseTextArray(literal)).toEqual(parseAsNodePostgres(literal));
        expect(parseTextArray(literal)).toEqual(elements);
      }),
      { numRuns: 2000 },
    );
  });
});
