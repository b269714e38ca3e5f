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
  const substitute = (step: Step) => {
    let command = toCurl(step.real.request, keyVars)
    for (const [id, variable] of known) command = command.split(id).join(`'"$${variable}"'`)
    return command
  }
  const comment = (step: Step, i: number) =>
    `# ${i + 1}. ${step.intent}: the model answered ${status(step.model.status)}, the deployment ${status(step.real.status)}${i === divergent ? '  <- the answers diverge here' : ''}`
  const captured = (step: Step, from: string) => {
    for (const capture of step.captures) {
      lines.push(`${capture.variable}=$(${from} | json ${capture.path.join(' ')})`)
      known.set(capture.real, capture.variable)
    }
  }
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as Step
    const group = step.together === undefined ? [] : groupAt(steps, i)
    if (group.length > 1) {
      // Sent at once: every request in the background, then their answers.
      const last = i + group.length
      lines.push(
        `# ${i + 1}–${last}. sent at once. A race shows only when they overlap on the deployment: run the script a few times if these answers agree with the model.`,
        'T=$(mktemp -d)',
      )
      group.forEach((s, k) => {
        lines.push(
          `${substitute(s).replace(' -i ', ' ')} -o "$T/${i + k + 1}" -w '%{http_code}\\n' > "$T/${i + k + 1}.status" &`,
        )
      })
      lines.push('wait')
      group.forEach((s, k) => {
        const n = i + k + 1
        lines.push(
          comment(s, i + k),
          `printf 'HTTP %s\\n' "$(cat "$T/${n}.status")"`,
          `cat "$T/${n}"; echo`,
        )
        captured(s, `cat "$T/${n}"`)
      })
      lines.push('')
      i = last - 1
      continue
    }
    const command = substitute(step)
    lines.push(comment(step, i))
    if (step.captures.length === 0) {
      lines.push(command, 'echo', '')
      continue
    }
    const answer = `R${i + 1}`
    lines.push(`${answer}=$(${command.replace(' -i ', ' ')})`, `printf '%s\\n' "$${answer}"`)
    captured(step, `printf %s "$${answer}"`)
    lines.push('')
  }
  return `${lines.join('\n')}\n`
}

/** The steps from `i` on that were sent at once with it. */
const groupAt = (steps: readonly Step[], i: number): Step[] => {
  const together = steps[i]?.together
  const group: Step[] = []
  for (let k = i; k < steps.length && steps[k]?.together === together; k++) {
    group.push(steps[k] as Step)
  }
  return group
}

/** The divergent step's two answers, as the report shows them. */
export const answers = (step: Step) => ({
  model: describeAnswer(step.model),
  deployment: describeAnswer(step.real),
})
