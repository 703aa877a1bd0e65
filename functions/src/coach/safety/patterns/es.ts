import type { LanguagePatterns } from '../types';

/** Spanish. Phrase syntax: see ../types.ts. Accents are dropped ("mí" is "mi", "daño" is "dano"). */
export const es: LanguagePatterns = {
  language: 'es',
  apostrophes: 'split',
  words: {
    kiero: 'quiero',
    qiero: 'quiero',
    kero: 'quiero',
    q: 'que',
    k: 'que',
    xq: 'porque',
    pq: 'porque',
    tb: 'tambien',
    toy: 'estoy',
  },
  groups: {
    partner:
      'marido|esposo|novio|pareja|ex|exnovio|ex novio|padre|papa|padrastro|madre|mama|hermano|tio|mujer|novia',
    violent:
      'pega|pego|golpea|golpeo|golpeaba|ahorca|ahorco|estrangula|estrangulo|viola|violo|maltrata|maltrato|amenaza|amenazo|empuja|empujo|patea|pateo|abusa|abuso',
    pills:
      'pastillas|pastilla|pildoras|comprimidos|medicamentos|medicinas|somniferos|antidepresivos|paracetamol|ibuprofeno',
    want: 'quiero|quisiera|deseo|ganas de|me gustaria|prefiero',
    /** Some years ("hace dos años"), or an age ("a los 19"): how a story told long after begins. */
    years:
      '(un|unos|muchos|varios|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|2|3|4|5|6|7|8|9|##) (ano|anos)',
    /** What people quote, study and talk about: the words in them are not her own. */
    media:
      'cancion|canciones|letra|pelicula|serie|libro|novela|video|videos|youtuber|youtubers|tiktok|tiktoks|meme|memes|personaje|capitulo|documental|charla|podcast',
    laughter: 'jaja*|jeje*|jsjs*|xd|lol|es broma|era broma',
    /** Whom a goodbye letter at work, school or therapy is for. */
    farewellTo:
      'profesora|profesor|profe|jefe|jefa|companeros|companeras|companero|companera|equipo|trabajo|clase|alumnos|psicologa|psicologo|terapeuta|ciudad|piso',
  },
  clauseBreaks: ['y', 'pero', 'porque', 'pues', 'ya'],
  notCrisis: [
    // Idioms: "me muero de ganas", "muerta de cansancio", "este trabajo me está matando", "me mata el calor".
    '(muero|muere|morir|muerta|muerto|morirme) de (ganas|risa|hambre|sed|sueno|cansancio|calor|frio|verguenza|aburrimiento|miedo|envidia)',
    '(me esta|me estan|me) (matando|mata)',
    '## (mg|ml|g)',
    '(me gana|me gano) (a|al|en)',
    // Negations.
    '(no|nunca) [soy|estoy] suicida',
    'prevencion del suicidio',
    // Told in the past, laughter right after, idioms of shame and of boredom ("me aburro" is not "me abuso").
    '(me|se) autolesionaba*',
    '(de|sobre) autolesiones',
    '(morir|morirme|muero|muerta|muerto) de [la|el] (verguenza|amor|risa|pena)',
    '(morir|morirme|matar|matarme|suicidar) [xd] (jaj*|jej*|jsj*|xd|lol)',
    '(prefiero|prefiere|prefieres|preferiria) morir (q|que|antes)',
    'me aburr*',
    // A story told years after. Not "desde hace años", nor "hace años que…": those are still going on.
    '(hace {years}|a los ## [anos]) (intente|quise|tome|tuve|hice|estuve|trate|sufri|me corte|me cortaba) * $',
    // Laughter that closes a clause takes back the whole clause ("... cada vez q hay deberes jaja").
    '^ * {laughter} $',
    // Quoted, read or studied: "la canción dice quiero morir", "youtubers q dicen me quiero matar".
    '{media} ... (dice|dicen|decia|canta|cantan|trata|sobre|habla|llamada|titulada) * $',
    'carta* de despedida (a|para) [mi|mis|la|el|los|las] {farewellTo}',
    // A toddler's tantrum is not violence at home.
    '^ * (rabieta|rabietas|berrinche|berrinches|pataleta|pataletas)',
    'no me hago dano desde',
    'sobredosis (de|del) (netflix|azucar|series|cafe|trabajo|chocolate|dulce|redes|tele)',
    '(muertes|clases|casos|muerte) (por|de) sobredosis',
  ],
  crisis: {
    suicide: [
      'no quiero seguir $',
      'no quiero seguir (viviendo|aqui|asi|en este mundo|con vida|adelante)',
      '{want} (morir|morirme|matarme|suicidarme|desaparecer para siempre)',
      'me (quiero|voy a) (matar|morir|suicidar)',
      'voy a (matarme|suicidarme|quitarme la vida)',
      // "Suicidio" alone is also a career suicide, the news or the past: only in her own present, or someone's plan.
      'suicidarme',
      '(va a|se quiere|quiere|amenaza con|amenazo con|como) suicidarse',
      '(tengo|con|tener) (pensamientos suicidas|ideas suicidas|ideas de suicidio|ideacion suicida)',
      '(pensamientos suicidas|ideas suicidas|ideas de suicidio|ideacion suicida) (otra vez|todo el dia|todos los dias|hoy|de nuevo|con plan)',
      '(me siento|estoy|ando) [muy|bien|re] suicida',
      '(el suicidio|suicidarme) es (la unica|lo unico|mi unica)',
      'quitarme la vida',
      'desaparecer para siempre',
      'pienso en (morir|morirme|matarme|quitarme la vida)',
      'no quiero (vivir|estar viva|estar vivo|existir)',
      'mejor sin mi $',
      'sin mi (estarian|estaria|serian) mejor',
      'no quiero (despertar|despertarme) (manana|nunca|mas) $',
      'no quiero (despertar|despertarme) $',
      '(no|nunca) (volver|quiero volver) a despertar*',
      'acabar con (todo|todo esto|mi vida) $',
      'acabar con mi vida',
      '(no le veo|no tiene|sin|ningun) sentido (a la vida|a mi vida|vivir|seguir viviendo)',
      '(la|mi) vida no tiene (sentido|ningun sentido)',
      '(ninguna|no tengo) (razon|motivo) para vivir',
      'no tengo (fuerzas|ganas) (de|para) vivir',
      'carta* de despedida',
      '(dosis|cantidad) (letal|mortal)',
      '(morir|matarme|suicidarme) sin (dolor|sufrir)',
      'tirarme (de|del|desde) [un|el|la] (puente|edificio|tren|balcon|azotea)',
    ],
    self_harm: [
      // Now or just now: "me corto", "me corté".
      'me (corto|corte) (los|las|el|la) (brazos|munecas|piernas|muslos|brazo|muneca)',
      'me (corto|corte) (a proposito|otra vez|de nuevo)',
      'cortarme (los|las) (brazos|munecas|venas)',
      'autolesion*',
      '(me hago|hacerme|me hice) dano',
      'me (lastimo|quemo|hiero) (a proposito|otra vez|a mi misma)',
    ],
    abuse: [
      '{partner} ... me {violent}',
      'amenaz* con (matarme|pegarme|hacerme dano)',
      '(miedo|panico) (de|a) (mi) {partner}',
      'no estoy (segura|seguro) en (casa|mi casa)',
      '(sufro|vivo|sufriendo|viviendo) violencia (domestica|de genero|machista)',
      '(me obliga|me obligo|me fuerza|me forzo) a (tener sexo|acostarme|tener relaciones)',
      '(me violo|me violaron|me abuso|abuso de mi)',
      'me (golpea|golpeo|pega|pego) (cuando|siempre|todos los dias|a menudo)',
    ],
    poisoning: [
      'sobredosis',
      '(tome|trague|me tome|me he tomado|he tomado|me trague|tomado) ... (todas las|toda la caja|el bote|un bote|una caja|muchas|demasiadas|un monton de|##) ... {pills}',
      '(tome|trague|me tome|me trague) (todas las|toda la caja de|el bote de) {pills}',
    ],
    medical_emergency: [
      'dolor [muy] (fuerte|intenso|terrible|horrible|aplastante) en el pecho',
      'dolor en el pecho ... (brazo|mandibula|respirar|sudor)',
      '(esta|estoy) (inconsciente|desmayada y no)',
      'no respira',
      '(tengo|tiene|esta teniendo|estoy teniendo) un (infarto|ataque al corazon|derrame|ictus)',
      '(labios|cara) (azules|morados|se ponen azules)',
      'no puedo respirar ... (pecho|labios|garganta)',
      'choque anafilactico',
    ],
  },
  commonWords: [
    'yo',
    'y',
    'no',
    'que',
    'el',
    'la',
    'los',
    'de',
    'me',
    'mi',
    'es',
    'estoy',
    'quiero',
    'muy',
    'con',
    'un',
    'una',
    'en',
    'por',
    'para',
    'se',
    'lo',
    'ya',
    'pero',
    'como',
    'mas',
    'todo',
  ],
};
