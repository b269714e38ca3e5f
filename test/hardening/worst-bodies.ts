/**
 * The costliest bodies under 1 MiB to parse and validate: long arrays, many keys, deep nesting.
 * Shared by the hardening test (each is a client error) and the bench (how long each takes).
 */
export const worstBodies = (formId: string): [method: string, path: string, body: string][] => {
  const many = (n: number, item: string) => `[${Array(n).fill(item).join(',')}]`
  return [
    ['POST', '/forms', `{"title":"x","fields":${many(400_000, '1')}}`],
    ['POST', `/forms/${formId}/fields/reorder`, `{"orderedIds":${many(400_000, '1')}}`],
    [
      'PATCH',
      `/forms/${formId}/settings`,
      `{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":1`).join(',')}}`,
    ],
    ['POST', '/forms', '['.repeat(400_000) + ']'.repeat(400_000)],
    [
      'PATCH',
      `/forms/${formId}/fields/fld_000000000000`,
      `{"config":{"x":${'['.repeat(400_000)}${']'.repeat(400_000)}}}`,
    ],
  ]
}
