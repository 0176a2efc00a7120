import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Banner } from '@shop/shared';
import { CourseCard } from './CourseCard.tsx';
import { readCourseType } from './courseQuery.ts';
import { catalogCss } from './catalog.css.ts';
import { useCourseSearch } from './useCourseSearch.ts';

/** /courses: group courses (or conversation hours with courseType=3) from the course search. */
export function CoursesPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const type = readCourseType(search);
  const state = useCourseSearch({ type });

  return (
    <section className="catalog-page" aria-busy={state.status === 'loading'}>
      <style href="catalog-page" precedence="default">{catalogCss}</style>
      <h1>{t(type === 3 ? 'catalog.courses.conversationTitle' : 'catalog.courses.title')}</h1>
      {state.status === 'loading' ? <p role="status">{t('catalog.courses.loading')}</p> : null}
      {state.status === 'error' ? <Banner tone="alert">{t('catalog.courses.error')}</Banner> : null}
      {state.status === 'done' && state.courses.length === 0 ? (
        <Banner>
          {t('catalog.courses.empty')} <a href={t('catalog.contactUrl')}>{t('catalog.courses.contact')}</a>
        </Banner>
      ) : null}
      {state.status === 'done' && state.courses.length > 0 ? (
        <ul className="catalog-list" aria-label={t('catalog.courses.listLabel')}>
          {state.courses.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
