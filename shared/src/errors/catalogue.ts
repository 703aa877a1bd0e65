import { CLIENT_ENGLISH, type ClientMessageId } from '../i18n/catalogues/client';
import { ERROR_MESSAGES, type ErrorMessageId } from '../i18n/catalogues/errors';

/**
 * Every error the API can answer with: its code, its status, and the message a person sees
 * (docs/rules.md#errors-and-messages). The server sends `{ error: { code, message, fields? } }` in her language
 * (docs/rules.md#languages); the web app shows `message` as it is. The words live in the errors catalogue,
 * `shared/src/i18n/messages/errors/{locale}.json`, under `error.{code}`; `ERRORS` gives each code's status and
 * its English message.
 */
const STATUSES = {
  invalid_json: 400,
  validation_failed: 400,
  unauthorized: 401,
  /**
   * A token issued before her account was deleted: the account is gone, whatever the token still says
   * (docs/rules.md#closed-accounts). The app signs her out and says goodbye.
   */
  account_deleted: 401,
  permission_denied: 403,
  edit_limit_reached: 403,
  daily_action_limit_reached: 403,
  pro_required: 403,
  invalid_signature: 400,
  /** A webhook body Stripe did sign that is not JSON, or not an event (docs/rules.md#billing-states). */
  invalid_payload: 400,
  already_pro: 409,
  /**
   * Her first payment is still going through (a bank debit takes days): a second checkout would charge her twice
   * (docs/rules.md#billing-states).
   */
  payment_pending: 409,
  no_subscription: 404,
  refund_window_closed: 403,
  payment_provider_unavailable: 502,
  not_found: 404,
  route_not_found: 404,
  already_exists: 409,
  slot_full: 409,
  /** Replacing a week's plan is for the current week and later ones. */
  week_in_past: 409,
  /** Replacing a week's plan is one transaction, which DynamoDB bounds at 100 items. */
  replan_too_large: 409,
  /** One rest day a week (docs/rules.md#rest-days). */
  rest_day_limit: 409,
  /** A day is completed or rested, never both (docs/rules.md#rest-days). */
  day_is_rest_day: 409,
  day_already_complete: 409,
  /** She asked for her account to be deleted and the deletion has not finished (docs/rules.md#deleting-an-account). */
  account_deleting: 409,
  /** Reminders reach at most 10 devices (docs/rules.md#reminders). */
  too_many_devices: 409,
  /** A push subscription at an address that is not a browser's push service (docs/rules.md#reminders). */
  push_endpoint_not_allowed: 400,
  payload_too_large: 413,
  too_many_requests: 429,
  /** The coach's daily message cap (docs/rules.md#coach): a kind word, not an error. */
  coach_daily_limit_reached: 429,
  /** A second message to the coach while her reply to the first is still being written (docs/rules.md#coach). */
  coach_reply_in_progress: 409,
  /** The week's default plan could not be written (the first read of a new week plans it). */
  plan_initialization_failed: 500,
  internal: 500,
  /**
   * A dependency (the table, Stripe, Bedrock) is down or too slow: answered within 3 s with a `Retry-After`
   * header, so the web keeps the change pending and sends it again (docs/rules.md#errors-and-messages).
   */
  service_unavailable: 503,
  /**
   * The same change (same `Idempotency-Key`) is still being applied by an earlier attempt: sent again after the
   * `Retry-After` seconds, it gets that attempt's answer (docs/rules.md#idempotent-writes).
   */
  change_in_progress: 503,
  /** An `Idempotency-Key` already used for another change (other path or body) of the same route. */
  idempotency_key_reused: 422,
  /** An `Idempotency-Key` header that is empty or longer than 255 characters. */
  invalid_idempotency_key: 400,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof STATUSES;

/** The catalogue id of an error code's message. */
export const errorMessageId = (code: ErrorCode) => `error.${code}` as ErrorMessageId;

const english = (id: ErrorMessageId) => ERROR_MESSAGES.english.format(id);

export const ERRORS = Object.fromEntries(
  Object.entries(STATUSES).map(([code, status]) => [
    code,
    { status, message: english(errorMessageId(code as ErrorCode)) },
  ]),
) as Readonly<Record<ErrorCode, { status: number; message: string }>>;

/** English messages by key, and the catalogue id each is said by in every language. */
function englishMessages<Key extends string, Id extends string>(
  ids: Readonly<Record<Key, Id>>,
  say: (id: Id) => string,
): Record<Key, string> {
  return Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, say(id as Id)])) as Record<
    Key,
    string
  >;
}

