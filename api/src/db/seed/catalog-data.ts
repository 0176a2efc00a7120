import { CourseType, type Language } from '@shop/shared/contract';
import { addDays, nextMonday } from '../../lib/dates.ts';
import type { PackageType } from '../schema.ts';
import { courseTags, type Level } from './tags.ts';

/**
 * The demo catalogue of an online Spanish school for the German-speaking market, as plain data.
 * Everything is derived from `today` (no randomness), so the same day always gives the same catalogue
 * and tests can rely on it. Texts exist in de, en and es.
 */

export type Texts = Record<Language, { title: string; pretitle: string; short: string }>;

export interface SeedCourse {
  type: CourseType;
  identifier: string;
  startDate: string;
  startTime: string | null;
  endDate: string;
  endTime: string | null;
  registrationDeadline: string;
  maxParticipants: number;
  freePlaces: number;
  priceCents: number;
  discountedPriceCents: number | null;
  /** module_identifier of the flexible-learning course this appointment belongs to. */
  flexibleModule: string | null;
  /** The weekdays it meets on ("1,3", 0 = Monday) when not only its start date's; its weekday tags say the same. */
  meetingDays: string | null;
  texts: Texts;
  tags: string[];
}

export interface SeedFlexibleCourse {
  moduleIdentifier: string;
  texts: Texts;
}

export interface SeedProduct {
  /** The import's key (unique). */
  identifier: string;
  institutionId: number;
  priceCents: number;
  discountedPriceCents: number | null;
  texts: Texts;
  tags: string[];
}

export interface SeedCatalog {
  flexibleCourses: SeedFlexibleCourse[];
  courses: SeedCourse[];
  products: SeedProduct[];
  packagePrices: { type: PackageType; amount: number; priceCents: number }[];
}

const levels: Level[] = ['a1', 'a2', 'b1', 'b2', 'c1', 'c2'];
const LEVEL = (level: Level) => level.toUpperCase();
const compact = (isoDate: string) => isoDate.replaceAll('-', '');

/** Places still free, from a fixed sequence: some courses are open, some nearly full, some fully booked. */
const freePlaceSequence = [7, 4, 1, 9, 0, 5, 2, 8, 3, 6, 1, 10];
const freePlaces = (max: number, index: number) => Math.min(max, freePlaceSequence[index % freePlaceSequence.length]!);

const addMinutes = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number);
  const total = h! * 60 + m! + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

const levelBlurb: Record<Level, Record<Language, string>> = {
  a1: {
    de: 'Für Einsteiger ohne Vorkenntnisse: sich vorstellen, einfache Fragen stellen und im Alltag zurechtkommen.',
    en: 'For beginners with no prior knowledge: introduce yourself, ask simple questions and get by in everyday life.',
    es: 'Para principiantes sin conocimientos previos: presentarse, hacer preguntas sencillas y desenvolverse en el día a día.',
  },
  a2: {
    de: 'Für Lernende mit Grundkenntnissen: über Vergangenes sprechen, einkaufen, reisen und Termine vereinbaren.',
    en: 'For learners with basic knowledge: talk about the past, go shopping, travel and make appointments.',
    es: 'Para estudiantes con conocimientos básicos: hablar del pasado, ir de compras, viajar y concertar citas.',
  },
  b1: {
    de: 'Selbstständig kommunizieren: Meinungen begründen, Erlebnisse erzählen und den Subjuntivo sicher anwenden.',
    en: 'Communicate independently: give reasons for opinions, tell stories and use the subjunctive with confidence.',
    es: 'Comunicarse con autonomía: justificar opiniones, narrar experiencias y usar el subjuntivo con seguridad.',
  },
  b2: {
    de: 'Fließend diskutieren: komplexe Texte verstehen, argumentieren und sich im Beruf sicher ausdrücken.',
    en: 'Discuss fluently: understand complex texts, argue a point and express yourself confidently at work.',
    es: 'Debatir con fluidez: comprender textos complejos, argumentar y expresarse con seguridad en el trabajo.',
  },
  c1: {
    de: 'Kompetente Sprachverwendung: Nuancen, Redewendungen und anspruchsvolle Themen aus Kultur und Gesellschaft.',
    en: 'Proficient use: nuances, idioms and demanding topics from culture and society.',
    es: 'Dominio operativo eficaz: matices, expresiones idiomáticas y temas exigentes de cultura y sociedad.',
  },
  c2: {
    de: 'Annähernd muttersprachliches Niveau: Stil, Register und Feinheiten der spanischen Sprache.',
    en: 'Near-native mastery: style, register and the finer points of the Spanish language.',
    es: 'Maestría: estilo, registro y sutilezas de la lengua española.',
  },
};

