import { createHash } from 'node:crypto';
import { Stack, Token, Validations } from 'aws-cdk-lib';
import { CfnGuardrail, CfnGuardrailVersion } from 'aws-cdk-lib/aws-bedrock';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { SELF_HARM_GUARDRAIL_TOPIC } from '../../functions/src/coach/safety/guardrail-topic.ts';
import type { Stage } from './config.ts';
import { deploymentRegion } from './region.ts';

/** Geographic prefixes of Bedrock cross-region inference profile ids (`eu.anthropic…`). */
const INFERENCE_PROFILE_PREFIX = /^(us|eu|apac|us-gov|ca|jp|au|global)\./;

const BLOCKED_MESSAGE =
  "I'm Bloom, your self-care companion, so that's not something I can help with. 🌸 For anything about " +
  'symptoms, diagnoses or medication, please talk to a doctor or pharmacist. If you are in crisis, contact ' +
  'your local emergency number. I would love to help you plan a gentle moment for yourself instead.';

const FILTER_STRENGTH = 'HIGH';

/**
 * The Standard tier of content filters and denied topics understands many languages (the Classic tier English,
 * French and Spanish only), and it requires the guardrail to run through a cross-region guardrail profile: the
 * system-defined one of the stack's geography (Bloom runs in the EU: `eu.guardrail.v1:0`).
 */
const GUARDRAIL_TIER = { tierName: 'STANDARD' } as const;

/**
 * The system-defined guardrail profile of the geography the model's inference profile serves (`eu.anthropic…`
 * is the EU's), or else of the stack's region.
 */
export function guardrailProfileId(region: string, modelId = ''): string {
  const profile = /^(us|eu|apac|us-gov)\./.exec(modelId)?.[1];
  const geography = profile ?? /^(us-gov|us|eu|ap)-/.exec(region)?.[1];
  const prefix = geography === 'ap' ? 'apac' : geography;
  if (!prefix) throw new Error(`No guardrail profile is known for region ${region}`);
  return `${prefix}.guardrail.v1:0`;
}

/**
 * Bedrock access for the coach: a guardrail (content filters, no diagnoses, no medication dosing) pinned to
 * a published version, and permission to call only the configured model with it.
 */
export class Coach extends Construct {
  readonly guardrail: CfnGuardrail;
  readonly guardrailVersion: CfnGuardrailVersion;
  readonly modelId: string;
  readonly guardrailProfileId: string;

  constructor(scope: Construct, id: string, props: { stage: Stage; modelId: string }) {
    super(scope, id);
    this.modelId = props.modelId;
    const stack = Stack.of(this);
    // An environment-agnostic stack (tests) has no region yet: the app deploys to `deploymentRegion`, so its
    // geography is the one to use.
    const region = Token.isUnresolved(stack.region) ? deploymentRegion(this.node) : stack.region;
    this.guardrailProfileId = guardrailProfileId(region, props.modelId);

    const policies = {
      contentPolicyConfig: {
        contentFiltersTierConfig: GUARDRAIL_TIER,
        filtersConfig: [
          ...['SEXUAL', 'VIOLENCE', 'HATE', 'INSULTS', 'MISCONDUCT'].map((type) => ({
            type,
            inputStrength: FILTER_STRENGTH,
            outputStrength: FILTER_STRENGTH,
          })),
          // Prompt attacks only exist in what users send.
          { type: 'PROMPT_ATTACK', inputStrength: FILTER_STRENGTH, outputStrength: 'NONE' },
        ],
      },
      topicPolicyConfig: {
        topicsTierConfig: GUARDRAIL_TIER,
        topicsConfig: [
          {
            name: 'MedicalDiagnosis',
            type: 'DENY',
            definition:
              'Identifying, confirming or ruling out a disease, disorder or medical or mental health condition from symptoms, test results or descriptions.',
            examples: [
              'Do I have depression?',
              'My chest hurts when I breathe, what is wrong with me?',
              'Are these symptoms ADHD or anxiety?',
            ],
          },
          {
            name: 'MedicationDosing',
            type: 'DENY',
            definition:
              'Advice about which medicine, drug or supplement to take, how much, how often, or how to start, stop or combine medications.',
            examples: [
              'How many sleeping pills can I take tonight?',
              'Should I double my sertraline dose?',
              'Can I take ibuprofen with my antidepressant?',
            ],
          },
          // The coach answers a block on this topic with its crisis reply, not the blocked message.
          { ...SELF_HARM_GUARDRAIL_TOPIC, examples: [...SELF_HARM_GUARDRAIL_TOPIC.examples], type: 'DENY' },
        ],
      },
    };

    this.guardrail = new CfnGuardrail(this, 'Guardrail', {
      name: `bloom-${props.stage}-coach`,
      description: 'Keeps Bloom, the self-care coach, kind and away from diagnoses and medication advice.',
      blockedInputMessaging: BLOCKED_MESSAGE,
      blockedOutputsMessaging: BLOCKED_MESSAGE,
      crossRegionConfig: {
        guardrailProfileArn: `arn:${stack.partition}:bedrock:${stack.region}:${stack.account}:guardrail-profile/${this.guardrailProfileId}`,
      },
      ...policies,
    });

    // A version is an immutable snapshot, and CloudFormation only publishes a new one when the resource is
    // replaced: the policy fingerprint in its description replaces it whenever the policies change.
    const fingerprint = createHash('sha256')
      .update(JSON.stringify({ policies, BLOCKED_MESSAGE }))
      .digest('hex')
      .slice(0, 12);
    this.guardrailVersion = new CfnGuardrailVersion(this, 'Version', {
      guardrailIdentifier: this.guardrail.attrGuardrailId,
      description: `policies ${fingerprint}`,
    });
  }

