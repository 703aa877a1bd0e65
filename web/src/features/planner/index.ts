/** The planner feature as the app composes it. */
export { useProfile } from './api/use-profile';
export { PlannerProvider } from './planner-provider';
export { PlannerScreens, type PlannerView } from './planner-screens';
