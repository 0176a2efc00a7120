import { configure } from '@testing-library/react';

// findBy…/waitFor give up after 1 s by default. In `npm test` the screen tests share two cores with the API suite,
// type checks and the build, and a file's first render (lazy routes, i18n) took longer there: CardSlider,
// ModularCoursePage and AddressPage failed so. What is awaited stays the same; only the patience grows.
configure({ asyncUtilTimeout: 5_000 });
