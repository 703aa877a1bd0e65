/**
 * Freezes the held-out split (`npx tsx scripts/safety-model/freeze-split.ts`): writes split/heldout.tsv from
 * the corpus as it is. Run once, when the corpus is complete and before anything is tuned; it refuses to
 * replace a frozen split.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { countByStratum, readCorpus } from './corpus.ts';
import { chooseHeldOut, formatManifest, HELD_OUT_MANIFEST } from './split.ts';

if (fs.existsSync(HELD_OUT_MANIFEST)) {
  throw new Error(`${HELD_OUT_MANIFEST} exists: the split is frozen. Never choose it again after tuning.`);
}
const corpus = readCorpus();
const heldOut = chooseHeldOut(corpus);
fs.mkdirSync(path.dirname(HELD_OUT_MANIFEST), { recursive: true });
fs.writeFileSync(HELD_OUT_MANIFEST, formatManifest(heldOut));
console.log(`Held out ${heldOut.length} of ${corpus.length} messages:`);
console.table(countByStratum(heldOut));
