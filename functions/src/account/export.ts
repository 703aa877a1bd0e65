import type {
  BloomExport,
  ExportedActivity,
  ExportedWeek,
  StoredAttributes,
} from '@bloom/shared/account/export';
import { addDays, DEFAULT_TIME_ZONE, todayIn } from '@bloom/shared/week/week';
import { storedBilling } from '../billing/stored-subscription';
import type { Caller } from '../caller';
import { CHAT_PREFIX, COACH_COUNTER_PREFIX, COACH_LOCK_SK } from '../coach/keys';
import type { ProfileItem } from '../data/items';
import {
  CUSTOM_NAME_PREFIX,
  CUSTOM_PREFIX,
  DAILY_PREFIX,
  DAY_PREFIX,
  IDEMPOTENCY_SK_PREFIX,
  PROFILE_SK,
  weekSk,
} from '../data/keys';
import { byCodeUnit } from '../data/order';
import { queryPartition } from '../data/reads';
import { refuseWhileDeleting } from './deletion-mark';

/**
 * What each kind of item in her partition is, told by its sort key. A kind is either exported (into one of the
 * document's sections) or left out on purpose, with the reason; a kind not listed here still goes out, under
 * `other`, so nothing she has is ever dropped by omission (docs/rules.md#her-data).
 */
type Kind = 'profile' | 'week' | 'activity' | 'day' | 'custom' | 'coach' | 'internal' | 'other';

/** A week's sort key before its date (data/keys.ts). */
const WEEK_PREFIX = weekSk('');

const KINDS: ReadonlyArray<{ test: (sk: string) => boolean; kind: Kind }> = [
  { test: (sk) => sk === PROFILE_SK, kind: 'profile' },
  { test: (sk) => sk.startsWith(WEEK_PREFIX) && sk.includes('#ACT#'), kind: 'activity' },
  { test: (sk) => sk.startsWith(WEEK_PREFIX) && !sk.slice(WEEK_PREFIX.length).includes('#'), kind: 'week' },
  { test: (sk) => sk.startsWith(DAY_PREFIX), kind: 'day' },
  // A copy of a custom activity's name that keeps names unique: the activity itself is exported.
  { test: (sk) => sk.startsWith(CUSTOM_NAME_PREFIX), kind: 'internal' },
  { test: (sk) => sk.startsWith(CUSTOM_PREFIX), kind: 'custom' },
  { test: (sk) => sk.startsWith(CHAT_PREFIX), kind: 'coach' },
  // Daily counters of the free plan's and the coach's limits, gone within days (TTL): bookkeeping, not hers.
  { test: (sk) => sk.startsWith(DAILY_PREFIX) || sk.startsWith(COACH_COUNTER_PREFIX), kind: 'internal' },
  // The coach's reply lock and idempotency records of requests in flight: bookkeeping of a moment.
  { test: (sk) => sk === COACH_LOCK_SK || sk.startsWith(IDEMPOTENCY_SK_PREFIX), kind: 'internal' },
];

export function kindOf(sk: string): Kind {
  return KINDS.find(({ test }) => test(sk))?.kind ?? 'other';
}

/** Attributes that are Bloom's machinery, not her data: revision counters and sync tickets. */
const MACHINERY = /^(pk|sk|dayRev\d+|planSignature|syncTicket|syncedTicket|subscriptionEventAt)$/;

function attributesOf(item: StoredAttributes): StoredAttributes {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !MACHINERY.test(name)));
}

/** One Query over her partition (every page), sorted into the export document. */
export async function exportAccount(caller: Caller, now: Date): Promise<BloomExport> {
  const items = await queryPartition(caller.userId);
  const profile = items.find((item) => item.sk === PROFILE_SK) as ProfileItem | undefined;
  refuseWhileDeleting(profile);
  return exportDocument(caller, items, now);
}

export function exportDocument(caller: Caller, items: StoredAttributes[], now: Date): BloomExport {
  const byKind = (kind: Kind) => items.filter((item) => kindOf(String(item.sk)) === kind);
  const profile = byKind('profile')[0] as ProfileItem | undefined;
  const billing = storedBilling(profile);
  const activities = byKind('activity').map((item): ExportedActivity => {
    const attributes = attributesOf(item) as ExportedActivity;
    return { ...attributes, date: addDays(String(item.weekStart), Number(item.day)) };
  });
  const weekStarts = new Set([
    ...byKind('week').map((item) => String(item.weekStart ?? String(item.sk).slice(WEEK_PREFIX.length))),
    ...activities.map((activity) => String(activity.weekStart)),
  ]);
  const weeks = [...weekStarts].sort().map((weekStart): ExportedWeek => {
    const week = byKind('week').find((item) => item.sk === weekSk(weekStart));
    return {
      ...(week ? attributesOf(week) : {}),
      weekStart,
      activities: activities
        .filter((activity) => activity.weekStart === weekStart)
        .sort((a, b) => a.day - b.day || byCodeUnit(String(a.createdAt), String(b.createdAt))),
    };
  });
  const oldestFirst = (kind: Kind) =>
    byKind(kind)
      .sort((a, b) => byCodeUnit(String(a.sk), String(b.sk)))
      .map(attributesOf);

  return {
    format: 'bloom-export',
    version: 1,
    exportedAt: now.toISOString(),
    exportDate: todayIn(profile?.timeZone ?? DEFAULT_TIME_ZONE, now),
    account: {
      id: caller.userId,
      email: caller.email || profile?.email || '',
      name: caller.name || profile?.name || '',
      avatarUrl: caller.avatarUrl ?? profile?.avatarUrl ?? null,
    },
    profile: profile ? attributesOf(profile as unknown as StoredAttributes) : null,
    quizAnswers: profile?.quizAnswers ?? null,
    subscription: {
      tier: billing.tier,
      stripeCustomerId: profile?.stripeCustomerId ?? null,
      details: billing.subscription,
    },
    weeks,
    days: oldestFirst('day'),
    customActivities: oldestFirst('custom'),
    coachHistory: oldestFirst('coach'),
    other: byKind('other').map((item) => ({ key: String(item.sk), ...attributesOf(item) })),
  };
}
