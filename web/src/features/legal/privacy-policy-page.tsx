import { CONTACT_EMAIL } from '../../lib/contact';
import { LegalPage } from './legal-page';

export default function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        Bloom is a self-care planner. This policy explains what we collect when you use Bloom, why we collect
        it and the choices you have. We collect as little as we can and we never sell your data.
      </p>

      <WhatWeCollect />

      <HowWeUseIt />

      <h2>Children</h2>
      <p>
        Bloom is not meant for children under 13 and we do not knowingly collect data from them. If you
        believe a child has given us data, contact us and we will delete it.
      </p>

      <h2>Changes</h2>
      <p>
        If we change this policy we will update the date above, and tell you in the app when the change
        matters to you.
      </p>
    </LegalPage>
  );
}

/** What we collect, and what stays on her device before she signs in. */
function WhatWeCollect() {
  return (
    <>
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Your Google account details.</strong> You sign in to Bloom through Google. Google shares
          your name, email address and profile picture with us; we never see or store your Google password.
        </li>
        <li>
          <strong>Your quiz answers.</strong> The time you have, your energy, your focus areas, your preferred
          vibe and whether you are a morning or an evening person. We use them to build your plan.
        </li>
        <li>
          <strong>Your plan and progress.</strong> The activities in your weeks, the ones you complete, the
          days you mark complete or take as rest days, your streak, any custom activities you create, your
          time zone and the language you use Bloom in.
        </li>
        <li>
          <strong>Your calendar link</strong>, if you make one. We keep only a fingerprint of its secret part
          (a hash), never the link itself; whoever has the link can see your plan for this week and the next,
          and making a new link stops the old one at once.
        </li>
        <li>
          <strong>Messages to Bloom, the AI coach</strong> (Pro only). Bloom keeps your conversation (your
          messages and its replies) for 30 days so it can pick up where you left off, then deletes it; the
          "Start fresh" button in the chat deletes it at once. To answer you, your new message, the last 20
          messages of the conversation, your first name, quiz answers, this week's plan and your streak are
          sent to the model. A message that suggests a crisis is answered by Bloom itself, never sent to the
          model, and counted without its text; it stays in your conversation like the rest.
        </li>
        <li>
          <strong>Reminders</strong> (if you turn them on). Your reminder times, your time zone and, for each
          device you get reminders on, the push address and keys your browser gives us (at most 10 devices).
          Reminders are delivered through your browser maker's push service (Google, Mozilla or Apple), which
          sees only that a message arrived, encrypted for your device. To remove a device, turn your reminders
          off on it (Reminders in your account); a device whose browser ends the subscription is forgotten the
          next time we try to reach it.
        </li>
        <li>
          <strong>Billing status.</strong> If you buy Pro, our payment provider handles your card. We receive
          only your subscription's status, plan and renewal or end date; we never see or store card numbers.
        </li>
      </ul>

      <h2>Before you sign in</h2>
      <p>
        Your quiz answers and how you arranged the plan they make, the view you were on, the day you selected
        and whether you picked Pro monthly or yearly are kept in your own browser's storage so your plan is
        waiting for you after you sign in. So is the language you choose, which is also kept for a year in a
        cookie that holds only the language: your browser sends it with each request to Bloom, so Bloom's
        pages open in that language. Apart from that cookie, nothing is sent to us until you sign in.
      </p>
      <p>
        When you change your plan while Bloom cannot be reached, the change and the week it belongs to are
        kept in your browser's storage on this device until Bloom has received it, then removed.
      </p>
    </>
  );
}

/** How we use it, who processes it, how long we keep it, and her rights. */
function HowWeUseIt() {
  return (
    <>
      <h2>How we use your information</h2>
      <ul>
        <li>To create and show your personal plan, track your progress and calculate your streak.</li>
        <li>
          To apply the limits of your plan (such as the free plan's weekly edits) and unlock Pro features.
        </li>
        <li>To send the reminders you asked for, at the times you chose.</li>
        <li>To answer you when you write to us, and to keep Bloom secure and working.</li>
      </ul>
      <p>We do not use your data for advertising and we do not sell or rent it to anyone.</p>

      <h2>Who processes your data</h2>
      <p>
        Bloom runs on Amazon Web Services in the European Union. Sign-in is provided by Google through Amazon
        Cognito, payments by our card payment provider, and the AI coach by a language model hosted on Amazon
        Web Services that does not use your conversations to train models.
      </p>

      <h2>How long we keep it</h2>
      <p>
        We keep your account data while your account exists. Coach conversations are kept 30 days, or until
        you press "Start fresh" in the chat. You can delete your account yourself at any time: in the planner,
        open <strong>Your data</strong> and choose <strong>Delete my account</strong>. Bloom then cancels your
        Pro subscription if you have one, deletes your customer record at our payment provider, deletes
        everything we hold about you from our database and removes your sign-in, at once. What stays is a
        one-way hash of your account id, so that sessions you were still signed in with are refused rather
        than let back in: it holds nothing else, is needed for half an hour, and the database's expiry removes
        it after that, usually within two days. Copies in our encrypted database backups expire within 35
        days, and our service logs, which hold account identifiers but not your plans, within 3 months. Our
        payment provider keeps the records of past payments that the law requires.
      </p>

      <h2>Your rights</h2>
      <p>
        You can download a copy of your data yourself at any time: in the planner, open{' '}
        <strong>Your data</strong> and choose <strong>Download my data</strong> (everything we hold about you,
        as a JSON file) or <strong>Download completed activities</strong> (a CSV file for a spreadsheet). You
        can also ask us to correct your data or object to how we use it, or ask for anything above by email:
        write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> and we will answer within 30 days.
        You can also complain to your data protection authority.
      </p>
    </>
  );
}
