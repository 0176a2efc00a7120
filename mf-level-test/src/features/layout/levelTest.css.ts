/** Styles of the level-test screens; rendered once through React 19's hoisted <style>. */
export const levelTestCss = `
.level-test { max-width: 1140px; margin: 0 auto; padding: 24px; }
.level-test__cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 16px; list-style: none; padding: 0; margin: 24px 0; }
.level-test__cards > li { display: flex; }
.level-test__cards .shop-card { display: flex; flex-direction: column; gap: 8px; width: 100%; }
.level-test__cards h2 { margin: 0; font-size: 1.25rem; }
.level-test__question-text { font-weight: 600; margin: 8px 0 4px; }
.level-test__choices { display: flex; gap: 12px; flex-wrap: wrap; margin-top: auto; }
.level-test__progress { display: block; width: 100%; height: 12px; margin: 8px 0 16px; accent-color: var(--shop-color-primary); }
.level-test__slide { max-width: 760px; }
.level-test__slide h2 { font-size: 1.1rem; margin: 0; }
.level-test__instruction { color: var(--shop-color-muted); margin: 8px 0; }
.level-test__passage { margin: 12px 0; padding: 12px 16px; border-left: 4px solid var(--shop-color-border); background: var(--shop-color-surface); }
.level-test__answers { border: 0; margin: 0; padding: 0; }
.level-test__answers legend { font-size: 1.15rem; font-weight: 600; margin: 8px 0 12px; padding: 0; }
.level-test__answers ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.level-test__answer { display: flex; align-items: center; gap: 12px; width: 100%; min-height: 44px; padding: 10px 14px; text-align: left; font: inherit;
  background: var(--shop-color-bg); color: var(--shop-color-text); border: 2px solid var(--shop-color-border); border-radius: var(--shop-radius); cursor: pointer; }
.level-test__answer:hover { border-color: var(--shop-color-primary); }
.level-test__answer[aria-pressed="true"] { border-color: var(--shop-color-primary); background: var(--shop-color-surface); }
.level-test__letter { display: inline-flex; align-items: center; justify-content: center; min-width: 28px; height: 28px; border-radius: 50%;
  background: var(--shop-color-primary); color: var(--shop-color-on-primary); font-weight: 700; }
.level-test__gap { display: inline-block; min-width: 4em; border-bottom: 2px solid currentColor; }
.level-test__back { margin-top: 16px; padding: 10px 0; background: none; border: 0; font: inherit; color: var(--shop-color-primary-dark); text-decoration: underline; cursor: pointer; min-height: 44px; }
.level-test__score { font-size: 1.25rem; }
.level-test__offers { padding-left: 20px; }
.level-test__offers li { margin: 8px 0; }
.level-test__offers a { display: inline-block; padding: 4px 0; }
.level-test__section { margin-top: 32px; }
.level-test__footer { max-width: 1140px; margin: 32px auto 0; padding: 16px 24px 0; border-top: 1px solid var(--shop-color-border); }
.level-test__footer ul { display: flex; gap: 8px 24px; flex-wrap: wrap; list-style: none; margin: 0; padding: 0; }
.level-test__footer a { display: inline-block; padding: 8px 0; }
`;
