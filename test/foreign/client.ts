import { expect } from 'vitest'
import { z } from 'zod'
import { FOREIGN_KEYS } from './auth.ts'

// A small HTTP client for the foreign deployment's tests: calls, and the reference's two error shapes.

export type Answer = { status: number; body: unknown; headers: Headers }

export const client =
  (baseUrl: string) =>
  async (
    method: string,
    path: string,
    body?: unknown,
    key: string | null = FOREIGN_KEYS.main,
  ): Promise<Answer> => {
    const headers: Record<string, string> = {}
    if (key !== null) headers.authorization = `Bearer ${key}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers }
  }

export type Call = ReturnType<typeof client>

/** Parses a success answer with its wrapper schema, failing the test on any other status. */
export const expectOk = <T extends z.ZodType>(answer: Answer, schema: T): z.infer<T> => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return schema.parse(answer.body)
}

/** The plain error shape, exactly: `{ error: string }`. */
export const expectPlain = (answer: Answer, status: number) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)
  expect(answer.body).toEqual({ error: expect.any(String) })
  return (answer.body as { error: string }).error
}

const ValidationBody = z.strictObject({
  error: z.string(),
  issues: z.array(
    z.strictObject({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }),
  ),
})

/** The validation error shape, exactly: `{ error, issues: [{ path, message }] }`. */
export const expectValidation = (answer: Answer, status: number) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)
  return ValidationBody.parse(answer.body)
}
