import type { Scenario } from '../scenarios.ts'

/** The state file a `?mock-scenario=<url>` names, fetched relative to the page, or why not. */
export const fetchStateFile = async (param: string, value: string): Promise<Scenario> => {
  const url = new URL(value, location.href).href
  let response: Response
  try {
    response = await fetch(url, { cache: 'no-store' })
  } catch (cause) {
    throw new Error(`[engagement-mock] ?${param}: could not fetch the state file ${url}`, { cause })
  }
  if (!response.ok) {
    throw new Error(
      `[engagement-mock] ?${param}: the state file ${url} answered ${response.status}`,
    )
  }
  try {
    return (await response.json()) as Scenario
  } catch (cause) {
    throw new Error(`[engagement-mock] ?${param}: the state file ${url} is not JSON`, { cause })
  }
}
