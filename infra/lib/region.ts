import type { Node } from 'constructs';

/**
 * The privacy policy promises that Bloom runs in the European Union (web/src/features/legal), and the coach's
 * default model is the EU cross-region inference profile. So the stack is pinned to a region and the region
 * must be an EU one: `--context region=eu-central-1` chooses another EU region, nothing chooses a non-EU one.
 * The one stack outside it is prod's web ACL (infra/lib/edge-stack.ts), which CloudFront takes from us-east-1 only
 * and which holds rules and request counts, no personal data.
 */
export const DEFAULT_REGION = 'eu-west-1';

/** AWS regions inside the European Union (eu-west-2 is London and eu-central-2 Zurich: not EU). */
export const EU_REGIONS: readonly string[] = [
  'eu-west-1', // Ireland
  'eu-west-3', // Paris
  'eu-central-1', // Frankfurt
  'eu-north-1', // Stockholm
  'eu-south-1', // Milan
  'eu-south-2', // Spain
];

export function deploymentRegion(node: Node): string {
  const chosen: unknown = node.tryGetContext('region');
  const region = typeof chosen === 'string' && chosen !== '' ? chosen : DEFAULT_REGION;
  if (!EU_REGIONS.includes(region)) {
    throw new Error(
      `Bloom's privacy policy promises that data stays in the EU; "${region}" is not an EU region. ` +
        `Use one of: ${EU_REGIONS.join(', ')}.`,
    );
  }
  return region;
}
