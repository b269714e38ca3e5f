import type { ErrorCondition } from './errors.ts'
import type { OperationId } from './table.ts'

// Text for people, read by the OpenAPI document (contract/openapi.ts) and the conformance suite's
// messages: kept out of the endpoint table and the error conditions, so the mock, which imports
// those (a browser page before its first answer), does not load it (~1 KB gzip).

/** Each operation's one-line summary in the OpenAPI document. */
export const OPERATION_SUMMARIES = {
  createForm:
    'Create a form, optionally from a template, with inline fields, settings and an immediate publish',
  listForms: "List every form of the caller's organization, newest first, with fields",
  getForm: 'Read a form with its fields and share link',
  updateForm: 'Update the title and/or description',
  replaceFormSettings: 'Replace the settings; omitted settings fall back to their defaults',
  publishForm: 'Publish a form (needs at least one field); also reopens a closed form',
  closeForm: 'Close a published form to new responses',
  addField: 'Append a field; its config is validated against the schema of its kind',
  replaceFieldConfig: "Replace a field's config, validated against its kind's schema",
  reorderFields: "Reorder fields with the complete list of the form's field ids",
  deleteForm: 'Delete a form and its responses',
  removeField: 'Remove a field; a published form keeps at least one',
  listFormResponses: 'Read the responses submitted to a form, newest first',
  createSession: 'Create a session with inline activities; may open it for joining immediately',
  listSessions: "List the organization's sessions, newest first, with activities",
  addActivity: 'Append an activity: `{ kind, …content }`; refused once the session has ended',
  openSession: 'Open a draft session for joining',
  endSession: 'End an open session',
  addTeam: 'Add a team; only while the session is a draft in team mode',
  setTeamMode: "Switch a draft session's team mode; switching it off removes its teams",
  presentActivity: 'Put one of the activities of an open session on the big screen',
  createSeries:
    'Create a series, seeding its teams and round line-up; needs the series entitlement',
  listSeries: 'List series newest first, each with its teams and rounds',
  createSponsorReport:
    "Generate a sponsor report over the organization's events; needs data export and analytics",
  listSponsorReports: 'List sponsor reports newest first, metadata only (no payload)',
} as const satisfies Record<OperationId, string>

/** What each error condition means, as the OpenAPI document lists it under a status. */
export const CONDITION_SUMMARIES = {
  malformed_json: 'The body is not valid JSON.',
  invalid_body: 'The body fails the operation schema.',
  invalid_field_config: '§7.2 A field config fails the schema of its kind.',
  incomplete_reorder: '§7.3 Reorder list is not the complete set of field ids.',
  unauthorized: 'Missing, malformed or unknown API key.',
  missing_entitlement: '§7.5 The organization lacks the needed entitlement.',
  not_found: "Unknown id, or another organization's id.",
  publish_without_field: '§7.1 Publishing a form that has no field.',
  team_not_allowed: '§7.4 Team on a session that is not a draft in team mode.',
  state_conflict: 'A transition the current state does not allow.',
  duplicate_team_name: 'A team name already used in this session or series.',
  limit_exceeded: 'A count beyond the profile maximum.',
  unknown_route: 'No operation at this path.',
  method_not_allowed: 'The path exists, but not with this method.',
  payload_too_large: 'A body over 1 MiB.',
  unsupported_media_type: 'A body that is not application/json.',
  internal: 'An unexpected fault inside the mock.',
  unsupported_preference:
    'The mock only: `Prefer: code=` names a status this operation does not document; the answer names those it does.',
  unavailable:
    'The service cannot answer for now; try again (the mock: its `--fail-rate`, or `Prefer: code=503`).',
} as const satisfies Record<ErrorCondition, string>
