/**
 * Time zone names (docs/rules.md#time-zones). Browsers report a zone by whatever name their ICU keeps, and for
 * some places that is a name the tz database has since replaced: Chromium says `Asia/Calcutta` for India,
 * `Europe/Kiev` for Ukraine. Bloom stores and writes the current IANA name of the same place.
 *
 * The names of one place come from CLDR's time zone data (the `cldr-bcp47` package, Unicode's own): each place
 * lists its names, and `_iana` names the current one where it is not the first. Its places never merge
 * countries, as the tz database's backward links do (Europe/Amsterdam links to Europe/Brussels there), so a
 * canonical name never moves her to another country (the coach's crisis lines go by her zone's country).
 * Intl cannot be asked: Node 20's `resolvedOptions().timeZone` answers `Asia/Calcutta` even for
 * `Asia/Kolkata`, and newer engines give back whatever name they were given.
 *
 * The data (35 KB) is loaded on first use, not when a function loads: only a save or read of a zone needs it.
 */

interface CldrPlace {
  _alias?: string;
  _iana?: string;
}

let currentNames: Promise<Map<string, string>> | undefined;

/**
 * Every name of a place, mapped to the place's current IANA name (built once). Keys are lower case: time zone
 * names are case-insensitive (`asia/calcutta` is a valid zone to Intl).
 */
function currentNamesOfPlaces(): Promise<Map<string, string>> {
  currentNames ??= import('cldr-bcp47/bcp47/timezone.json', { with: { type: 'json' } }).then(
    ({ default: cldr }) => {
      const names = new Map<string, string>();
      const places = cldr.keyword.u.tz as unknown as Record<string, CldrPlace | string>;
      for (const place of Object.values(places)) {
        if (typeof place !== 'object' || !place._alias) continue;
        const aliases = place._alias.split(' ');
        const current = place._iana ?? (aliases[0] as string);
        for (const name of aliases) names.set(name.toLowerCase(), current);
      }
      return names;
    },
  );
  return currentNames;
}

/**
 * The current IANA name of a time zone: `Asia/Calcutta` is `Asia/Kolkata`, `US/Eastern` is `America/New_York`,
 * `UTC` is `Etc/UTC`. A name CLDR does not know (it still passed the schema, so the runtime knows it) is kept.
 */
export async function canonicalTimeZone(zone: string): Promise<string> {
  return (await currentNamesOfPlaces()).get(zone.toLowerCase()) ?? zone;
}
