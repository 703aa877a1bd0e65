/** The planner feature as the app composes it. */

export { useProfile } from './api/use-profile';
export { useWeekPainted } from './api/use-week';
export { preloadActivityNames } from './i18n';
export { PlannerProvider } from './planner-provider';
export { PlannerScreens, type PlannerView } from './planner-screens';
