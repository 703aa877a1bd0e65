import { INTERNATIONAL_DIRECTORY, INTERNATIONAL_DIRECTORY_TEXT } from './crisis-links';

export { INTERNATIONAL_DIRECTORY, INTERNATIONAL_DIRECTORY_TEXT, telHref } from './crisis-links';

/**
 * Where Bloom sends someone in crisis: the emergency number and the crisis lines of her country, known from
 * her IANA time zone, and an international directory when the zone names no country listed here. The coach
 * answers a crisis message with `crisisReply` (functions/src/coach/safety), the web renders its numbers as
 * links, and the /safety page lists these lines: one table for all three.
 *
 * Every line here answers day and night and is confidential. Check a number against the service's own site
 * before changing it.
 */

export type CrisisCategory = 'suicide' | 'self_harm' | 'abuse' | 'poisoning' | 'medical_emergency';
export type CrisisLanguage = 'en' | 'de' | 'fr' | 'es';

/** The most urgent first: a reply leads with the first category a message touched. */
export const CRISIS_CATEGORIES: readonly CrisisCategory[] = [
  'poisoning',
  'medical_emergency',
  'suicide',
  'self_harm',
  'abuse',
];
export const CRISIS_LANGUAGES: readonly CrisisLanguage[] = ['en', 'de', 'fr', 'es'];

export interface CrisisLine {
  name: string;
  /** As people write it in that country; the web links it as `tel:`. */
  phone: string;
  /** A number that also takes text messages, or what to text where. */
  text?: string;
  url: string;
}

export interface CountrySupport {
  /** ISO 3166-1 alpha-2. */
  country: string;
  countryName: string;
  emergencyNumber: string;
  crisisLine: CrisisLine;
  /** A line for domestic abuse and violence, where the country has one national line. */
  abuseLine?: CrisisLine;
  /**
   * A poison information line that answers day and night, where the country has one national number (elsewhere a
   * poisoning is the emergency number's alone).
   */
  poisonLine?: CrisisLine;
  /** The IANA time zones of the country (legacy names are resolved to these). */
  timeZones: readonly string[];
}

const SAMARITANS: CrisisLine = { name: 'Samaritans', phone: '116 123', url: 'https://www.samaritans.org' };

