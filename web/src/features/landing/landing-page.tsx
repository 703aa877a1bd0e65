import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../../components/button';
import { CheckMark } from '../../components/check-mark';
import { FaqList } from '../../components/faq-list';
import { useAuth } from '../../lib/auth';
import { CONTACT_EMAIL } from '../../lib/contact';
import { HERO_POINTS, LANDING_FAQ, STEPS, TESTIMONIALS } from './landing-content';
import styles from './landing-page.module.css';

function Stars() {
  return (
    <p className={styles.stars} role="img" aria-label="Rated 5 out of 5">
      <span aria-hidden="true">★★★★★</span>
    </p>
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
      Begin Your Journey
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
            Frequently asked questions
          </h2>
          <FaqList items={LANDING_FAQ} />
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
        <p className="eyebrow">Self-care planner for women</p>
        <h1 id="hero-title" className={styles.title}>
          A calmer you, <em>two minutes</em> at a time
        </h1>
        <p className={styles.lead}>
          Answer five gentle questions and Bloom creates your personal self-care plan: short rituals for your
          mornings, middays and evenings that fit the time and energy you really have.
        </p>
        <div className={styles.actions}>
          {startButton}
          {onSignIn ? (
            <Button size="large" variant="secondary" onClick={onSignIn}>
              Sign In
            </Button>
          ) : null}
        </div>
        <ul className={styles.points}>
          {HERO_POINTS.map((point) => (
            <li key={point}>
              <CheckMark />
              {point}
            </li>
          ))}
        </ul>
        <dl className={styles.stats}>
          <div>
            <dt>Women planning with Bloom</dt>
            <dd>10,000+ users</dd>
          </div>
          <div>
            <dt>Rituals to choose from</dt>
            <dd>100+ activities</dd>
          </div>
          <div>
            <dt>On every Pro plan</dt>
            <dd>30-day money-back guarantee</dd>
          </div>
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
          How it Works
        </h2>
        <p className="section__lead">Three steps from a busy mind to a plan that feels like yours.</p>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className="card">
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
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
          Stories from our community
        </h2>
        <ul className={styles.testimonials}>
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name} className={clsx('card', styles.testimonial)}>
              <Stars />
              <blockquote>
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <p className={styles.author}>
                <strong>{testimonial.name}</strong>
                <span>{testimonial.role}</span>
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
          Ready to begin?
        </h2>
        <p className="section__lead">
          Your plan is two minutes away. Questions or ideas? Write to us at{' '}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>, we read every message.
        </p>
        <div className={styles.actions}>
          {startButton}
          <ButtonLink to="/pricing" variant="secondary" size="large">
            See Pro plans
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
