/** The browser's IANA time zone: Bloom's "today" and streaks are counted in it (docs/rules.md#weeks-and-days). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A time zone's name as her language says it, through Intl: "Central European Time", "Mitteleuropäische Zeit",
 * "heure d’Europe centrale". The generic name, not the season's ("…Summer Time"), since reminders hold all year;
 * the long one where Intl has no generic name but an offset ("GMT+00:00" for UTC: "Coordinated Universal Time");
 * the IANA name if the runtime knows neither.
 */
export function timeZoneName(zone: string, locale: string, at: Date = new Date()): string {
  const named = (timeZoneName: 'longGeneric' | 'long') => {
    try {
      return new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value;
    } catch {
      return undefined;
    }
  };
  const generic = named('longGeneric');
  if (generic && !/^(GMT|UTC)[+−-]/.test(generic)) return generic;
  return named('long') ?? generic ?? zone;
}
