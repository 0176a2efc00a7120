import { grammar, reading, type SeedQuestion, vocabulary } from './types.ts';

const tourism = reading(
  'El turismo masivo se ha convertido en un problema para muchas ciudades españolas. En los barrios céntricos de ' +
    'Barcelona o Palma, el aumento de los pisos turísticos ha hecho subir los alquileres, de modo que numerosos vecinos ' +
    'se han visto obligados a mudarse. Los ayuntamientos intentan encontrar un equilibrio: limitan las nuevas licencias, ' +
    'pero sin renunciar a unos ingresos de los que dependen miles de empleos.',
);

/** B2: imperfect and pluperfect subjunctive, unreal conditionals, temporal clauses, passive, idioms, argument. */
export const b2: SeedQuestion[] = [
  grammar('Si ___ más tiempo, aprendería a tocar el piano.', ['tengo', 'tendría', 'tuviera', 'tenga'], 2),
  grammar('Me alegro de que ___ venir a la boda.', ['hayas podido', 'has podido', 'habías podido', 'podrás'], 0),
  grammar('Te lo repito para que no lo ___.', ['olvides', 'olvidas', 'olvidarás', 'olvidaste'], 0),
  grammar(
    'Buscamos un piso que ___ terraza, pero todavía no hemos encontrado ninguno.',
    ['tiene', 'tenga', 'tendría'],
    1,
  ),
  grammar('Si me ___ avisado antes, habría ido contigo.', ['habías', 'hayas', 'hubieras', 'habrías'], 2),
  grammar('Le pedí que me ___ el informe antes del viernes.', ['envía', 'enviara', 'enviará', 'enviaba'], 1),
  grammar('En cuanto ___ los resultados, te los comunicaré.', ['tengo', 'tendré', 'tenga', 'tuve'], 2),
  grammar('El museo ___ inaugurado por la alcaldesa el año pasado.', ['fue', 'estuvo', 'era', 'había'], 0),
  grammar('No es que no ___ ayudarte, es que hoy no tengo tiempo.', ['quiero', 'quiera', 'querré'], 1),
  vocabulary('Tras varias horas de reunión, por fin llegaron a un ___.', ['acuerdo', 'acierto', 'acceso', 'acento'], 0),
  vocabulary(
    '«Estar hasta las narices» significa ___.',
    ['tener un resfriado', 'estar harto', 'estar muy contento'],
    1,
  ),
  vocabulary('La empresa ha decidido ___ el proyecto hasta el año que viene.', ['apoyar', 'aplaudir', 'aplazar'], 2),
  vocabulary(
    'Un sinónimo de «imprescindible» es ___.',
    ['imposible', 'indispensable', 'impresionante', 'innecesario'],
    1,
  ),
  vocabulary('Hay que ___ en cuenta que el precio no incluye el IVA.', ['tener', 'dar', 'hacer', 'poner'], 0),
  tourism(
    'Según el texto, ¿qué consecuencia han tenido los pisos turísticos?',
    [
      'Hay más empleo para los vecinos',
      'Los alquileres han subido y muchos vecinos se han mudado',
      'Los barrios céntricos tienen menos turistas',
    ],
    1,
  ),
  tourism(
    '¿Qué actitud adoptan los ayuntamientos?',
    [
      'Prohíben el turismo en el centro',
      'Fomentan nuevos pisos turísticos',
      'No hacen nada',
      'Limitan las licencias sin renunciar a los ingresos',
    ],
    3,
  ),
];
