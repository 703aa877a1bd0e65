import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, type Stage } from '../lib/config.ts';
import { type Synthesized, synthesized } from './support/synthesized.ts';

/**
 * AWS's CloudFormation linter checks what CDK synthesized against the resource specifications of the region each
 * stack deploys to: the checks cdk-nag and the tests here do not make (property types and values, allowed
 * patterns, references, deprecated runtimes...). Settings and ignored rules: infra/.cfnlintrc.
 */

const CONFIG_FILE = path.join(REPO_ROOT, 'infra/.cfnlintrc');
const README = path.join(REPO_ROOT, 'infra/README.md');
const STAGES: readonly Stage[] = ['dev', 'prod'];

interface Finding {
  Level: string;
  Message: string;
  Filename: string;
  Rule: { Id: string };
  Location?: { Path?: (string | number)[] };
}

let synth: Synthesized;
let workdir: string;
let findings: Finding[];

function cfnLintVersion(): string {
  const probe = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'cfn-lint is not installed (or not on PATH), so the synthesized templates cannot be checked. ' +
        'Install it with `pip install cfn-lint` (the checks were written against 1.51.0); see infra/README.md.',
    );
  }
  return probe.stdout.trim();
}

/** Runs cfn-lint on the templates of one region; its JSON report lists every finding. */
function lint(region: string, files: string[]): Promise<Finding[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'cfn-lint',
      ['--config-file', CONFIG_FILE, '--regions', region, '--format', 'json', '--', ...files],
      { cwd: workdir },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      // Exit status bits: 2 errors, 4 warnings, 8 informational; 1 means cfn-lint itself failed.
      if (code === null || (code & 1) === 1) {
        reject(new Error(`cfn-lint failed (exit ${code}): ${stderr || stdout}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout || '[]') as Finding[]);
      } catch {
        reject(new Error(`cfn-lint wrote no JSON report: ${stdout}\n${stderr}`));
      }
    });
  });
}

beforeAll(async () => {
  cfnLintVersion();
  synth = await synthesized();
  workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'bloom-cfn-lint-'));
  const byRegion = new Map<string, string[]>();
  for (const stage of STAGES) {
    for (const [name, stack] of Object.entries(synth.stacks(stage))) {
      const file = path.join(workdir, `${stage}.${name}.template.json`);
      fs.writeFileSync(file, JSON.stringify(stack.template, null, 1));
      byRegion.set(stack.region, [...(byRegion.get(stack.region) ?? []), file]);
    }
  }
  const reports = await Promise.all([...byRegion].map(([region, files]) => lint(region, files)));
  findings = reports.flat();
});

afterAll(() => {
  if (workdir) fs.rmSync(workdir, { recursive: true, force: true });
});

function describeFinding(finding: Finding): string {
  const where = (finding.Location?.Path ?? []).join('/');
  return `${path.basename(finding.Filename)} ${finding.Rule.Id} ${where}: ${finding.Message}`;
}

describe('cfn-lint on every synthesized template', () => {
  it('lints every stack of both stages, in its own region', () => {
    const stacks = STAGES.flatMap((stage) =>
      Object.entries(synth.stacks(stage)).map(([name, stack]) => `${name} ${stack.region}`),
    );
    expect(stacks).toEqual(['Bloom-dev eu-west-1', 'Bloom-prod-edge us-east-1', 'Bloom-prod eu-west-1']);
  });

  it('finds no error', () => {
    expect(findings.filter((finding) => finding.Level === 'Error').map(describeFinding)).toEqual([]);
  });

  it('finds no warning that is neither fixed nor ignored with a reason', () => {
    expect(findings.filter((finding) => finding.Level === 'Warning').map(describeFinding)).toEqual([]);
  });
});

describe('ignored cfn-lint rules', () => {
  const config = fs.readFileSync(CONFIG_FILE, 'utf8');
  const ignored = [...config.matchAll(/^\s*-\s*([EWI]\d{4})\b.*$/gm)].map((match) => ({
    rule: match[1] as string,
    index: match.index,
  }));

  it('each carry the comment that says why, right above them in .cfnlintrc', () => {
    expect(config).toMatch(/^ignore_checks:/m);
    for (const { rule, index } of ignored) {
      const before = config.slice(0, index).trimEnd().split('\n').at(-1) ?? '';
      expect(before, `${rule} needs a "# why" comment above it`).toMatch(/^\s*#.{40,}/);
    }
  });

  it('are only warnings, and each is listed in infra/README.md with the ones ignored on a single resource', () => {
    const readme = fs.readFileSync(README, 'utf8');
    const onResources = STAGES.flatMap((stage) =>
      Object.values(synth.stacks(stage)).flatMap((stack) =>
        Object.values(
          stack.template.Resources as Record<string, { Metadata?: Record<string, unknown> }>,
        ).flatMap(
          (resource) =>
            ((resource.Metadata?.['cfn-lint'] as { config?: { ignore_checks?: string[] } } | undefined)
              ?.config?.ignore_checks ?? []) as string[],
        ),
      ),
    );
    for (const rule of [...ignored.map((entry) => entry.rule), ...onResources]) {
      expect(rule, 'errors are fixed, never ignored').toMatch(/^W/);
      expect(readme, `${rule} explained in infra/README.md`).toMatch(new RegExp(`\\| \`${rule}\` +\\|`));
    }
  });
});
