import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { strictObject } from '../src/validation/strict-object';

const schema = strictObject({
  name: v.pipe(v.string('Please enter a name'), v.minLength(1, 'Please enter a name')),
  note: v.optional(v.string()),
  size: v.number(),
});

const messages = (input: unknown) =>
  v
    .safeParse(schema, input)
    .issues?.map((issue) => [issue.path?.map((item) => item.key).join('.'), issue.message]);

describe('strictObject', () => {
  it('answers a missing field with the field’s own message, or a plain one when it has none', () => {
    expect(messages({})).toEqual([
      ['name', 'Please enter a name'],
      ['size', 'This field is required'],
    ]);
  });

  it('names an unknown field, and lets an optional one be left out', () => {
    expect(messages({ name: 'Ann', size: 1, colour: 'red' })).toEqual([['colour', 'Unknown field "colour"']]);
    expect(v.safeParse(schema, { name: 'Ann', size: 1 }).success).toBe(true);
  });

  it('refuses what is not an object, an array included', () => {
    expect(messages('Ann')).toEqual([[undefined, 'Please send an object']]);
    expect(messages([])).toEqual([[undefined, 'Please send an object']]);
    expect(v.safeParse(strictObject({ note: v.optional(v.string()) }), []).success).toBe(false);
  });
});