/**
 * Field-level messages: the create-activity form's (docs/rules.md#custom-activities) and every other input's.
 * The request schemas are built with these English words, so a response's `fields` is English until the server
 * says it in her language (`fieldMessageId` finds each one's id); the web does the same with the schema's
 * messages it shows.
 */
export const FIELD_MESSAGE_IDS = {
  name: 'field.name',
  duration: 'field.duration',
  icon: 'field.icon',
  category: 'field.category',
  slot: 'field.slot',
  day: 'field.day',
  weekStart: 'field.weekStart',
  activityIds: 'field.activityIds',
  timeZone: 'field.timeZone',
  /** Ill-formed Unicode or a control character in text she typed (docs/rules.md#text-she-types). */
  unreadable: 'field.unreadable',
  /** A language Bloom does not speak (docs/rules.md#languages). */
  locale: 'field.locale',
  nameTooLong: 'field.nameTooLong',
  durationTooLong: 'field.durationTooLong',
  focusAreasRequired: 'field.focusAreasRequired',
  focusAreasRepeated: 'field.focusAreasRepeated',
  reminderTime: 'field.reminderTime',
  coachMessageBlank: 'field.coachMessageBlank',
  coachMessageTooLong: 'field.coachMessageTooLong',
  pushEndpoint: 'field.pushEndpoint',
  pushKey: 'field.pushKey',
  pushSecret: 'field.pushSecret',
  notAnObject: 'field.notAnObject',
  required: 'field.required',
  nothingToUpdate: 'field.nothingToUpdate',
  arrangementWithoutAnswers: 'field.arrangementWithoutAnswers',
  /** What a schema says where it names no message of its own (functions/src/http/validation.ts). */
  invalidInput: 'field.invalidInput',
} as const satisfies Record<string, ErrorMessageId>;

export const FIELD_MESSAGES = englishMessages(FIELD_MESSAGE_IDS, english);

let fieldIdsByText: Map<string, ErrorMessageId> | undefined;

/** The catalogue id of a field message as a schema gives it (in English), or undefined for other text. */
export function fieldMessageId(text: string): ErrorMessageId | undefined {
  fieldIdsByText ??= new Map(Object.values(FIELD_MESSAGE_IDS).map((id) => [english(id), id]));
  return fieldIdsByText.get(text);
}

/**
 * Messages the web app shows for failures that never reached the API (docs/rules.md#errors-and-messages): the
 * client catalogue's (`client.{key}`), and two the API says as well (from the error catalogue).
 */
export const CLIENT_MESSAGE_IDS = {
  network: 'client.network',
  tooManyRequests: 'error.too_many_requests',
  unexpected: 'error.internal',
  loadActivities: 'client.loadActivities',
  loadYourActivities: 'client.loadYourActivities',
  addActivity: 'client.addActivity',
  removeActivity: 'client.removeActivity',
  updateActivity: 'client.updateActivity',
  createActivity: 'client.createActivity',
  /** Creation answered without the new activity's id. */
  createCustomActivity: 'client.createCustomActivity',
  /** Creation answered with the activity but not its place in the day. */
  addToTimeSlot: 'client.addToTimeSlot',
  /** Creation refused because the week's edits are used up. */
  createAtEditLimit: 'client.createAtEditLimit',
  invalidDuration: 'client.invalidDuration',
  notAuthenticated: 'client.notAuthenticated',
  noCheckoutUrl: 'client.noCheckoutUrl',
  /** A write answered 503 or never reached the API: it stays queued on this device and is sent again. */
  changePending: 'client.changePending',
} as const satisfies Record<string, ClientMessageId | ErrorMessageId>;

export const CLIENT_MESSAGES = englishMessages(CLIENT_MESSAGE_IDS, (id: ClientMessageId | ErrorMessageId) =>
  id.startsWith('client.') ? CLIENT_ENGLISH.format(id as ClientMessageId) : english(id as ErrorMessageId),
);

/**
 * The header every write carries: one UUID per user action, reused on every retry of it, so the server applies
 * the action exactly once (docs/rules.md#errors-and-messages).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}