/** Group-course formats: when they meet, for how long, at what price. */
interface GroupFormat {
  code: string;
  /** Offset of the first lesson from the Monday of its week. */
  weekdayOffset: number;
  /** Offset of the last lesson from the first lesson's day in the final week. */
  lastDayOffset: number;
  /** The weekdays it meets on (0 = Monday): its weekday tags, so the filter and the course's dates agree. */
  meetingDays: number[];
  weeks: number;
  startTime: string;
  endTime: string;
  priceCents: number;
  maxParticipants: number;
  collection?: string;
  name: Record<Language, string>;
  schedule: Record<Language, string>;
}

const groupFormats: GroupFormat[] = [
  {
    code: 'ABD',
    weekdayOffset: 1,
    lastDayOffset: 2,
    meetingDays: [1, 3],
    weeks: 8,
    startTime: '18:30',
    endTime: '20:00',
    priceCents: 28900,
    maxParticipants: 10,
    name: { de: 'Abendkurs', en: 'Evening course', es: 'Curso de tarde-noche' },
    schedule: {
      de: '8 Wochen · dienstags und donnerstags, 18:30–20:00 Uhr',
      en: '8 weeks · Tuesdays and Thursdays, 18:30–20:00',
      es: '8 semanas · martes y jueves, 18:30–20:00',
    },
  },
  {
    code: 'VM',
    weekdayOffset: 0,
    lastDayOffset: 2,
    meetingDays: [0, 2],
    weeks: 8,
    startTime: '09:30',
    endTime: '11:00',
    priceCents: 28900,
    maxParticipants: 10,
    name: { de: 'Vormittagskurs', en: 'Morning course', es: 'Curso de mañana' },
    schedule: {
      de: '8 Wochen · montags und mittwochs, 09:30–11:00 Uhr',
      en: '8 weeks · Mondays and Wednesdays, 09:30–11:00',
      es: '8 semanas · lunes y miércoles, 09:30–11:00',
    },
  },
  {
    code: 'NM',
    weekdayOffset: 2,
    lastDayOffset: 0,
    meetingDays: [2],
    weeks: 10,
    startTime: '15:00',
    endTime: '17:15',
    priceCents: 31900,
    maxParticipants: 10,
    name: { de: 'Nachmittagskurs', en: 'Afternoon course', es: 'Curso de tarde' },
    schedule: {
      de: '10 Wochen · mittwochs, 15:00–17:15 Uhr',
      en: '10 weeks · Wednesdays, 15:00–17:15',
      es: '10 semanas · miércoles, 15:00–17:15',
    },
  },
  {
    code: 'SA',
    weekdayOffset: 5,
    lastDayOffset: 0,
    meetingDays: [5],
    weeks: 16,
    startTime: '10:00',
    endTime: '13:00',
    priceCents: 44900,
    maxParticipants: 12,
    name: { de: 'Samstagskurs (Semester)', en: 'Saturday course (semester)', es: 'Curso de sábados (semestral)' },
    schedule: {
      de: '16 Wochen · samstags, 10:00–13:00 Uhr',
      en: '16 weeks · Saturdays, 10:00–13:00',
      es: '16 semanas · sábados, 10:00–13:00',
    },
  },
  {
    code: 'INT',
    weekdayOffset: 0,
    lastDayOffset: 4,
    meetingDays: [0, 1, 2, 3, 4],
    weeks: 2,
    startTime: '09:00',
    endTime: '12:15',
    priceCents: 34900,
    maxParticipants: 8,
    collection: 'online-intensivecourses',
    name: { de: 'Online-Intensivkurs', en: 'Online intensive course', es: 'Curso intensivo online' },
    schedule: {
      de: '2 Wochen · Montag bis Freitag, 09:00–12:15 Uhr',
      en: '2 weeks · Monday to Friday, 09:00–12:15',
      es: '2 semanas · de lunes a viernes, 09:00–12:15',
    },
  },
];

