import { DEFAULT_PLAN, type Plan } from '@bloom/shared/billing/plans';
import { clsx } from 'clsx';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import { CheckMark } from '../../components/check-mark';
import { FaqList } from '../../components/faq-list';
import { FinePrint } from '../../components/fine-print';
import { usePlanPrices } from '../../components/prices';
import { showToast } from '../../components/toast';
import { bloomApi, messageOf, newActionKey } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { getPendingCheckoutPlan, parseBillingPlan, setPendingCheckoutPlan } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PlanToggle } from './plan-toggle';
import { COMPARISON, type ComparisonCell, PRICING_FAQ, PRO_FEATURES } from './plans';
import styles from './pricing-page.module.css';

/**
 * After coming back signed in, checkout starts about a second later (docs/rules.md#screens), once the page
 * has settled.
 */
export const CHECKOUT_AFTER_SIGN_IN_DELAY_MS = 1000;

type Busy = null | 'main' | 'comparison';

interface PricingPageProps {
  /** Opens the sign-in dialog (a visitor's chosen plan waits for it). */
  onSignIn(): void;
  /** Back to the signed-in planner. */
  onOpenPlanner(): void;
  /** Asks the API for a Checkout page of this plan; the app's API by default. */
  createCheckout?: (plan: Plan) => Promise<{ url: string }>;
  /**
   * Signed in: 'checking' while her plan loads; on Pro, her plan (renewal or end, Manage subscription) to show
   * instead of any checkout. Absent on the free plan and for visitors.
   */
  proPlan?: 'checking' | ReactNode;
}

/** The app's API: each press of a checkout button is one action, with its own Idempotency-Key. */
const checkoutWithBloom = (plan: Plan) => bloomApi.createCheckout(newActionKey(), plan);

/** Stripe Checkout's address for this plan, or an error whose message follows "Error creating checkout: ". */
async function checkoutUrl(
  create: NonNullable<PricingPageProps['createCheckout']>,
  plan: Plan,
  intl: IntlShape,
) {
  const { url } = await create(plan);
  if (typeof url !== 'string' || url === '')
    throw new Error(intl.formatMessage({ id: 'client.noCheckoutUrl' }));
  return url;
}

/**
 * /pricing?plan=monthly|yearly: the Pro plans, a Monthly/Yearly toggle (yearly by default; other values are
 * ignored) and checkout. Signed-out visitors are asked to sign in first and their plan is remembered. A Pro
 * subscriber sees her plan instead of being offered Pro again.
 */
export default function PricingPage({
  onSignIn,
  onOpenPlanner,
  createCheckout = checkoutWithBloom,
  proPlan,
}: PricingPageProps) {
  const offersCheckout = proPlan === undefined || proPlan === null;
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'pricing.documentTitle' }));
  const [params, setParams] = useSearchParams();
  const plan = parseBillingPlan(params.get('plan')) ?? DEFAULT_PLAN;
  const { status } = useAuth();
  const navigate = useNavigate();
  const { busy, startCheckout } = useCheckout(onSignIn, createCheckout);
  const choosePlan = (next: Plan) => setParams({ plan: next }, { replace: true });
  const checkout = offersCheckout ? (from: Exclude<Busy, null>) => void startCheckout(plan, from) : undefined;

  return (
    <div>
      {status === 'signedIn' ? (
        <div className={styles.back}>
          <Button
            variant="link"
            onClick={() => {
              onOpenPlanner();
              navigate('/');
            }}
          >
            <FormattedMessage id="pricing.backToPlanner" />
          </Button>
        </div>
      ) : null}
      <section className={clsx('section', styles.hero)} aria-labelledby="pricing-title">
        <div className="section__inner section__inner--narrow">
          <p className="eyebrow">
            <FormattedMessage id="pricing.eyebrow" />
          </p>
          <h1 id="pricing-title" className="section__title">
            <FormattedMessage id="pricing.title" />
          </h1>
          <p className="section__lead">
            <FormattedMessage id="pricing.lead" />
          </p>
          <PlanToggle plan={plan} onChange={choosePlan} />
          <PriceCard plan={plan} busy={busy} checkout={checkout} proPlan={proPlan} />
          <Comparison busy={busy} checkout={checkout} />
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="pricing-faq-title">
        <div className="section__inner section__inner--narrow">
          <h2 id="pricing-faq-title" className="section__title">
            <FormattedMessage id="pricing.faq.title" />
          </h2>
          <FaqList
            items={PRICING_FAQ.map((key) => ({
              question: intl.formatMessage({ id: `pricing.faq.${key}.question` }),
              answer: intl.formatMessage({ id: `pricing.faq.${key}.answer` }),
            }))}
          />
        </div>
      </section>
    </div>
  );
}

/**
 * Checkout, one at a time (docs/rules.md#screens): a visitor is asked to sign in first and her plan is kept;
 * once she is back signed in, its checkout starts about a second later.
 */
