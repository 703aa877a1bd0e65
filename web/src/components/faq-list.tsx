/** Questions and answers that open independently, several at once (native <details>: keyboard ready). */
export function FaqList({ items }: { items: ReadonlyArray<{ question: string; answer: string }> }) {
  return (
    <div className="faq-list">
      {items.map((item) => (
        <details key={item.question} className="faq-item">
          <summary className="faq-item__question">{item.question}</summary>
          <p className="faq-item__answer">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
