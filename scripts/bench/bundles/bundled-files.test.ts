import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLED_FILES } from '../../../infra/lib/bundling.ts';
import { REPO_ROOT } from '../../../infra/lib/config.ts';
import { bundleSource } from './build.ts';

/**
 * The coach's crisis classifier, bundled as the stack bundles the coach function (esbuild with the Lambda
 * options, then its BUNDLED_FILES copied beside index.mjs) and run by a plain Node process from the bundle's
 * folder alone: the wasm glue inside the bundle finds the model and the wasm where the copy put them.
 */

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bloom-bundled-files-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe('the coach function’s bundled files', () => {
  it('let the bundled classifier load and classify, away from the repository', async () => {
    const outfile = path.join(workDir, 'bundle', 'index.mjs');
    await bundleSource(
      "export { crisisClassifier } from './src/coach/safety/classifier/classifier';",
      outfile,
    );
    for (const { from, to } of BUNDLED_FILES['coach/send-message'] ?? []) {
      fs.cpSync(path.join(REPO_ROOT, from), path.join(path.dirname(outfile), to), { recursive: true });
    }
    // Moved away from the repository, so nothing can be found through its node_modules.
    const away = path.join(workDir, 'task');
    fs.renameSync(path.dirname(outfile), away);
    const output = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { crisisClassifier } = await import(${JSON.stringify(path.join(away, 'index.mjs'))});
         const classifier = await crisisClassifier();
         console.log(JSON.stringify([classifier.classify('i took 40 of my sleeping pills an hour ago').crisis, classifier.classify('what should I cook tonight?').crisis]));`,
      ],
      { cwd: away, encoding: 'utf8' },
    );
    expect(JSON.parse(output.trim())).toEqual([true, false]);
  }, 60_000);
});
