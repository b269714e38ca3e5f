import type { Secrets } from '../report-format/secrets.ts'
import type { ExchangeVerdict } from '../traffic/check-exchange.ts'
import type { TrafficExchange } from '../traffic/exchange.ts'
import { type AnswerText, AnswerTexts } from './answer-text.ts'
import type { BodyRead, BodyTap } from './body-tap.ts'
import type { ExchangeHead, Flight } from './flight.ts'

/** What becomes of a whole exchange (the proxy checks and records it): its verdict. */
export type Judge = (flight: Flight, exchange: TrafficExchange) => ExchangeVerdict

/**
 * Where the two body taps of an exchange meet: once both bodies have passed, their copies are
 * read (secrets replaced) into the whole exchange, which goes to `judge`. One per proxy, so that
 * an exchange costs no closure of its own here.
 */
export class ExchangeTaps {
  readonly #texts: AnswerTexts

  constructor(
    private readonly secrets: Secrets,
    private readonly judge: Judge,
  ) {
    this.#texts = new AnswerTexts(secrets)
  }

  /** The whole exchange (`head`: its request and status, built as the answer began), judged once both bodies have passed. */
  finish(
    flight: Flight,
    head: ExchangeHead,
    answer: BodyTap,
  ): ExchangeVerdict | Promise<ExchangeVerdict> {
    // Uncompressed bodies are whole already: judged now, without a promise per exchange.
    if (flight.request.ready && answer.ready) {
      return this.#whole(
        flight,
        head,
        flight.request.read(),
        this.#texts.of(flight.path, answer, undefined),
      )
    }
    return Promise.all([flight.request.end(), answer.end()]).then(([request, response]) =>
      this.#whole(flight, head, request, this.#texts.of(flight.path, answer, response)),
    )
  }

  #whole(
    flight: Flight,
    head: ExchangeHead,
    request: BodyRead,
    response: AnswerText,
  ): ExchangeVerdict {
    const exchange: TrafficExchange = {
      ...head,
      // A credential echoed in a body is replaced before anything reads it: nothing carries it on.
      ...(flight.requestSent
        ? { requestBody: this.secrets.scrub(request.text, request.truncated) }
        : {}),
      ...(request.truncated ? { requestBodyTruncated: true } : {}),
      responseBody: response.text,
      ...(response.truncated ? { responseBodyTruncated: true } : {}),
      ...(response.unread ? { responseBodyUnread: response.unread } : {}),
    }
    return this.judge(flight, exchange)
  }
}