function groupCourse(format: GroupFormat, level: Level, startDate: string, index: number): SeedCourse {
  const endDate = addDays(startDate, (format.weeks - 1) * 7 + format.lastDayOffset);
  const course = { startDate, endDate, startTime: format.startTime };
  const texts = {} as Texts;
  for (const lang of ['de', 'en', 'es'] as const) {
    const spanish = { de: 'Spanisch', en: 'Spanish', es: 'Español' }[lang];
    texts[lang] = {
      title: `${spanish} ${LEVEL(level)} – ${format.name[lang]}`,
      pretitle: format.schedule[lang],
      short: levelBlurb[level][lang],
    };
  }
  // Every fourth course has an early-bird price 30 € below the normal one.
  const discounted = index % 4 === 1 ? format.priceCents - 3000 : null;
  return {
    type: CourseType.fullCourse,
    identifier: `GK-${LEVEL(level)}-${format.code}-${compact(startDate)}`,
    startDate,
    startTime: format.startTime,
    endDate,
    endTime: format.endTime,
    registrationDeadline: addDays(startDate, -3),
    maxParticipants: format.maxParticipants,
    freePlaces: freePlaces(format.maxParticipants, index),
    priceCents: format.priceCents,
    discountedPriceCents: discounted,
    flexibleModule: null,
    meetingDays: format.meetingDays.join(','),
    texts,
    tags: courseTags(course, level, format.collection ? [format.collection] : [], format.meetingDays),
  };
}

const conversationSlots: { level: Level; weekdayOffset: number; time: string }[] = [
  { level: 'a2', weekdayOffset: 0, time: '18:30' },
  { level: 'b1', weekdayOffset: 2, time: '19:00' },
  { level: 'b2', weekdayOffset: 3, time: '12:30' },
  { level: 'c1', weekdayOffset: 6, time: '11:00' },
];

const conversationTopics: Record<Language, string>[] = [
  { de: 'Essen und Trinken', en: 'Food and drink', es: 'Comer y beber' },
  { de: 'Reisen in Lateinamerika', en: 'Travelling in Latin America', es: 'Viajar por Latinoamérica' },
  { de: 'Arbeit und Karriere', en: 'Work and career', es: 'Trabajo y carrera' },
  { de: 'Feste und Traditionen', en: 'Festivals and traditions', es: 'Fiestas y tradiciones' },
  { de: 'Kino und Serien', en: 'Cinema and series', es: 'Cine y series' },
  { de: 'Wohnen in der Stadt', en: 'City life', es: 'Vivir en la ciudad' },
  { de: 'Umwelt und Klima', en: 'Environment and climate', es: 'Medio ambiente y clima' },
  { de: 'Sport und Freizeit', en: 'Sport and leisure', es: 'Deporte y ocio' },
  { de: 'Musik', en: 'Music', es: 'Música' },
  { de: 'Gesundheit', en: 'Health', es: 'Salud' },
  { de: 'Technik im Alltag', en: 'Technology in daily life', es: 'La tecnología en el día a día' },
  { de: 'Kunst und Literatur', en: 'Art and literature', es: 'Arte y literatura' },
];

export const conversationHourPriceCents = 2500;
export const flexibleAppointmentPriceCents = 6900;

