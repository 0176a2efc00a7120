import { CourseType } from '@shop/shared/contract';
import type { ConfirmationOrder } from './confirmation-mail.ts';

/**
 * Sample data for the /emailorder preview (docs/product-rules.md#screens): every kind of position, a code on all of
 * them (10 % of 753 €), an hour paid with the package's credit, a pending payment. The positions add up to the total.
 */
export const sampleOrder: ConfirmationOrder = {
  id: 1,
  incrementId: '100042',
  email: 'ana.garcia@example.org',
  createdAt: '2026-03-02T10:15:00.000Z',
  status: 'payment_pending',
  isRefunded: false,
  totalPrice: 677.7,
  discounts: [{ code: 'WILLKOMMEN10', amount: 75.3 }],
  comment: 'Bitte die Rechnung an die Firma.',
  courseBookings: [
    {
      id: 1,
      quantity: 2,
      unitPrice: 289,
      appliedCredits: 0,
      totalPrice: 520.2,
      discount: 57.8,
      discountCodes: ['WILLKOMMEN10'],
      course: {
        id: 1,
        type: CourseType.fullCourse,
        identifier: 'A1-ABEND-03',
        titles: [
          { language: 'de', description: 'Spanisch A1 – Abendkurs' },
          { language: 'en', description: 'Spanish A1 – evening course' },
          { language: 'es', description: 'Español A1 – curso de tarde' },
        ],
        startDate: '2026-04-06',
        startTime: '18:30',
        endDate: '2026-06-22',
        endTime: '20:00',
      },
      participants: [
        { id: 1, firstname: 'Ana', lastname: 'García', email: 'ana.garcia@example.org', phone: null, birthYear: null },
        {
          id: 2,
          firstname: 'Jonas',
          lastname: 'Weber',
          email: 'jonas.weber@example.org',
          phone: null,
          birthYear: '1990',
        },
      ],
    },
    {
      id: 2,
      quantity: 1,
      unitPrice: 23,
      appliedCredits: 1,
      totalPrice: 0,
      discount: 0,
      discountCodes: [],
      course: {
        id: 2,
        type: CourseType.conversationHours,
        identifier: 'KONV-B1-14',
        titles: [
          { language: 'de', description: 'Konversationsstunde B1' },
          { language: 'en', description: 'Conversation hour B1' },
          { language: 'es', description: 'Hora de conversación B1' },
        ],
        startDate: '2026-04-08',
        startTime: '12:30',
        endDate: '2026-04-08',
        endTime: '13:30',
      },
      participants: [
        { id: 3, firstname: 'Ana', lastname: 'García', email: 'ana.garcia@example.org', phone: null, birthYear: null },
      ],
    },
  ],
  productOrders: [
    {
      id: 1,
      quantity: 1,
      unitPrice: 60,
      discount: 6,
      discountCodes: ['WILLKOMMEN10'],
      totalPrice: 54,
      product: {
        id: 1,
        titles: [
          { language: 'de', description: 'DELE-Vorbereitung (Einzelstunde)' },
          { language: 'en', description: 'DELE preparation (private lesson)' },
          { language: 'es', description: 'Preparación DELE (clase individual)' },
        ],
      },
    },
  ],
  customerBalanceTransactions: [
    {
      id: 1,
      transactionType: 'add',
      type: CourseType.conversationHours,
      amount: 5,
      quantity: 1,
      unitPrice: 115,
      discount: 11.5,
      discountCodes: ['WILLKOMMEN10'],
      totalPrice: 103.5,
    },
  ],
  payments: [
    {
      id: 1,
      transactionId: 'sbx_sample',
      status: 'pending',
      paymentLink: 'https://shop.example/api/payments/sandbox/sbx_sample',
    },
  ],
  customerBillingAddress: {
    firstname: 'Ana',
    lastname: 'García',
    addressLine1: 'Hauptstraße 1',
    addressLine2: '',
    city: 'Berlin',
    zip: '10115',
    country: 'DE',
    phone: null,
    birthYear: null,
  },
  holdExpiresAt: '2026-03-02T09:30:00.000Z',
  cancelReason: null,
};

/** Whom the preview addresses: a customer with an account (a guest's mail differs only in how packages are redeemed). */
export const sampleRecipient = { name: 'Ana', guest: false };
