import { readPage } from '@agent-search/reader';

const url = 'https://example.com/history/harbour';
// The first 2,000 tokens; a cut text ends with a note giving the offset to read on from.
const first = await readPage(url, { maxTokens: 2_000 });
if (first.nextOffset !== undefined) {
  const next = await readPage(url, { maxTokens: 2_000, offset: first.nextOffset });
  console.log(next.text.length, next.totalChars);
}
// The passages that best answer a question, best first, each headed by its offset.
const answer = await readPage(url, { maxTokens: 500, question: 'When did the museum open?' });
console.log(answer.passages);
