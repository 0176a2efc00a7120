import { CourseType } from '@shop/shared/contract';
import type { ConfirmationOrder } from './confirmation-mail.ts';

/** Sample data for the /emailorder preview (docs/product-rules.md#screens): every kind of position, a discount, a pending payment. */
export const sampleOrder: ConfirmationOrder = {
  id: 1,
  incrementId: '100042',
  email: 'ana.garcia@example.org',
  createdAt: '2026-03-02T10:15:00.000Z',
  status: 'payment_pending',
  isRefunded: false,
  totalPrice: 399,
  comment: 'Bitte die Rechnung an die Firma.',
  courseBookings: [
    {
      id: 1,
      quantity: 2,
      totalPrice: 289,
      discount: 25,
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
  ],
  productOrders: [
    {
      id: 1,
      quantity: 1,
      unitPrice: 60,
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
    { id: 1, transactionType: 'add', type: CourseType.conversationHours, amount: 5, quantity: 1, totalPrice: 115 },
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
