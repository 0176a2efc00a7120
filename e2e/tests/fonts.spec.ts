import { chromium, expect, test } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium.ts';

/**
 * Until Figtree has loaded, the shop draws its text in a system face scaled to Figtree's metrics (the
 * "Figtree Fallback" faces of shared/src/ui/tokens.ts), so the swap moves no line. Each face is measured here
 * against Figtree itself, in a browser that has both Liberation Sans (Arial's metrics) and DejaVu Sans
 * (docs/decisions/0060-fonts-the-journeys-see.md).
 */
const samples = [
  'Spanisch lernen – live, persönlich und in kleinen Gruppen. Finden Sie in wenigen Minuten Ihr Niveau und den Kurs.',
  'Learn Spanish live, in small groups. Find your level and the course that suits you: group courses, conversation.',
  'Aprende español en vivo y en grupos pequeños. ¿Cuál es tu nivel? Cursos de grupo, horas de conversación.',
  'GRUPPENKURSE 12.01.2027 18:30 Uhr 449 € A1 B2 C1 Zahlungspflichtig bestellen Warenkorb Einstufungstest',
];

test('each fallback face has Figtree’s width within 1.5 % and its line height, in regular and bold', async ({
  baseURL,
}) => {
  const browser = await chromium.launch(chromiumLaunchOptions('arial'));
  try {
    const page = await browser.newPage({ baseURL });
    await page.goto('/');
    // The shell adds the faces when it starts.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const measured = await page.evaluate(async (texts) => {
      /** Total width and the height of one line, drawn in `family` (monospace where the face is missing). */
      const measure = async (family: string, weight: number) => {
        let width = 0;
        let height = 0;
        for (const text of texts) {
          await document.fonts.load(`${weight} 16px "${family}"`, text);
          const span = document.createElement('span');
          span.style.cssText = `font-family: "${family}", monospace; font-weight: ${weight}; font-size: 16px; white-space: nowrap; position: absolute`;
          span.textContent = text;
          document.body.append(span);
          width += span.getBoundingClientRect().width;
          height = span.getBoundingClientRect().height;
          span.remove();
        }
        return { width, height };
      };
      const rows = [];
      // A missing face draws in monospace: this row shows the measure tells them apart.
      rows.push({
        face: 'monospace',
        weight: 400,
        figtree: await measure('Figtree', 400),
        fallback: await measure('no such face', 400),
      });
      for (const weight of [400, 600, 700])
        for (const face of ['Figtree Fallback', 'Figtree Fallback DejaVu'])
          rows.push({ face, weight, figtree: await measure('Figtree', weight), fallback: await measure(face, weight) });
      return rows;
    }, samples);
    const [missing, ...faces] = measured;
    expect(missing!.fallback.width / missing!.figtree.width, 'a missing face against Figtree').toBeGreaterThan(1.1);
    for (const { face, weight, figtree, fallback } of faces) {
      const what = `${face} at ${weight} against Figtree (${fallback.width.toFixed(1)} / ${figtree.width.toFixed(1)} px)`;
      expect(fallback.width / figtree.width, what).toBeGreaterThan(0.985);
      expect(fallback.width / figtree.width, what).toBeLessThan(1.015);
      expect(Math.abs(fallback.height - figtree.height), `${face} at ${weight}: line height`).toBeLessThanOrEqual(1);
    }
  } finally {
    await browser.close();
  }
});
