import { grammar, reading, type SeedQuestion, vocabulary } from './types.ts';

const remoteWork = reading(
  'Cada vez más españoles trabajan desde casa al menos dos días por semana. Según una encuesta reciente, la mayoría ' +
    'valora sobre todo ahorrar el tiempo del transporte, aunque muchos echan de menos el contacto con sus compañeros. ' +
    'Por eso, algunas empresas organizan comidas mensuales para que los equipos se vean en persona.',
);

/** B1: present subjunctive, conditionals of the real type, pluperfect, reported speech, relatives, idioms. */
export const b1: SeedQuestion[] = [
  grammar('Espero que mañana ___ buen tiempo.', ['hace', 'haga', 'hará', 'hacía'], 1),
  grammar(
    'Si tengo tiempo, te ___ esta tarde.',
    ['llamo', 'llamara', 'llamaría', 'haya llamado', 'llamase', 'hubiera llamado'],
    0,
  ),
  grammar('Cuando ___ a casa, te mando un mensaje.', ['llego', 'llegue', 'llegaré', 'llegaría'], 1),
  grammar('Cuando llegamos a la estación, el tren ya ___.', ['salía', 'ha salido', 'había salido', 'saldría'], 2),
  grammar('Es importante que todos ___ puntuales a la reunión.', ['llegan', 'llegarán', 'lleguen'], 2),
  grammar('Me dijo que ___ muy cansado y se fue a dormir.', ['estaba', 'está', 'esté', 'estará'], 0),
  grammar('El chico ___ padre es médico vive en mi calle.', ['que', 'quien', 'cuyo', 'cuyos'], 2),
  grammar('Llevo tres años ___ español.', ['estudiar', 'estudiando', 'estudiado'], 1),
  grammar('No creo que Juan ___ razón.', ['tiene', 'tenga', 'tendrá', 'tenía'], 1),
  vocabulary('Hoy no puedo salir: tengo que ___ de mi hermano pequeño.', ['mirar', 'guardar', 'cuidar'], 2),
  vocabulary(
    '«Echar de menos» a alguien significa ___.',
    ['olvidarlo', 'enfadarse con él', 'sentir su ausencia', 'no verlo bien'],
    2,
  ),
  vocabulary('Me han ofrecido un trabajo nuevo con un ___ más alto.', ['precio', 'sueldo', 'coste'], 1),
  vocabulary(
    'Lo siento, no puedo ir a tu fiesta porque ya tengo otro ___.',
    ['compromiso', 'comprensión', 'comportamiento'],
    0,
  ),
  vocabulary('«Darse cuenta de algo» significa ___.', ['contar algo', 'notar o comprender algo', 'regalar algo'], 1),
  remoteWork(
    'Según el texto, ¿qué valoran más los que trabajan desde casa?',
    ['Ganar más dinero', 'Ahorrar el tiempo del transporte', 'Trabajar menos horas'],
    1,
  ),
  remoteWork(
    '¿Por qué organizan comidas algunas empresas?',
    ['Para ahorrar dinero', 'Para celebrar los resultados', 'Para que los compañeros se vean en persona'],
    2,
  ),
];