export const COUNTRY_SUPPORT: readonly CountrySupport[] = [
  {
    country: 'US',
    countryName: 'United States',
    emergencyNumber: '911',
    crisisLine: {
      name: '988 Suicide & Crisis Lifeline',
      phone: '988',
      text: '988',
      url: 'https://988lifeline.org',
    },
    abuseLine: {
      name: 'National Domestic Violence Hotline',
      phone: '1-800-799-7233',
      text: 'START to 88788',
      url: 'https://www.thehotline.org',
    },
    poisonLine: { name: 'Poison Help', phone: '1-800-222-1222', url: 'https://poisonhelp.hrsa.gov' },
    timeZones: [
      'America/New_York',
      'America/Detroit',
      'America/Kentucky/Louisville',
      'America/Louisville',
      'America/Kentucky/Monticello',
      'America/Indiana/Indianapolis',
      'America/Indianapolis',
      'America/Indiana/Vincennes',
      'America/Indiana/Winamac',
      'America/Indiana/Marengo',
      'America/Indiana/Petersburg',
      'America/Indiana/Vevay',
      'America/Chicago',
      'America/Indiana/Tell_City',
      'America/Indiana/Knox',
      'America/Menominee',
      'America/North_Dakota/Center',
      'America/North_Dakota/New_Salem',
      'America/North_Dakota/Beulah',
      'America/Denver',
      'America/Boise',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'America/Juneau',
      'America/Sitka',
      'America/Metlakatla',
      'America/Yakutat',
      'America/Nome',
      'America/Adak',
      'Pacific/Honolulu',
    ],
  },
  {
    country: 'CA',
    countryName: 'Canada',
    emergencyNumber: '911',
    crisisLine: { name: '9-8-8 Suicide Crisis Helpline', phone: '988', text: '988', url: 'https://988.ca' },
    timeZones: [
      'America/St_Johns',
      'America/Halifax',
      'America/Glace_Bay',
      'America/Moncton',
      'America/Goose_Bay',
      'America/Toronto',
      'America/Iqaluit',
      'America/Winnipeg',
      'America/Resolute',
      'America/Rankin_Inlet',
      'America/Regina',
      'America/Swift_Current',
      'America/Edmonton',
      'America/Cambridge_Bay',
      'America/Inuvik',
      'America/Dawson_Creek',
      'America/Fort_Nelson',
      'America/Whitehorse',
      'America/Dawson',
      'America/Vancouver',
      'America/Atikokan',
      'America/Blanc-Sablon',
      'America/Creston',
    ],
  },
  {
    country: 'GB',
    countryName: 'United Kingdom',
    emergencyNumber: '999',
    crisisLine: SAMARITANS,
    abuseLine: {
      name: 'National Domestic Abuse Helpline',
      phone: '0808 2000 247',
      url: 'https://www.nationaldahelpline.org.uk',
    },
    timeZones: ['Europe/London'],
  },
  {
    country: 'IE',
    countryName: 'Ireland',
    emergencyNumber: '112',
    crisisLine: { ...SAMARITANS, url: 'https://www.samaritans.org/ireland' },
    abuseLine: { name: "Women's Aid", phone: '1800 341 900', url: 'https://www.womensaid.ie' },
    timeZones: ['Europe/Dublin'],
  },
  {
    country: 'DE',
    countryName: 'Germany',
    emergencyNumber: '112',
    crisisLine: {
      name: 'TelefonSeelsorge',
      phone: '0800 111 0 111',
      url: 'https://www.telefonseelsorge.de',
    },
    abuseLine: {
      name: 'Hilfetelefon Gewalt gegen Frauen',
      phone: '116 016',
      url: 'https://www.hilfetelefon.de',
    },
    timeZones: ['Europe/Berlin'],
  },
  {
    country: 'AT',
    countryName: 'Austria',
    emergencyNumber: '112',
    crisisLine: { name: 'TelefonSeelsorge', phone: '142', url: 'https://www.telefonseelsorge.at' },
    abuseLine: {
      name: 'Frauenhelpline gegen Gewalt',
      phone: '0800 222 555',
      url: 'https://www.frauenhelpline.at',
    },
    timeZones: ['Europe/Vienna'],
  },
  {
    country: 'CH',
    countryName: 'Switzerland',
    emergencyNumber: '112',
    crisisLine: { name: 'Die Dargebotene Hand / La Main Tendue', phone: '143', url: 'https://www.143.ch' },
    timeZones: ['Europe/Zurich'],
  },
  {
    country: 'FR',
    countryName: 'France',
    emergencyNumber: '112',
    crisisLine: {
      name: '3114, numéro national de prévention du suicide',
      phone: '3114',
      url: 'https://3114.fr',
    },
    abuseLine: { name: 'Violences Femmes Info', phone: '3919', url: 'https://arretonslesviolences.gouv.fr' },
    timeZones: ['Europe/Paris'],
  },
  {
    country: 'ES',
    countryName: 'Spain',
    emergencyNumber: '112',
    crisisLine: {
      name: 'Línea 024 de atención a la conducta suicida',
      phone: '024',
      url: 'https://www.sanidad.gob.es/linea024/',
    },
    abuseLine: {
      name: '016, atención a víctimas de violencia de género',
      phone: '016',
      url: 'https://violenciagenero.igualdad.gob.es',
    },
    timeZones: ['Europe/Madrid', 'Africa/Ceuta', 'Atlantic/Canary'],
  },
  {
    country: 'AU',
    countryName: 'Australia',
    emergencyNumber: '000',
    crisisLine: { name: 'Lifeline', phone: '13 11 14', url: 'https://www.lifeline.org.au' },
    abuseLine: { name: '1800RESPECT', phone: '1800 737 732', url: 'https://www.1800respect.org.au' },
    timeZones: [
      'Australia/Sydney',
      'Australia/Melbourne',
      'Australia/Brisbane',
      'Australia/Lindeman',
      'Australia/Adelaide',
      'Australia/Broken_Hill',
      'Australia/Darwin',
      'Australia/Perth',
      'Australia/Eucla',
      'Australia/Hobart',
      'Australia/Lord_Howe',
    ],
  },
  {
    country: 'NZ',
    countryName: 'New Zealand',
    emergencyNumber: '111',
    crisisLine: { name: 'Need to talk? 1737', phone: '1737', text: '1737', url: 'https://1737.org.nz' },
    timeZones: ['Pacific/Auckland', 'Pacific/Chatham'],
  },
];

