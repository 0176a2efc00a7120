import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { courseMeetings } from '@shop/shared/format';
import { withSchool } from '../../mail/html.ts';
import { demoSchoolIdentity } from '../school/identity.ts';
import { renderOrderConfirmation } from './confirmation-mail.ts';
import { sampleOrder } from './sample-order.ts';

describe('renderOrderConfirmation', () => {
  it('names order number, dates with time zone, participants, total with VAT note, payment status, withdrawal, package validity, contact', () => {
    // As queued: the school's contact filled in from its identity.
    const mail = withSchool(
      renderOrderConfirmation(sampleOrder, 'de', { name: 'Ana', guest: false }),
      demoSchoolIdentity,
    );
    expect(mail.subject).toBe('Ihre Bestellung 100042');
    for (const part of [
      'Bestellnummer: 100042',
      // The course reads as a course: its sessions, weekday, daily times, first and last day.
      '12 Termine, montags 18:30–20:00 Uhr, 06.04.2026 – 22.06.2026',
      // Zone and country in words, not codes.
      'Alle Uhrzeiten: Mitteleuropäische Zeit (MEZ).',
      'Deutschland',
      'Jonas Weber <jonas.weber@example.org>',
      'umsatzsteuerfrei nach § 4 Nr. 21 UStG',
      'Zahlung ausstehend',
      '14 Tagen',
      'bis 02.03.2027',
      'kontakt@sprachschule.example',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).toMatch(/Gesamtsumme: 677,70\s€/);
    // Courses are exempt: the mail no longer claims VAT is included.
    expect(mail.text).not.toContain('Alle Preise inkl. gesetzlicher MwSt.');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]!.content).toContain('DTSTART;TZID=Europe/Berlin:20260406T183000');
  });

  it('attaches every lesson of each booked course, as many as the mail names, with the title and the online note', () => {
    const mail = renderOrderConfirmation(sampleOrder, 'de', { name: 'Ana', guest: false });
    const root = new ICAL.Component(ICAL.parse(String(mail.attachments![0]!.content)));
    for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const events = root.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(sampleOrder.courseBookings.filter((b) => b.course.startTime !== null).length);
    for (const [index, event] of events.entries()) {
      const course = sampleOrder.courseBookings[index]!.course;
      const starts: string[] = [];
      const iterator = event.iterator();
      for (let next = iterator.next(); next && starts.length < 100; next = iterator.next())
        starts.push(next.toString());
      expect(starts).toEqual(courseMeetings(course).days.map((day) => `${day}T${course.startTime}:00`));
      expect(event.startDate.zone?.tzid).toBe('Europe/Berlin');
      expect(event.summary).toBe(course.titles.find((title) => title.language === 'de')!.description);
      expect(event.location).toBe('Online');
      expect(event.description).toContain('Bestellung 100042');
      expect(event.uid).toBe(`order-100042-booking-${sampleOrder.courseBookings[index]!.id}@sprachschule.example`);
    }
    expect(mail.text).toContain('12 Termine');
  });

  it('speaks English and Spanish', () => {
    expect(renderOrderConfirmation(sampleOrder, 'en', { name: 'Ana', guest: false }).text).toContain(
      'Spanish A1 – evening course',
    );
    expect(renderOrderConfirmation(sampleOrder, 'es', { name: 'Ana', guest: false }).subject).toBe('Tu pedido 100042');
  });

  it('escapes every value in the HTML', () => {
    const mail = renderOrderConfirmation({ ...sampleOrder, comment: '<script>alert(1)</script>' }, 'de', {
      name: '<b>',
      guest: false,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Hallo &lt;b&gt;');
  });

  it('has no calendar file without course dates and says no payment was needed', () => {
    const mail = renderOrderConfirmation({ ...sampleOrder, courseBookings: [], payments: [] }, 'de', {
      name: 'Ana',
      guest: false,
    });
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain('keine Zahlung nötig');
  });

  it('addresses the reader with tú throughout the Spanish mail, and names the zone in words', () => {
    const mail = renderOrderConfirmation({ ...sampleOrder, earlyStartRequested: true }, 'es', {
      name: 'Ana',
      guest: true,
    });
    // Whole words only (\b takes "á" for a word's end in "encontrarás").
    expect(mail.text).not.toMatch(/(?<!\p{L})(usted|su|sus|puede|encontrará|le)(?!\p{L})/iu);
    expect(mail.text).not.toMatch(/posici[oó]n/i);
    expect(mail.text).toContain('Todas las horas: hora de Europa central (CET).');
    expect(mail.text).not.toContain('Europe/Berlin');
  });

  it('tells a guest to redeem packages by e-mail, and a customer that the account holds them', () => {
    for (const language of ['de', 'en', 'es'] as const) {
      const guest = renderOrderConfirmation(sampleOrder, language, { name: 'Ana', guest: true });
      const customer = renderOrderConfirmation(sampleOrder, language, { name: 'Ana', guest: false });
      const byEmail = {
        de: 'per E-Mail an das zuständige Institut',
        en: 'by e-mail to the responsible institute',
        es: 'por correo electrónico al instituto',
      }[language];
      const account = {
        de: 'Ihrem Kundenkonto gutgeschrieben',
        en: 'credited to your customer account',
        es: 'se abona en tu cuenta de cliente',
      }[language];
      for (const part of ['text', 'html'] as const) {
        expect(guest[part]).toContain(byEmail);
        expect(guest[part]).not.toContain(account);
        expect(customer[part]).toContain(account);
        expect(customer[part]).not.toContain(byEmail);
      }
    }
  });

  it('says the course dates in English and Spanish as a course too', () => {
    expect(renderOrderConfirmation(sampleOrder, 'en', { name: 'Ana', guest: false }).text).toContain(
      '12 sessions, Mondays 18:30–20:00, 06.04.2026 – 22.06.2026',
    );
    expect(renderOrderConfirmation(sampleOrder, 'es', { name: 'Ana', guest: false }).text).toContain(
      '12 sesiones, los lunes, 18:30–20:00 h, 06.04.2026 – 22.06.2026',
    );
  });
});
