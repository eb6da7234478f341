import { BadUserInputError } from './errors.js';
import { inputValidationPipe } from './validation.pipe.js';

const asArgument = { type: 'body', data: 'input' } as const;

describe('inputValidationPipe', () => {
  it.each([
    ['a NUL character', { name: 'nul\u0000inside' }, 'name'],
    ['a lone high surrogate', { name: 'x\ud800' }, 'name'],
    ['a lone low surrogate', { cards: [{ id: 'ok' }, { id: '\udc00' }] }, 'cards[1].id'],
    ['a NUL in a JSON key', { settings: { 'bad\u0000key': 1 } }, 'settings.bad\u0000key'],
  ])('refuses %s with BAD_USER_INPUT naming the field', async (_name, value, field) => {
    const refusal = await inputValidationPipe.transform(value, asArgument).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BadUserInputError);
    expect((refusal as BadUserInputError).extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });

  it('names a plain argument by its name', async () => {
    const refusal = await inputValidationPipe.transform('a\u0000b', { type: 'query', data: 'id' }).catch((error: unknown) => error);
    expect((refusal as BadUserInputError).extensions).toMatchObject({ field: 'id' });
  });

  it.each([['emoji and other scripts', { name: '🂡 نص e\u0301 𝄞' }], ['an empty string', { name: '' }]])('lets %s through', async (_name, value) => {
    await expect(inputValidationPipe.transform(value, asArgument)).resolves.toEqual(value);
  });
});
