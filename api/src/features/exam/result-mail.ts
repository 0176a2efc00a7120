import { type ExamRecommendation, type ExamScore, type Language, pickText } from '@shop/shared/contract';
import { fillText, mailDocument, mailList, mailParagraph, mailText } from '../../mail/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** Texts of the result mail (docs/product-rules.md#validation Result e-mail), in the language the request names. */
const texts: Record<
  Language,
  {
    subject: string;
    greeting: string;
    intro: string;
    points: string;
    level: string;
    targetDetail: string;
    offers: string;
    noOffers: string;
    flexible: string;
    group: string;
    conversation: string;
    product: string;
    privacy: string;
    signature: string;
  }
> = {
  de: {
    subject: 'Ihr Ergebnis im Einstufungstest: {{level}}',
    greeting: 'Guten Tag,',
    intro: 'vielen Dank, dass Sie unseren Spanisch-Einstufungstest gemacht haben. Hier ist Ihr Ergebnis:',
    points: 'Erreichte Punkte: {{reached}} von {{max}}',
    level: 'Ihr Niveau: {{level}}',
    targetDetail: 'Empfohlener Einstieg: {{detail}}',
    offers: 'Passende Kurse für Sie:',
    noOffers:
      'Für Ihr Niveau haben wir gerade keine passenden Kurse im Angebot. Antworten Sie uns gern – wir beraten Sie persönlich.',
    flexible: 'Flexibles Lernen: {{title}}',
    group: 'Gruppenkurse auf Niveau {{level}}',
    conversation: 'Konversationsstunden auf Niveau {{level}}',
    product: 'Einzelangebot: {{title}}',
    privacy:
      'Wir haben diese E-Mail auf Ihren Wunsch einmalig an diese Adresse gesendet und die Adresse nicht gespeichert.',
    signature: 'Viele Grüße\nIhr Team der Sprachschule',
  },
  en: {
    subject: 'Your placement test result: {{level}}',
    greeting: 'Hello,',
    intro: 'thank you for taking our Spanish placement test. Here is your result:',
    points: 'Points scored: {{reached}} out of {{max}}',
    level: 'Your level: {{level}}',
    targetDetail: 'Recommended starting point: {{detail}}',
    offers: 'Courses that suit you:',
    noOffers: 'We have no matching courses for your level at the moment. Just reply – we will advise you personally.',
    flexible: 'Flexible learning: {{title}}',
    group: 'Group courses at level {{level}}',
    conversation: 'Conversation hours at level {{level}}',
    product: 'Individual offer: {{title}}',
    privacy: 'We sent this e-mail once to this address at your request and did not store the address.',
    signature: 'Kind regards\nYour language school team',
  },
  es: {
    subject: 'Tu resultado de la prueba de nivel: {{level}}',
    greeting: 'Hola:',
    intro: 'gracias por hacer nuestra prueba de nivel de español. Este es tu resultado:',
    points: 'Puntos obtenidos: {{reached}} de {{max}}',
    level: 'Tu nivel: {{level}}',
    targetDetail: 'Punto de partida recomendado: {{detail}}',
    offers: 'Cursos adecuados para ti:',
    noOffers: 'Ahora mismo no tenemos cursos adecuados para tu nivel. Respóndenos y te asesoramos personalmente.',
    flexible: 'Aprendizaje flexible: {{title}}',
    group: 'Cursos en grupo de nivel {{level}}',
    conversation: 'Horas de conversación de nivel {{level}}',
    product: 'Oferta individual: {{title}}',
    privacy: 'Te hemos enviado este correo una sola vez a petición tuya y no hemos guardado la dirección.',
    signature: 'Un saludo\nEl equipo de la escuela de idiomas',
  },
};

/** The offers as links into the shop (the same targets as the result page of docs/product-rules.md#screens). */
function offerLinks(
  recommendation: ExamRecommendation,
  language: Language,
  link: (path: string, query: Record<string, string>) => string,
) {
  const t = texts[language];
  const { flexibleLearningCourse, courseTag, conversationTag, product } = recommendation;
  return [
    ...(flexibleLearningCourse
      ? [
          {
            label: fillText(t.flexible, { title: pickText(flexibleLearningCourse.titles, language) }),
            url: link('/modular-course', { flexLearningId: String(flexibleLearningCourse.id) }),
          },
        ]
      : []),
    ...(courseTag
      ? [
          {
            label: fillText(t.group, { level: courseTag.toUpperCase() }),
            url: link('/courses', { preSelectedTags: courseTag, courseType: '1' }),
          },
        ]
      : []),
    ...(conversationTag
      ? [
          {
            label: fillText(t.conversation, { level: conversationTag.toUpperCase() }),
            url: link('/courses', { preSelectedTags: conversationTag, courseType: '3' }),
          },
        ]
      : []),
    ...(product
      ? [
          {
            label: fillText(t.product, { title: pickText(product.titles, language) }),
            url: link('/products', { productId: String(product.id) }),
          },
        ]
      : []),
  ];
}

export interface ResultMailInput {
  to: string;
  language: Language;
  score: ExamScore;
  recommendation: ExamRecommendation;
  /** A shop URL for a path and query (SHOP_URL based). */
  link: (path: string, query: Record<string, string>) => string;
}

/** Renders the result mail as plain text and HTML (every value escaped). */
export function renderResultMail({ to, language, score, recommendation, link }: ResultMailInput): MailMessage {
  const t = texts[language];
  const facts = [
    fillText(t.points, { reached: score.reachedPoints, max: score.maxPoints }),
    fillText(t.level, { level: score.level }),
    fillText(t.targetDetail, { detail: score.targetDetail }),
  ];
  const offers = offerLinks(recommendation, language, link);
  const subject = fillText(t.subject, { level: score.level });

  const text = mailText(language, [
    `${t.greeting}\n\n${t.intro}`,
    facts.join('\n'),
    offers.length > 0 ? [t.offers, ...offers.map((o) => `- ${o.label}: ${o.url}`)].join('\n') : t.noOffers,
    t.privacy,
    t.signature,
  ]);

  const html = mailDocument(language, subject, [
    mailParagraph(`${t.greeting} ${t.intro}`),
    mailList(facts),
    ...(offers.length > 0 ? [mailParagraph(t.offers), mailList(offers)] : [mailParagraph(t.noOffers)]),
    mailParagraph(t.privacy),
    mailParagraph(t.signature),
  ]);

  return { to, subject, text, html };
}
