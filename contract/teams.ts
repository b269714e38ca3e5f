import * as z from 'zod'
import { Color, DocId, idOf, LIMITS } from './common.ts'

export const DocTeam = z.looseObject({
  id: DocId,
  name: z.string(),
  color: z.string(),
  order: z.int(),
})

/** Names are unique within their session or series, case-insensitively; colors are #RRGGBB. */
export const Team = z
  .strictObject({
    id: idOf('team'),
    name: z.string().trim().min(1).max(LIMITS.teamNameLength),
    color: Color,
    order: z.int().min(0),
  })
  .meta({ id: 'Team' })
export type Team = z.infer<typeof Team>

export const TeamInput = z
  .strictObject({ name: z.string().trim().min(1).max(LIMITS.teamNameLength), color: Color })
  .meta({ id: 'TeamInput', example: { name: 'Red Pandas', color: '#E53935' } })
export type TeamInput = z.input<typeof TeamInput>

export const DocTeamInput = z.looseObject({ name: z.string(), color: z.string() })

/** What makes two team names the same name: case and surrounding spaces aside. */
export const teamNameKey = (name: string): string => name.trim().toLowerCase()

/** Case-insensitive uniqueness of team names, used by every input that carries several teams. */
export const duplicateTeamName = (names: readonly string[]): string | undefined => {
  const seen = new Set<string>()
  for (const name of names) {
    const key = teamNameKey(name)
    if (seen.has(key)) return name
    seen.add(key)
  }
  return undefined
}
