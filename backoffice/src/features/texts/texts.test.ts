import { describe, expect, it } from 'vitest';
import { textUpdate } from './index.tsx';

describe("a text's update", () => {
  const previous = { values: { de: 'Gruppenkurse', en: 'Group courses', es: 'Cursos en grupo' } };

  it('sends the languages that changed, and an emptied one as null (the shipped text again)', () => {
    expect(textUpdate({ values: { de: 'Kurse in Gruppen', en: 'Group courses', es: '' } }, previous)).toEqual({
      values: { de: 'Kurse in Gruppen', es: null },
    });
    expect(textUpdate({ values: { de: 'Gruppenkurse', en: null, es: 'Cursos en grupo' } }, previous)).toEqual({
      values: { en: null },
    });
  });

  it('sends nothing for a language that only went from missing to empty', () => {
    expect(textUpdate({ values: { ...previous.values, es: '' } }, { values: { ...previous.values, es: '' } })).toEqual({
      values: {},
    });
  });
});