/** The zone as the runtime's time zone data names it, so "US/Eastern" and "America/New_York" are one. */
function canonicalZone(timeZone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

let byZone: Map<string, CountrySupport> | undefined;

/** The country whose lines fit a time zone, or undefined (then the reply points to the directory). */
export function supportForTimeZone(timeZone: string | undefined | null): CountrySupport | undefined {
  if (!timeZone) return undefined;
  if (!byZone) {
    byZone = new Map();
    for (const support of COUNTRY_SUPPORT) {
      for (const zone of support.timeZones) {
        byZone.set(zone, support);
        const canonical = canonicalZone(zone);
        if (canonical) byZone.set(canonical, support);
      }
    }
  }
  return byZone.get(timeZone) ?? byZone.get(canonicalZone(timeZone) ?? '');
}

/** What the coach sends with a crisis reply, for the web to render its numbers as links. */
export interface CrisisSupport {
  /** What the message was about; a message may touch several (`categories`), the reply leads with this. */
  category: CrisisCategory;
  categories: CrisisCategory[];
  language: CrisisLanguage;
  /** ISO country code, null when her time zone names no country listed here. */
  country: string | null;
  emergencyNumber: string | null;
  lines: CrisisLine[];
  directoryUrl: string;
}

export interface CrisisReply {
  message: string;
  crisis: CrisisSupport;
}

/** Categories whose reply opens with "call the emergency number now". */
type UrgentCategory = 'medical_emergency' | 'poisoning';
const isUrgent = (category: CrisisCategory): category is UrgentCategory =>
  category === 'medical_emergency' || category === 'poisoning';

interface ReplyCopy {
  opening: Record<Exclude<CrisisCategory, UrgentCategory>, string>;
  /** The first words for a medical emergency or a poisoning; `{emergency}` is the number to call. */
  urgent: Record<UrgentCategory, string>;
  /** Call the emergency number if in danger (not said again after a medical opening). */
  danger: string;
  /** `{emergency}` where her country is not known. */
  localEmergency: string;
  line: (line: CrisisLine) => string;
  /** A poison line (not said to be confidential: it is a medical service). */
  poisonLine: (line: CrisisLine) => string;
  directory: string;
  closing: string;
}

const dir = INTERNATIONAL_DIRECTORY_TEXT;

const COPY: Record<CrisisLanguage, ReplyCopy> = {
  en: {
    opening: {
      suicide:
        "I'm really glad you told me, and I'm so sorry you're hurting this much. You deserve support from a real person right now, and you don't have to carry this alone. 💗",
      self_harm:
        "Thank you for trusting me with this. Hurting yourself tells me how much pain you're carrying, and you deserve kind support from a real person right now. 💗",
      abuse:
        'Thank you for telling me. What is happening to you is not your fault, and you deserve to be safe. 💗',
    },
    urgent: {
      medical_emergency:
        "This sounds like a medical emergency. Please call {emergency} now, or ask someone near you to call for you. Don't wait to see if it passes. If you took something, tell them what and how much.",
      poisoning:
        'This sounds like a poisoning or an overdose. Please call {emergency} now, or ask someone near you to call for you, even if you feel all right for the moment: some poisons act hours later. Tell them what was taken, how much and when, and keep the packet or bottle.',
    },
    danger: 'If you are in danger or might act on these thoughts, call {emergency} now.',
    localEmergency: 'your local emergency number (112 in most of Europe, 911 in North America)',
    line: (line) =>
      `${line.name}: call ${line.phone}${line.text ? ` or text ${line.text}` : ''}, confidential, day and night.`,
    poisonLine: (line) => `${line.name}: call ${line.phone}, day and night.`,
    directory: `${dir} lists free, confidential crisis lines in your country.`,
    closing:
      "If you can, reach out to someone you trust. I'm an AI companion, not a therapist, but I'm still here if you want to keep writing.",
  },
  de: {
    opening: {
      suicide:
        'Ich bin wirklich froh, dass du es mir erzählst, und es tut mir so leid, dass es dir so schlecht geht. Du verdienst jetzt Unterstützung von einem echten Menschen, und du musst das nicht allein tragen. 💗',
      self_harm:
        'Danke, dass du mir das anvertraust. Dass du dich verletzt, zeigt, wie viel Schmerz du trägst, und du verdienst jetzt liebevolle Unterstützung von einem echten Menschen. 💗',
      abuse:
        'Danke, dass du es mir erzählst. Was dir passiert, ist nicht deine Schuld, und du verdienst es, sicher zu sein. 💗',
    },
    urgent: {
      medical_emergency:
        'Das klingt nach einem medizinischen Notfall. Bitte wähle jetzt {emergency} oder bitte jemanden in deiner Nähe, für dich anzurufen. Warte nicht ab, ob es vorbeigeht. Wenn du etwas eingenommen hast, sag ihnen, was und wie viel.',
      poisoning:
        'Das klingt nach einer Vergiftung oder Überdosis. Bitte wähle jetzt {emergency} oder bitte jemanden in deiner Nähe, für dich anzurufen, auch wenn es dir gerade noch gut geht: Manche Gifte wirken erst Stunden später. Sag ihnen, was genommen wurde, wie viel und wann, und heb die Packung oder Flasche auf.',
    },
    danger: 'Wenn du in Gefahr bist oder fürchtest, dir etwas anzutun, wähle jetzt {emergency}.',
    localEmergency: 'deine örtliche Notrufnummer (112 in fast ganz Europa, 911 in Nordamerika)',
    line: (line) =>
      `${line.name}: ${line.phone} anrufen${line.text ? ` oder an ${line.text} schreiben` : ''}, vertraulich, Tag und Nacht.`,
    poisonLine: (line) => `${line.name}: ${line.phone} anrufen, Tag und Nacht.`,
    directory: `Auf ${dir} findest du kostenlose, vertrauliche Krisentelefone in deinem Land.`,
    closing:
      'Wenn du kannst, melde dich bei einem Menschen, dem du vertraust. Ich bin eine KI-Begleiterin, keine Therapeutin, aber ich bin weiter für dich da, wenn du schreiben möchtest.',
  },
  fr: {
    opening: {
      suicide:
        "Je suis vraiment contente que tu m'en parles, et je suis désolée que tu souffres autant. Tu mérites le soutien d'une vraie personne maintenant, et tu n'as pas à porter ça seule. 💗",
      self_harm:
        "Merci de me faire confiance. Te faire du mal montre à quel point tu souffres, et tu mérites maintenant le soutien bienveillant d'une vraie personne. 💗",
      abuse:
        "Merci de me le dire. Ce qui t'arrive n'est pas de ta faute, et tu mérites d'être en sécurité. 💗",
    },
    urgent: {
      medical_emergency:
        "Cela ressemble à une urgence médicale. Appelle le {emergency} maintenant, ou demande à quelqu'un près de toi d'appeler pour toi. N'attends pas que ça passe. Si tu as pris quelque chose, dis-leur quoi et combien.",
      poisoning:
        "Cela ressemble à une intoxication ou à une overdose. Appelle le {emergency} maintenant, ou demande à quelqu'un près de toi d'appeler pour toi, même si tu te sens bien pour l'instant : certains produits n'agissent que des heures plus tard. Dis-leur ce qui a été pris, combien et quand, et garde la boîte ou le flacon.",
    },
    danger: "Si tu es en danger ou si tu as peur de passer à l'acte, appelle le {emergency} maintenant.",
    localEmergency: "numéro d'urgence local (112 dans presque toute l'Europe, 911 en Amérique du Nord)",
    line: (line) =>
      `${line.name} : appelle le ${line.phone}${line.text ? ` ou écris au ${line.text}` : ''}, confidentiel, jour et nuit.`,
    poisonLine: (line) => `${line.name} : appelle le ${line.phone}, jour et nuit.`,
    directory: `Sur ${dir}, tu trouveras des lignes d'écoute gratuites et confidentielles dans ton pays.`,
    closing:
      'Si tu peux, contacte une personne de confiance. Je suis une compagne IA, pas une thérapeute, mais je reste là si tu veux continuer à écrire.',
  },
  es: {
    opening: {
      suicide:
        'Me alegra mucho que me lo cuentes, y siento muchísimo que estés sufriendo tanto. Mereces el apoyo de una persona de verdad ahora mismo, y no tienes que cargar con esto sola. 💗',
      self_harm:
        'Gracias por confiarme esto. Hacerte daño muestra cuánto dolor llevas dentro, y mereces ahora el apoyo cariñoso de una persona de verdad. 💗',
      abuse: 'Gracias por contármelo. Lo que te está pasando no es culpa tuya, y mereces estar a salvo. 💗',
    },
    urgent: {
      medical_emergency:
        'Esto parece una emergencia médica. Llama ahora al {emergency} o pide a alguien cerca de ti que llame por ti. No esperes a ver si se pasa. Si has tomado algo, diles qué y cuánto.',
      poisoning:
        'Esto parece una intoxicación o una sobredosis. Llama ahora al {emergency} o pide a alguien cerca de ti que llame por ti, aunque de momento te encuentres bien: algunos tóxicos actúan horas después. Diles qué se ha tomado, cuánto y cuándo, y guarda el envase.',
    },
    danger: 'Si estás en peligro o temes hacerte daño, llama ahora al {emergency}.',
    localEmergency: 'número de emergencias local (112 en casi toda Europa, 911 en Norteamérica)',
    line: (line) =>
      `${line.name}: llama al ${line.phone}${line.text ? ` o escribe al ${line.text}` : ''}, confidencial, de día y de noche.`,
    poisonLine: (line) => `${line.name}: llama al ${line.phone}, de día y de noche.`,
    directory: `En ${dir} encontrarás líneas de crisis gratuitas y confidenciales en tu país.`,
    closing:
      'Si puedes, habla con alguien de confianza. Soy una compañera de IA, no una terapeuta, pero sigo aquí si quieres seguir escribiendo.',
  },
};

/**
 * Bloom's fixed, warm answer to a crisis message: what to do now, the emergency number and the lines of her
 * country, or the directory when her country is not known. A poisoning puts the poison line first and an abuse
 * the abuse line, before the crisis line. `categories` is every category the message touched, the first leading.
 */
export function crisisReply(
  categories: readonly [CrisisCategory, ...CrisisCategory[]],
  language: CrisisLanguage,
  timeZone: string | undefined | null,
): CrisisReply {
  const category = categories[0];
  const copy = COPY[language];
  const support = supportForTimeZone(timeZone);
  const emergency = support?.emergencyNumber ?? copy.localEmergency;
  const poisonLine = categories.includes('poisoning') ? support?.poisonLine : undefined;
  const lines: CrisisLine[] = [];
  if (support) {
    if (poisonLine) lines.push(poisonLine);
    if (categories.includes('abuse') && support.abuseLine) lines.push(support.abuseLine);
    lines.push(support.crisisLine);
  }
  const fill = (text: string) => text.replace('{emergency}', emergency);
  const paragraphs = [
    isUrgent(category) ? fill(copy.urgent[category]) : copy.opening[category],
    [
      ...(isUrgent(category) ? [] : [fill(copy.danger)]),
      ...lines.map((line) => (line === poisonLine ? copy.poisonLine(line) : copy.line(line))),
      ...(support ? [] : [copy.directory]),
    ]
      .map((line) => `• ${line}`)
      .join('\n'),
    copy.closing,
  ];
  return {
    message: paragraphs.join('\n\n'),
    crisis: {
      category,
      categories: [...categories],
      language,
      country: support?.country ?? null,
      emergencyNumber: support?.emergencyNumber ?? null,
      lines,
      directoryUrl: INTERNATIONAL_DIRECTORY.url,
    },
  };
}
