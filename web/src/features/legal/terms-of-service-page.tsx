import { CONTACT_EMAIL } from '../../lib/contact';
import { LegalPage } from './legal-page';

export default function TermsOfServicePage() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        These terms are the agreement between you and Bloom when you use our self-care planner. Please read
        them; by using Bloom you accept them.
      </p>

      <h2>Your account</h2>
      <p>
        You sign in to Bloom with your Google account; Google confirms who you are and shares your name, email
        and picture with us. You are responsible for keeping your Google account secure. You must be at least
        13 years old to use Bloom.
      </p>

      <h2>The free plan and Pro</h2>
      <ul>
        <li>
          The free plan is free forever and includes a personal weekly plan and 10 edits to your plan each
          week.
        </li>
        <li>
          Pro costs €6.99 per month or €49.99 per year and adds unlimited edits, custom activities and Bloom,
          your AI coach. Prices include VAT where it applies.
        </li>
        <li>
          Pro renews automatically at the end of each period until you cancel. You can cancel at any time; Pro
          then stays active until the end of the period you paid for.
        </li>
        <li>
          Every Pro purchase has a 30-day money-back guarantee: write to us within 30 days and we refund you
          in full.
        </li>
      </ul>

      <h2>Not medical advice</h2>
      <p>
        Bloom offers general wellbeing suggestions. It is not a medical service and the AI coach is not a
        therapist or a doctor. It does not diagnose conditions or advise on medication. If you are struggling
        or in danger, please contact a health professional or your local emergency number.
      </p>

      <h2>Fair use</h2>
      <p>
        Please use Bloom for your own self-care. Do not try to break, overload or misuse the service, access
        other people's data, or use the coach to produce harmful content. We may suspend accounts that do.
      </p>

      <h2>Your content</h2>
      <p>
        Custom activities and messages you write remain yours. You allow us to store and process them only to
        provide Bloom to you, as described in our Privacy Policy.
      </p>

      <h2>Availability and liability</h2>
      <p>
        We work hard to keep Bloom available and your data safe, but we provide the service as it is and
        cannot promise it will never be interrupted. To the extent the law allows, our liability is limited to
        the amount you paid us in the last 12 months. Nothing in these terms limits rights you have as a
        consumer.
      </p>

      <h2>Changes and contact</h2>
      <p>
        We may update these terms; we will change the date above and tell you in the app about important
        changes. Questions? Write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </LegalPage>
  );
}
