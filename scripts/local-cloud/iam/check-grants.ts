/**
 * `npm run check:grants`, after the integration suite: fails when a route of functions/src/routes.ts is
 * granted an action no test made it use, or was refused one it asked for. Reads what the suite recorded in
 * test-results/grant-usage (see grant-usage.ts), so it judges the whole suite's last run.
 */
import { ROUTES } from '@bloom/functions/routes';
import { GRANT_USAGE_DIR, readGrantUsage } from './grant-usage';
import { findGrantProblems, formatGrantProblems } from './grants-check';

const uses = readGrantUsage(GRANT_USAGE_DIR);
if (!uses) {
  console.error(
    `No grant usage in ${GRANT_USAGE_DIR}: run the whole integration suite first (npx vitest run --project integration).`,
  );
  process.exit(1);
}
const findings = findGrantProblems(ROUTES, uses);
if (findings.length > 0) {
  console.error(formatGrantProblems(findings));
  process.exit(1);
}
console.log(`Grants: all ${ROUTES.length} routes use every action they are granted and are refused none.`);
