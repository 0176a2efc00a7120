/** Styles of the level-test screens; rendered once through React 19's hoisted <style>. */
export const levelTestCss = `
.level-test { padding-block: var(--shop-space-xl); }
.level-test__cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(var(--shop-size-column), 1fr)); gap: var(--shop-space-lg); list-style: none; padding: 0; margin: var(--shop-space-xl) 0; }
.level-test__cards > li { display: flex; }
.level-test__cards .shop-card { display: flex; flex-direction: column; gap: var(--shop-space-sm); width: 100%; }
.level-test__cards h2 { margin: 0; font-size: var(--shop-font-size-xl); }
.level-test__question-text { font-weight: 600; margin: var(--shop-space-sm) 0 var(--shop-space-2xs); }
.level-test__choices { display: flex; gap: var(--shop-space-md); flex-wrap: wrap; margin-top: auto; }
.level-test__progress { display: block; width: 100%; height: var(--shop-dot); margin: var(--shop-space-sm) 0 var(--shop-space-lg); accent-color: var(--shop-color-primary); }
.level-test__slide { max-width: var(--shop-size-reading); }
.level-test__slide h2 { font-size: var(--shop-font-size-lg); margin: 0; }
.level-test__instruction { color: var(--shop-color-muted); margin: var(--shop-space-sm) 0; }
.level-test__passage { margin: var(--shop-space-md) 0; padding: var(--shop-space-md) var(--shop-space-lg); border-left: var(--shop-border-width-accent) solid var(--shop-color-border); background: var(--shop-color-surface); }
.level-test__answers { border: 0; margin: 0; padding: 0; }
.level-test__answers legend { font-size: var(--shop-font-size-lg); font-weight: 600; margin: var(--shop-space-sm) 0 var(--shop-space-md); padding: 0; }
.level-test__answers ol { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--shop-space-sm); }
.level-test__answer { display: flex; align-items: center; gap: var(--shop-space-md); width: 100%; min-height: var(--shop-tap); padding: var(--shop-space-sm) var(--shop-space-md); text-align: left; font: inherit;
  background: var(--shop-color-bg); color: var(--shop-color-text); border: var(--shop-border-width-strong) solid var(--shop-color-border); border-radius: var(--shop-radius); cursor: pointer; }
.level-test__answer:hover { border-color: var(--shop-color-primary); }
.level-test__answer[aria-pressed="true"] { border-color: var(--shop-color-primary); background: var(--shop-color-surface); }
.level-test__letter { display: inline-flex; align-items: center; justify-content: center; min-width: var(--shop-icon); height: var(--shop-icon); border-radius: var(--shop-radius-pill);
  background: var(--shop-color-primary); color: var(--shop-color-on-primary); font-weight: 700; }
.level-test__gap { display: inline-block; min-width: 4em; border-bottom: var(--shop-border-width-strong) solid currentColor; }
.level-test__back { margin-top: var(--shop-space-lg); padding: var(--shop-space-sm) 0; background: none; border: 0; font: inherit; color: var(--shop-color-primary-dark); text-decoration: underline; cursor: pointer; min-height: var(--shop-tap); }
.level-test__score { font-size: var(--shop-font-size-xl); }
.level-test__duration { font-weight: 600; }
.level-test__offer h3 { font-size: var(--shop-font-size-lg); margin: var(--shop-space-lg) 0 var(--shop-space-sm); }
.level-test__course-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(var(--shop-size-column), 1fr)); gap: var(--shop-space-md); list-style: none; padding: 0; margin: 0; }
.level-test__course-cards > li { display: flex; }
.level-test__offer a, .level-test__offer-link a { display: inline-block; padding: var(--shop-space-2xs) 0; }
.level-test__section { margin-top: var(--shop-space-2xl); }
.level-test__footer { margin-top: var(--shop-space-2xl); padding-top: var(--shop-space-lg); border-top: var(--shop-border-width) solid var(--shop-color-border); }
.level-test__footer ul { display: flex; gap: var(--shop-space-sm) var(--shop-space-xl); flex-wrap: wrap; list-style: none; margin: 0; padding: 0; }
.level-test__footer a { display: inline-block; padding: var(--shop-space-sm) 0; }
`;
