import { grammar, reading, type SeedQuestion, vocabulary } from './types.ts';

const postcard = reading(
  'Querida Marta: te escribo desde Valencia. Llegué el sábado y me quedo hasta el jueves. El hotel está cerca de la ' +
    'playa, pero ayer llovió todo el día y fui al Museo de las Ciencias. Mañana voy a comer una paella en un ' +
    'restaurante del puerto. ¡Un abrazo! Carlos',
);

/** A2: past tenses, ir a + infinitive, object pronouns, comparisons, imperative, gerund, shopping and travel. */
export const a2: SeedQuestion[] = [
  grammar('Ayer ___ al cine con mis amigos.', ['voy', 'fui', 'iba', 'iré'], 1),
  grammar('El verano pasado nosotros ___ en Italia de vacaciones.', ['estamos', 'estaremos', 'estuvimos'], 2),
  grammar('Cuando era pequeño, ___ en un pueblo cerca del mar.', ['viví', 'vivía', 'he vivido', 'viviré'], 1),
  grammar('Esta mañana ___ un café con leche.', ['he tomado', 'tomaba', 'tomaré', 'tomo'], 0),
  grammar('Mañana ___ a llover; lleva un paraguas.', ['vas', 'va', 'van'], 1),
  grammar('—¿Has visto mis llaves? —Sí, ___ he dejado en la mesa.', ['les', 'los', 'las', 'la'], 2),
  grammar('Este libro es ___ interesante ___ la película.', ['más … que', 'más … como', 'tan … que', 'mucho … de'], 0),
  grammar('Por favor, ___ la ventana, que hace frío.', ['cerrar', 'cierro', 'cierra', 'cierras'], 2),
  grammar('Ahora no puedo hablar, estoy ___ la cena.', ['preparar', 'preparando', 'preparado'], 1),
  vocabulary('Para viajar en avión tengo que ir al ___.', ['puerto', 'aeropuerto', 'mercado', 'gimnasio'], 1),
  vocabulary(
    'Me duele la cabeza; voy a la ___ a comprar aspirinas.',
    ['panadería', 'librería', 'farmacia', 'zapatería'],
    2,
  ),
  vocabulary('Lo contrario de «barato» es ___.', ['caro', 'grande', 'rápido', 'fácil'], 0),
  vocabulary('En una tienda de ropa: —¿Qué ___ tiene usted? —La M.', ['precio', 'talla', 'marca'], 1),
  vocabulary('Quiero ___ una mesa en el restaurante para las nueve.', ['pagar', 'cocinar', 'reservar'], 2),
  postcard('¿Qué hizo Carlos ayer?', ['Fue a la playa', 'Visitó un museo', 'Comió una paella', 'Volvió a casa'], 1),
  postcard('¿Cuándo termina el viaje de Carlos?', ['El sábado', 'Mañana', 'El jueves'], 2),
];
