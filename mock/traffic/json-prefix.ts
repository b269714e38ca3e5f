/**
 * The complete items at the start of a list answer cut off at a size limit: `{"forms":[{…},{…},{"id"`
 * becomes `{"forms":[{…},{…}]}`, so the items that arrived whole are still checked. Only the shape
 * of the API's list answers (an object whose array is open at the cut) is completed; anything
 * else gives undefined and the answer is left unchecked.
 */
export const completeListPrefix = (text: string): unknown => {
  const stack: string[] = []
  let inString = false
  let escaped = false
  /** Where the open list's last complete item ends (-1: no list at depth 2 open). */
  let cut = -1
  const inList = () => stack.length === 2 && stack[0] === '{' && stack[1] === '['
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (escaped) escaped = false
      else if (c === '\\') escaped = true
      else if (c === '"') {
        inString = false
        if (inList()) cut = i + 1
      }
      continue
    }
    if (c === '"') inString = true
    else if (c === '{' || c === '[') {
      stack.push(c)
      if (inList()) cut = i + 1
    } else if (c === '}' || c === ']') {
      stack.pop()
      // The list itself closed: the cut fell after it, not inside it.
      if (stack.length < 2) cut = -1
      else if (inList()) cut = i + 1
    } else if (c === ',' && inList()) cut = i
  }
  // The list must still be open where the text stops (at any depth inside it).
  if (stack.length < 2 || stack[0] !== '{' || stack[1] !== '[' || cut < 0) return undefined
  try {
    return JSON.parse(`${text.slice(0, cut)}]}`)
  } catch {
    return undefined
  }
}
