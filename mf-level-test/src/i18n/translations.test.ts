import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import es from './es.json';

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key))
    : [prefix];
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const at = (bundle: unknown, key: string) => key.split('.').reduce<any>((node, part) => node?.[part], bundle) as string;

describe('level-test texts', () => {
  it('exist in en and es for every German key, with the same placeholders', () => {
    for (const bundle of [en, es]) {
      expect(keys(bundle).sort()).toEqual(keys(de).sort());
      for (const key of keys(de)) expect(placeholders(at(bundle, key)), key).toEqual(placeholders(at(de, key)));
    }
  });

  it('carry the German messages of docs/product-rules.md#errors verbatim', () => {
    expect(de.levelTest.complete.email.failed).toBe(
      'E-Mail konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
    );
    expect(de.levelTest.complete.email.empty).toBe('Bitte geben Sie eine E-Mail-Adresse an.');
    expect(de.levelTest.complete.email.noResult).toBe('Es liegt kein Testergebnis vor.');
    expect(de.levelTest.complete.expired).toBe(
      'Ihr Testergebnis ist abgelaufen. Bitte starten Sie den Einstufungstest erneut.',
    );
    expect(de.levelTest.start.notice.empty).toBe('Keine Fragen vorhanden.');
  });
});