function conversationCourse(
  slot: (typeof conversationSlots)[number],
  startDate: string,
  week: number,
  index: number,
): SeedCourse {
  const topic = conversationTopics[week % conversationTopics.length]!;
  const endTime = addMinutes(slot.time, 60);
  return {
    type: CourseType.conversationHours,
    identifier: `KS-${LEVEL(slot.level)}-${compact(startDate)}`,
    startDate,
    startTime: slot.time,
    endDate: startDate,
    endTime,
    registrationDeadline: addDays(startDate, -1),
    maxParticipants: 6,
    freePlaces: freePlaces(6, index + 3),
    priceCents: conversationHourPriceCents,
    discountedPriceCents: null,
    flexibleModule: null,
    meetingDays: null,
    texts: {
      de: {
        title: `Konversationsstunde ${LEVEL(slot.level)}`,
        pretitle: '60 Minuten · online in Kleingruppen',
        short: `Thema der Woche: ${topic.de}. Freies Sprechen mit einer muttersprachlichen Lehrkraft.`,
      },
      en: {
        title: `Conversation hour ${LEVEL(slot.level)}`,
        pretitle: '60 minutes · online in small groups',
        short: `Topic of the week: ${topic.en}. Free speaking practice with a native-speaker teacher.`,
      },
      es: {
        title: `Hora de conversación ${LEVEL(slot.level)}`,
        pretitle: '60 minutos · online en grupos reducidos',
        short: `Tema de la semana: ${topic.es}. Conversación libre con un profesor nativo.`,
      },
    },
    tags: courseTags({ startDate, endDate: startDate, startTime: slot.time }, slot.level),
  };
}

/** Flexible-learning modules: weekly 90-minute video conferences in small groups (docs/product-rules.md#overview). */
const flexibleModules: {
  id: string;
  level: Level;
  weekdayOffset: number;
  time: string;
  topic: Record<Language, string>;
}[] = [
  {
    id: 'A1.1',
    level: 'a1',
    weekdayOffset: 1,
    time: '10:00',
    topic: { de: 'Erste Kontakte', en: 'First contacts', es: 'Primeros contactos' },
  },
  {
    id: 'A1.2',
    level: 'a1',
    weekdayOffset: 3,
    time: '17:30',
    topic: { de: 'Alltag und Freizeit', en: 'Daily life and free time', es: 'Vida cotidiana y tiempo libre' },
  },
  {
    id: 'A2.1',
    level: 'a2',
    weekdayOffset: 0,
    time: '19:00',
    topic: { de: 'Unterwegs und auf Reisen', en: 'Out and about', es: 'De viaje' },
  },
  {
    id: 'A2.2',
    level: 'a2',
    weekdayOffset: 2,
    time: '11:00',
    topic: { de: 'Von früher erzählen', en: 'Telling about the past', es: 'Contar el pasado' },
  },
  {
    id: 'B1.1',
    level: 'b1',
    weekdayOffset: 4,
    time: '16:00',
    topic: { de: 'Meinungen äußern', en: 'Expressing opinions', es: 'Expresar opiniones' },
  },
  {
    id: 'B1.2',
    level: 'b1',
    weekdayOffset: 1,
    time: '19:30',
    topic: { de: 'Arbeit und Beruf', en: 'Work and profession', es: 'Trabajo y profesión' },
  },
  {
    id: 'B2.1',
    level: 'b2',
    weekdayOffset: 3,
    time: '09:00',
    topic: { de: 'Gesellschaft und Medien', en: 'Society and media', es: 'Sociedad y medios' },
  },
  {
    id: 'C1.1',
    level: 'c1',
    weekdayOffset: 5,
    time: '11:00',
    topic: { de: 'Debattieren und Argumentieren', en: 'Debating and arguing', es: 'Debatir y argumentar' },
  },
];

