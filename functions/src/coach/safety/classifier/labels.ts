import type { CrisisCategory } from '@bloom/shared/coach/crisis-support';

/**
 * What the crisis classifier tells apart (the corpus's file names, scripts/safety-model/corpus/<lang>/<label>.txt),
 * and the category of the crisis reply each leads with. The classifier does not tell suicide from self-harm
 * (both get the crisis line first); the patterns still do.
 */
export const CLASSIFIER_LABELS = [
  'suicide_self_harm',
  'abuse',
  'poisoning_overdose',
  'medical_emergency',
  'none',
] as const;
export type ClassifierLabel = (typeof CLASSIFIER_LABELS)[number];
export type CrisisLabel = Exclude<ClassifierLabel, 'none'>;

export const CRISIS_LABELS: readonly CrisisLabel[] = CLASSIFIER_LABELS.filter(
  (label): label is CrisisLabel => label !== 'none',
);

export const CATEGORY_OF_LABEL: Readonly<Record<CrisisLabel, CrisisCategory>> = {
  suicide_self_harm: 'suicide',
  abuse: 'abuse',
  poisoning_overdose: 'poisoning',
  medical_emergency: 'medical_emergency',
};

export const isClassifierLabel = (value: string): value is ClassifierLabel =>
  (CLASSIFIER_LABELS as readonly string[]).includes(value);
