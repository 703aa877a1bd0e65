import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, ButtonLink } from '../../components/button';
import { CheckMark } from '../../components/check-mark';
import { FaqList } from '../../components/faq-list';
import { usePlanPrices } from '../../components/prices';
import { useAuth } from '../../lib/auth';
import { CONTACT_EMAIL } from '../../lib/contact';
import { HERO_POINTS, LANDING_FAQ, STEPS, TESTIMONIALS } from './landing-content';
import styles from './landing-page.module.css';

function Stars() {
  const intl = useIntl();
  return (
    <p className={styles.stars} role="img" aria-label={intl.formatMessage({ id: 'landing.stars' })}>
      <span aria-hidden="true">★★★★★</span>
    </p>
  );
}

const STATS = ['users', 'rituals', 'guarantee'] as const;

/** The FAQ, its prices in her language from the one place they are set. */
function Faq() {
  const intl = useIntl();
  const prices = usePlanPrices();
  const values = { monthly: prices.price('monthly'), yearly: prices.price('yearly') };
  return (
    <FaqList
      items={LANDING_FAQ.map((key) => ({
        question: intl.formatMessage({ id: `landing.faq.${key}.question` }),
        answer: intl.formatMessage({ id: `landing.faq.${key}.answer` }, values),
      }))}
    />
  );
}

/** The marketing page on `/` for visitors: hero, how it works, testimonials, FAQ and contact. */
interface LandingPageProps {
  onStartQuiz(): void;
  /** Starts loading the quiz while she reaches for the button, so it opens at once. */
  onPreloadQuiz(): void;
  onSignIn(): void;
}

export function LandingPage({ onStartQuiz, onPreloadQuiz, onSignIn }: LandingPageProps) {
  // A signed-in person reaches the landing page only through Start Over: she is already in.
  const signedIn = useAuth().status === 'signedIn';
  const startButton = (
    <Button size="large" onClick={onStartQuiz} onMouseEnter={onPreloadQuiz} onFocus={onPreloadQuiz}>
      <FormattedMessage id="landing.begin" />
    </Button>
  );
  return (
    <>
      <Hero startButton={startButton} onSignIn={signedIn ? undefined : onSignIn} />
      <HowItWorks />
      <Stories />
      <section id="faq" className="section" aria-labelledby="faq-title">
        <div className="section__inner section__inner--narrow">
          <h2 id="faq-title" className="section__title">
            <FormattedMessage id="landing.faq.title" />
          </h2>
          <Faq />
        </div>
      </section>
      <Contact startButton={startButton} />
    </>
  );
}

/** The first screen: the promise, Begin Your Journey and Sign In (for a visitor), what she gets, the figures. */
function Hero({ startButton, onSignIn }: { startButton: ReactNode; onSignIn: (() => void) | undefined }) {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={clsx('section__inner', styles.heroInner)}>
        <p className="eyebrow">
          <FormattedMessage id="landing.hero.eyebrow" />
        </p>
        <h1 id="hero-title" className={styles.title}>
          <FormattedMessage id="landing.hero.title" values={{ em: (chunks) => <em>{chunks}</em> }} />
        </h1>
        <p className={styles.lead}>
          <FormattedMessage id="landing.hero.lead" />
        </p>
        <div className={styles.actions}>
          {startButton}
          {onSignIn ? (
            <Button size="large" variant="secondary" onClick={onSignIn}>
              <FormattedMessage id="landing.signIn" />
            </Button>
          ) : null}
        </div>
        <ul className={styles.points}>
          {HERO_POINTS.map((point) => (
            <li key={point}>
              <CheckMark />
              <FormattedMessage id={`landing.point.${point}`} />
            </li>
          ))}
        </ul>
        <dl className={styles.stats}>
          {STATS.map((stat) => (
            <div key={stat}>
              <dt>
                <FormattedMessage id={`landing.stats.${stat}.term`} />
              </dt>
              <dd>
                <FormattedMessage id={`landing.stats.${stat}.value`} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <section id="how-it-works" className="section" aria-labelledby="how-title">
      <div className="section__inner">
        <h2 id="how-title" className="section__title">
          <FormattedMessage id="landing.how.title" />
        </h2>
        <p className="section__lead">
          <FormattedMessage id="landing.how.lead" />
        </p>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step} className="card">
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>
                <FormattedMessage id={`landing.step.${step}.title`} />
              </h3>
              <p>
                <FormattedMessage id={`landing.step.${step}.text`} />
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Stories() {
  return (
    <section className="section section--tinted" aria-labelledby="stories-title">
      <div className="section__inner">
        <h2 id="stories-title" className="section__title">
          <FormattedMessage id="landing.stories.title" />
        </h2>
        <ul className={styles.testimonials}>
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial} className={clsx('card', styles.testimonial)}>
              <Stars />
              <blockquote>
                <p>
                  <FormattedMessage id={`landing.testimonial.${testimonial}.quote`} />
                </p>
              </blockquote>
              <p className={styles.author}>
                <strong>
                  <FormattedMessage id={`landing.testimonial.${testimonial}.name`} />
                </strong>
                <span>
                  <FormattedMessage id={`landing.testimonial.${testimonial}.role`} />
                </span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Contact({ startButton }: { startButton: ReactNode }) {
  return (
    <section id="contact" className="section section--tinted" aria-labelledby="contact-title">
      <div className={clsx('section__inner section__inner--narrow', styles.cta)}>
        <h2 id="contact-title" className="section__title">
          <FormattedMessage id="landing.contact.title" />
        </h2>
        <p className="section__lead">
          <FormattedMessage
            id="landing.contact.lead"
            values={{ email: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> }}
          />
        </p>
        <div className={styles.actions}>
          {startButton}
          <ButtonLink to="/pricing" variant="secondary" size="large">
            <FormattedMessage id="landing.contact.pricing" />
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