function moduleTexts(module: (typeof flexibleModules)[number]): Texts {
  return {
    de: {
      title: `Modul ${module.id} – ${module.topic.de}`,
      pretitle: 'Flexibles Lernen · 90 Minuten Videokonferenz',
      short:
        'Wöchentliches Modul mit Selbstlernmaterial und einer 90-minütigen Videokonferenz in Kleingruppen (max. 6).',
    },
    en: {
      title: `Module ${module.id} – ${module.topic.en}`,
      pretitle: 'Flexible learning · 90-minute video conference',
      short: 'Weekly module with self-study material and a 90-minute video conference in small groups (max. 6).',
    },
    es: {
      title: `Módulo ${module.id} – ${module.topic.es}`,
      pretitle: 'Aprendizaje flexible · videoconferencia de 90 minutos',
      short:
        'Módulo semanal con material de autoaprendizaje y una videoconferencia de 90 minutos en grupos reducidos (máx. 6).',
    },
  };
}

const byAppointmentNote: Record<Language, string> = {
  de: 'Termin nach Vereinbarung innerhalb des angegebenen Zeitraums.',
  en: 'Appointment by arrangement within the given period.',
  es: 'Cita a convenir dentro del período indicado.',
};

function flexibleAppointments(
  module: (typeof flexibleModules)[number],
  moduleIndex: number,
  baseMonday: string,
  counter: () => number,
): SeedCourse[] {
  const texts = moduleTexts(module);
  const firstWeek = moduleIndex % 4;
  const appointments: SeedCourse[] = [0, 3, 6].map((weekOffset, n) => {
    const startDate = addDays(baseMonday, (firstWeek + weekOffset) * 7 + module.weekdayOffset);
    return {
      type: CourseType.flexibleAppointment,
      identifier: `FL-${module.id}-${n + 1}`,
      startDate,
      startTime: module.time,
      endDate: startDate,
      endTime: addMinutes(module.time, 90),
      registrationDeadline: addDays(startDate, -2),
      maxParticipants: 6,
      freePlaces: freePlaces(6, counter()),
      priceCents: flexibleAppointmentPriceCents,
      discountedPriceCents: null,
      flexibleModule: module.id,
      meetingDays: null,
      texts,
      tags: courseTags({ startDate, endDate: startDate, startTime: module.time }, module.level),
    };
  });
  // Every other module can also be taken by appointment within a four-week window (no fixed time).
  if (moduleIndex % 2 === 0) {
    const startDate = addDays(baseMonday, (firstWeek + 1) * 7);
    const endDate = addDays(startDate, 27);
    appointments.push({
      type: CourseType.flexibleAppointment,
      identifier: `FL-${module.id}-V`,
      startDate,
      startTime: null,
      endDate,
      endTime: null,
      registrationDeadline: addDays(startDate, -2),
      maxParticipants: 6,
      freePlaces: freePlaces(6, counter()),
      priceCents: flexibleAppointmentPriceCents,
      discountedPriceCents: null,
      flexibleModule: module.id,
      meetingDays: null,
      texts: {
        de: { ...texts.de, short: byAppointmentNote.de },
        en: { ...texts.en, short: byAppointmentNote.en },
        es: { ...texts.es, short: byAppointmentNote.es },
      },
      tags: courseTags({ startDate, endDate, startTime: null }, module.level),
    });
  }
  return appointments;
}

function examProduct(
  exam: 'DELE' | 'SIELE',
  level: Level | null,
  lessons: number,
  priceCents: number,
  discountedPriceCents: number | null,
): SeedProduct {
  const label = level ? `${exam} ${LEVEL(level)}` : exam;
  const about = {
    DELE: {
      de: 'Das offizielle Diplom des Instituto Cervantes, lebenslang gültig.',
      en: 'The official diploma of the Instituto Cervantes, valid for life.',
      es: 'El diploma oficial del Instituto Cervantes, con validez indefinida.',
    },
    SIELE: {
      de: 'Das digitale Zertifikat für alle Niveaus (A1–C1), Ergebnis nach drei Wochen.',
      en: 'The digital certificate for all levels (A1–C1), results within three weeks.',
      es: 'El certificado digital para todos los niveles (A1–C1), resultados en tres semanas.',
    },
  }[exam];
  return {
    identifier: `${exam}-${level ? LEVEL(level) : `${lessons}`}`,
    institutionId: 1,
    priceCents,
    discountedPriceCents,
    texts: {
      de: {
        title: `${label} Prüfungsvorbereitung`,
        pretitle: `Einzelunterricht online · ${lessons} × 60 Minuten`,
        short: `Gezieltes Training aller Prüfungsteile mit Modelltests und individuellem Feedback. ${about.de}`,
      },
      en: {
        title: `${label} exam preparation`,
        pretitle: `One-to-one online lessons · ${lessons} × 60 minutes`,
        short: `Targeted training for every part of the exam with mock tests and personal feedback. ${about.en}`,
      },
      es: {
        title: `Preparación del examen ${label}`,
        pretitle: `Clases individuales online · ${lessons} × 60 minutos`,
        short: `Entrenamiento de todas las pruebas con exámenes modelo y corrección personalizada. ${about.es}`,
      },
    },
    tags: level ? [level] : [],
  };
}

