import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { CartDatabase } from './cart-schema.ts';
import type { CustomerDatabase } from './customer-schema.ts';
import type { OrderDatabase } from './order-schema.ts';
import type { RateLimitDatabase } from './rate-limit-schema.ts';
import type { OutboxDatabase } from './outbox-schema.ts';
import type { WaitlistDatabase } from './waitlist-schema.ts';
import type { PrivacyDatabase } from './privacy-schema.ts';
import type { CatalogueStatus, OrderCaseTable } from './catalogue-schema.ts';
import type { StaffDatabase } from './staff-schema.ts';
import type { CasesDatabase } from './cases-schema.ts';
import type { InvoiceDatabase } from './invoice-schema.ts';

/**
 * Kysely's view of the tables (see migrations/). Conventions shared by both dialects:
 * money is integer cents (`*_cents`), dates are TEXT `yyyy-MM-dd`, times TEXT `HH:mm`,
 * so values compare correctly as strings and neither driver converts them to Date objects.
 */
export interface Database
  extends
    CustomerDatabase,
    CartDatabase,
    OrderDatabase,
    RateLimitDatabase,
    OutboxDatabase,
    WaitlistDatabase,
    PrivacyDatabase,
    StaffDatabase,
    CasesDatabase,
    InvoiceDatabase {
  tag_category: TagCategoryTable;
  tag: TagTable;
  flexible_learning_course: FlexibleLearningCourseTable;
  flexible_learning_course_text: TextTable & { flexible_learning_course_id: number };
  course: CourseTable;
  course_text: TextTable & { course_id: number };
  course_tag: { course_id: number; tag_id: number };
  product: ProductTable;
  product_text: TextTable & { product_id: number };
  product_tag: { product_id: number; tag_id: number };
  package_price: PackagePriceTable;
  translation: TranslationTable;
  exam_question: ExamQuestionTable;
  exam_answer: ExamAnswerTable;
  exam_result: ExamResultTable;
  exam_scored_result: ExamScoredResultTable;
  withdrawal_confirmation: WithdrawalConfirmationTable;
  order_case: OrderCaseTable;
}

/**
 * The confirmation link of a withdrawal declaration not made by the order's logged-in owner
 * (0064_withdrawal_confirmation); the token is stored hashed, `confirmed_at` set once when the link is used.
 */
export interface WithdrawalConfirmationTable {
  id: Generated<number>;
  withdrawal_id: number;
  token_hash: string;
  created_at: string;
  /** ISO-8601 UTC. */
  expires_at: string;
  confirmed_at: string | null;
}

/** Ids are fixed (spec: level is 3, weekday is 6), so no generated id here. */
export interface TagCategoryTable {
  id: number;
  slug: string;
  position: number;
}

export interface TagTable {
  id: Generated<number>;
  category_id: number;
  slug: string;
  /** Display order inside the category (months in calendar order, weekdays from Monday). */
  position: number;
}

/** One row per language (de, en, es) of a course, flexible-learning course or product. */
export interface TextTable {
  language: string;
  title: string;
  pretitle: string;
  short: string;
}

export interface FlexibleLearningCourseTable {
  id: Generated<number>;
  module_identifier: string;
  /** Added by 0090_catalogue_admin: a draft module and its appointments are neither listed nor sold. */
  status: Generated<Exclude<CatalogueStatus, 'cancelled'>>;
}

export interface CourseTable {
  id: Generated<number>;
  /** 1 full course, 2 flexible-learning appointment, 3 conversation hours. */
  type: number;
  identifier: string;
  start_date: string;
  /** null start/end time: held by appointment. */
  start_time: string | null;
  end_date: string;
  end_time: string | null;
  registration_deadline: string;
  max_participants: number;
  free_places: number;
  price_cents: number;
  discounted_price_cents: number | null;
  flexible_learning_course_id: number | null;
  /** Added by 0090_catalogue_admin: only a published course is listed and sold. */
  status: Generated<CatalogueStatus>;
  /** The weekdays it meets on, "1,3" (0 = Monday); null: its start date's. Its weekday tags follow from it. */
  meeting_days: Generated<string | null>;
  /** Raised each time the course moves while booked: the SEQUENCE of its calendar event. */
  schedule_sequence: Generated<number>;
}

export interface ProductTable {
  id: Generated<number>;
  institution_id: number;
  price_cents: number;
  discounted_price_cents: number | null;
  /** Added by 0090_catalogue_admin: the import's key (unique), and whether it is sold. */
  identifier: Generated<string | null>;
  status: Generated<Exclude<CatalogueStatus, 'cancelled'>>;
}

export type PackageType = 'conversation_hours' | 'flexible_learning';

export interface PackagePriceTable {
  id: Generated<number>;
  type: PackageType;
  /** Number of hours/modules; the amount-1 row is the unit price. */
  amount: number;
  price_cents: number;
  /** Added by 0090_catalogue_admin: a draft package is not sold (nor, for amount 1, the hour's price). */
  status: Generated<Exclude<CatalogueStatus, 'cancelled'>>;
}

export interface TranslationTable {
  slug: string;
  language: string;
  value: string;
  /** The source text the seeder last wrote; `value` differing from it means an operator changed the row. */
  seeded_value: ColumnType<string | null, string | null | undefined, string | null>;
}

export type CourseRow = Selectable<CourseTable>;
export type NewCourse = Insertable<CourseTable>;

/** A placement-test question (Spanish text); `position` orders the questions of a level. */
export interface ExamQuestionTable {
  id: Generated<number>;
  level: string;
  position: number;
  skill: string;
  passage: string | null;
  question: string;
}

export interface ExamAnswerTable {
  id: Generated<number>;
  question_id: number;
  position: number;
  answer: string;
  /** 1 for the one correct answer of its question; never leaves the server. */
  is_correct: number;
}

/** A saved placement result of a customer (their level history). */
export interface ExamResultTable {
  id: Generated<number>;
  customer_id: number;
  level: string;
  reached_points: number;
  max_points: number;
  target_detail: string;
  /** ISO-8601 UTC. */
  created_at: string;
}

/** A result as POST /exam/submit scored it, valid for 24 hours; the token that names it is kept hashed only. */
export interface ExamScoredResultTable {
  token_hash: string;
  level: string;
  reached_points: number;
  max_points: number;
  target_detail: string;
  /** ISO-8601 UTC. */
  created_at: string;
  expires_at: string;
  /** The history entry a save made of it; null until saved. */
  exam_result_id: number | null;
}
