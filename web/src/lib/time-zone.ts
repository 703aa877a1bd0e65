/** The browser's IANA time zone: Bloom's "today" and streaks are counted in it (docs/rules.md#weeks-and-days). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
