'use client';
// A quote's working area: the lines editor while it is a request, then the prices and the answer. Sending waits for
// unsaved line changes, so the buyer never gets lines other than the ones on screen.
import { useState, type ComponentProps } from 'react';
import { QUOTE_LINES_TEXT } from '@/lib/admin/quotes/lines-schema';
import { QuoteAnswerForm } from './quote-answer-form';
import { QuoteLinesEditor } from './quote-lines-editor';

type AnswerProps = Omit<ComponentProps<typeof QuoteAnswerForm>, 'sendBlocked'>;

export function QuoteDesk({ editable, ...answer }: AnswerProps & { editable: boolean }) {
  const [dirty, setDirty] = useState(false);
  // Saved lines come back from the server: the editor starts again from them.
  const linesKey = answer.quote.lines.map((l) => `${l.position}:${l.quantity}`).join(',');
  return (
    <>
      {editable && <QuoteLinesEditor key={linesKey} quoteId={answer.quote.id} lines={answer.quote.lines} onDirtyChange={setDirty} />}
      <QuoteAnswerForm {...answer} sendBlocked={dirty ? QUOTE_LINES_TEXT.unsaved : null} />
    </>
  );
}
