/** Small readers over a synthesized CloudFormation template, for facts the assertion matchers cannot express. */

export interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  DependsOn?: string[];
}

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, unknown>;
}

export type TemplateJson = Record<string, unknown>;

export function resources(template: TemplateJson): Record<string, Resource> {
  return template.Resources as Record<string, Resource>;
}

export function resourcesOfType(template: TemplateJson, type: string): [string, Resource][] {
  return Object.entries(resources(template)).filter(([, resource]) => resource.Type === type);
}

export function onlyResourceOfType(template: TemplateJson, type: string): [string, Resource] {
  const found = resourcesOfType(template, type);
  if (found.length !== 1) throw new Error(`Expected one ${type}, found ${found.length}`);
  return found[0] as [string, Resource];
}

export interface LambdaFunction {
  logicalId: string;
  properties: Record<string, unknown>;
  roleLogicalId: string;
}

/** Route functions by their FunctionName (`bloom-<stage>-<handler>`). */
export function functionsByName(template: TemplateJson): Map<string, LambdaFunction> {
  const byName = new Map<string, LambdaFunction>();
  for (const [logicalId, resource] of resourcesOfType(template, 'AWS::Lambda::Function')) {
    const properties = resource.Properties;
    const name = properties.FunctionName;
    if (typeof name !== 'string') continue;
    const role = properties.Role as { 'Fn::GetAtt': [string, string] };
    byName.set(name, { logicalId, properties, roleLogicalId: role['Fn::GetAtt'][0] });
  }
  return byName;
}

/** Every statement of every inline policy attached to a role. */
export function statementsOfRole(template: TemplateJson, roleLogicalId: string): Statement[] {
  return resourcesOfType(template, 'AWS::IAM::Policy')
    .filter(([, policy]) =>
      ((policy.Properties.Roles as { Ref: string }[] | undefined) ?? []).some(
        (role) => role.Ref === roleLogicalId,
      ),
    )
    .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

export function actionsOf(statements: Statement[], service: string): string[] {
  return statements
    .flatMap((statement) => (Array.isArray(statement.Action) ? statement.Action : [statement.Action]))
    .filter((action) => action.startsWith(`${service}:`))
    .sort();
}
