import conversationArt from '../../assets/conversation.svg?no-inline';
import examArt from '../../assets/exam.svg?no-inline';
import flexibleArt from '../../assets/flexible.svg?no-inline';
import groupArt from '../../assets/group.svg?no-inline';
import levelArt from '../../assets/level.svg?no-inline';
import packagesArt from '../../assets/packages.svg?no-inline';

/**
 * The shop's offers, in the order a new learner meets them: the placement test first, then every kind of
 * thing the school sells. Header and home page both list these, so the two never disagree. Packages have a
 * page of their own where each is bought directly; the cart still offers them beside a single course.
 */
export const offers = [
  { key: 'levelTest', to: '/level-test', art: levelArt },
  { key: 'courses', to: '/courses', art: groupArt },
  { key: 'conversation', to: '/courses?courseType=3', art: conversationArt },
  { key: 'modular', to: '/modular-course', art: flexibleArt },
  { key: 'products', to: '/products', art: examArt },
  { key: 'packages', to: '/packages', art: packagesArt },
] as const;

export type Offer = (typeof offers)[number];
