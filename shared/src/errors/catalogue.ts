/**
 * Every error the API can answer with, and the message a person sees (docs/rules.md#errors-and-messages).
 * The server sends `{ error: { code, message, fields? } }`; the web app shows `message` as it is.
 */
export const ERRORS = {
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  validation_failed: { status: 400, message: 'Please check the highlighted fields and try again.' },
  unauthorized: { status: 401, message: 'Please sign in to continue.' },
  /**
   * A token issued before her account was deleted: the account is gone, whatever the token still says
   * (docs/rules.md#closed-accounts). The app signs her out and says goodbye.
   */
  account_deleted: {
    status: 401,
    message: 'This Bloom account has been deleted. Sign in again to start afresh.',
  },
  permission_denied: { status: 403, message: 'You do not have permission to perform this action.' },
  edit_limit_reached: {
    status: 403,
    message: "You've used all 10 of your weekly edits. Upgrade to Pro for unlimited edits and more features.",
  },
  daily_action_limit_reached: {
    status: 403,
    message:
      'Daily action limit reached. The free plan includes 3 custom activities a day; upgrade to Pro for unlimited.',
  },
  pro_required: { status: 403, message: 'This is a Pro feature. Upgrade to Pro to unlock it.' },
  invalid_signature: { status: 400, message: 'The webhook signature could not be verified.' },
  /** A webhook body Stripe did sign that is not JSON, or not an event (docs/rules.md#billing-states). */
  invalid_payload: { status: 400, message: 'The webhook body is not a Stripe event.' },
  already_pro: { status: 409, message: "You're already on Pro. Thank you for blooming with us!" },
  no_subscription: { status: 404, message: "You don't have a subscription to manage yet." },
  refund_window_closed: {
    status: 403,
    message:
      'The money-back guarantee covers the first 30 days after your first payment. You can still cancel anytime from Manage subscription.',
  },
  payment_provider_unavailable: {
    status: 502,
    message: "We couldn't reach our payment provider. Please try again in a moment.",
  },
  not_found: { status: 404, message: "We couldn't find that. It may have been removed." },
  route_not_found: { status: 404, message: 'There is nothing at this address.' },
  already_exists: { status: 409, message: 'This item already exists.' },
  slot_full: {
    status: 409,
    message: 'This time slot is full. Remove an activity before adding another.',
  },
  /** Replacing a week's plan is for the current week and later ones. */
  week_in_past: { status: 409, message: 'A past week keeps the plan it had.' },
  /** Replacing a week's plan is one transaction, which DynamoDB bounds at 100 items. */
  replan_too_large: {
    status: 409,
    message: 'This week has too many activities to replace at once. Remove a few, then try again.',
  },
  /** One rest day a week (docs/rules.md#rest-days). */
  rest_day_limit: {
    status: 409,
    message:
      "You've already taken a rest day this week. Rest is part of the rhythm; the next one comes with next week.",
  },
  /** A day is completed or rested, never both (docs/rules.md#rest-days). */
  day_is_rest_day: {
    status: 409,
    message: 'This is your rest day. Undo the rest day first if you would like to mark it complete.',
  },
  day_already_complete: {
    status: 409,
    message: 'This day is already complete, so it needs no rest day. Unmark it first to rest instead.',
  },
  /** She asked for her account to be deleted and the deletion has not finished (docs/rules.md#deleting-an-account). */
  account_deleting: {
    status: 409,
    message: 'Your account is being deleted. Finish deleting it from the account menu.',
  },
  /** Reminders reach at most 10 devices (docs/rules.md#reminders). */
  too_many_devices: {
    status: 409,
    message: 'Reminders can reach up to 10 devices. Turn them off on one you no longer use, then try again.',
  },
  /** A push subscription at an address that is not a browser's push service (docs/rules.md#reminders). */
  push_endpoint_not_allowed: {
    status: 400,
    message:
      "Reminders can't be sent to this browser: Bloom sends them only through the notification services of Chrome, Edge, Firefox and Safari.",
  },
  payload_too_large: { status: 413, message: 'That request is too large. Please send less at once.' },
  too_many_requests: { status: 429, message: 'Too many requests. Please refresh the page.' },
  /** The coach's daily message cap (docs/rules.md#coach): a kind word, not an error. */
  coach_daily_limit_reached: {
    status: 429,
    message:
      "We've talked a lot today, and I've loved every word. 🌸 Let's pick this up tomorrow; your plan is right here until then.",
  },
  /** A second message to the coach while her reply to the first is still being written (docs/rules.md#coach). */
  coach_reply_in_progress: {
    status: 409,
    message: "I'm still answering your last message. 🌸 Give me a moment, then send this one again.",
  },
  /** The week's default plan could not be written (the first read of a new week plans it). */
  plan_initialization_failed: { status: 500, message: 'Failed to initialize activities' },
  internal: { status: 500, message: 'An unexpected error occurred. Please try again.' },
  /**
   * A dependency (the table, Stripe, Bedrock) is down or too slow: answered within 3 s with a `Retry-After`
   * header, so the web keeps the change pending and sends it again (docs/rules.md#errors-and-messages).
   */
  service_unavailable: {
    status: 503,
    message: "Bloom can't reach your plan right now. Please try again in a moment.",
  },
  /**
   * The same change (same `Idempotency-Key`) is still being applied by an earlier attempt: sent again after the
   * `Retry-After` seconds, it gets that attempt's answer (docs/rules.md#idempotent-writes).
   */
  change_in_progress: {
    status: 503,
    message: 'Your change is still being saved. It will show in a moment.',
  },
  /** An `Idempotency-Key` already used for another change (other path or body) of the same route. */
  idempotency_key_reused: {
    status: 422,
    message: 'This change was already sent with different details. Please refresh the page and try again.',
  },
  /** An `Idempotency-Key` header that is empty or longer than 255 characters. */
  invalid_idempotency_key: {
    status: 400,
    message: 'The Idempotency-Key header must be a non-empty value of at most 255 characters.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Field-level messages of the create-activity form and other inputs (docs/rules.md#custom-activities). */
export const FIELD_MESSAGES = {
  name: 'Please enter an activity name',
  duration: 'Please enter a valid duration',
  icon: 'Please select an icon',
  category: 'Please choose a category',
  slot: 'Please choose a time slot',
  day: 'Please choose a day of the week (0 is Monday, 6 is Sunday)',
  weekStart: 'Please give the Monday that starts the week, as YYYY-MM-DD',
  activityIds: 'Please choose at least one activity',
  timeZone: 'Please choose a valid time zone',
  /** Ill-formed Unicode or a control character in text she typed (docs/rules.md#text-she-types). */
  unreadable: "This text holds hidden characters that can't be saved. Please type it again.",
} as const;

/** Messages the web app shows for failures that never reached the API (docs/rules.md#errors-and-messages). */
export const CLIENT_MESSAGES = {
  network: 'Network error. Please check your connection and try again.',
  tooManyRequests: 'Too many requests. Please refresh the page.',
  unexpected: 'An unexpected error occurred. Please try again.',
  loadActivities: 'Failed to load activities.',
  loadYourActivities: 'Failed to load your activities.',
  addActivity: 'Failed to add activity',
  removeActivity: 'Failed to remove activity',
  updateActivity: 'Failed to update activity',
  createActivity: 'Failed to create activity',
  /** Creation answered without the new activity's id. */
  createCustomActivity: 'Failed to create custom activity',
  /** Creation answered with the activity but not its place in the day. */
  addToTimeSlot: 'Failed to add activity to time slot',
  /** Creation refused because the week's edits are used up. */
  createAtEditLimit: 'Cannot create activity - edit limit reached',
  invalidDuration: 'Invalid duration provided',
  notAuthenticated: 'User not authenticated',
  noCheckoutUrl: 'No checkout URL returned',
  /** A write answered 503 or never reached the API: it stays queued on this device and is sent again. */
  changePending:
    "Bloom can't reach your plan right now. Your change is saved on this device and will be sent when the connection is back.",
} as const;

/**
 * The header every write carries: one UUID per user action, reused on every retry of it, so the server applies
 * the action exactly once (docs/rules.md#errors-and-messages).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}
