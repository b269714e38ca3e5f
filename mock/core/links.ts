import { publicPath } from '../../contract/common.ts'
import { isObject, type Obj } from '../../contract/json.ts'
import type { CollectionName } from './collections.ts'

/**
 * A record's public links on the public URL of the mock that holds it. A loaded state's links
 * (an imported recording's, a state saved by a mock on another port or host) are rebuilt from the
 * record's slug, join code or id, so every record of a mock, whoever made it, links to the pages
 * this mock serves. The record is still unchecked input here: only a link it has as a string is
 * rebuilt, from an identifier it has as a string; the collection's schema judges the rest.
 */

/** `link` of `record` set to `url` where it is a string and differs; the same object otherwise. */
const relink = (record: Obj, link: string, url: (of: string) => string, of: unknown): Obj => {
  if (typeof record[link] !== 'string' || typeof of !== 'string') return record
  const wanted = url(of)
  return record[link] === wanted ? record : { ...record, [link]: wanted }
}

/** A session's or a round's join and big-screen links. */
const stageLinks = (stage: Obj, base: string): Obj => {
  const joined = relink(stage, 'joinUrl', (code) => base + publicPath.join(code), stage.joinCode)
  return relink(joined, 'screenUrl', (code) => base + publicPath.screen(code), stage.joinCode)
}

const LINKS: Record<CollectionName, (record: Obj, base: string) => Obj> = {
  forms: (form, base) =>
    relink(form, 'shareUrl', (slug) => base + publicPath.form(slug), form.slug),
  sessions: stageLinks,
  series: (series, base) => {
    const managed = relink(
      series,
      'manageUrl',
      (id) => base + publicPath.seriesManage(id),
      series.id,
    )
    if (!Array.isArray(managed.rounds)) return managed
    const rounds = managed.rounds.map((round) =>
      isObject(round) ? stageLinks(round, base) : round,
    )
    return rounds.every((round, at) => round === (managed.rounds as unknown[])[at])
      ? managed
      : { ...managed, rounds }
  },
  reports: (report, base) =>
    relink(report, 'publicUrl', (slug) => base + publicPath.report(slug), report.slug),
  responses: (response) => response,
}

/** `record` of collection `name` with its public links on `base` (a copy only where one differs). */
export const withLinksOn = (name: CollectionName, record: unknown, base: string): unknown =>
  isObject(record) ? LINKS[name](record, base) : record

/** Each record of `records` with its public links on `base`, read lazily as the records are. */
export function* linkedOn(
  name: CollectionName,
  records: Iterable<unknown>,
  base: string,
): Generator<unknown> {
  if (name === 'responses') {
    yield* records
    return
  }
  for (const record of records) yield withLinksOn(name, record, base)
}
