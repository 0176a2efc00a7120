import { grammar, reading, type SeedQuestion, vocabulary } from './types.ts';

const lucia = reading(
  'Me llamo Lucía y tengo 25 años. Soy de Sevilla, pero vivo en Madrid. Trabajo en un hospital: soy enfermera. ' +
    'Los fines de semana juego al tenis con mi hermano.',
);

/** A1: ser/estar/hay, present tense, articles, gustar, numbers, days, family, greetings, a short profile. */
export const a1: SeedQuestion[] = [
  grammar('Yo ___ de Alemania.', ['soy', 'estoy', 'es', 'tengo', 'eres'], 0),
  grammar('—¿Cómo te llamas? —___ llamo Pedro.', ['Yo', 'Me', 'Te', 'Se'], 1),
  grammar('Nosotros ___ en Berlín.', ['viven', 'vivo', 'vivimos', 'vivís'], 2),
  grammar('Mi hermana tiene veinte ___.', ['año', 'edad', 'años'], 2),
  grammar('___ casa de María es muy bonita.', ['El', 'La', 'Los', 'Un'], 1),
  grammar('¿Dónde ___ el banco, por favor?', ['es', 'hay', 'está', 'tiene'], 2),
  grammar('En mi calle ___ un supermercado.', ['está', 'hay', 'es', 'tiene'], 1),
  grammar('A mí me ___ el chocolate.', ['gusto', 'gustan', 'gusta'], 2),
  grammar('¿___ años tienes?', ['Cuántos', 'Cuántas', 'Qué', 'Cómo'], 0),
  vocabulary('¿Qué día va después del lunes?', ['domingo', 'martes', 'jueves', 'sábado'], 1),
  vocabulary('El padre de mi padre es mi ___.', ['tío', 'abuelo', 'primo', 'hermano'], 1),
  vocabulary('En el desayuno tomo un ___ con leche.', ['cama', 'libro', 'café', 'coche'], 2),
  vocabulary('¿Qué se dice para despedirse?', ['Hola', 'Hasta luego', 'Buenos días', 'Por favor'], 1),
  vocabulary('Hace mucho frío y nieva. Es ___.', ['verano', 'agosto', 'invierno'], 2),
  lucia('¿Dónde vive Lucía?', ['En Sevilla', 'En Madrid', 'En un hospital'], 1),
  lucia(
    '¿Qué hace Lucía los fines de semana?',
    ['Trabaja en el hospital', 'Visita a su familia en Sevilla', 'Juega al tenis'],
    2,
  ),
];
