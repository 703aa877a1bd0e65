import { formatDate } from '@bloom/shared/i18n/format';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { EnglishOnlyNote } from '../../components/english-only-note';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ARTICLES } from './articles';
import styles from './best-self-care-apps-page.module.css';

const article = ARTICLES[0];

export default function BestSelfCareAppsPage({ onStartQuiz }: { onStartQuiz(): void }) {
  useDocumentTitle(`${article.title} · Bloom`);
  return (
    // Written in English only (docs/rules.md#languages): marked as English, with a line in her language saying so.
    <article className="prose" lang="en">
      <EnglishOnlyNote kind="article" />
      <p>
        <Link to="/blog">← All articles</Link>
      </p>
      <h1>{article.title}</h1>
      <p className="prose__meta">
        {formatDate(article.published, 'en', 'long')} · {article.readingMinutes} min read
      </p>

      <p>
        Most of us do not need convincing that self-care matters. What we need is a way to make it happen on
        an ordinary Tuesday, between work, family and everything else. That is the promise of self-care apps,
        and it is why there are so many of them. The trouble is that the best app is not the one with the most
        features; it is the one you still open three weeks from now.
      </p>
      <p>
        Here is a guide to the main kinds of self-care apps, what each does well, and how to choose the one
        that fits your life. (We make Bloom, so we will tell you where it fits too, and where another kind of
        app might serve you better.)
      </p>

      <AppKinds />

      <HowToChoose />

      <h2>A simple way to start this week</h2>
      <p>
        Whatever you choose, start smaller than feels necessary. Pick one ritual for the time of day when you
        have the most room, do it for a week, and only then add a second. Apps help most when they make the
        next small step obvious. The best self-care app is the one that makes looking after yourself feel a
        little easier, not like another thing on your list.
      </p>

      <aside className={clsx('card', styles.cta)}>
        <h2>Try Bloom's two-minute quiz</h2>
        <p>Five questions, a personal week of rituals, and no credit card. It is free, forever.</p>
        <Button size="large" onClick={onStartQuiz}>
          Begin Your Journey
        </Button>
      </aside>
    </article>
  );
}

/** The four kinds of self-care apps, what each does well and what to watch out for. */
function AppKinds() {
  return (
    <>
      <h2>1. Meditation and breathing apps</h2>
      <p>
        Apps such as Headspace, Calm and Insight Timer offer guided meditations, breathing exercises and sleep
        stories. They are excellent if you already know that stillness is what you are missing, and they are a
        gentle way to learn techniques like box breathing or a body scan.
      </p>
      <p>
        <strong>Good for:</strong> stress, sleep, learning to meditate. <strong>Watch out for:</strong> a
        library so large that choosing a session becomes one more decision at the end of a long day.
      </p>

      <h2>2. Journaling apps</h2>
      <p>
        Journaling apps such as Day One give you a private place to write, often with prompts, photos and
        reminders. Writing things down is one of the best-studied ways to process a hard day, and gratitude
        journaling in particular takes only a few minutes.
      </p>
      <p>
        <strong>Good for:</strong> reflection, untangling worries, noticing patterns.{' '}
        <strong>Watch out for:</strong> the blank page. If you freeze in front of it, choose an app with short
        prompts.
      </p>

      <h2>3. Habit trackers</h2>
      <p>
        Habit trackers turn intentions into checkboxes and streaks. Some, like Finch, wrap the tracking in a
        caring little story. They work well once you know which habits you want, and the visible progress is
        genuinely motivating.
      </p>
      <p>
        <strong>Good for:</strong> consistency. <strong>Watch out for:</strong> all-or-nothing thinking. A
        broken streak should be a nudge, not a verdict.
      </p>

      <h2>4. Self-care planners</h2>
      <p>
        Planners answer the question the other apps leave open:{' '}
        <em>what should I actually do today, and when?</em> This is where Bloom lives. You answer five
        questions (how much time you have, your energy, what you would like to nurture, the vibe you are after
        and whether you are a morning or an evening person) and Bloom lays out a week of short rituals across
        your mornings, middays and evenings, drawn from more than 100 activities: a two-minute breathing
        break, a walk in the sun, a message to a friend, a warm drink without your phone.
      </p>
      <p>
        You tick rituals off as you go, a day completes itself when everything is done, and your streak grows.
        When your week changes, you move things around. The free plan includes 10 edits a week; Pro adds
        unlimited edits, your own custom activities and Bloom, an AI coach to talk things through with.
      </p>
      <p>
        <strong>Good for:</strong> people who like the idea of self-care but never know where to start.{' '}
        <strong>Watch out for:</strong> over-planning. A good planner keeps each ritual small enough to do on
        a bad day.
      </p>
    </>
  );
}

function HowToChoose() {
  return (
    <>
      <h2>How to choose: five honest questions</h2>
      <ol>
        <li>
          <strong>How much time do I really have?</strong> Be realistic rather than aspirational. An app built
          around 20-minute sessions will not survive a week in which you have five.
        </li>
        <li>
          <strong>What is missing right now?</strong> Calm, movement, connection, creativity or meaning each
          point to a different kind of app.
        </li>
        <li>
          <strong>Do I want guidance or a blank slate?</strong> Some of us love building our own routines;
          others would rather be handed a plan and adjust it.
        </li>
        <li>
          <strong>How does it feel when I miss a day?</strong> Choose an app that welcomes you back kindly.
          Guilt is not a good motivator.
        </li>
        <li>
          <strong>What happens to my data?</strong> Self-care data is personal. Read the privacy policy, check
          whether the app sells data or uses it for advertising, and prefer apps that collect only what they
          need.
        </li>
      </ol>
    </>
  );
}