  get environment(): Record<string, string> {
    return {
      BEDROCK_MODEL_ID: this.modelId,
      BEDROCK_GUARDRAIL_ID: this.guardrail.attrGuardrailId,
      BEDROCK_GUARDRAIL_VERSION: this.guardrailVersion.attrVersion,
    };
  }

  /** Converse is authorised as bedrock:InvokeModel; applying the guardrail needs bedrock:ApplyGuardrail. */
  grantInvoke(grantee: IGrantable): void {
    const stack = Stack.of(this);
    const profile = INFERENCE_PROFILE_PREFIX.exec(this.modelId);
    if (profile) {
      const profileArn = `arn:${stack.partition}:bedrock:${stack.region}:${stack.account}:inference-profile/${this.modelId}`;
      const foundationModel = this.modelId.slice(profile[0].length);
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: [profileArn] }),
      );
      // The profile routes each call to the model in one of its destination regions; the condition keeps
      // those regional model ARNs usable only through this profile.
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['bedrock:InvokeModel'],
          resources: [`arn:${stack.partition}:bedrock:*::foundation-model/${foundationModel}`],
          conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } },
        }),
      );
      if (Construct.isConstruct(grantee.grantPrincipal)) {
        Validations.of(grantee.grantPrincipal).acknowledge({
          id: `AwsSolutions::AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/${foundationModel}]`,
          reason:
            'A cross-region inference profile may serve a call from any of its destination regions, so the model ARN names every region; the condition limits it to calls made through the configured profile.',
        });
      }
    } else {
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['bedrock:InvokeModel'],
          resources: [`arn:${stack.partition}:bedrock:${stack.region}::foundation-model/${this.modelId}`],
        }),
      );
    }
    // The guardrail, and its profile in each region the profile may route the check to.
    const profileArns = `arn:${stack.partition}:bedrock:*:${stack.account}:guardrail-profile/${this.guardrailProfileId}`;
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['bedrock:ApplyGuardrail'],
        resources: [this.guardrail.attrGuardrailArn, profileArns],
      }),
    );
    if (Construct.isConstruct(grantee.grantPrincipal)) {
      Validations.of(grantee.grantPrincipal).acknowledge({
        id: `AwsSolutions::AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:*:<AWS::AccountId>:guardrail-profile/${this.guardrailProfileId}]`,
        reason:
          "A cross-region guardrail profile may run the check in any of its destination regions, so its ARN names every region; it is one system-defined profile of the stack's geography.",
      });
    }
  }
}
