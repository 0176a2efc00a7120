import { grammar, reading, type SeedQuestion, vocabulary } from './types.ts';

const bilingualism = reading(
  'Durante décadas se dio por sentado que el bilingüismo confundía a los niños y retrasaba su desarrollo lingüístico. ' +
    'Hoy, sin embargo, numerosos estudios apuntan en la dirección opuesta: quienes crecen con dos lenguas no solo no se ' +
    'ven perjudicados, sino que tienden a mostrar una mayor flexibilidad cognitiva. Con todo, los investigadores advierten ' +
    'de que tales ventajas dependen en gran medida del contexto y no deben interpretarse como una garantía.',
);

/** C1: infinitive and concessive constructions, subjunctive in complex clauses, register, idioms, nuance. */
export const c1: SeedQuestion[] = [
  grammar('De ___ sabido, no habría venido.', ['habiéndolo', 'haberlo', 'haber'], 1),
  grammar('Por mucho que ___, no conseguirás convencerla.', ['insistes', 'insistirás', 'insistas'], 2),
  grammar('Se marchó sin que nadie se ___ cuenta.', ['da', 'diera', 'dio', 'daría'], 1),
  grammar('Quienquiera que ___ el responsable, tendrá que dar explicaciones.', ['sea', 'es', 'será', 'fue'], 0),
  grammar('Ojalá me ___ avisado; habría cambiado mis planes.', ['hayas', 'habías', 'hubieras'], 2),
  grammar('___ llegar al aeropuerto, se dio cuenta de que había olvidado el pasaporte.', ['En', 'Al', 'Por'], 1),
  grammar('No le quedó más remedio ___ aceptar las condiciones.', ['que', 'de', 'a', 'sino'], 0),
  grammar('Lo que más me sorprendió fue ___ reaccionara con tanta calma.', ['lo que', 'el cual', 'que'], 2),
  grammar('A medida que ___ los años, fue cambiando de opinión.', ['pasen', 'pasaban', 'pasarán'], 1),
  vocabulary(
    '«Tomarle el pelo» a alguien significa ___.',
    ['cortarle el pelo', 'ayudarle con algo difícil', 'enfadarse con él', 'burlarse de él'],
    3,
  ),
  vocabulary('La propuesta fue ___ por unanimidad.', ['aprobada', 'apropiada', 'aprovechada'], 0),
  vocabulary(
    'Su discurso fue tan ___ que nadie entendió qué quería decir realmente.',
    ['conciso', 'explícito', 'ambiguo', 'claro'],
    2,
  ),
  vocabulary(
    '«Andarse por las ramas» significa ___.',
    ['trabajar en el jardín', 'no ir directamente al tema', 'equivocarse a menudo'],
    1,
  ),
  vocabulary(
    'Ante las protestas, el Gobierno tuvo que dar marcha ___ con la reforma.',
    ['adelante', 'atrás', 'arriba'],
    1,
  ),
  bilingualism(
    '¿Qué se creía antes sobre el bilingüismo?',
    [
      'Que garantizaba el éxito escolar',
      'Que mejoraba la flexibilidad cognitiva',
      'Que no tenía ningún efecto',
      'Que perjudicaba el desarrollo lingüístico de los niños',
    ],
    3,
  ),
  bilingualism(
    '¿Qué matiz introducen los investigadores?',
    [
      'Las ventajas dependen del contexto y no están garantizadas',
      'El bilingüismo siempre es perjudicial',
      'Los estudios antiguos tenían razón',
      'Solo los adultos se benefician',
    ],
    0,
  ),
];
