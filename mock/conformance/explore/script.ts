import { describeAnswer, KEY_VARS, type KeyRole, toCurl } from './engine.ts'
import type { Step } from './world.ts'

/** Reads a value out of JSON on stdin by its keys: `json form fields 0 id`. Needs only node. */
const JSON_HELPER = `json() { node -e 'let s="";process.stdin.on("data",(d)=>{s+=d}).on("end",()=>{let v=JSON.parse(s);for(const k of process.argv.slice(1))v=v==null?v:v[k];process.stdout.write(String(v))})' "$@"; }`

const status = (code: number) => (code === 0 ? 'no answer' : String(code))

/**
 * The steps as a runnable shell script in the catalog's curl style: each id a step created is read
 * from its answer into a variable (`FORM_1`) and used by the later steps, so the script replays the
 * sequence on a fresh run. Keys come from the same variables as the catalog's commands.
 */
export const curlScript = (
  steps: readonly Step[],
  keyVars: ReadonlyMap<string, string>,
  header: readonly string[],
  divergent: number,
): string => {
  const known = new Map<string, string>()
  const roles = [...new Set(steps.map((s) => s.role))]
  const lines = [
    '#!/bin/sh',
    ...header.map((line) => `# ${line}`),
    `# Needs curl, node, and ${roles.map((r: KeyRole) => `$${KEY_VARS[r]}`).join(', ')} set.`,
    'set -u',
    JSON_HELPER,
    '',
  ]
  steps.forEach((step, i) => {
    let command = toCurl(step.real.request, keyVars)
    for (const [id, variable] of known) command = command.split(id).join(`'"$${variable}"'`)
    lines.push(
      `# ${i + 1}. ${step.intent}: the model answered ${status(step.model.status)}, the deployment ${status(step.real.status)}${i === divergent ? '  <- the answers diverge here' : ''}`,
    )
    if (step.captures.length === 0) {
      lines.push(command, 'echo', '')
      return
    }
    const answer = `R${i + 1}`
    lines.push(`${answer}=$(${command.replace(' -i ', ' ')})`, `printf '%s\\n' "$${answer}"`)
    for (const capture of step.captures) {
      lines.push(`${capture.variable}=$(printf %s "$${answer}" | json ${capture.path.join(' ')})`)
      known.set(capture.real, capture.variable)
    }
    lines.push('')
  })
  return `${lines.join('\n')}\n`
}

/** The divergent step's two answers, as the report shows them. */
export const answers = (step: Step) => ({
  model: describeAnswer(step.model),
  deployment: describeAnswer(step.real),
})
