import type { Tool } from '@aws-sdk/client-bedrock-runtime';
import { ACTIVITY_CATALOGUE } from '@bloom/shared/catalogue/activities';
import type { CoachAddedActivity } from '@bloom/shared/coach/messages';
import { ERRORS } from '@bloom/shared/errors/catalogue';
import type { ActivityNames } from '@bloom/shared/i18n/activity-names';
import { activitiesOfSlot } from '@bloom/shared/planner/rules';
import {
  DAY_NAMES,
  type DayIndex,
  type Effort,
  FOCUS_TAGS,
  SLOTS,
  VIBE_TAGS,
} from '@bloom/shared/planner/types';
import { strictObject } from '@bloom/shared/validation/strict-object';
import * as v from 'valibot';
import { DomainError } from '../domain-error';
import { addActivities } from '../planner/add-activities';
import type { CoachContext } from './context';

/**
 * The two things Bloom can do besides talking (docs/rules.md#coach): suggest activities from the catalogue, and
 * add one to her plan. Adding goes through the planner's own `addActivities`, exactly as the API's add route
 * does, so the free plan's edits, a full slot and every other planner rule hold for Bloom too.
 */

const EFFORTS = ['low', 'medium', 'high'] as const;
const SUGGESTIONS = 5;

const suggestInput = strictObject({
  slot: v.optional(v.picklist(SLOTS)),
  maxMinutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(240))),
  energy: v.optional(v.picklist(EFFORTS)),
  focus: v.optional(v.picklist(FOCUS_TAGS)),
  vibe: v.optional(v.picklist(VIBE_TAGS)),
});

const addInput = strictObject({
  activityId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  slot: v.picklist(SLOTS),
  day: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6))),
});

export const COACH_TOOL_SPECS: Tool[] = [
  {
    toolSpec: {
      name: 'suggest_activities',
      description:
        "Finds activities in Bloom's catalogue that fit a moment: a time slot, the minutes she has, her energy, a focus and a vibe. Use it before suggesting or adding an activity; it leaves out what is already in that slot today.",
      inputSchema: {
        json: {
          type: 'object',
          properties: {
            slot: { type: 'string', enum: [...SLOTS], description: 'Morning, Midday or Evening.' },
            maxMinutes: {
              type: 'integer',
              minimum: 1,
              maximum: 240,
              description: 'The most minutes it may take.',
            },
            energy: { type: 'string', enum: [...EFFORTS], description: 'How much effort she has in her.' },
            focus: { type: 'string', enum: [...FOCUS_TAGS] },
            vibe: { type: 'string', enum: [...VIBE_TAGS], description: 'calm for something calming.' },
          },
          additionalProperties: false,
        },
      },
    },
  },
  {
    toolSpec: {
      name: 'add_activity_to_plan',
      description:
        "Adds one activity (an id from suggest_activities) to her plan this week, in a slot of a day (today unless she said another day). Only when she asked for it or agreed. The planner's limits apply; the result says what was added or why not.",
      inputSchema: {
        json: {
          type: 'object',
          properties: {
            activityId: { type: 'string', description: 'The id of the activity.' },
            slot: { type: 'string', enum: [...SLOTS] },
            day: {
              type: 'integer',
              minimum: 0,
              maximum: 6,
              description: 'Day of this week, 0 is Monday and 6 is Sunday; today when left out.',
            },
          },
          required: ['activityId', 'slot'],
          additionalProperties: false,
        },
      },
    },
  },
];

export interface ToolOutcome {
  status: 'success' | 'error';
  json: Record<string, unknown>;
}

/**
 * The tools for one message: they act for her, in this week, and remember what they added. The catalogue's
 * activities go to the model, and back to her, by their names in her language (`names`).
 */
export class CoachTools {
  readonly added: CoachAddedActivity[] = [];

  constructor(
    private readonly userId: string,
    private readonly context: CoachContext,
    private readonly now: Date,
    private readonly names: ActivityNames,
  ) {}

  async run(name: string | undefined, input: unknown): Promise<ToolOutcome> {
    try {
      if (name === 'suggest_activities') return this.suggest(parse(suggestInput, input));
      if (name === 'add_activity_to_plan') return await this.add(parse(addInput, input));
      return refused(`There is no tool called ${JSON.stringify(name)}.`);
    } catch (error) {
      if (error instanceof ToolInputError) return refused(`The input is not valid: ${error.message}`);
      if (error instanceof DomainError) return refused(ERRORS[error.code].message);
      throw error;
    }
  }

  private suggest(input: v.InferOutput<typeof suggestInput>): ToolOutcome {
    const today = this.context.week.days[this.context.today]?.activities ?? [];
    const taken = new Set(
      (input.slot ? activitiesOfSlot(today, this.context.today, input.slot) : []).map((a) => a.activityId),
    );
    const allowed: readonly Effort[] = input.energy
      ? EFFORTS.slice(0, EFFORTS.indexOf(input.energy) + 1)
      : EFFORTS;
    const fitting = ACTIVITY_CATALOGUE.filter(
      (activity) =>
        !taken.has(activity.id) &&
        (!input.slot || activity.timePeriod === input.slot || activity.timePeriod === 'Any') &&
        (!input.maxMinutes || activity.duration <= input.maxMinutes) &&
        allowed.includes(activity.effort) &&
        (!input.focus || activity.focus.includes(input.focus)),
    );
    // Made for that slot before the ones for any time; the asked-for vibe first; otherwise the catalogue's order.
    const rank = (activity: (typeof fitting)[number]) =>
      (input.vibe && activity.vibes.includes(input.vibe) ? 0 : 2) +
      (activity.timePeriod === input.slot ? 0 : 1);
    const chosen = [...fitting].sort((a, b) => rank(a) - rank(b)).slice(0, SUGGESTIONS);
    return {
      status: 'success',
      json: {
        activities: chosen.map((activity) => ({
          id: activity.id,
          name: this.names.of(activity.id, activity.name),
          icon: activity.icon,
          minutes: activity.duration,
          category: activity.category,
          bestAt: activity.timePeriod,
        })),
      },
    };
  }

  private async add(input: v.InferOutput<typeof addInput>): Promise<ToolOutcome> {
    const day = (input.day ?? this.context.today) as DayIndex;
    const { weekStart } = this.context.week;
    const result = await addActivities(
      this.userId,
      weekStart,
      { day, slot: input.slot },
      [input.activityId],
      this.now,
    );
    const [added] = result.added;
    if (!added) return refused(ERRORS.edit_limit_reached.message);
    const name = this.names.of(added.activityId, added.name);
    this.added.push({ weekStart, day, slot: added.slot, name, icon: added.icon });
    return {
      status: 'success',
      json: {
        added: {
          name,
          icon: added.icon,
          minutes: added.duration,
          day: DAY_NAMES[day],
          slot: added.slot,
        },
        isToday: day === this.context.today,
        editsLeftThisWeek: result.edits.remaining,
      },
    };
  }
}

function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, input ?? {});
  if (!parsed.success) throw new ToolInputError(parsed.issues.map(describeIssue).join('; '));
  return parsed.output;
}

/** An issue as the model reads it: which field, and what is wrong with it. */
function describeIssue(issue: v.BaseIssue<unknown>): string {
  const field = issue.path?.map((item) => String(item.key)).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** The model asked for something the tool's schema does not allow: it is told, as a model is, and may retry. */
class ToolInputError extends Error {}

function refused(error: string): ToolOutcome {
  return { status: 'error', json: { error } };
}
