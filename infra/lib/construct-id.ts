/** A construct id from a handler's path: `activities/create-custom` → `ActivitiesCreateCustom`. */
export function constructIdOf(handler: string): string {
  return handler
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
