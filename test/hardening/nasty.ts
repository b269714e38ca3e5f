import fc from 'fast-check'
import { LIMITS } from '../../contract/index.ts'

/**
 * Values and texts a half-built frontend sends: wrong types, edge numbers, odd unicode, keys that
 * mean something to JavaScript objects, deep nesting, malformed JSON.
 */

/** Parsed from text so `__proto__` is an own key, as JSON.parse makes it. */
const protoObject = () =>
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')

export const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value }
  return value
}

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    '0',
    '42',
    'true',
    'null',
    '[]',
    '{}',
    '\u0000',
    '\u202e\u0301\u200b',
    '\ud800',
    '😀'.repeat(50),
    'x'.repeat(LIMITS.titleLength + 1),
    'x'.repeat(20_000),
    '2026-13-45T99:99:99Z',
    'javascript:alert(1)',
    '#GGGGGG',
    [],
    {},
    [null],
  ),
  fc.constant(null).map(() => protoObject()),
  fc.integer({ min: 2, max: 60 }).map((depth) => nested(depth)),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
)

export const nastyKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '',
  ' ',
  'extra',
  'id',
  'orgId',
  'seq',
  'status',
  'kind',
  '😀',
)

export const unknownKind = fc.constantFrom(
  'unknown',
  'Poll',
  'SHORT_TEXT',
  'constructor',
  '__proto__',
  'toString',
  '',
  ' poll',
  'slides ',
)

/** Texts that are not JSON (a prefix of an object's JSON is never JSON). */
export const malformedJson = (valid: fc.Arbitrary<string>) =>
  fc.oneof(
    valid.chain((text) => fc.nat(Math.max(0, text.length - 1)).map((n) => text.slice(0, n))),
    fc.constantFrom(
      "{'title':'x'}",
      '{title:"x"}',
      '{"title":"x",}',
      '[1,]',
      'NaN',
      'undefined',
      '{"a":1}{"b":2}',
      '\ufeff{}',
      '{"title":"x"}garbage',
      '"unterminated',
      '{"a":"\\x"}',
      '{"a":01}',
      'tru',
      '{',
      '}',
      '\u0000',
    ),
    fc.string({ maxLength: 30 }),
  )

export const deepJson = fc
  .tuple(fc.integer({ min: 100, max: 50_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? '['.repeat(depth) + ']'.repeat(depth)
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  )

export const emptyBody = fc.constantFrom('', ' ', '\n\t', '\r\n')

/** Over the 1 MiB limit, built once (the text is large). */
export const oversizeBody = fc.constant(`{"title":"${'x'.repeat(LIMITS.bodyBytes)}"}`)