export function buildSeedCatalog(today: string): SeedCatalog {
  // Scheduled courses start from next week's Monday, so a fresh catalogue always offers something bookable.
  const baseMonday = nextMonday(addDays(today, 1));
  const courses: SeedCourse[] = [];

  // Two group courses already running: they show that past starts are not listed by default.
  courses.push(groupCourse(groupFormats[0]!, 'a1', addDays(baseMonday, -28 + 1), 0));
  courses.push(groupCourse(groupFormats[3]!, 'b1', addDays(baseMonday, -42 + 5), 2));

  // Each level four times over the next twelve months, rotating formats so weekdays and times vary.
  let groupIndex = 0;
  for (let round = 0; round < 4; round++) {
    levels.forEach((level, levelIndex) => {
      const format = groupFormats[(levelIndex + round) % groupFormats.length]!;
      const week = round * 12 + levelIndex * 2;
      courses.push(groupCourse(format, level, addDays(baseMonday, week * 7 + format.weekdayOffset), groupIndex++));
    });
  }
  // Extra online intensive courses for the most asked-for levels in the coming weeks.
  const intensive = groupFormats.find((f) => f.code === 'INT')!;
  (['a1', 'a2', 'b1'] as const).forEach((level, i) => {
    courses.push(groupCourse(intensive, level, addDays(baseMonday, (5 + i * 3) * 7), groupIndex++));
  });

  // Conversation hours: four weekly 60-minute sessions at different levels for twelve weeks.
  let conversationIndex = 0;
  for (let week = 0; week < 12; week++) {
    for (const slot of conversationSlots) {
      const startDate = addDays(baseMonday, week * 7 + slot.weekdayOffset);
      courses.push(conversationCourse(slot, startDate, week, conversationIndex++));
    }
  }

  let flexibleIndex = 0;
  const nextFlexible = () => flexibleIndex++;
  flexibleModules.forEach((module, i) => courses.push(...flexibleAppointments(module, i, baseMonday, nextFlexible)));

  return {
    flexibleCourses: flexibleModules.map((module) => ({ moduleIdentifier: module.id, texts: moduleTexts(module) })),
    courses,
    products: [
      examProduct('DELE', 'a2', 5, 24900, null),
      examProduct('DELE', 'b1', 5, 29900, null),
      examProduct('DELE', 'b2', 8, 37900, 34900),
      examProduct('DELE', 'c1', 8, 41900, null),
      examProduct('SIELE', null, 5, 27900, null),
      examProduct('SIELE', null, 10, 49900, 45900),
    ],
    packagePrices: [
      { type: 'conversation_hours', amount: 1, priceCents: conversationHourPriceCents },
      { type: 'conversation_hours', amount: 5, priceCents: 11500 },
      { type: 'conversation_hours', amount: 10, priceCents: 22000 },
      { type: 'conversation_hours', amount: 20, priceCents: 42000 },
      { type: 'flexible_learning', amount: 1, priceCents: flexibleAppointmentPriceCents },
      { type: 'flexible_learning', amount: 4, priceCents: 25900 },
      { type: 'flexible_learning', amount: 8, priceCents: 49900 },
      { type: 'flexible_learning', amount: 12, priceCents: 71900 },
    ],
  };
}