function useCheckout(onSignIn: () => void, createCheckout: NonNullable<PricingPageProps['createCheckout']>) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const intl = useIntl();
  const [busy, setBusy] = useState<Busy>(null);
  const busyRef = useRef<Busy>(null);

  const startCheckout = useCallback(
    async (chosen: Plan, from: Exclude<Busy, null>) => {
      if (busyRef.current) return; // one checkout at a time (docs/rules.md#screens)
      if (status !== 'signedIn') {
        setPendingCheckoutPlan(chosen);
        onSignIn();
        return;
      }
      busyRef.current = from;
      setBusy(from);
      try {
        window.location.assign(await checkoutUrl(createCheckout, chosen, intl));
      } catch (error) {
        const message = messageOf(error, (error as Error).message);
        showToast(intl.formatMessage({ id: 'pricing.checkoutError' }, { message }), 'error');
        navigate(`/pricing?plan=${chosen}`, { replace: true });
        busyRef.current = null;
        setBusy(null);
      }
    },
    [status, onSignIn, navigate, createCheckout, intl],
  );

  // The plan chosen before signing in: start its checkout about a second after coming back signed in. The
  // stored plan is cleared only when checkout really starts, so a re-render in between cannot lose it.
  const startCheckoutRef = useRef(startCheckout);
  startCheckoutRef.current = startCheckout;
  useEffect(() => {
    if (status !== 'signedIn') return;
    const pending = getPendingCheckoutPlan();
    if (!pending) return;
    const timer = setTimeout(() => {
      setPendingCheckoutPlan(null);
      void startCheckoutRef.current(pending, 'main');
    }, CHECKOUT_AFTER_SIGN_IN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);

  return { busy, startCheckout };
}

/** The chosen plan's price and features, and its checkout (or, on Pro, her plan). */
function PriceCard({
  plan,
  busy,
  checkout,
  proPlan,
}: {
  plan: Plan;
  busy: Busy;
  checkout: ((from: Exclude<Busy, null>) => void) | undefined;
  proPlan: PricingPageProps['proPlan'];
}) {
  const prices = usePlanPrices();
  return (
    <div className={clsx('card', styles.priceCard)}>
      <p className={styles.price}>
        <span className={styles.amount}>{prices.price(plan)}</span>
        <span className={styles.period}>
          <FormattedMessage id={`pricing.plan.${plan}.period`} />
        </span>
      </p>
      <p className={styles.perDay}>
        <FormattedMessage id="pricing.perDay" values={{ price: prices.perDay(plan) }} />
      </p>
      <p className={plan === 'yearly' ? styles.saving : styles.note}>
        <FormattedMessage id={`pricing.plan.${plan}.note`} values={{ saving: prices.yearlySaving }} />
      </p>
      <ul className={styles.features}>
        {PRO_FEATURES.map((feature) => (
          <li key={feature}>
            <CheckMark />
            <span>
              <strong>
                <FormattedMessage id={`pricing.feature.${feature}.title`} />
              </strong>
              <br />
              <FormattedMessage id={`pricing.feature.${feature}.text`} />
            </span>
          </li>
        ))}
      </ul>
      {checkout ? (
        <Button
          size="large"
          fullWidth
          busy={busy === 'main'}
          busyText={<FormattedMessage id="pricing.opening" />}
          disabled={busy !== null}
          onClick={() => checkout('main')}
        >
          <FormattedMessage id="pricing.checkout" />
        </Button>
      ) : proPlan === 'checking' ? (
        <FinePrint role="status">
          <FormattedMessage id="pricing.checking" />
        </FinePrint>
      ) : (
        <div className={styles.currentPlan}>
          <p className={styles.currentPlanTitle}>
            <FormattedMessage id="pricing.onPro" />
          </p>
          {proPlan}
        </div>
      )}
      <FinePrint>
        <FormattedMessage id="pricing.guarantee" />
      </FinePrint>
    </div>
  );
}

/** One cell of the comparison: a tick or a dash as it is, words in her language. */
function Cell({ cell }: { cell: ComparisonCell }) {
  if (typeof cell === 'string') return cell;
  return <FormattedMessage id={cell.id} values={cell.values} />;
}

/** Free and Pro side by side, with a second way to checkout. */
function Comparison({
  busy,
  checkout,
}: {
  busy: Busy;
  checkout: ((from: Exclude<Busy, null>) => void) | undefined;
}) {
  return (
    <details className={styles.comparison}>
      <summary>
        <FormattedMessage id="pricing.compare.summary" />
      </summary>
      <table>
        <caption className="visually-hidden">
          <FormattedMessage id="pricing.compare.caption" />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="pricing.compare.feature" />
            </th>
            <th scope="col">
              <FormattedMessage id="pricing.compare.free" />
            </th>
            <th scope="col">
              <FormattedMessage id="pricing.compare.pro" />
            </th>
          </tr>
        </thead>
        <tbody>
          {COMPARISON.map((row) => (
            <tr key={row.feature}>
              <th scope="row">
                <FormattedMessage id={row.feature} />
              </th>
              <td>
                <Cell cell={row.free} />
              </td>
              <td>
                <Cell cell={row.pro} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {checkout ? (
        <Button
          busy={busy === 'comparison'}
          busyText={<FormattedMessage id="pricing.compare.openingStripe" />}
          disabled={busy !== null}
          onClick={() => checkout('comparison')}
        >
          <FormattedMessage id="pricing.compare.upgrade" />
        </Button>
      ) : null}
    </details>
  );
}
