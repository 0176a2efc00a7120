export const catalogCss = `
.catalog-page { max-width: 1140px; margin: 0 auto; padding: 24px; }
.catalog-list { display: grid; grid-template-columns: 1fr; gap: 15px; list-style: none; padding: 0; }
@media (min-width: 768px) { .catalog-list { grid-template-columns: repeat(2, 1fr); } }
@media (min-width: 1140px) { .catalog-list { grid-template-columns: repeat(3, 1fr); } }
.catalog-card { height: 100%; display: flex; flex-direction: column; gap: 8px; padding: 16px; border: 1px solid var(--shop-color-border); border-radius: var(--shop-radius); }
.catalog-card__pretitle { margin: 0; color: var(--shop-color-muted); font-size: .9em; text-transform: uppercase; letter-spacing: .03em; }
.catalog-card__title { margin: 0; font-size: 1.2rem; }
.catalog-card__level { margin: 0; }
.catalog-card__tag { display: inline-block; padding: 2px 8px; border-radius: 4px; background: var(--shop-color-primary-dark); color: #fff; font-weight: 700; }
.catalog-card__facts { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0; }
.catalog-card__facts dt { color: var(--shop-color-muted); }
.catalog-card__facts dd { margin: 0; }
.catalog-card button { margin-top: auto; }
`;
