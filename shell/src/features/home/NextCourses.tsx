import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  CourseType,
  formatDate,
  formatTime,
  pickText,
  searchCourses,
  useLoad,
  type Course,
  type LoadSpec,
} from '@shop/shared';

/** How many starting courses the home page shows (a row of cards at full width). */
export const nextCoursesShown = 4;

/** The next group courses to start; the boot starts it early on the home page (docs/performance.md#the-first-screens-path). */
export const nextCoursesLoad: LoadSpec<Course[]> = {
  key: 'shell:next-courses',
  load: (signal) =>
    searchCourses({ type: CourseType.fullCourse, limit: nextCoursesShown }, signal).then((result) =>
      result.items.slice(0, nextCoursesShown),
    ),
};

const levelOf = (course: Course) => course.tags.find((tag) => tag.categoryId === 3)?.slug.toUpperCase();

/**
 * The next group courses to start, live from the API (it lists upcoming courses in date order). The list
 * keeps its place while loading (a fixed minimum height), so the sections below do not move when it fills.
 */
export function NextCourses() {
  const { t, i18n } = useTranslation();
  const load = useLoad(nextCoursesLoad.key, nextCoursesLoad.load);

  if (load.status !== 'done' || load.data.length === 0) {
    return (
      <p className="shell-home__next-status" role="status">
        {load.status === 'loading' ? t('shell.home.next.loading') : t('shell.home.next.none')}
      </p>
    );
  }
  return (
    <ol className="shell-home__next-list">
      {load.data.map((course) => {
        const level = levelOf(course);
        return (
          <li key={course.id} className="shell-home__next-item">
            <p className="shell-home__next-date">
              <time dateTime={course.startDate}>{formatDate(course.startDate)}</time>
              {course.startTime ? ` · ${t('shell.home.next.time', { time: formatTime(course.startTime) })}` : null}
            </p>
            <h3>{pickText(course.titles, i18n.resolvedLanguage ?? 'de')}</h3>
            {level ? <p className="shell-home__next-level">{t('shell.home.next.level', { level })}</p> : null}
            <p className="shell-home__next-places">
              {course.freePlaces > 0
                ? t('shell.home.next.places', { count: course.freePlaces })
                : t('shell.home.next.full')}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

export function NextCoursesLink() {
  const { t } = useTranslation();
  return (
    <Link to="/courses" className="shop-button shop-button--secondary">
      {t('shell.home.next.all')}
    </Link>
  );
}
