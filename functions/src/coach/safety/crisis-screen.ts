import {
  CRISIS_CATEGORIES,
  type CrisisCategory,
  type CrisisLanguage,
} from '@bloom/shared/coach/crisis-support';
import { log } from '../../observability/log';
import { metrics } from '../../observability/metrics';
import { type ClassifierVerdict, crisisClassifier } from './classifier/classifier';
import { CATEGORY_OF_LABEL } from './classifier/labels';
import { guessLanguage, type Screening, screenMessage } from './screen';

/**
 * The coach's crisis screen, before the Pro gate and the model (docs/safety.md "The screen"): the patterns
 * (screen.ts, a fast and explainable floor) and the trained classifier (classifier/) both read the message, and
 * it is a crisis when either says so. The categories are both layers' together, the most urgent first.
 */

/** Which layer recognised the crisis, for the safety event's log line. */
export type ScreenLayer = 'patterns' | 'classifier';

export type CrisisScreening =
  | { crisis: false }
  | {
      crisis: true;
      categories: [CrisisCategory, ...CrisisCategory[]];
      language: CrisisLanguage;
      caughtBy: [ScreenLayer, ...ScreenLayer[]];
    };

export async function screenForCrisis(text: string): Promise<CrisisScreening> {
  return combineScreenings(text, screenMessage(text), await classify(text));
}

/** The two layers' verdicts as one: a crisis if either says so, with both layers' categories. */
export function combineScreenings(
  text: string,
  patterns: Screening,
  classifier: ClassifierVerdict | { crisis: false },
): CrisisScreening {
  if (!patterns.crisis && !classifier.crisis) return { crisis: false };
  const found = new Set<CrisisCategory>(patterns.crisis ? patterns.categories : []);
  if (classifier.crisis) found.add(CATEGORY_OF_LABEL[classifier.label]);
  const caughtBy: ScreenLayer[] = [];
  if (patterns.crisis) caughtBy.push('patterns');
  if (classifier.crisis) caughtBy.push('classifier');
  return {
    crisis: true,
    categories: CRISIS_CATEGORIES.filter((category) => found.has(category)) as [
      CrisisCategory,
      ...CrisisCategory[],
    ],
    // The patterns know which language's phrases matched; the classifier reads all four as one.
    language: patterns.crisis ? patterns.language : guessLanguage(text),
    caughtBy: caughtBy as [ScreenLayer, ...ScreenLayer[]],
  };
}

/**
 * The classifier's verdict. If its model cannot be loaded the patterns still screen the message: the failure
 * is logged and counted (`CoachSafetyClassifierUnavailable`), and the next message tries the load again.
 */
async function classify(text: string): Promise<ClassifierVerdict | { crisis: false }> {
  try {
    return (await crisisClassifier()).classify(text);
  } catch (error) {
    metrics.count('CoachSafetyClassifierUnavailable');
    log.error('Crisis classifier unavailable: the message was screened by the patterns alone', {
      errorName: (error as Error).name,
      errorMessage: (error as Error).message,
    });
    return { crisis: false };
  }
}
