import {
  COUNTRY_SUPPORT,
  type CrisisLine,
  crisisReply,
  INTERNATIONAL_DIRECTORY,
  INTERNATIONAL_DIRECTORY_TEXT,
  telHref,
} from '@bloom/shared/coach/crisis-support';
import { type CSSProperties, useEffect } from 'react';
import { useLocation } from 'react-router';
import { LegalPage } from './legal-page';

// Styles inline, not a stylesheet: a stylesheet of its own would be one more file the landing page's route
// table has to name, and the landing page's first load stays as it was.
const exampleStyle: CSSProperties = {
  margin: 'var(--bloom-space-medium) 0',
  padding: 'var(--bloom-space-medium)',
  borderLeft: '4px solid var(--bloom-color-rose-600)',
  background: 'var(--bloom-color-blush-100)',
  whiteSpace: 'pre-wrap',
};
const cellStyle: CSSProperties = {
  padding: 'var(--bloom-space-xs)',
  borderBottom: '1px solid var(--bloom-color-blush-200)',
  textAlign: 'left',
  verticalAlign: 'top',
};

/** When the crisis protocol below last changed. */
export const SAFETY_LAST_UPDATED = 'November 25, 2026';

const Phone = ({ phone }: { phone: string }) => <a href={telHref(phone)}>{phone}</a>;

function Line({ line }: { line: CrisisLine }) {
  return (
    <>
      <a href={line.url} target="_blank" rel="noopener noreferrer">
        {line.name}
      </a>
      : <Phone phone={line.phone} />
      {line.text ? `, text ${line.text}` : null}
    </>
  );
}

/**
 * The published crisis protocol (California SB 243 asks companion chatbots for one): what the coach screens
 * for, what it replies, the lines by country, and what is recorded. docs/safety.md is the repository's version.
 */
export default function SafetyPage() {
  const example = crisisReply(['suicide'], 'en', null).message;
  // The coach links straight to the lines (#crisis-lines) when a message reached no one: she lands on them.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <LegalPage title="How Bloom keeps you safe" lastUpdated={SAFETY_LAST_UPDATED}>
      <p>
        <strong>Bloom is an AI companion, not a person or a therapist.</strong> Bloom's coach is a language
        model. Nobody reads your conversation as it happens, and Bloom cannot call anyone for you. If you are
        in danger right now, call your local emergency number (112 in most of Europe, 911 in North America) or
        one of the lines below.
      </p>

      <h2>What Bloom screens for</h2>
      <p>
        Before any message reaches the AI model, Bloom checks it for signs of a crisis: suicide or wanting to
        die, self-harm, abuse or violence at home, poisonings and overdoses, and medical emergencies such as
        chest pain or a stroke. The check reads English, German, French and Spanish, and is written to
        recognise misspellings, slang and indirect words ("I don't want to wake up tomorrow", "ich will nicht
        mehr", "je veux en finir", "no quiero seguir") while telling them apart from everyday phrases such as
        "this workout is killing me". It has two parts that run on Bloom's own servers: a list of phrases
        written by people, and a small model trained on a few thousand example messages. A message is treated
        as a crisis if either part says so.
      </p>

      <h2>What Bloom replies</h2>
      <p>
        When the check finds a crisis, the message is <strong>not sent to the AI model</strong>. Bloom answers
        with a fixed, caring message written by people, in the language you wrote in: the emergency number and
        a crisis line for your country, a line for domestic abuse when the message is about abuse, and a
        poison line, where your country has one, when it is about a poisoning or an overdose. Bloom knows your
        country from the time zone your device reports. The same reply is given if the safety filter of our AI
        provider stops a conversation about self-harm. You can keep writing to Bloom afterwards.
      </p>
      <p>Where your country is not listed below, the reply reads:</p>
      <blockquote style={exampleStyle}>{example}</blockquote>

      <h2 id="crisis-lines">Crisis lines by country</h2>
      <p>Every line listed answers day and night and is confidential.</p>
      <CrisisLineTable />
      <p>
        Anywhere else:{' '}
        <a href={INTERNATIONAL_DIRECTORY.url} target="_blank" rel="noopener noreferrer">
          {INTERNATIONAL_DIRECTORY_TEXT}
        </a>{' '}
        lists free, confidential crisis lines in most countries.
      </p>

      <h2>What we record</h2>
      <p>
        We count each time Bloom gives the crisis reply, with its kind (for example self-harm), the language
        and the country, so that we can see the protocol working.{' '}
        <strong>No message text is ever logged.</strong>
      </p>

      <h2>The limits of an automatic check</h2>
      <p>
        No automatic check is perfect: it can miss a message, or answer one that was not a crisis. Please do
        not wait for Bloom to recognise what you are going through. If you need help, call one of the numbers
        above, or reach out to someone you trust.
      </p>
    </LegalPage>
  );
}

/** Each country's emergency number, crisis line, domestic abuse line and poison line. */
function CrisisLineTable() {
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th scope="col" style={cellStyle}>
              Country
            </th>
            <th scope="col" style={cellStyle}>
              Emergency
            </th>
            <th scope="col" style={cellStyle}>
              Crisis line
            </th>
            <th scope="col" style={cellStyle}>
              Domestic abuse
            </th>
            <th scope="col" style={cellStyle}>
              Poisoning
            </th>
          </tr>
        </thead>
        <tbody>
          {COUNTRY_SUPPORT.map((support) => (
            <tr key={support.country}>
              <th scope="row" style={cellStyle}>
                {support.countryName}
              </th>
              <td style={cellStyle}>
                <Phone phone={support.emergencyNumber} />
              </td>
              <td style={cellStyle}>
                <Line line={support.crisisLine} />
              </td>
              <td style={cellStyle}>
                {support.abuseLine ? <Line line={support.abuseLine} /> : 'Use the crisis line'}
              </td>
              <td style={cellStyle}>
                {support.poisonLine ? <Line line={support.poisonLine} /> : 'Call the emergency number'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
