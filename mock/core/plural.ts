/** `1 request issue`, `2 request issues`, `1,000 forms`: a count with its noun agreeing. */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`
